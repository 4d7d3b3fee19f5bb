import Foundation
import Testing

/// Layered specs (SPEC §11) through the `chartc` binary: `build` writes the layered SVG and HTML, `data` prints the
/// top-level output (or one layer's rows with `--layer`), `plan` shows each layer's steps, `lint` reports a type
/// conflict at the second layer.
@Suite struct LayerEndToEndTests {
    @Test func buildWritesALayeredChart() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let result = try ChartcBinary.run([
            "build", "examples/seattle-weather/daily-under-monthly-mean.chart.json", "-o", scratch.path, "--format", "svg,html"
        ])
        #expect(result.status == 0, "\(result.error)")
        let svg = try String(contentsOf: scratch.appendingPathComponent("daily-under-monthly-mean.svg"), encoding: .utf8)
        #expect(svg.contains(#"<g class="chartc-layer" data-layer="0" data-mark="point">"#))
        #expect(svg.contains(#"<g class="chartc-layer" data-layer="1" data-mark="line">"#))
        // 365 days of 2015 as dots, and one line through twelve monthly means.
        #expect(svg.components(separatedBy: #"class="chartc-point""#).count - 1 == 365)
        #expect(svg.components(separatedBy: #"class="chartc-line""#).count - 1 == 1)
        let html = try String(contentsOf: scratch.appendingPathComponent("daily-under-monthly-mean.html"), encoding: .utf8)
        #expect(html.contains(#"data-mark="line""#))
    }

    @Test func dataPrintsTheTopLevelOutputOrOneLayer() throws {
        let top = try ChartcBinary.run(["data", "examples/seattle-weather/daily-under-monthly-mean.chart.json"])
        #expect(top.status == 0, "\(top.error)")
        #expect(top.output.split(separator: "\n").count == 1 + 365)
        let layer = try ChartcBinary.run(["data", "examples/seattle-weather/daily-under-monthly-mean.chart.json", "--layer", "1"])
        #expect(layer.status == 0, "\(layer.error)")
        let lines = layer.output.split(separator: "\n")
        #expect(lines.first == "month,temp_max")
        #expect(lines.count == 1 + 12)
        let out = try ChartcBinary.run(["data", "examples/seattle-weather/daily-under-monthly-mean.chart.json", "--layer", "2"])
        #expect(out.status == 2)
        #expect(out.error.contains("has 2 layers (0 to 1)"))
    }

    @Test func planShowsEachLayersSteps() throws {
        let result = try ChartcBinary.run(["plan", "examples/seattle-weather/highs-last-value.chart.json"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("layer 0 (line)\n  rows    the top-level output\n"))
        #expect(result.output.contains("layer 1 (point)\n  rows    the top-level output\n  filter  month == 'Dec'\n"))
    }

    @Test func lintReportsATypeConflictAtTheSecondLayer() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let spec = """
            {
              "data": { "values": [{ "a": "x", "b": 1 }, { "a": "y", "b": 2 }] },
              "layers": [
                { "mark": "bar", "encoding": { "x": { "field": "a" }, "y": { "field": "b" } } },
                { "mark": "point", "encoding": { "x": { "field": "b" }, "y": { "field": "b" } } }
              ]
            }
            """
        let path = scratch.appendingPathComponent("conflict.chart.json")
        try spec.write(to: path, atomically: true, encoding: .utf8)
        let result = try ChartcBinary.run(["lint", path.path])
        #expect(result.status == 1)
        #expect(
            result.output.contains(
                "conflict.chart.json:5:54: error: 'layers[1].encoding.x' is quantitative in layer 1, but layer 0 draws it as categories (nominal or ordinal)"
            ), "\(result.output)")
        #expect(result.output.contains("[layer-channel-type-conflict]"))
        let build = try ChartcBinary.run(["build", path.path, "-o", scratch.path])
        #expect(build.status == 1)
    }

    @Test func aSeriesOfOneLayerIsKnownToTheOthers() throws {
        // `B` is drawn only by the second layer: hiding it is no typo, and the legend has two series.
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let spec = """
            {
              "title": "T", "alt": "A", "sources": "S",
              "data": { "values": [{ "d": "a", "v": 1, "s": "A" }] },
              "encoding": { "x": { "field": "d" }, "y": { "field": "v" }, "color": { "field": "s" } },
              "legend": { "hidden": ["B", "C"] },
              "layers": [
                { "mark": "line" },
                { "mark": "point", "data": { "values": [{ "d": "a", "v": 2, "s": "B" }] } }
              ]
            }
            """
        let path = scratch.appendingPathComponent("hidden.chart.json")
        try spec.write(to: path, atomically: true, encoding: .utf8)
        let result = try ChartcBinary.run(["lint", path.path])
        let hidden = result.output.split(separator: "\n").filter { $0.contains("[unknown-hidden-series]") }
        #expect(hidden.count == 1, "\(result.output)")
        #expect(hidden.first?.contains("'C'") == true)
    }

    @Test func anInheritedMistakeOnlyOneLayerRevealsNamesThatLayer() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let spec = """
            {
              "data": { "values": [{ "a": "x", "b": 1 }, { "a": "y", "b": 2 }] },
              "encoding": { "x": { "field": "a" }, "y": { "field": "b" } },
              "layers": [
                { "mark": "bar" },
                { "mark": "point", "data": { "values": [{ "q": 1 }] } }
              ]
            }
            """
        let path = scratch.appendingPathComponent("inherited.chart.json")
        try spec.write(to: path, atomically: true, encoding: .utf8)
        let result = try ChartcBinary.run(["lint", path.path])
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n").map(String.init)
        // Once per channel, at the top-level channel, with a note at the layer whose rows lack the field and no
        // fix (renaming the field for that layer would break the bars).
        #expect(lines.filter { $0.contains("error: 'encoding.x' shows the field 'a', which is not in the data") }.count == 1, "\(result.output)")
        #expect(lines.contains { $0.hasSuffix("inherited.chart.json:6:5: note: found in layers[1] (point), over its own rows") }, "\(result.output)")
        #expect(!lines.contains { $0.contains("note: replace with") }, "\(result.output)")
    }
}
