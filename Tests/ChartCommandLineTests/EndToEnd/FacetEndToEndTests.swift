import Foundation
import Testing

/// Small multiples through the real binary (SPEC §13): the class contract, a `total` series and `complete` in
/// every panel, the plan's bin step, and lint's rules on a built table.
@Suite struct FacetEndToEndTests {
    static func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test func totalsAndCompleteAppearInEveryPanel() throws {
        let csvPath = packageRoot.appendingPathComponent("examples/seattle-weather/seattle-weather.csv").path
        let folder = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = """
            { "title": "t", "data": { "url": "\(csvPath)", "parse": { "date": "date" } },
              "calculate": { "year": "string(year(date))", "month": "month(date)" }, "filter": "year(date) <= 2013",
              "groupBy": ["weather", "month", "year"], "aggregate": { "days": "count()" }, "total": { "year": "Both years" },
              "complete": true, "mark": "line",
              "encoding": { "x": { "field": "month" }, "y": { "field": "days" }, "color": { "field": "year" } },
              "facet": { "field": "weather", "columns": 3 }, "width": 800 }
            """
        let path = folder.appendingPathComponent("t.chart.json")
        try spec.write(to: path, atomically: true, encoding: .utf8)
        let built = try ChartcBinary.run(["build", path.path, "--format", "svg,html"])
        #expect(built.status == 0, "\(built.error)")
        let svg = try String(contentsOf: folder.appendingPathComponent("t.svg"), encoding: .utf8)
        for weather in ["drizzle", "fog", "rain", "snow", "sun"] {
            #expect(svg.contains("<g class=\"chartc-panel\" data-panel=\"\(weather)\""))
        }
        #expect(Self.occurrences(of: "class=\"chartc-panel\"", in: svg) == 5)
        #expect(Self.occurrences(of: "class=\"chartc-marks\"", in: svg) == 5)
        #expect(Self.occurrences(of: "data-series=\"Both years\"", in: svg) == 5 + 1) // each panel, and the legend
        // complete: 12 months × 3 series in each of 5 panels.
        let data = try ChartcBinary.run(["data", path.path])
        #expect(data.output.split(separator: "\n").count == 1 + 5 * 12 * 3)
        let html = try String(contentsOf: folder.appendingPathComponent("t.html"), encoding: .utf8)
        #expect(Self.occurrences(of: "class=\"chartc-panel\"", in: html) >= 5)
    }

    /// SPEC §13 on SPEC §11: every panel draws every layer over that layer's rows of its value, on one scale.
    @Test func facetsOverLayeredPlots() throws {
        let csvPath = packageRoot.appendingPathComponent("examples/seattle-weather/seattle-weather.csv").path
        let folder = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = """
            { "title": "t", "data": { "url": "\(csvPath)", "parse": { "date": "date" } },
              "calculate": { "month": "month(date)", "year": "string(year(date))" },
              "groupBy": ["year", "month"], "aggregate": { "low": "min(temp_min)", "high": "max(temp_max)", "mean": "mean(temp_max)" },
              "layers": [
                { "mark": "area", "encoding": { "y": { "field": "low" }, "y2": { "field": "high" } } },
                { "mark": "line", "encoding": { "y": { "field": "mean", "title": "Temperature" } } },
                { "mark": "point", "filter": "month == 'Jul'", "encoding": { "y": { "field": "mean" } } }
              ],
              "encoding": { "x": { "field": "month" } }, "facet": { "field": "year", "columns": 2 } }
            """
        let path = folder.appendingPathComponent("l.chart.json")
        try spec.write(to: path, atomically: true, encoding: .utf8)
        let built = try ChartcBinary.run(["build", path.path, "--format", "svg,html"])
        #expect(built.status == 0, "\(built.error)")
        let svg = try String(contentsOf: folder.appendingPathComponent("l.svg"), encoding: .utf8)
        #expect(Self.occurrences(of: "class=\"chartc-panel\"", in: svg) == 4)
        #expect(Self.occurrences(of: "class=\"chartc-layer\"", in: svg) == 4 * 3)
        // The point layer's one July row per year lands in its own year's panel.
        let panels = svg.components(separatedBy: "class=\"chartc-panel\"").dropFirst()
        for panel in panels {
            let pointLayer = panel.components(separatedBy: "data-layer=\"2\"").dropFirst().first ?? ""
            #expect(Self.occurrences(of: "<circle", in: pointLayer.components(separatedBy: "data-layer=").first ?? "") == 1)
        }
        // The axis title once.
        #expect(Self.occurrences(of: ">Temperature<", in: svg) == 1)
    }
}
