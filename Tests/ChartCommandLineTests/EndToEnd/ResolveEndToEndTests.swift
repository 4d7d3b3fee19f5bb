import Foundation
import Testing

/// SPEC §20's `resolve`, measured on the built SVG: with `"y": "independent"` the second layer gets its own scale
/// and a right axis (`chartc-axis-y2`) with its own round ticks; its marks sit where that axis says; each title
/// reads in its layer's color; gridlines come from the first axis only; small multiples and the narrow page have
/// both axes; lint warns when both layers draw one field; what cannot be drawn is rejected at its line:col.
@Suite struct ResolveEndToEndTests {
    typealias P = Section19Probe

    static var rows: [[String: Any]] {
        [
            ["m": "a", "rain": 10.0, "temp": 1500.0], ["m": "b", "rain": 20.0, "temp": 2250.0],
            ["m": "c", "rain": 30.0, "temp": 3000.0], ["m": "d", "rain": 35.0, "temp": 1800.0]
        ]
    }

    static func spec(lineField: String = "temp", resolve: String = #"{ "y": "independent" }"#, extra: String = "") -> String {
        P.spec(
            P.values(rows) + #"""
                , "layers": [
                  { "mark": { "type": "bar", "color": "#2f6fad" }, "encoding": { "y": { "field": "rain", "title": "Rain" } } },
                  { "mark": { "type": "line", "color": "#c0392b" }, "encoding": { "y": { "field": "\#(lineField)", "title": "Temperature" } } }
                ],
                "encoding": { "x": { "field": "m" } }, "resolve": \#(resolve)
                """# + extra)
    }

    /// Tick labels of an axis group: value and baseline y.
    static func ticks(_ svg: SVGMeasure, _ axis: String) -> [(value: Double, y: Double)] {
        svg.tickLabels(axis).compactMap { text in Double(text.joined).map { ($0, text.y) } }
    }

    /// The pixel y a tick label's baseline gives `value` on an axis, interpolated between its first and last tick.
    static func labelY(_ value: Double, on ticks: [(value: Double, y: Double)]) -> Double? {
        guard let first = ticks.first, let last = ticks.last, last.value != first.value else { return nil }
        return first.y + (value - first.value) * (last.y - first.y) / (last.value - first.value)
    }

    @Test func theRightAxisHasItsOwnRoundTicks() throws {
        let svg = try SVGMeasure.build(Self.spec()).svg
        #expect(svg.groups("chartc-axis chartc-axis-y2").count == 1)
        let left = Self.ticks(svg, "chartc-axis-y\"")
        let right = Self.ticks(svg, "chartc-axis-y2")
        #expect(left.map(\.value).contains(0) && (left.map(\.value).max() ?? 0) < 100, "rain's axis: \(left)")
        #expect(right.count >= 3, "\(right)")
        // Its own domain (about 1500–3000), ticked at round values of it, never the rain's.
        #expect(right.allSatisfy { $0.value >= 1000 && $0.value <= 3500 && $0.value.truncatingRemainder(dividingBy: 100) == 0 }, "\(right)")
        // Right of the plot: its labels start where the left axis's end.
        let leftX = svg.tickLabels("chartc-axis-y\"").map(\.x).max() ?? 0
        #expect(svg.tickLabels("chartc-axis-y2").allSatisfy { $0.x > leftX + 100 })
        // Gridlines from the first axis only: one per left tick.
        let plot = try #require(svg.groups("chartc-plot").first)
        let gridlines = plot.components(separatedBy: "<line").dropFirst().filter { part in
            let tag = String(part.prefix { $0 != ">" })
            return !tag.contains("class=") && SVGMeasure.attribute("y1", in: tag) == SVGMeasure.attribute("y2", in: tag)
        }
        #expect(gridlines.count == left.count, "\(gridlines.count) gridlines for \(left.count) left ticks")
    }

    /// The line's vertices sit where its own (right) axis places their values, with the same label-to-tick offset
    /// as the left axis (a bar's foot at 0).
    @Test func theLineFollowsItsOwnScale() throws {
        let svg = try SVGMeasure.build(Self.spec()).svg
        let left = Self.ticks(svg, "chartc-axis-y\"")
        let right = Self.ticks(svg, "chartc-axis-y2")
        let bars = svg.rects(inside: "chartc-layer\" data-layer=\"0\"")
        #expect(bars.count == 4)
        let zeroLabel = try #require(left.first { $0.value == 0 })
        let foot = try #require(bars.first.map { $0.y + $0.height })
        let offset = zeroLabel.y - foot
        let path = try #require(svg.paths(inside: "chartc-layer\" data-layer=\"1\"").first)
        let vertices = SVGMeasure.vertices(path)
        #expect(vertices.count == 4)
        for (vertex, row) in zip(vertices, Self.rows) {
            let value = try #require(row["temp"] as? Double)
            let expected = try #require(Self.labelY(value, on: right)) - offset
            #expect(abs(vertex.y - expected) < 0.6, "temp \(value) drawn at y \(vertex.y), its axis says \(expected)")
        }
        // The bars keep the left scale: 35 of the left axis.
        let tallest = try #require(bars.map(\.y).min())
        let expected = try #require(Self.labelY(35, on: left)) - offset
        #expect(abs(tallest - expected) < 0.6)
    }

    @Test func eachTitleIsInItsLayersColor() throws {
        let svg = try SVGMeasure.build(Self.spec()).svg
        let left = try #require(svg.groups("chartc-axis chartc-axis-y\"").first)
        let right = try #require(svg.groups("chartc-axis chartc-axis-y2").first)
        #expect(P.stringAttribute("fill", of: "chartc-axis-title", in: left) == "#2f6fad")
        #expect(P.stringAttribute("fill", of: "chartc-axis-title", in: right) == "#c0392b")
        #expect(right.contains(">Temperature<"))
        // Shared (the default): one axis, its title in the theme's color.
        let shared = try SVGMeasure.build(Self.spec(resolve: #"{ "y": "shared" }"#)).svg
        #expect(shared.groups("chartc-axis chartc-axis-y2").isEmpty)
        let axis = try #require(shared.groups("chartc-axis chartc-axis-y\"").first)
        #expect(P.stringAttribute("fill", of: "chartc-axis-title", in: axis) != "#2f6fad")
    }

    /// Small multiples: every panel has both axes, right labels on the rightmost panels only; the narrow page too.
    @Test func panelsAndTheNarrowPageHaveBothAxes() throws {
        var rows: [[String: Any]] = []
        for group in ["g1", "g2", "g3", "g4"] {
            for row in Self.rows {
                var row = row
                row["g"] = group
                rows.append(row)
            }
        }
        let spec = P.spec(
            P.values(rows) + #"""
                , "layers": [
                  { "mark": { "type": "bar", "color": "#2f6fad" }, "encoding": { "y": { "field": "rain", "title": "Rain" } } },
                  { "mark": { "type": "line", "color": "#c0392b" }, "encoding": { "y": { "field": "temp", "title": "Temperature" } } }
                ],
                "encoding": { "x": { "field": "m" } }, "resolve": { "y": "independent" }, "facet": { "field": "g", "columns": 2 }, "width": 700
                """#)
        let (svg, page) = try SVGMeasure.build(spec, html: true)
        let panels = svg.groups("chartc-panel\"")
        #expect(panels.count == 4)
        for (index, panel) in panels.enumerated() {
            #expect(svg.groups("chartc-axis chartc-axis-y2", in: panel).count == 1)
            let labelled = !svg.tickLabels("chartc-axis-y2", in: panel).isEmpty
            #expect(labelled == (index % 2 == 1), "panel \(index): right labels only in the right column")
        }
        #expect(svg.svg.contains("chartc-axis-title chartc-axis-title-y2"))
        #expect(P.stringAttribute("fill", of: "chartc-axis-title chartc-axis-title-y2", in: svg.svg) == "#c0392b")
        let html = try #require(page)
        #expect(html.components(separatedBy: "chartc-axis chartc-axis-y2").count - 1 >= 2 * 4, "wide and narrow layouts, every panel")
    }

    /// Annotations are drawn on the first axis: their values stretch its scale, never the second's.
    @Test func annotationsStretchOnlyTheFirstScale() throws {
        let svg = try SVGMeasure.build(Self.spec(extra: #", "annotations": [{ "type": "rule", "y": 60, "label": "Flood" }]"#)).svg
        #expect(Self.ticks(svg, "chartc-axis-y\"").map(\.value).contains(60))
        let right = Self.ticks(svg, "chartc-axis-y2")
        #expect(!right.isEmpty && right.allSatisfy { $0.value >= 1000 }, "the second scale keeps its own domain: \(right)")
    }

    /// `"x": "independent"`: the second axis at the top (`chartc-axis-x2`), above the plot, and the y title above it.
    @Test func anIndependentXGoesOnTop() throws {
        let spec = P.spec(
            P.values(Self.rows) + #"""
                , "layers": [
                  { "mark": { "type": "bar", "color": "#2f6fad" }, "encoding": { "x": { "field": "rain", "title": "Rain" } } },
                  { "mark": { "type": "point", "color": "#c0392b" }, "encoding": { "x": { "field": "temp", "title": "Temperature" } } }
                ],
                "encoding": { "y": { "field": "m", "title": "Month" } }, "resolve": { "x": "independent" }
                """#)
        let svg = try SVGMeasure.build(spec).svg
        let top = svg.tickLabels("chartc-axis-x2")
        let bottom = svg.tickLabels("chartc-axis-x\"")
        #expect(top.count >= 3 && bottom.count >= 3)
        #expect(top.allSatisfy { $0.y < 0 } && bottom.allSatisfy { $0.y > 0 }, "top labels above the plot, bottom ones below")
        let yAxis = try #require(svg.groups("chartc-axis chartc-axis-y\"").first)
        let title = try #require(SVGMeasure.texts(in: yAxis).first { $0.joined == "Month" })
        let x2Axis = try #require(svg.groups("chartc-axis chartc-axis-x2").first)
        let x2Title = try #require(SVGMeasure.texts(in: x2Axis).first { $0.joined == "Temperature" })
        #expect(title.y < x2Title.y - 10, "the y title above the top axis: \(title.y) vs \(x2Title.y)")
        #expect(P.stringAttribute("fill", of: "chartc-axis-title", in: x2Axis) == "#c0392b")
    }

    @Test func lintWarnsWhenBothLayersDrawOneField() throws {
        let same = try P.run("lint", Self.spec(lineField: "rain"))
        #expect((same.output + same.error).contains("[resolve-same-field]"), "\(same.output)")
        #expect((same.output + same.error).contains("chart.chart.json:"), "names file and line:col: \(same.output)")
        let distinct = try P.run("lint", Self.spec())
        #expect(!(distinct.output + distinct.error).contains("resolve-same-field"), "\(distinct.output)")
    }

    /// `independent` where it cannot be drawn: no layers, one layer with the channel, three; an unknown key.
    @Test(arguments: [
        (
            #"{ "title": "t", "data": { "values": [{ "a": 1, "b": 2 }] }, "mark": "point", "encoding": { "x": { "field": "a" }, "y": { "field": "b" } }, "resolve": { "y": "independent" } }"#,
            "resolve-layers", "no 'layers'"
        ),
        (
            #"{ "title": "t", "data": { "values": [{ "a": 1, "b": 2 }] }, "layers": [{ "mark": "point" }, { "mark": "rule", "encoding": { "y": null } }], "encoding": { "x": { "field": "a" }, "y": { "field": "b" } }, "resolve": { "y": "independent" } }"#,
            "resolve-layers", "only one layer draws y"
        ),
        (
            #"{ "title": "t", "data": { "values": [{ "a": 1, "b": 2 }] }, "layers": [{ "mark": "point" }, { "mark": "line" }, { "mark": "line" }], "encoding": { "x": { "field": "a" }, "y": { "field": "b" } }, "resolve": { "y": "independent" } }"#,
            "resolve-layers", "3 layers draw y"
        ),
        (
            #"{ "title": "t", "data": { "values": [{ "a": 1, "b": 2 }] }, "layers": [{ "mark": "point" }, { "mark": "line" }], "encoding": { "x": { "field": "a" }, "y": { "field": "b" } }, "resolve": { "color": "independent" } }"#,
            "unknown-key", "'color'"
        )
    ])
    func whatCannotBeDrawnIsRejected(spec: String, id: String, words: String) throws {
        for command in ["lint", "build"] {
            let result = try P.run(command, spec)
            #expect(result.status != 0, "\(command) accepted \(spec)")
            let text = result.output + result.error
            #expect(text.contains("[\(id)]"), "\(text)")
            #expect(text.contains(words), "\(text)")
            #expect(text.contains("chart.chart.json:1:"), "names file and line:col: \(text)")
        }
    }
}
