import Foundation
import Testing

/// SPEC §19.3, §19.5 and §19.6, measured: constants in px, px² and CSS colors; ranges and bins spanning their
/// intervals on linear, log and time scales with no gaps; bins computed in decimal, as `chartc data` prints them.
@Suite struct MarksSection19Tests {
    typealias P = Section19Probe
    static var rows: [[String: Any]] { [["c": "a", "v": 3, "w": 1], ["c": "b", "v": 7, "w": 2], ["c": "c", "v": 5, "w": 3]] }

    // MARK: §19.6

    static let binInput = [0.6, 5.8, 0.3, 0.7, -0.2, -0.6, -1.0, 2.5, 7.5, 0.001, 0.003, -0.0025, 12.5, -2.5]

    /// `bin(v, step)` for steps that binary floating point cannot hold: each start is the decimal floor.
    @Test(arguments: [
        ("0.2", "b,b_end,n|-2.6,-2.4,1|-1,-0.8,1|-0.6,-0.4,1|-0.2,0,2|0,0.2,2|0.2,0.4,1|0.6,0.8,2|2.4,2.6,1|5.8,6,1|7.4,7.6,1|12.4,12.6,1"),
        (
            "0.1",
            "b,b_end,n|-2.5,-2.4,1|-1,-0.9,1|-0.6,-0.5,1|-0.2,-0.1,1|-0.1,0,1|0,0.1,2|0.3,0.4,1|0.6,0.7,1|0.7,0.8,1|2.5,2.6,1|5.8,5.9,1|7.5,7.6,1|12.5,12.6,1"
        ),
        (
            "0.25",
            "b,b_end,n|-2.5,-2.25,1|-1,-0.75,1|-0.75,-0.5,1|-0.25,0,2|0,0.25,2|0.25,0.5,1|0.5,0.75,2|2.5,2.75,1|5.75,6,1|7.5,7.75,1|12.5,12.75,1"
        ),
        ("2.5", "b,b_end,n|-2.5,0,5|0,2.5,5|2.5,5,1|5,7.5,1|7.5,10,1|12.5,15,1"),
        (
            "1e-3",
            "b,b_end,n|-2.5,-2.499,1|-1,-0.999,1|-0.6,-0.599,1|-0.2,-0.199,1|-0.003,-0.002,1|0.001,0.002,1|0.003,0.004,1|0.3,0.301,1|0.6,0.601,1|0.7,0.701,1|2.5,2.501,1|5.8,5.801,1|7.5,7.501,1|12.5,12.501,1"
        ),
        ("0.3", "b,b_end,n|-2.7,-2.4,1|-1.2,-0.9,1|-0.6,-0.3,1|-0.3,0,2|0,0.3,2|0.3,0.6,1|0.6,0.9,2|2.4,2.7,1|5.7,6,1|7.5,7.8,1|12.3,12.6,1")
    ])
    func binsAreExactInDecimal(step: String, expected: String) throws {
        let spec = P.spec(
            P.values(Self.binInput.map { ["v": $0] as [String: Any] })
                + #", "calculate": { "b": "bin(v, "# + step
                + #")" }, "groupBy": ["b"], "aggregate": { "n": "count()" }, "mark": "bar", "encoding": { "x": { "field": "b" }, "y": { "field": "n" } }"#
        )
        #expect(try P.data(spec).joined(separator: "|") == expected)
    }

    // MARK: §19.5

