import ChartData
import ChartDiagnostics
import ChartLayout
import ChartPipeline
import ChartSemantics
import ChartSpec
import Foundation
import Testing
@testable import ChartRender

/// Layered charts (SPEC §11) laid out and written: one scale per channel across layers (a point and a line at
/// the same value land on the same pixel; the domain covers every layer), the legend lists a series once with a
/// merged symbol, the SVG's `chartc-layer` groups, hidden series left out of every layer, labels of every layer
/// through one placer.
@Suite struct LayerRenderTests {
    struct Built {
        var spec: ChartSpec
        var output: LayeredPipelineOutput
        var chart: CheckedChart

        func scene(interactive: Bool = false) throws -> Scene {
            try ChartLayoutEngine.layout(chart: chart, table: output.top.table, options: interactive ? .interactive : LayoutOptions())
        }

        func svg() throws -> String { SVGWriter.write(try scene()) }
    }

    static func build(_ body: String) throws -> Built {
        let text = "{ \"data\": { \"values\": " + rows + " }, " + body + " }"
        let parsed = SpecParser.parse(SourceFile(path: "/tmp/layered.chart.json", text: text))
        let spec = try #require(parsed.spec, "\(parsed.diagnostics.map(\.message))")
        let output = try Pipeline.runLayers(spec: spec, context: .standard())
        let chart = try ChartLayoutEngine.check(spec, table: output.top.table, layers: output.layerTables)
        return Built(spec: spec, output: output, chart: chart)
    }

    static let rows =
        #"[{ "year": 2019, "s": "A", "v": 10 }, { "year": 2020, "s": "A", "v": 30 }, { "year": 2021, "s": "A", "v": 20 }, { "year": 2019, "s": "B", "v": 5 }, { "year": 2020, "s": "B", "v": 12 }, { "year": 2021, "s": "B", "v": 48 }]"#

    static func circles(_ scene: Scene, class name: String) -> [CircleNode] {
        scene.nodes(withClass: name).compactMap { if case .circle(let circle) = $0 { circle } else { nil } }
    }

    static func vertices(_ path: PathNode) -> [(Double, Double)] {
        let numbers = path.d.split(whereSeparator: { !"0123456789.-".contains($0) }).compactMap { Double($0) }
        return stride(from: 0, to: numbers.count - 1, by: 2).map { (numbers[$0], numbers[$0 + 1]) }
    }

