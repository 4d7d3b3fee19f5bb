import ChartDiagnostics
import Testing
@testable import ChartSpec

/// `at`, `layer` and note templates (SPEC §19.13) parsed strictly, each mistake at its `line:col` inside the
/// string (the `‸` in a test string marks the expected column).
@Suite struct AnnotationAnchorParsingTests {
    func annotations(_ entry: String, layers: Bool = false) -> (result: SpecParseResult, columns: [Int]) {
        let (text, columns) = marked(#""annotations": ["# + entry + "]")
        let mark = layers ? #""layers": [{ "mark": "line" }, { "mark": "point" }]"# : markLine
        return (parse(lines(dataLine, mark, text)), columns.map { $0 })
    }

    @Test func everyAnchorParses() throws {
        let (result, _) = annotations(
            #"""
            { "type": "text", "at": "argmax(temp_max)", "text": "Hottest: {y}" }, { "type": "text", "at": "argmin( `Max Temp` )", "text": "a" },
            { "type": "text", "at": "first", "text": "b" }, { "type": "text", "at": "last", "text": "c" }
            """#)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let list = try #require(result.spec?.annotations)
        #expect(list.map { $0.at?.value.text } == ["argmax(temp_max)", "argmin(Max Temp)", "first", "last"])
        #expect(list[0].x.isEmpty && list[0].y.isEmpty)
        #expect(list[0].textSource?.text == "Hottest: {y}")
    }

    @Test func aMalformedAtIsAnErrorInsideTheString() {
        for (entry, message) in [
            (#"{ "type": "text", "at": "‸argmx(t)", "text": "a" }"#, "did you mean 'argmax'?"),
            (#"{ "type": "text", "at": "‸hottest", "text": "a" }"#, "'hottest' is not a row 'at' can point at"),
            (#"{ "type": "text", "at": "argmax‸()", "text": "a" }"#, "names no field"),
            (#"{ "type": "text", "at": "argmax‸(t", "text": "a" }"#, "is not closed"),
            (#"{ "type": "text", "at": "argmax(t) ‸x", "text": "a" }"#, "unexpected text after"),
            (#"{ "type": "text", "at": "argmax(‸mean(t))", "text": "a" }"#, "takes one field name")
        ] {
            let (result, columns) = annotations(entry)
            #expect(result.ids == ["annotation-at-invalid"], "\(entry): \(result.diagnostics.map(\.message))")
            #expect(position(result.diagnostics.first) == "4:\(columns[0])", "\(entry)")
            #expect(result.diagnostics.first?.message.contains(message) == true, "\(result.diagnostics.first?.message ?? "")")
        }
    }

    @Test func atWithXOrYConflictsAndAtIsForNotesOnly() {
        let (both, columns) = annotations(#"{ "type": "text", "at": "first", ‸"y": 3, "text": "a" }"#)
        #expect(both.ids == ["conflicting-keys"])
        #expect(position(both.diagnostics.first) == "4:\(columns[0])")
        let (rule, ruleColumns) = annotations(#"{ "type": "rule", ‸"at": "first" }"#)
        #expect(rule.ids.contains("annotation-key-not-for-type"))
        #expect(position(rule.first("annotation-key-not-for-type")) == "4:\(ruleColumns[0])")
        #expect(rule.first("annotation-key-not-for-type")?.message.contains("it is for 'text' annotations") == true)
        // A note with `at` needs no x or y; without either it says what it needs.
        let (missing, _) = annotations(#"{ "type": "text", "text": "a" }"#)
        #expect(missing.ids == ["annotation-missing-value"])
    }

    @Test func layerNamesOneOfTheLayersAndNeedsAt() {
        let (good, _) = annotations(#"{ "type": "text", "at": "last", "layer": 1, "text": "a" }"#, layers: true)
        #expect(good.diagnostics.isEmpty, "\(good.diagnostics.map(\.message))")
        #expect(good.spec?.annotations.first?.layer?.value == 1)
        let (outside, columns) = annotations(#"{ "type": "text", "at": "last", "layer": ‸2, "text": "a" }"#, layers: true)
        #expect(outside.ids == ["invalid-value"])
        #expect(position(outside.diagnostics.first) == "4:\(columns[0])")
        #expect(outside.diagnostics.first?.message.contains("0 to 1") == true)
        let (alone, _) = annotations(#"{ "type": "text", "x": 1, "y": 2, "layer": 0, "text": "a" }"#)
        #expect(alone.ids == ["annotation-layer-without-at"])
    }

    @Test func noteTemplatesSplitPlaceholdersAndBraces() {
        let template = NoteTemplate("{{a}} {x}°C on {Max Temp}}}")
        #expect(template.placeholders.map(\.name) == ["x", "Max Temp"])
        // Byte ranges: "°" is two bytes.
        #expect(template.placeholders.map(\.range) == [7..<8, 17..<25])
        #expect(template.filled { $0 == "x" ? "35" : "T" } == "{a} 35°C on T}")
        let open = NoteTemplate("a { b")
        #expect(open.unclosed == 2..<5)
        #expect(open.filled { _ in "?" } == "a { b")
    }
}
