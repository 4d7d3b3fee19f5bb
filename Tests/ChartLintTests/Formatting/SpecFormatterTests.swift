import ChartDiagnostics
import ChartJSON
import ChartSpec
import ChartTestSupport
import Testing

@Suite("Spec formatter")
struct SpecFormatterTests {
    func format(_ text: String) throws -> String {
        SpecFormatter.format(try JSONReader.read(text, requireObject: true))
    }

    @Test func ordersKeysAsTheSpecWritesThemAndKeepsUserOrderWhereItMeansSomething() throws {
        let messy =
            #"{"mark":{"interpolate":"monotone","type":"line"},"$comment":"draft","data":{"parse":{"b":"date","a":"number"},"url":"data.csv"},"title":"Caf\u00e9 \"prices\"\tnow","calculate":{"z":"a * 2","b2":"z + 1"},"filter":["a > 1","b < 2"],"encoding":{"y":{"scale":{"zero":false,"domain":[1e3,2.50]},"field":"z"},"x":{"field":"b","type":"temporal"}},"sources":[{"url":"https://x.org","title":"X"},{"title":"Y","site":"Z"}],"titel":"typo"}"#
        let expected = #"""
            {
              "title": "Café \"prices\"\tnow",
              "data": { "url": "data.csv", "parse": { "b": "date", "a": "number" } },
              "calculate": { "z": "a * 2", "b2": "z + 1" },
              "filter": ["a > 1", "b < 2"],
              "mark": { "type": "line", "interpolate": "monotone" },
              "encoding": {
                "x": { "field": "b", "type": "temporal" },
                "y": { "field": "z", "scale": { "domain": [1e3, 2.50], "zero": false } }
              },
              "sources": [
                { "title": "X", "url": "https://x.org" },
                { "title": "Y", "site": "Z" }
              ],
              "$comment": "draft",
              "titel": "typo"
            }

            """#
        #expect(try format(messy) == expected)
    }

    @Test func schemaComesFirstAndOtherDollarKeysKeepTheirOrderAfterKnownKeys() throws {
        let text = #"{"$b": 1, "mark": "bar", "$schema": "s.json", "$a": 2, "data": {"$x": true, "url": "u"}}"#
        let expected = """
            {
              "$schema": "s.json",
              "data": { "url": "u", "$x": true },
              "mark": "bar",
              "$b": 1,
              "$a": 2
            }

            """
        #expect(try format(text) == expected)
    }

    @Test func windowKeysComeAfterSortAndWindowKeepsItsOrder() throws {
        let text =
            #"{"keep":"r <= 5","mark":"bar","windowBy":["year"],"window":{"r":"rank(-rain)","a":"cumsum(rain)"},"sort":["year"],"data":{"url":"u"}}"#
        let expected = """
            {
              "data": { "url": "u" },
              "sort": ["year"],
              "window": { "r": "rank(-rain)", "a": "cumsum(rain)" },
              "windowBy": ["year"],
              "keep": "r <= 5",
              "mark": "bar"
            }

            """
        #expect(try format(text) == expected)
    }

    @Test func rowsOfValuesShareALineWhenTheyFit() throws {
        let text = #"{"data":{"values":[{"day":"Mon","count":3},{"day":"Tue","count":null,"note":{"a":1}}]},"mark":"bar"}"#
        let expected = """
            {
              "data": {
                "values": [
                  { "day": "Mon", "count": 3 },
                  { "day": "Tue", "count": null, "note": { "a": 1 } }
                ]
              },
              "mark": "bar"
            }

            """
        #expect(try format(text) == expected)
    }

    /// `  "groupBy": ` is 13 columns; the array and its comma must end by column 100.
    @Test func anArrayOfScalarsStaysOnOneLineOnlyWhenItFits() throws {
        let fits = "[\"" + String(repeating: "a", count: 82) + "\"]"
        let tooLong = "[\"" + String(repeating: "a", count: 83) + "\"]"
        #expect(fits.count == 86)
        #expect(try format("{\"groupBy\": \(fits)}") == "{\n  \"groupBy\": \(fits)\n}\n")
        let broken = "{\n  \"groupBy\": [\n    \"" + String(repeating: "a", count: 83) + "\"\n  ]\n}\n"
        #expect(try format("{\"groupBy\": \(tooLong)}") == broken)
    }

    @Test func scalarsKeepTheirLexemeAndStringsAreEscapedMinimally() throws {
        let text = #"{"a": [-0.0, 1E+2, 12.50, 0], "b": "\/ \u0001 \u001f \b\f \u2028 \ud83d\ude00 é", "c": {}, "d": [], "e": [[1, 2], []]}"#
        let expected = """
            {
              "a": [-0.0, 1E+2, 12.50, 0],
              "b": "/ \\u0001 \\u001f \\b\\f \u{2028} 😀 é",
              "c": {},
              "d": [],
              "e": [
                [1, 2],
                []
              ]
            }

            """
        #expect(try format(text) == expected)
    }

    @Test func sameMeaningTellsOrderThatMattersFromOrderThatDoesNot() throws {
        let base = try JSONReader.read(#"{"data": {"url": "a", "format": "csv"}, "calculate": {"a": "1", "b": "a"}, "x": [1, 2]}"#)
        let reordered = try JSONReader.read(#"{"calculate": {"a": "1", "b": "a"}, "x": [1, 2], "data": {"format": "csv", "url": "a"}}"#)
        let calculateSwapped = try JSONReader.read(#"{"data": {"url": "a", "format": "csv"}, "calculate": {"b": "a", "a": "1"}, "x": [1, 2]}"#)
        let arraySwapped = try JSONReader.read(#"{"data": {"url": "a", "format": "csv"}, "calculate": {"a": "1", "b": "a"}, "x": [2, 1]}"#)
        let lexeme = try JSONReader.read(#"{"data": {"url": "a", "format": "csv"}, "calculate": {"a": "1", "b": "a"}, "x": [1.0, 2]}"#)
        #expect(SpecFormatter.sameMeaning(base, reordered))
        #expect(!SpecFormatter.sameMeaning(base, calculateSwapped))
        #expect(!SpecFormatter.sameMeaning(base, arraySwapped))
        #expect(!SpecFormatter.sameMeaning(base, lexeme))
    }

    @Test func tooltipArraysAreChannels() throws {
        let text = #"{"encoding": {"tooltip": [{"type": "nominal", "field": "a"}, "b"]}}"#
        let expected = """
            {
              "encoding": {
                "tooltip": [
                  { "field": "a", "type": "nominal" },
                  "b"
                ]
              }
            }

            """
        #expect(try format(text) == expected)
    }

    @Test func formattingIsIdempotentAndKeepsMeaningForTheSpecExample() throws {
        let file = SourceFile(path: "polarization.chart.json", text: try ExampleSpecs.polarization())
        try checkRoundTrip(file)
    }

    @Test func everyExampleRoundTrips() throws {
        for path in TestFiles.exampleSpecs {
            let file = try #require(TestFiles.sourceFile(path))
            try checkRoundTrip(file)
        }
    }

    /// Formatting changes neither the JSON tree (objects compared as sets of keys, user-ordered objects and
    /// arrays in order) nor what the parser makes of it, and formatting again changes nothing.
    func checkRoundTrip(_ file: SourceFile) throws {
        let root = try JSONReader.read(file, requireObject: true)
        let formatted = SpecFormatter.format(root)
        let formattedFile = SourceFile(path: file.path, text: formatted)
        let again = try JSONReader.read(formattedFile, requireObject: true)
        #expect(SpecFormatter.sameMeaning(root, again), "\(file.path)")
        #expect(FuzzTargets.sameTree(root, again, orderedObjects: false), "\(file.path)")
        #expect(SpecFormatter.format(again) == formatted, "\(file.path) is not stable")
        // Key order inside calculate, aggregate, total and parse is meaning: kept.
        for key in ["calculate", "aggregate", "total"] {
            if let before = root[key], let after = again[key] {
                #expect(FuzzTargets.sameTree(before, after, orderedObjects: true), "\(file.path): \(key)")
            }
        }
        let before = SpecParser.decode(root, file: file).diagnostics.map { "\($0.id) \($0.message)" }.sorted()
        let after = SpecParser.decode(again, file: formattedFile).diagnostics.map { "\($0.id) \($0.message)" }.sorted()
        #expect(before == after, "\(file.path)")
        #expect(formatted.hasSuffix("}\n"))
        #expect(!formatted.contains(" \n"), "trailing spaces in \(file.path)")
    }
}