    @Test func aPointAndALineAtTheSameValueLandOnTheSamePixel() throws {
        let built = try Self.build(
            #"""
            "encoding": { "x": { "field": "year", "type": "temporal" }, "y": { "field": "v" }, "color": { "field": "s" } },
            "layers": [{ "mark": "line" }, { "mark": "point" }]
            """#)
        let scene = try built.scene()
        let lines = scene.nodes(withClass: "chartc-line").compactMap { if case .path(let path) = $0 { path } else { nil } }
        let points = Self.circles(scene, class: "chartc-point")
        #expect(lines.count == 2)
        #expect(points.count == 6)
        let vertices = lines.flatMap(Self.vertices)
        for point in points {
            #expect(
                vertices.contains { abs($0.0 - point.cx) < 0.01 && abs($0.1 - point.cy) < 0.01 },
                "point at \(point.cx),\(point.cy) is on no line vertex")
        }
    }

    @Test func theSharedScaleCoversEveryLayer() throws {
        // The second layer's values (up to 96) stretch the y scale the first layer alone would stop at 48.
        let built = try Self.build(
            #"""
            "encoding": { "x": { "field": "year", "type": "temporal" }, "y": { "field": "v" } },
            "layers": [{ "mark": "line" }, { "mark": "point", "calculate": { "w": "v * 2" }, "encoding": { "y": { "field": "w" } } }]
            """#)
        let scene = try built.scene()
        let points = Self.circles(scene, class: "chartc-point")
        let line = try #require(scene.nodes(withClass: "chartc-line").compactMap { if case .path(let path) = $0 { path } else { nil } }.first)
        // The highest point (96) sits above the line's highest vertex (48), at about twice its height above 0.
        let top = try #require(points.map(\.cy).min())
        let lineTop = try #require(Self.vertices(line).map(\.1).min())
        #expect(top < lineTop)
        // A y axis drawn once, with a tick at or above 96.
        #expect(scene.nodes(withClass: "chartc-axis-y").count == 1)
        #expect(scene.nodes(withClass: "chartc-axis-x").count == 1)
    }

    @Test func theLegendListsASeriesOnceWithALineAndADot() throws {
        let built = try Self.build(
            #"""
            "encoding": { "x": { "field": "year", "type": "temporal" }, "y": { "field": "v" }, "color": { "field": "s" } },
            "layers": [{ "mark": "line" }, { "mark": "point", "filter": "year == 2021" }]
            """#)
        let scene = try built.scene()
        let items = scene.nodes(withClass: "chartc-legend-item")
        #expect(
            items.compactMap { node -> String? in
                if case .group(let group) = node { return group.data.first { $0.name == "series" }?.value }
                return nil
            } == ["A", "B"])
        // Each entry: a line with a dot.
        for item in items {
            guard case .group(let group) = item else { continue }
            #expect(group.children.contains { if case .line = $0 { true } else { false } })
            #expect(group.children.contains { if case .circle = $0 { true } else { false } })
        }
        // Both layers color a series alike.
        let lines = scene.nodes(withClass: "chartc-line").compactMap { if case .path(let path) = $0 { path } else { nil } }
        let points = Self.circles(scene, class: "chartc-point")
        #expect(lines.count == 2 && points.count == 2)
        #expect(lines.compactMap(\.stroke?.paint) == points.map(\.fill))
    }

    @Test func theSVGHasOneGroupPerLayerInOrder() throws {
        let built = try Self.build(
            #"""
            "encoding": { "x": { "field": "year", "type": "temporal" }, "y": { "field": "v" }, "color": { "field": "s" } },
            "layers": [{ "mark": "area", "encoding": { "color": null } }, { "mark": "line" }, { "mark": "text", "filter": "year == 2021", "encoding": { "text": { "field": "v" } } }]
            """#)
        let svg = try built.svg()
        let layers = svg.components(separatedBy: "<g class=\"chartc-layer\"").dropFirst().map { String($0.prefix(40)) }
        #expect(
            layers.map { $0.components(separatedBy: ">").first ?? "" } == [
                #" data-layer="0" data-mark="area""#, #" data-layer="1" data-mark="line""#, #" data-layer="2" data-mark="text""#
            ])
        // Inside chartc-marks, each holding its series groups.
        let marks = try #require(svg.range(of: "<g class=\"chartc-marks\">"))
        let firstLayer = try #require(svg.range(of: "<g class=\"chartc-layer\""))
        #expect(marks.upperBound <= firstLayer.lowerBound)
        #expect(
            svg.contains(
                #"<g class="chartc-layer" data-layer="0" data-mark="area">"# + "\n" + #"        <g class="chartc-series" data-series="area">"#))
        #expect(svg.components(separatedBy: "data-series=\"A\"").count - 1 == 3, "series A in the line, the text layer and the legend")
    }

    @Test func aHiddenSeriesIsLeftOutOfEveryLayer() throws {
        let built = try Self.build(
            #"""
            "encoding": { "x": { "field": "year", "type": "temporal" }, "y": { "field": "v" }, "color": { "field": "s" } },
            "legend": { "hidden": ["B"] },
            "layers": [{ "mark": "line" }, { "mark": "point" }]
            """#)
        let svg = try built.svg()
        #expect(!svg.contains("data-series=\"B\""))
        let interactive = SVGWriter.write(try built.scene(interactive: true))
        // Kept (hidden) in the HTML page's layout, in every layer.
        #expect(interactive.components(separatedBy: "data-series=\"B\" data-hidden=\"true\"").count - 1 == 3)
    }

    @Test func labelsOfEveryLayerNeverOverlap() throws {
        // Value labels on the points and text marks of another layer at the same places: one placer keeps them
        // apart (the ones with no room are left out).
        let built = try Self.build(
            #"""
            "encoding": { "x": { "field": "year", "type": "temporal" }, "y": { "field": "v" }, "color": { "field": "s" } },
            "layers": [
              { "mark": { "type": "point", "labels": true } },
              { "mark": { "type": "line", "labels": { "position": "top" } } },
              { "mark": "text", "encoding": { "text": { "field": "s" } } }
            ]
            """#)
        let scene = try built.scene()
        var boxes: [Box] = []
        func collect(_ node: SceneNode) {
            if case .text(let text) = node { boxes.append(text.box) }
            node.children.forEach(collect)
        }
        scene.nodes(withClass: "chartc-marks").forEach(collect)
        #expect(boxes.count >= 6)
        for (i, a) in boxes.enumerated() {
            for b in boxes[(i + 1)...] {
                #expect(!a.overlaps(b), "\(a) overlaps \(b)")
            }
        }
    }

    @Test func aTextLayerMovesOffTheLineItLabels() throws {
        // SPEC §11's example: a text layer filtered to one row prints its value at the line's point; it moves just
        // off the line rather than across it.
        let built = try Self.build(
            #"""
            "encoding": { "x": { "field": "year", "type": "temporal" }, "y": { "field": "v" } },
            "filter": "s == 'A'",
            "layers": [{ "mark": "line" }, { "mark": "text", "filter": "year == 2020", "encoding": { "text": { "field": "v" } } }]
            """#)
        let scene = try built.scene()
        let line = try #require(scene.nodes(withClass: "chartc-line").compactMap { if case .path(let path) = $0 { path } else { nil } }.first)
        let peak = try #require(Self.vertices(line).min { $0.1 < $1.1 })
        let text = try #require(scene.nodes(withClass: "chartc-text").compactMap { if case .text(let text) = $0 { text } else { nil } }.first)
        #expect(text.text == "30")
        #expect(text.box.maxY < peak.1, "the label sits above the peak it names")
        #expect(abs((text.box.minX + text.box.maxX) / 2 - peak.0) < 1, "centred over it")
    }

    @Test func textOnBarsKeepsOffAnAverageRule() throws {
        // Bars, their values as a text layer, and a rule at the mean (its own aggregation, x removed): no value
        // is printed across the rule or inside a bar's top edge.
        let built = try Self.build(
            #"""
            "filter": "s == 'B'",
            "encoding": { "x": { "field": "year", "type": "ordinal" }, "y": { "field": "v" } },
            "layers": [
              { "mark": "bar" },
              { "mark": "text", "encoding": { "text": { "field": "v" } } },
              { "mark": "rule", "groupBy": [], "aggregate": { "v": "mean(v)" }, "encoding": { "x": null } }
            ]
            """#)
        let scene = try built.scene()
        let rule = try #require(scene.nodes(withClass: "chartc-rule").compactMap { if case .line(let line) = $0 { line } else { nil } }.first)
        let bars = scene.nodes(withClass: "chartc-bar").compactMap { if case .rect(let rect) = $0 { rect.box } else { nil } }
        let texts = scene.nodes(withClass: "chartc-text").compactMap { if case .text(let text) = $0 { text.box } else { nil } }
        #expect(texts.count == 3)
        for box in texts {
            #expect(!(box.minY <= rule.y1 && rule.y1 <= box.maxY), "\(box) crosses the rule at \(rule.y1)")
            #expect(!bars.contains { $0.overlaps(box) }, "\(box) covers a bar")
        }
    }

    /// Issue 24: a value label inside its bar ignored every mark, so another layer's rule could run through it.
    /// Now it may cover only its own layer's marks: where the rule crosses its place it moves to its next place
    /// (above the bar), clear of the rule.
    @Test func valueLabelsInsideBarsKeepOffAnotherLayersRule() throws {
        func labels(rule: Double?) throws -> (labels: [Box], rules: [LineNode]) {
            var layers = #"{ "mark": { "type": "bar", "labels": { "position": "inside" } } }"#
            if let rule { layers += #", { "mark": "rule", "encoding": { "x": null, "y": { "value": \#(rule) } } }"# }
            let built = try Self.build(
                #"""
                "filter": "s == 'B'",
                "encoding": { "x": { "field": "year", "type": "ordinal" }, "y": { "field": "v" } },
                "layers": [\#(layers)]
                """#)
            let scene = try built.scene()
            return (
                scene.nodes(withClass: "chartc-label").compactMap { if case .text(let text) = $0 { text.box } else { nil } },
                scene.nodes(withClass: "chartc-rule").compactMap { if case .line(let line) = $0 { line } else { nil } }
            )
        }
        let plain = try labels(rule: nil).labels
        #expect(plain.count == 3)
        // The tallest bar's label, inside its top: a rule through its middle.
        let target = try #require(plain.min { $0.minY < $1.minY })
        let ruled = try labels(rule: (target.minY + target.maxY) / 2)
        let rule = try #require(ruled.rules.first)
        #expect(rule.y1 == (target.minY + target.maxY) / 2 && rule.y1 == rule.y2, "the rule at the constant px")
        #expect(ruled.labels.count == 3, "every value is still printed")
        for box in ruled.labels {
            #expect(!(box.minY <= rule.y1 && rule.y1 <= box.maxY), "\(box) crosses the rule at \(rule.y1)")
        }
    }

    @Test func aColorRampIsSharedAcrossLayers() throws {
        // Layer 0 colors by v (5…48), layer 1 by w = 2v (10…96): one ramp over 5…96, so equal values get equal
        // colors in both layers.
        let built = try Self.build(
            #"""
            "encoding": { "x": { "field": "year", "type": "temporal" }, "y": { "field": "v" } },
            "layers": [
              { "mark": "point", "encoding": { "color": { "field": "v" } } },
              { "mark": "point", "calculate": { "w": "v * 2" }, "encoding": { "color": { "field": "w" } } }
            ]
            """#)
        let points = Self.circles(try built.scene(), class: "chartc-point")
        try #require(points.count == 12)
        #expect(points[0].fill == points[9].fill, "v = 10 and w = 10")
        #expect(points[2].fill == points[6].fill, "v = 20 and w = 20")
        #expect(points[0].fill != points[2].fill)
    }

    @Test func aOneMarkSpecKeepsItsStructure() throws {
        let built = try Self.build(
            #"""
            "encoding": { "x": { "field": "year", "type": "temporal" }, "y": { "field": "v" }, "color": { "field": "s" } },
            "mark": "line"
            """#)
        let svg = try built.svg()
        #expect(!svg.contains("chartc-layer"))
        #expect(svg.contains(#"<g class="chartc-marks">"# + "\n" + #"      <g class="chartc-series" data-series="A">"#))
    }

    @Test func tooltipRowsFollowTheLayersAndShowAFieldOnce() throws {
        let built = try Self.build(
            #"""
            "encoding": { "x": { "field": "year", "type": "temporal" }, "y": { "field": "v" }, "color": { "field": "s" } },
            "layers": [{ "mark": "line" }, { "mark": "bar", "groupBy": ["year"], "aggregate": { "total": "sum(v)" }, "encoding": { "y": { "field": "total" }, "color": null } }]
            """#)
        let data = TooltipData(layers: built.chart.context.layers.map { ($0.spec, $0.table ?? Table(columns: [], rowCount: 0)) })
        #expect(data.fields.map(\.label) == ["s", "year", "v", "total"])
        #expect(data.values.count == 6 + 3)
        // A line row has no total; a bar row has no series or v.
        #expect(data.json.contains(#"["A","2019","10",false]"#))
        #expect(data.json.contains(#"[false,"2019",false,"15"]"#))
    }

    /// Issue 24 (examples/barley's barley-varieties on a phone): a text layer's label at the top of an average rule
    /// sat on the rule and on the top variety's point, because no place near its point was free at 320 px. It
    /// keeps clear of the rule and every point in the wide and the phone layout (on two lines, or further along
    /// the rule, when that is where the room is).
    @Test func aTextLayersLabelKeepsOffTheRuleAndThePointsWideAndNarrow() throws {
        let means: [(String, Double)] = [
            ("Trebi", 39.4), ("Wisconsin No. 38", 39.4), ("No. 457", 35.8), ("No. 462", 35.4), ("Peatland", 34.3), ("Glabron", 33.4),
            ("Velvet", 33.1), ("No. 475", 31.8), ("Manchuria", 31.5), ("Svansota", 30.4)
        ]
        let rows = means.map { #"{ "variety": "\#($0.0)", "yield": \#($0.1) }"# }.joined(separator: ", ")
        let text = """
            { "data": { "values": [\(rows)] }, "sort": ["-yield"],
              "layers": [
                { "mark": "rule", "encoding": { "y": null, "size": { "value": 1.5 } }, "groupBy": [], "aggregate": { "yield": "mean(yield)" } },
                { "mark": "text", "encoding": { "y": { "value": 8 }, "size": { "value": 11 }, "text": { "value": "mean of all varieties" } },
                  "groupBy": [], "aggregate": { "yield": "mean(yield)" } },
                { "mark": "point", "encoding": { "size": { "value": 110 } } }
              ],
              "encoding": { "x": { "field": "yield", "scale": { "domain": [25, 45] } }, "y": { "field": "variety", "title": null } } }
            """
        let parsed = SpecParser.parse(SourceFile(path: "/tmp/varieties.chart.json", text: text))
        let spec = try #require(parsed.spec, "\(parsed.diagnostics.map(\.message))")
        let output = try Pipeline.runLayers(spec: spec, context: .standard())
        let chart = try ChartLayoutEngine.check(spec, table: output.top.table, layers: output.layerTables)
        let pages = try ChartLayoutEngine.pageLayouts(chart: chart, table: output.top.table)
        let narrow = try #require(pages.narrow)
        #expect(narrow.width <= ChartLayoutEngine.narrowWidth)
        for scene in [pages.wide, narrow] {
            let rule = try #require(scene.nodes(withClass: "chartc-rule").compactMap { if case .line(let line) = $0 { line } else { nil } }.first)
            let points = Self.circles(scene, class: "chartc-point")
            #expect(points.count == means.count)
            let label = try #require(scene.nodes(withClass: "chartc-text").compactMap { if case .text(let text) = $0 { text } else { nil } }.first)
            let box = label.box
            #expect(label.block.text == "mean of all varieties")
            #expect(!(box.minX <= rule.x1 && rule.x1 <= box.maxX), "\(box) in a \(scene.width) px scene crosses the rule at x = \(rule.x1)")
            for point in points {
                let dot = Box(x: point.cx - point.radius, y: point.cy - point.radius, width: 2 * point.radius, height: 2 * point.radius)
                #expect(!dot.overlaps(box), "\(box) in a \(scene.width) px scene covers the point at \(point.cx), \(point.cy)")
            }
        }
    }
}
