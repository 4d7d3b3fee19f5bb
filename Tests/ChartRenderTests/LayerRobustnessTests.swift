import ChartData
import ChartDiagnostics
import ChartLayout
import ChartPipeline
import ChartSemantics
import ChartSpec
import ChartTestSupport
import Foundation
import Testing
@testable import ChartRender

/// Layered specs put together at random from every mark, channel overrides, removals, filters and own
/// aggregations: each either builds — every text inside the graphic and no two texts overlapping — or fails with
/// diagnostics, never a crash; the same spec gives the same bytes.
@Suite struct LayerRobustnessTests {
    static let rows = (0..<24).map { index in
        #"{ "m": "\#(["Jan", "Feb", "Mar", "Apr", "May", "Jun"][index % 6])", "g": "\#(["north", "south", "east"][index % 3])", "v": \#((index * 37) % 50 - 8), "w": \#((index * 11) % 30) }"#
    }.joined(separator: ", ")

    static func layer(_ random: inout SeededRandom) -> String {
        let marks = ["line", "bar", "point", "area", "rule", "rect", "text", "tick"]
        let mark = marks[random.below(marks.count)]
        var parts: [String] = []
        switch random.below(3) {
        case 0: parts.append(#""mark": "\#(mark)""#)
        case 1: parts.append(#""mark": { "type": "\#(mark)", "labels": true }"#)
        default: parts.append(#""mark": { "type": "\#(mark)", "opacity": 0.5, "points": true }"#)
        }
        var encoding: [String] = []
        if random.below(3) == 0 { encoding.append(#""y": { "field": "w" }"#) }
        if random.below(4) == 0 { encoding.append(#""color": null"#) }
        if mark == "text" || random.below(5) == 0 { encoding.append(#""text": { "field": "v" }"#) }
        if random.below(6) == 0 { encoding.append(#""y2": { "field": "w" }"#) }
        if !encoding.isEmpty { parts.append(#""encoding": { "# + encoding.joined(separator: ", ") + " }") }
        if random.below(3) == 0 { parts.append(#""filter": "v > 10""#) }
        if random.below(4) == 0 {
            parts.append(#""groupBy": ["m", "g"], "aggregate": { "v": "mean(v)", "w": "max(w)" }"#)
        }
        return "{ " + parts.joined(separator: ", ") + " }"
    }

    @Test(arguments: 0..<60)
    func randomLayeredSpecsBuildCleanlyOrFailWithDiagnostics(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed) &* 7919 &+ 13)
        let count = 1 + random.below(4)
        let layers = (0..<count).map { _ in Self.layer(&random) }
        let legend = [#""legend": { "position": "direct" }, "#, #""legend": { "hidden": ["south"] }, "#, ""][random.below(3)]
        let color = random.below(2) == 0 ? #", "color": { "field": "g" }"# : ""
        let text = """
            { "title": "Random layers \(seed)", "data": { "values": [\(Self.rows)] }, \(legend)
              "encoding": { "x": { "field": "m" }, "y": { "field": "v" }\(color) },
              "layers": [\(layers.joined(separator: ", "))] }
            """
        let parsed = SpecParser.parse(SourceFile(path: "/tmp/random.chart.json", text: text))
        let spec = try #require(parsed.spec, "\(parsed.diagnostics.map(\.message))\n\(text)")
        let scene: Scene
        do {
            let output = try Pipeline.runLayers(spec: spec, context: .standard())
            scene = try ChartLayoutEngine.layout(spec: spec, table: output.top.table, layers: output.layerTables)
            #expect(
                SVGWriter.write(scene)
                    == SVGWriter.write(try ChartLayoutEngine.layout(spec: spec, table: output.top.table, layers: output.layerTables)))
            _ = HTMLWriter.write(
                try ChartLayoutEngine.page(
                    chart: ChartLayoutEngine.check(spec, table: output.top.table, layers: output.layerTables), table: output.top.table, name: "random"
                ))
        } catch {
            #expect(!error.diagnostics.isEmpty, "\(text)")
            #expect(!error.diagnostics.contains { $0.id.hasPrefix("layout-") }, "an internal error: \(error.diagnostics.map(\.message))\n\(text)")
            return
        }
        #expect(scene.textLayoutProblems() == [], "\(text)")
    }
}
