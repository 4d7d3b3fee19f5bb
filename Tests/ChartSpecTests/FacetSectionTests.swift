import ChartDiagnostics
import ChartJSON
import Testing
@testable import ChartSpec

/// `facet` (SPEC §13) is parsed as strictly as every other section: each mistake has its id, its position and,
/// where likely, a did-you-mean.
@Suite struct FacetSectionTests {
    @Test(arguments: [
        (#""facet": ‸"city""#, "wrong-type"),
        (#""facet": ‸{ "columns": 2 }"#, "missing-key"),
        (#""facet": { "field": ‸3 }"#, "wrong-type"),
        (#""facet": { "field": ‸"" }"#, "invalid-value"),
        (#""facet": { "field": "city", ‸"colums": 2 }"#, "unknown-key"),
        (#""facet": { "field": "city", ‸"row": "x" }"#, "unknown-key"),
        (#""facet": { "field": "city", "columns": ‸0 }"#, "invalid-value"),
        (#""facet": { "field": "city", "columns": ‸2.5 }"#, "invalid-value"),
        (#""facet": { "field": "city", "columns": ‸"2" }"#, "wrong-type"),
        (#""facet": { "field": "city", "columnsNarrow": ‸51 }"#, "invalid-value"),
        (#""facet": { "field": "city", "sort": ‸5 }"#, "wrong-type"),
        (#""facet": { "field": "city", "y": ‸"indepedent" }"#, "unknown-value"),
        (#""facet": { "field": "city", "x": ‸true }"#, "wrong-type"),
        (#"‸"facets": { "field": "city" }"#, "unknown-key")
    ])
    func checkIdAndPosition(entry: String, id: String) {
        let (text, columns) = marked(entry)
        let result = parse(lines(dataLine, markLine, text))
        #expect(result.ids == [id], "\(text): \(result.diagnostics.map(\.message))")
        #expect(position(result.diagnostics.first) == "4:\(columns[0])", "\(text): \(result.diagnostics.map(\.message))")
    }

    @Test func suggestionsNameTheIntendedKeyOrValue() {
        #expect(
            parse(lines(dataLine, markLine, #""facet": { "field": "city", "colums": 2 }"#)).diagnostics.first?.message.contains("'columns'") == true)
        #expect(parse(lines(dataLine, markLine, #""facets": { "field": "city" }"#)).diagnostics.first?.message.contains("'facet'") == true)
        #expect(
            parse(lines(dataLine, markLine, #""facet": { "field": "city", "y": "free" }"#)).diagnostics.first?.message.contains("'independent'")
                == true)
    }

    @Test func everyKeyIsKept() throws {
        let result = parse(
            lines(
                dataLine, markLine,
                #""facet": { "field": "city", "columns": 3, "columnsNarrow": 2, "sort": "-median(yield)", "x": "independent", "y": "shared", "$comment": "ok" }"#
            ))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let facet = try #require(result.spec?.facet)
        #expect(facet.field.value == "city")
        #expect(facet.columns?.value == 3)
        #expect(facet.columnsNarrow?.value == 2)
        #expect(facet.sort?.text == "-median(yield)")
        #expect(!facet.sharesX && facet.sharesY)
        #expect(SpecKeys.topLevel.contains("facet"))
    }

    @Test func formattingKeepsTheKeysInSpecOrder() throws {
        let text = lines(dataLine, markLine, #""facet": { "y": "independent", "sort": "-sum(n)", "field": "city" }"#)
        let formatted = SpecFormatter.format(try JSONReader.read(text, requireObject: true))
        #expect(formatted.contains(#""facet": { "field": "city", "sort": "-sum(n)", "y": "independent" }"#), "\(formatted)")
    }
}
