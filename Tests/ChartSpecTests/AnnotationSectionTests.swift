import ChartDiagnostics
import ChartJSON
import ChartValues
import Foundation
import Testing
@testable import ChartSpec

/// `annotations` (SPEC §12) parsed strictly: every type's keys, values of each kind, and each mistake at its
/// `line:col` with a did-you-mean where one is likely.
@Suite struct AnnotationSectionTests {
    /// A spec whose `annotations` entry is on line 4 (after data and mark).
    func annotations(_ entry: String) -> (result: SpecParseResult, columns: [Int]) {
        let (text, columns) = marked(#""annotations": ["# + entry + "]")
        return (parse(lines(dataLine, markLine, text)), columns.map { $0 })
    }

    @Test func everyTypeAndValueKindParses() throws {
        let (result, _) = annotations(
            #"""
            { "type": "rule", "y": 0 }, { "type": "rule", "y": { "aggregate": "mean(days)" }, "label": "Average", "style": "dashed", "color": "#333" },
            { "type": "range", "x": ["2020-02-01", "2020-04-30"], "label": "Recession", "panel": "Seattle" },
            { "type": "text", "x": "2015-08-12", "y": 35, "text": "Hottest day", "position": "bottom-left", "offset": 12, "connector": "arrow", "width": 90 }
            """#)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let list = try #require(result.spec?.annotations)
        try #require(list.count == 4)
        #expect(list.map(\.kind.value) == [.rule, .rule, .range, .text])
        #expect(list[0].y.first?.value == .number(0))
        guard case .aggregate(let source)? = list[1].y.first?.written else { Issue.record("not an aggregate"); return }
        #expect(source.text == "mean(days)")
        #expect(list[1].y.first?.value == nil, "unresolved until the pipeline runs")
        #expect(list[1].style?.value == .dashed && list[1].label?.value == "Average")
        #expect(list[2].x.map(\.value) == [.string("2020-02-01"), .string("2020-04-30")])
        #expect(list[2].panel?.value == .string("Seattle"))
        #expect(list[3].position?.value == .bottomLeft && list[3].connector?.value == .arrow)
        #expect(list[3].offset?.value == 12 && list[3].width?.value == 90)
    }

    @Test func unknownKeysGetADidYouMean() {
        let (result, columns) = annotations(#"{ "type": "rule", "y": 0, ‸"lable": "Zero" }"#)
        #expect(result.ids == ["unknown-key"])
        #expect(position(result.diagnostics.first) == "4:\(columns[0])")
        #expect(result.diagnostics.first?.message.contains("did you mean 'label'?") == true)
        #expect(result.diagnostics.first?.fixIt?.replacement == "\"label\"")
    }

    @Test func aKeyOfAnotherTypeIsNamedAsSuch() {
        let (result, columns) = annotations(#"{ "type": "rule", "y": 0, ‸"connector": "arrow" }"#)
        #expect(result.ids == ["annotation-key-not-for-type"])
        #expect(position(result.diagnostics.first) == "4:\(columns[0])")
        #expect(result.diagnostics.first?.message.contains("'text' annotations") == true)
    }

    @Test func unknownTypesAndEnumValuesGetADidYouMean() {
        let (types, _) = annotations(#"{ "type": "note", "x": 1, "y": 2, "text": "a" }"#)
        #expect(types.ids == ["unknown-value"])
        #expect(types.diagnostics.first?.message.contains("did you mean 'text'?") == true)
        let (positions, columns) = annotations(#"{ "type": "text", "x": 1, "y": 2, "text": "a", "position": ‸"top-rigth" }"#)
        #expect(positions.ids == ["unknown-value"])
        #expect(position(positions.diagnostics.first) == "4:\(columns[0])")
        #expect(positions.diagnostics.first?.message.contains("'top-right'") == true)
    }

    @Test func eachTypeNeedsItsValues() {
        #expect(annotations(#"{ "type": "rule" }"#).result.ids == ["annotation-missing-value"])
        #expect(annotations(#"{ "type": "rule", "x": 1, ‸"y": 2 }"#).result.ids == ["annotation-both-axes"])
        #expect(annotations(#"{ "type": "text", "x": 1, "y": 2 }"#).result.ids == ["annotation-missing-value"])
        #expect(annotations(#"{ "type": "text", "x": 1, "y": 2 }"#).result.diagnostics.first?.message.contains("'text'") == true)
        #expect(annotations(#"{ "x": 1 }"#).result.ids == ["missing-key"])
        // A misspelled value key is reported once, as the misspelling.
        #expect(annotations(#"{ "type": "rule", "yy": 2 }"#).result.ids == ["unknown-key"])
    }

    @Test func valuesHaveTheirShape() {
        let (pair, columns) = annotations(#"{ "type": "range", "x": ‸[1] }"#)
        #expect(pair.ids == ["annotation-range-not-pair"])
        #expect(position(pair.diagnostics.first) == "4:\(columns[0])")
        #expect(annotations(#"{ "type": "range", "x": 1 }"#).result.ids == ["wrong-type"])
        #expect(annotations(#"{ "type": "rule", "y": [1, 2] }"#).result.ids == ["wrong-type"])
        #expect(annotations(#"{ "type": "rule", "y": true }"#).result.ids == ["wrong-type"])
        let (aggregate, aggregateColumns) = annotations(#"{ "type": "rule", "y": { ‸"agregate": "mean(x)" } }"#)
        #expect(aggregate.ids == ["unknown-key"])
        #expect(position(aggregate.diagnostics.first) == "4:\(aggregateColumns[0])")
        #expect(annotations(#"{ "type": "rule", "y": { "aggregate": 3 } }"#).result.ids == ["wrong-type"])
        #expect(annotations(#"{ "type": "text", "x": 1, "y": 2, "text": "a", "offset": -3 }"#).result.ids == ["invalid-value"])
        #expect(parse(lines(dataLine, markLine, #""annotations": { "type": "rule" }"#)).ids == ["wrong-type"])
    }

    @Test func everyCatalogueIdIsDocumented() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("specs/diagnostics.md"), encoding: .utf8)
        for id in AnnotationDiagnostic.allIDs {
            #expect(page.contains("| \(id.name) |"), "\(id.name) is not in specs/diagnostics.md")
        }
    }

    @Test func fmtOrdersAnnotationKeys() throws {
        let text =
            #"{ "data": { "url": "a.csv" }, "annotations": [{ "connector": "arrow", "text": "a", "y": 2, "x": 1, "type": "text" }], "mark": "bar" }"#
        let root = try JSONReader.read(SourceFile(path: "s.chart.json", text: text), requireObject: true)
        let formatted = SpecFormatter.format(root)
        #expect(formatted.contains(#"{ "type": "text", "x": 1, "y": 2, "text": "a", "connector": "arrow" }"#), "\(formatted)")
        #expect(
            formatted.range(of: "\"mark\"")?.lowerBound ?? formatted.endIndex < formatted.range(of: "\"annotations\"")?.lowerBound
                ?? formatted.startIndex)
    }
}
