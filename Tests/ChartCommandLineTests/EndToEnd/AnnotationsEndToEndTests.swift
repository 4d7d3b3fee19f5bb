import Foundation
import Testing

/// Annotations (SPEC §12) through the built `chartc`: an aggregate rule resolved over the output rows and drawn
/// in both formats, mistakes at `line:col` from build and lint, and the SVG structure SPEC §12 fixes.
@Suite struct AnnotationsEndToEndTests {
    static let csv = "day,n\nMon,3\nTue,5\nWed,4\nThu,8\n"

    static func spec(_ annotations: String) -> String {
        """
        {
          "title": "Per day",
          "data": { "url": "days.csv" },
          "mark": "bar",
          "encoding": { "x": { "field": "day" }, "y": { "field": "n" } },
          "annotations": [
            \(annotations)
          ],
          "sources": "Made up",
          "alt": "Bars per day"
        }

        """
    }

    static func workspace(_ spec: String) throws -> URL {
        let root = try makeScratchDirectory()
        try Data(csv.utf8).write(to: root.appendingPathComponent("days.csv"))
        try Data(spec.utf8).write(to: root.appendingPathComponent("days.chart.json"))
        return root
    }

    @Test func anAggregateRuleIsBuiltIntoTheSVGAndThePage() throws {
        let root = try Self.workspace(
            Self.spec(
                #"""
                { "type": "range", "x": ["Tue", "Wed"], "label": "Midweek" },
                { "type": "rule", "y": { "aggregate": "mean(n)" }, "label": "Average {value}", "style": "dashed" },
                { "type": "text", "x": "Thu", "y": 8, "text": "Best day", "position": "left", "connector": "arrow" }
                """#))
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try ChartcBinary.run(["build", "days.chart.json", "--format", "svg,html"], in: root)
        #expect(result.status == 0, "\(result.error)")
        let svg = String(decoding: try Data(contentsOf: root.appendingPathComponent("days.svg")), as: UTF8.self)
        // Ranges below the marks, rules and notes above, one group per annotation.
        let below = try #require(svg.range(of: #"<g class="chartc-annotations" data-place="below">"#))
        let marks = try #require(svg.range(of: #"<g class="chartc-marks">"#))
        let above = try #require(svg.range(of: #"<g class="chartc-annotations" data-place="above">"#))
        #expect(below.lowerBound < marks.lowerBound && marks.lowerBound < above.lowerBound)
        for type in ["range", "rule", "text"] {
            #expect(svg.components(separatedBy: #"<g class="chartc-annotation" data-type="\#(type)">"#).count == 2, "one \(type) group")
        }
        // mean(3, 5, 4, 8) = 5, printed as the axis would.
        #expect(svg.contains(">Average 5<"))
        #expect(svg.contains("chartc-annotation-arrow"))
        let html = String(decoding: try Data(contentsOf: root.appendingPathComponent("days.html")), as: UTF8.self)
        #expect(html.contains("chartc-annotation-note"))
    }

    @Test func mistakesAreReportedAtTheirPlace() throws {
        let root = try Self.workspace(
            Self.spec(
                #"""
                { "type": "rule", "y": { "aggregate": "mean(nn)" } },
                { "type": "rule", "x": "Fri" }
                """#))
        defer { try? FileManager.default.removeItem(at: root) }
        let build = try ChartcBinary.run(["build", "days.chart.json"], in: root)
        #expect(build.status == 1)
        // Inside the expression string: `nn` at line 7, column 49.
        #expect(build.error.contains("days.chart.json:7:49: error: unknown field 'nn'; did you mean 'n'? [unknown-field]"), "\(build.error)")
        let lint = try ChartcBinary.run(["lint", "days.chart.json"], in: root)
        #expect(lint.status == 1)
        #expect(lint.output.contains("days.chart.json:7:49: error: unknown field 'nn'"), "\(lint.output)")

        let fixed = try Self.workspace(Self.spec(#"{ "type": "rule", "x": "Fri" }"#))
        defer { try? FileManager.default.removeItem(at: fixed) }
        let category = try ChartcBinary.run(["build", "days.chart.json"], in: fixed)
        #expect(category.status == 1)
        #expect(category.error.contains("days.chart.json:7:28: error: 'Fri' is not a category on the x axis (day)"), "\(category.error)")
    }

    @Test func aLayeredChartDrawsItsAnnotationsOnce() throws {
        let layered = """
            {
              "title": "Per day",
              "data": { "url": "days.csv" },
              "encoding": { "x": { "field": "day" }, "y": { "field": "n" } },
              "layers": [{ "mark": "bar" }, { "mark": { "type": "line", "points": true } }],
              "annotations": [
                { "type": "rule", "y": { "aggregate": "mean(n)" }, "label": "Average {value}" },
                { "type": "text", "x": "Thu", "y": 8, "text": "Best day", "position": "left", "connector": "arrow" }
              ],
              "sources": "Made up",
              "alt": "Bars and a line per day"
            }

            """
        let root = try Self.workspace(layered)
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try ChartcBinary.run(["build", "days.chart.json"], in: root)
        #expect(result.status == 0, "\(result.error)")
        let svg = String(decoding: try Data(contentsOf: root.appendingPathComponent("days.svg")), as: UTF8.self)
        #expect(svg.components(separatedBy: #"<g class="chartc-annotations""#).count == 2, "one group above the marks, none below")
        #expect(svg.components(separatedBy: #"data-type="rule""#).count == 2)
        #expect(svg.components(separatedBy: #"data-type="text""#).count == 2)
        #expect(svg.contains(">Average 5<"))
        #expect(svg.components(separatedBy: #"class="chartc-layer""#).count == 3)
    }
}
