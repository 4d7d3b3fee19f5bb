import ChartData
import ChartSystem
import Testing
@testable import ChartPipeline

private let table = Table(columns: [
    T.numbers("year", [2012, 0.1, -0.0, nil, 1e21]),
    T.strings("name, full", ["a,b", "say \"hi\"", "", nil, "two\nlines"]),
    T.dates("when", ["2012-01-17", "2012-01-17T08:30:00Z", nil, "1999-12-31T23:59:59.5Z", nil]),
    T.booleans("ok", [true, false, nil, true, false])
])

@Test func csvQuotesOnlyWhatMustBeQuoted() {
    let expected = [
        #"year,"name, full",when,ok"#,
        #"2012,"a,b",2012-01-17,true"#,
        #"0.1,"say ""hi""",2012-01-17T08:30:00Z,false"#,
        #"0,"",,"#,
        #",,1999-12-31T23:59:59.500Z,true"#,
        #"1e+21,"two"#,
        #"lines",,false"#,
        ""
    ].joined(separator: "\n")
    #expect(TableWriter.csv(table) == expected)
}

@Test func csvKeepsLeadingSpacesAndUnicodeUnquoted() {
    let table = Table(columns: [T.strings("s", [" padded ", "Äpfel"])])
    #expect(TableWriter.csv(table) == "s\n padded \nÄpfel\n")
}

@Test func jsonWritesObjectsInColumnOrder() {
    let expected = """
        [
          {"year": 2012, "name, full": "a,b", "when": "2012-01-17", "ok": true},
          {"year": 0.1, "name, full": "say \\"hi\\"", "when": "2012-01-17T08:30:00Z", "ok": false},
          {"year": 0, "name, full": "", "when": null, "ok": null},
          {"year": null, "name, full": null, "when": "1999-12-31T23:59:59.500Z", "ok": true},
          {"year": 1e+21, "name, full": "two\\nlines", "when": null, "ok": false}
        ]

        """
    #expect(TableWriter.json(table) == expected)
}

@Test func emptyTables() {
    let empty = Table(columns: [T.numbers("a", []), T.strings("b", [])])
    #expect(TableWriter.csv(empty) == "a,b\n")
    #expect(TableWriter.json(empty) == "[]\n")
}

@Test func nonFiniteNumbersAreWrittenAsNull() {
    let table = Table(columns: [Column(name: "x", storage: .number([.nan, .infinity, 1.5]), valid: [true, true, true])])
    #expect(TableWriter.csv(table) == "x\n\n\n1.5\n")
    #expect(TableWriter.json(table) == "[\n  {\"x\": null},\n  {\"x\": null},\n  {\"x\": 1.5}\n]\n")
}
