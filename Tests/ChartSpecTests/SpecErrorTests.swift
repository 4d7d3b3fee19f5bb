import ChartValues
import ChartDiagnostics
import ChartJSON
import Testing
@testable import ChartSpec

/// Each check of the spec parser: its id and where it points. Specs are written one key per line (`lines`), so
/// the entry after `data` and `mark` is on line 4 and starts at column 3.
@Suite struct SpecErrorTests {
    @Test(arguments: [
        // (entry on line 4, with ‸ where the diagnostic must point; id)
        (#"‸"titel": "x""#, "unknown-key"),
        (#""width": ‸"640""#, "wrong-type"),
        (#""width": ‸0"#, "invalid-value"),
        (#""height": ‸-5"#, "invalid-value"),
        (#""width": ‸1e9"#, "invalid-value"),
        (#""title": ‸3"#, "wrong-type"),
        (#""filter": ‸3"#, "wrong-type"),
        (#""filter": ["a > 1", ‸2]"#, "wrong-type"),
        (#""notes": [‸1]"#, "wrong-type"),
        (#"‸"groupBy": ["a"]"#, "groupby-without-aggregate"),
        (#""groupBy": ‸"a", "aggregate": {}"#, "wrong-type"),
        (#""calculate": { "a": ‸1 }"#, "wrong-type"),
        (#""calculate": ‸["a"]"#, "wrong-type"),
        (#""aggregate": { "n": "count()" }, "total": { ‸"party": "All" }"#, "total-not-grouped"),
        (#""complete": ‸"yes""#, "wrong-type"),
        (#""window": ‸["cumsum(x)"]"#, "wrong-type"),
        (#""window": { "a": ‸7 }"#, "wrong-type"),
        (#""window": { "a": "cumsum(x)" }, "windowBy": ‸"city""#, "wrong-type"),
        (#"‸"windowBy": ["city"]"#, "windowby-without-window"),
        (#""window": { "a": "cumsum(x)" }, "windowBy": [‸""]"#, "invalid-value"),
        (#""keep": ‸5"#, "wrong-type"),
        (#""keep": ["r <= 5", ‸true]"#, "wrong-type"),
        (#"‸"windowby": ["city"]"#, "unknown-key"),
        (#""sort": [‸"-"]"#, "invalid-value"),
        (#""legend": true, "locale": ‸"xx-YY""#, "unknown-locale"),
        (#""legend": ‸"top""#, "wrong-type"),
        (#""legend": { "position": ‸"middle" }"#, "unknown-value"),
        (#""legend": { "title": ‸3 }"#, "wrong-type"),
        (#""legend": { "hidden": [‸true] }"#, "wrong-type"),
        (#""sources": [‸{ "url": "https://x.org" }]"#, "source-without-name"),
        (#""sources": [{ "title": "X", "url": ‸"javascript:alert(1)" }]"#, "invalid-url-scheme"),
        (#""sources": [{ "title": "X", "url": ‸"java\tscript:alert(1)" }]"#, "invalid-url-scheme"),
        (#""sources": [{ "title": "X", ‸"link": "https://x.org" }]"#, "unknown-key"),
        (#""sources": ‸3"#, "wrong-type"),
        (#""sources": ‸{ "title": "X" }"#, "wrong-type"),
        (#""encoding": { ‸"colour": { "field": "a" } }"#, "unknown-key"),
        (#""encoding": { "x": ‸"year" }"#, "wrong-type"),
        (#""encoding": { "x": { ‸"feild": "a" } }"#, "unknown-key"),
        (#""encoding": { "x": ‸{ "type": "quantitative" } }"#, "missing-key"),
        (#""encoding": { "x": { "field": "a", ‸"value": 1 } }"#, "conflicting-keys"),
        (#""encoding": { "x": { "field": ‸"" } }"#, "invalid-value"),
        (#""encoding": { "x": { "field": "a", "type": ‸"quantity" } }"#, "unknown-value"),
        (#""encoding": { "x": { "field": "a", "title": ‸1 } }"#, "wrong-type"),
        (#""encoding": { "x": { "field": "a", ‸"along": "y" } }"#, "misplaced-key"),
        (#""encoding": { "color": { "field": "a", "along": ‸"z" } }"#, "unknown-value"),
        (#""encoding": { "x": { "field": "a", "stack": ‸"none" } }"#, "unknown-value"),
        (#""encoding": { "x": { "field": "a", "stack": ‸"up" } }"#, "unknown-value"),
        (#""encoding": { "x": { "field": "a", "stack": ‸1 } }"#, "wrong-type"),
        (#""encoding": { "x": { "field": "a", "scale": { "type": ‸"logarithmic" } } }"#, "unknown-value"),
        (#""encoding": { "x": { "field": "a", "scale": { "domain": ‸5 } } }"#, "wrong-type"),
        (#""encoding": { "x": { "field": "a", "scale": { "domain": [‸[1]] } } }"#, "wrong-type"),
        (#""encoding": { "x": { "field": "a", "scale": { "domain": ‸[] } } }"#, "invalid-value"),
        (#""encoding": { "x": { "field": "a", "scale": { "zero": ‸"false" } } }"#, "wrong-type"),
        (#""encoding": { "x": { "field": "a", "axis": ‸"left" } }"#, "wrong-type"),
        (#""encoding": { "x": { "field": "a", "axis": { "position": ‸"left" } } }"#, "invalid-value"),
        (#""encoding": { "y": { "field": "a", "axis": { "position": ‸"lft" } } }"#, "unknown-value"),
        (#""encoding": { "y": { "field": "a", "axis": { "tickCount": ‸2.5 } } }"#, "invalid-value"),
        (#""encoding": { "y": { "field": "a", "axis": { "tickCount": ‸-1 } } }"#, "invalid-value"),
        (#""encoding": { "tooltip": [‸3] }"#, "wrong-type"),
        (#""encoding": ‸1"#, "wrong-type"),
        (#"‸"interpolate": "linear""#, "unknown-key")
    ])
    func checkIdAndPosition(entry: String, id: String) {
        let (text, columns) = marked(entry)
        let result = parse(lines(dataLine, markLine, text))
        #expect(result.ids == [id], "\(text): \(result.diagnostics.map(\.message))")
        #expect(position(result.diagnostics.first) == "4:\(columns[0])", "\(text): \(result.diagnostics.map(\.message))")
    }

    @Test(arguments: [
        // (data entry on line 2, with ‸; id)
        (#""data": { "url": "a.csv", ‸"values": [] }"#, "data-source"),
        (#""data": ‸{ "format": "csv" }"#, "data-source"),
        (#""data": ‸"a.csv""#, "wrong-type"),
        (#""data": { "url": ‸"ftp://x.org/a.csv" }"#, "invalid-url-scheme"),
        (#""data": { "url": ‸"" }"#, "invalid-value"),
        (#""data": { "url": ‸3 }"#, "wrong-type"),
        (#""data": { "values": ‸{} }"#, "wrong-type"),
        (#""data": { "values": [‸[1]] }"#, "wrong-type"),
        (#""data": { "url": "a.csv", "format": ‸"xls" }"#, "unknown-value"),
        (#""data": { "url": "a.csv", "parse": { "n": ‸"int" } }"#, "unknown-value"),
        (#""data": { "url": "a.csv", "parse": ‸["n"] }"#, "wrong-type"),
        (#""data": { ‸"uri": "a.csv" }"#, "unknown-key")
    ])
    func dataChecks(entry: String, id: String) {
        let (text, columns) = marked(entry)
        let result = parse(lines(text, markLine))
        #expect(result.ids.first == id, "\(text): \(result.diagnostics.map(\.message))")
        #expect(position(result.first(id)) == "2:\(columns[0])", "\(text): \(result.diagnostics.map(\.message))")
    }

    @Test(arguments: [
        (#""mark": ‸"lines""#, "unknown-value"),
        (#""mark": ‸3"#, "wrong-type"),
        (#""mark": ‸{ "interpolate": "linear" }"#, "missing-key"),
        (#""mark": { "type": "line", "interpolate": ‸"curvy" }"#, "unknown-value"),
        (#""mark": { "type": "bar", "opacity": ‸2 }"#, "invalid-value"),
        (#""mark": { "type": "bar", "labels": ‸"yes" }"#, "wrong-type"),
        (#""mark": { "type": "bar", "labels": { "position": ‸"below" } }"#, "unknown-value"),
        (#""mark": { "type": "bar", "points": ‸1 }"#, "wrong-type"),
        (#""mark": { "type": "bar", "strokeWidth": ‸-1 }"#, "invalid-value"),
        (#""mark": { "type": "bar", ‸"colour": "red" }"#, "unknown-key")
    ])
    func markChecks(entry: String, id: String) {
        let (text, columns) = marked(entry)
        let result = parse(lines(dataLine, text))
        #expect(result.ids == [id], "\(text): \(result.diagnostics.map(\.message))")
        #expect(position(result.diagnostics.first) == "3:\(columns[0])", "\(text): \(result.diagnostics.map(\.message))")
    }

    @Test func missingDataAndMark() {
        let noData = parse(lines(markLine))
        #expect(noData.spec == nil)
        #expect(noData.ids == ["missing-key"])
        #expect(position(noData.diagnostics.first) == "1:1")
        #expect(noData.diagnostics.first?.message.contains("'data'") == true)

        let noMark = parse(lines(dataLine))
        #expect(noMark.spec == nil)
        #expect(noMark.ids == ["missing-key"])
        #expect(noMark.diagnostics.first?.message.contains("'mark'") == true)

        let empty = parse("{}")
        #expect(empty.ids == ["missing-key", "missing-key"])
    }

    @Test func didYouMeanForKeysAndValues() throws {
        let key = try #require(parse(lines(dataLine, markLine, #""titel": "x""#)).diagnostics.first)
        #expect(key.message == "unknown key 'titel' at the top level; did you mean 'title'?")
        #expect(key.fixIt?.replacement == "\"title\"")
        #expect(key.fixIt?.span == key.span)

        let value = try #require(parse(lines(dataLine, #""mark": "lines""#)).diagnostics.first)
        #expect(value.message == "unknown mark type 'lines' for 'mark'; did you mean 'line'?")
        #expect(value.fixIt?.replacement == "\"line\"")
        #expect(
            value.notes.first?.message
                == "expected one of: line, bar, point, area, rule, rect, text, tick, errorbar, arc, boxplot, errorband, geoshape")

        #expect(parse(lines(dataLine, #""mark": "scatter""#)).diagnostics.first?.fixIt?.replacement == "\"point\"")
        #expect(parse(lines(dataLine, #""mark": "Bar""#)).diagnostics.first?.fixIt?.replacement == "\"bar\"")
        #expect(parse(lines(dataLine, markLine, #""encoding": { "colour": { "field": "a" } }"#)).diagnostics.first?.fixIt?.replacement == "\"color\"")
        #expect(
            parse(lines(dataLine, markLine, #""encoding": { "x": { "field": "a", "type": "quantity" } }"#)).diagnostics.first?.fixIt?.replacement
                == "\"quantitative\"")
        #expect(parse(lines(#""data": { "url": "a.csv", "parse": { "n": "int" } }"#, markLine)).diagnostics.first?.fixIt?.replacement == "\"number\"")
        #expect(parse(lines(dataLine, markLine, #""locale": "pt-BR""#)).diagnostics.first?.severity == .warning)
    }

    @Test func messagesReadLikeACompilers() throws {
        func message(_ entry: String) -> String? { parse(lines(dataLine, markLine, entry)).diagnostics.first?.message }
        #expect(message(#""width": "640""#) == "'width' must be a number, found string \"640\"; write it without quotes")
        #expect(message(#""width": -1"#) == "'width' must be a positive number of pixels, at most 20000, found -1")
        #expect(message(#""interpolate": "linear""#) == "unknown key 'interpolate' at the top level; 'interpolate' belongs in 'mark'")
        #expect(message(#""field": "a""#) == "unknown key 'field' at the top level; 'field' belongs in a channel such as 'encoding.x'")
        #expect(
            message(#""encoding": { "x": { "field": "a", "domain": [0, 1] } }"#)
                == "unknown key 'domain' in 'encoding.x'; 'domain' belongs in a channel's 'scale'")
        #expect(message(#""groupBy": ["a"]"#)?.hasPrefix("'groupBy' needs an 'aggregate'") == true)
        #expect(
            message(#""encoding": { "x": { "field": "a", "stack": "none" } }"#)
                == "'encoding.x.stack' is turned off with false, not the string 'none'")
        #expect(
            message(#""legend": { "position": "middle" }"#)
                == "unknown legend position 'middle' for 'legend.position': expected top, right, bottom, left, direct or none")
        let unknownNoSuggestion = parse(lines(dataLine, markLine, #""zzz": 1"#)).diagnostics.first
        #expect(unknownNoSuggestion?.message == "unknown key 'zzz' at the top level")
        #expect(unknownNoSuggestion?.notes.first?.message.hasPrefix("keys allowed here: title, subtitle, data,") == true)
    }

    @Test func fixItsForWrongShapes() {
        func fixIt(_ entry: String) -> String? { parse(lines(dataLine, markLine, entry)).diagnostics.first?.fixIt?.replacement }
        #expect(fixIt(#""encoding": { "x": "year" }"#) == "{ \"field\": \"year\" }")
        #expect(fixIt(#""groupBy": "a", "aggregate": {}"#) == "[\"a\"]")
        #expect(fixIt(#""sources": { "title": "X" }"#) == "[{ \"title\": \"X\" }]")
        #expect(fixIt(#""complete": "true""#) == "true")
        #expect(fixIt(#""encoding": { "x": { "field": "a", "stack": "none" } }"#) == "false")
    }

    @Test func totalFieldSuggestion() throws {
        let result = parse(
            lines(dataLine, markLine, #""groupBy": ["year", "party"]"#, #""aggregate": { "n": "count()" }"#, #""total": { "pary": "All" }"#))
        let diagnostic = try #require(result.first("total-not-grouped"))
        #expect(diagnostic.message == "'total' collapses the field 'pary', which is not in 'groupBy'; did you mean 'party'?")
        #expect(position(diagnostic) == "6:14")
        #expect(result.spec != nil)
    }

    @Test func linkSchemes() {
        func ids(_ url: String) -> [String] {
            parse(lines(dataLine, markLine, #""sources": [{ "title": "X", "url": "\#(url)" }]"#)).ids
        }
        #expect(ids("https://voteview.com") == [])
        #expect(ids("HTTP://voteview.com") == [])
        #expect(ids("mailto:desk@example.com") == [])
        #expect(ids("../about.html") == [])
        #expect(ids("about.html#sources") == [])
        #expect(ids("/about?a=b:c") == [])
        #expect(ids("data:text/html,hi") == ["invalid-url-scheme"])
        #expect(ids(" javascript:alert(1)") == ["invalid-url-scheme"])
        #expect(ids("vbscript:x") == ["invalid-url-scheme"])
    }

    @Test func unknownLocaleFallsBackToEnglish() throws {
        let result = parse(lines(dataLine, markLine, #""locale": "tlh-KL""#))
        #expect(result.ids == ["unknown-locale"])
        #expect(result.succeeded)
        #expect(result.spec?.locale.value == "en-US")
        #expect(position(result.spec?.locale.span) == "4:13")
        #expect(parse(lines(dataLine, markLine, #""locale": "de-AT""#)).ids == [])
    }

    @Test func collectsEveryErrorInOnePass() throws {
        let entries = [
            #"‸"titel": "Prices""#,
            #""data": { "url": "a.csv", "format": ‸"xlsx" }"#,
            #"‸"groupBy": ["day"]"#,
            #""mark": { "type": ‸"lines", "opacity": ‸3 }"#,
            #""encoding": { "x": { "field": "day", "type": ‸"nominl" }, "y": { ‸"feild": "n" } }"#,
            #""sources": [‸{ "url": ‸"javascript:void(0)" }]"#,
            #""width": ‸"wide""#
        ].map(marked)
        let result = parse(
            lines(
                entries.map(\.text)[0], entries.map(\.text)[1], entries.map(\.text)[2], entries.map(\.text)[3], entries.map(\.text)[4],
                entries.map(\.text)[5], entries.map(\.text)[6]))
        #expect(
            result.ids == [
                "unknown-key", "unknown-value", "groupby-without-aggregate", "unknown-value", "invalid-value", "unknown-value",
                "unknown-key", "source-without-name", "invalid-url-scheme", "wrong-type"
            ])
        let expected = entries.enumerated().flatMap { line, entry in entry.columns.map { "\(line + 2):\($0)" } }
        #expect(result.diagnostics.map { position($0) ?? "" } == expected)
        #expect(result.spec == nil)
    }

    @Test func jsonErrorsComeThroughUnchanged() {
        let result = parse("{\n  \"mark\": \"bar\",\n}")
        #expect(result.ids == ["json-trailing-comma"])
        #expect(result.spec == nil)
        #expect(parse("[]").ids == ["json-not-object"])
    }

    @Test func decodeRejectsANonObjectRoot() throws {
        let file = SourceFile(path: "s.chart.json", text: "[1]")
        let root = try JSONReader.read(file, requireObject: false)
        let result = SpecParser.decode(root, file: file)
        #expect(result.spec == nil)
        #expect(result.diagnostics.first?.message == "the chart spec must be an object, found an array")
    }
}
