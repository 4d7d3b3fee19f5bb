import Foundation
import Testing

/// SPEC §19.5 and §19.4, measured on the built SVG: a bar or rect with `x2` spans x to x2 on any continuous
/// scale (log included) with no band width of its own; a rect binned on both axes fills its cells edge to edge;
/// a line on a temporal x and a nominal y runs left to right.
@Suite struct RangesAndLineOrderEndToEndTests {
    @Test func aBarWithX2OnALogScaleSpansXToX2() throws {
        let spec = """
            { "title": "t", "data": { "values": [
                { "lo": 1, "hi": 10, "n": 4 }, { "lo": 10, "hi": 100, "n": 9 }, { "lo": 100, "hi": 1000, "n": 3 } ] },
              "mark": "bar",
              "encoding": { "x": { "field": "lo", "scale": { "type": "log" } }, "x2": { "field": "hi" }, "y": { "field": "n" } } }
            """
        let built = try SVGMeasure.build(spec).svg
        let bars = built.rects(inside: "chartc-marks").sorted { $0.x < $1.x }
        #expect(bars.count == 3)
        // Each decade is as wide as the next on a log scale, and the bars meet: x to x2, no band of their own.
        for bar in bars { #expect(bar.x >= -0.01, "a bar starts left of the plot at \(bar.x)") }
        if bars.count == 3 {
            #expect(abs(bars[0].width - bars[1].width) < 0.6 && abs(bars[1].width - bars[2].width) < 0.6, "\(bars.map(\.width))")
            #expect(abs(bars[0].x + bars[0].width - bars[1].x) < 0.6)
            #expect(abs(bars[1].x + bars[1].width - bars[2].x) < 0.6)
            #expect(abs(bars[0].width - 25.6) > 1)
        }
    }

    @Test func aHeatMapBinnedOnBothAxesHasNoGaps() throws {
        var rows: [String] = []
        for a in stride(from: 0.0, to: 10.0, by: 0.7) {
            for b in stride(from: 0.0, to: 6.0, by: 0.45) { rows.append(#"{ "a": \#(a), "b": \#(b) }"#) }
        }
        let spec = """
            { "title": "t", "data": { "values": [\(rows.joined(separator: ", "))] },
              "calculate": { "ba": "bin(a, 2)", "bb": "bin(b, 1)" }, "groupBy": ["ba", "bb"], "aggregate": { "n": "count()" },
              "mark": "rect",
              "encoding": { "x": { "field": "ba" }, "y": { "field": "bb" }, "color": { "field": "n" } } }
            """
        let built = try SVGMeasure.build(spec).svg
        let cells = built.rects(inside: "chartc-marks")
        #expect(cells.count == 5 * 6)
        // Neighbouring cells share their edges.
        let xs = Set(cells.map { ($0.x * 10).rounded() / 10 }).sorted()
        let widths = Set(cells.map { ($0.width * 10).rounded() / 10 })
        #expect(xs.count == 5)
        for (a, b) in zip(xs, xs.dropFirst()) {
            #expect(widths.contains { abs(a + $0 - b) < 0.6 }, "a gap between cells at \(a) and \(b): widths \(widths)")
        }
        let ys = Set(cells.map { ($0.y * 10).rounded() / 10 }).sorted()
        let heights = Set(cells.map { ($0.height * 10).rounded() / 10 })
        for (a, b) in zip(ys, ys.dropFirst()) {
            #expect(heights.contains { abs(a + $0 - b) < 0.6 }, "a gap between cells at \(a) and \(b): heights \(heights)")
        }
    }

    @Test func aLineOnTemporalXAndNominalYRunsLeftToRight() throws {
        let results = ["pass", "fail", "pass", "flaky", "fail", "pass"]
        let rows = results.enumerated().map { #"{ "day": "2024-01-0\#($0.offset + 1)", "result": "\#($0.element)" }"# }
        let spec = """
            { "title": "t", "data": { "values": [\(rows.joined(separator: ", "))] }, "mark": "line",
              "encoding": { "x": { "field": "day", "type": "temporal" }, "y": { "field": "result", "type": "nominal" } } }
            """
        let built = try SVGMeasure.build(spec).svg
        let line = try #require(built.paths(inside: "chartc-marks").first)
        let xs = SVGMeasure.vertices(line).map(\.x)
        #expect(xs.count == results.count)
        #expect(xs == xs.sorted(), "the line doubles back: \(xs)")
    }
}

/// SPEC §19.9, measured on the built SVG: a row whose category is null is drawn as the category `n/a`, last.
@Suite struct MissingValuesEndToEndTests {
    @Test func aNullCategoryIsDrawnAsNALast() throws {
        let spec = """
            { "title": "t", "data": { "values": [
                { "film": "The Sting", "gross": 160 }, { "film": null, "gross": 120 }, { "film": "Jaws", "gross": 260 } ] },
              "mark": "bar", "encoding": { "y": { "field": "film", "type": "nominal" }, "x": { "field": "gross" } } }
            """
        let built = try SVGMeasure.build(spec).svg
        let labels = built.tickLabels("chartc-axis-y").sorted { $0.y < $1.y }.map(\.joined)
        #expect(labels == ["The Sting", "Jaws", "n/a"])
        #expect(built.rects(inside: "chartc-marks").count == 3)
    }

    @Test func aNullColorIsASeriesNamedNA() throws {
        let spec = """
            { "title": "t", "data": { "values": [
                { "k": "a", "s": "x", "v": 1 }, { "k": "b", "s": null, "v": 2 }, { "k": "c", "s": "y", "v": 3 } ] },
              "mark": "bar", "encoding": { "x": { "field": "k" }, "y": { "field": "v" }, "color": { "field": "s" } } }
            """
        let built = try SVGMeasure.build(spec).svg
        #expect(built.svg.contains("data-series=\"n/a\""))
        #expect(built.rects(inside: "chartc-marks").count == 3)
    }
}