    @Test func aHorizontalBarWithX2SpansXToX2() throws {
        let spec = P.spec(
            P.values([["c": "a", "lo": -5, "hi": 10], ["c": "b", "lo": 20, "hi": 30]])
                + #", "mark": "bar", "encoding": { "y": { "field": "c" }, "x": { "field": "lo" }, "x2": { "field": "hi" } }"#)
        let svg = try SVGMeasure.build(spec).svg
        let ticks = svg.tickLabels("chartc-axis-x")
        let values = P.numbers(ticks)
        let bars = svg.rects(inside: "chartc-marks")
        #expect(bars.count == 2)
        guard let first = ticks.first, let last = ticks.last, let low = values.first, let high = values.last, bars.count == 2 else { return }
        func px(_ value: Double) -> Double { first.x + (value - low) / (high - low) * (last.x - first.x) }
        for (bar, (lo, hi)) in zip(bars, [(-5.0, 10.0), (20.0, 30.0)]) {
            #expect(abs(bar.x - px(lo)) < 0.6 && abs(bar.x + bar.width - px(hi)) < 0.6, "bar \(bar) for \(lo)…\(hi)")
        }
    }

    @Test func aBarWithY2OnALogScaleSpansEachDecadeAlike() throws {
        let spec = P.spec(
            P.values([["lo": 1, "hi": 10, "n": 4], ["lo": 10, "hi": 100, "n": 9]])
                + #", "mark": "bar", "encoding": { "y": { "field": "lo", "scale": { "type": "log" } }, "y2": { "field": "hi" }, "x": { "field": "n" } }"#
        )
        let bars = try SVGMeasure.build(spec).svg.rects(inside: "chartc-marks").sorted { $0.y > $1.y }
        #expect(bars.count == 2)
        if bars.count == 2 {
            #expect(abs(bars[0].height - bars[1].height) < 0.6, "\(bars)")
            #expect(abs(bars[1].y + bars[1].height - bars[0].y) < 0.6, "the decades do not meet: \(bars)")
        }
    }

    @Test func aRectWithX2OnATimeScaleSpansItsDates() throws {
        let spec = P.spec(
            P.values([["s": "2020-01-01", "e": "2020-03-01", "k": "a"], ["s": "2020-03-01", "e": "2020-07-01", "k": "b"]])
                + #", "mark": "rect", "encoding": { "x": { "field": "s", "type": "temporal" }, "x2": { "field": "e" }, "y": { "field": "k" } }"#)
        let rects = try SVGMeasure.build(spec).svg.rects(inside: "chartc-marks").sorted { $0.x < $1.x }
        #expect(rects.count == 2)
        if rects.count == 2 {
            // 60 days, then 122: the widths keep that ratio, and the second starts where the first ends.
            #expect(abs(rects[1].width / rects[0].width - 122.0 / 60.0) < 0.01, "\(rects)")
            #expect(abs(rects[0].x + rects[0].width - rects[1].x) < 0.6)
        }
    }

    /// A histogram on its side (the bin on y) and a heat map binned on both axes in panels: no gaps.
    @Test func binnedMarksFillTheirIntervals() throws {
        let side = P.spec(
            P.values([0.1, 0.5, 1.2, 1.7, 2.2, 3.9].map { ["v": $0] as [String: Any] })
                + #", "calculate": { "b": "bin(v, 0.5)" }, "groupBy": ["b"], "aggregate": { "n": "count()" }, "mark": "bar", "encoding": { "y": { "field": "b" }, "x": { "field": "n" } }"#
        )
        let bars = try SVGMeasure.build(side).svg.rects(inside: "chartc-marks").sorted { $0.y > $1.y }
        #expect(bars.count == 6)
        for (a, b) in zip(bars.prefix(4), bars.dropFirst().prefix(4)) { #expect(abs(b.y + b.height - a.y) < 0.6, "a gap between \(a) and \(b)") }
        var cells: [[String: Any]] = []
        for panel in ["A", "B"] { for a in [0.1, 1.3, 2.9] { for b in [5.0, 15, 35] { cells.append(["p": panel, "a": a, "b": b]) } } }
        let heat = P.spec(
            P.values(cells) + #"""
                , "calculate": { "ba": "bin(a, 1)", "bb": "bin(b, 10)" }, "groupBy": ["p", "ba", "bb"], "aggregate": { "n": "count()" },
                  "facet": { "field": "p" }, "mark": "rect", "encoding": { "x": { "field": "ba" }, "y": { "field": "bb" }, "color": { "field": "n" } }
                """#)
        let svg = try SVGMeasure.build(heat).svg
        for panel in svg.groups("chartc-panel\"") {
            let rects = SVGMeasure(svg: panel).rects(inside: "chartc-marks")
            #expect(rects.count == 9)
            let xs = Set(rects.map { ($0.x * 100).rounded() / 100 }).sorted()
            let width = rects.first?.width ?? 0
            for (a, b) in zip(xs, xs.dropFirst()) { #expect(abs(a + width - b) < 0.6, "a gap between columns at \(a) and \(b)") }
        }
    }

    // MARK: §19.3

    @Test func constantsAreInPixels() throws {
        func build(_ mark: String, _ encoding: String) throws -> SVGMeasure {
            try SVGMeasure.build(P.spec(P.values(Self.rows) + #", "mark": ""# + mark + #"", "encoding": { "# + encoding + " }")).svg
        }
        // x, y from the plot's left and top edges; size is a point's area in px².
        let points = P.circles(try build("point", #""x": { "value": 50 }, "y": { "value": 20 }, "size": { "value": 100 }"#))
        #expect(points.count == 3 && points.allSatisfy { $0.x == 50 && $0.y == 20 && abs(Double.pi * $0.r * $0.r - 100) < 0.5 }, "\(points)")
        // A bar's thickness, either way round.
        for encoding in [#""x": { "field": "c" }, "y": { "field": "v" }"#, #""y": { "field": "c" }, "x": { "field": "v" }"#] {
            let bars = try build("bar", encoding + #", "size": { "value": 10 }"#).rects(inside: "chartc-marks")
            #expect(bars.count == 3 && bars.allSatisfy { min($0.width, $0.height) == 10 }, "\(bars)")
        }
        // A tick's thickness, a line's stroke, a text's font size.
        let tick = try build("tick", #""x": { "field": "c" }, "y": { "field": "v" }, "size": { "value": 4 }"#)
        #expect(P.stringAttribute("stroke-width", of: "chartc-tick", in: tick.svg) == "4")
        let line = try build("line", #""x": { "field": "w" }, "y": { "field": "v" }, "size": { "value": 5 }"#)
        #expect(P.stringAttribute("stroke-width", of: "chartc-line", in: line.svg) == "5")
        let text = try build("text", #""x": { "field": "w" }, "y": { "field": "v" }, "text": { "field": "c" }, "size": { "value": 9 }"#)
        #expect(P.stringAttribute("font-size", of: "chartc-text", in: text.svg) == "9")
        // A CSS color and an opacity.
        let colored = try build("bar", #""x": { "field": "c" }, "y": { "field": "v" }, "color": { "value": "orange" }, "opacity": { "value": 0.5 }"#)
        let group = colored.groups("chartc-marks").joined()
        #expect(group.contains(##"fill="#ffa500""##) && group.contains(#"opacity="0.5""#))
        // A constant out of range is one error, the same in lint and build: not also "a field on opacity".
        let refused = P.spec(
            P.values(Self.rows) + #", "mark": "point", "encoding": { "x": { "field": "w" }, "y": { "field": "v" }, "opacity": { "value": 1.5 } }"#)
        let lint = try P.run("lint", refused)
        let build = try P.run("build", refused)
        #expect(lint.output.components(separatedBy: "error:").count == 2 && lint.output.contains("[invalid-value]"), "\(lint.output)")
        #expect(!lint.output.contains("channel-not-supported") && build.error.contains("[invalid-value]"))
        // In a panel, x is from that panel's left edge.
        let faceted = try SVGMeasure.build(
            P.spec(
                P.values(Self.rows) + #", "facet": { "field": "c" }, "mark": "point", "encoding": { "x": { "value": 30 }, "y": { "field": "v" } }"#)
        ).svg
        let inPanels = P.circles(faceted)
        #expect(inPanels.count == 3 && inPanels.allSatisfy { $0.x == 30 }, "\(inPanels)")
    }
}
