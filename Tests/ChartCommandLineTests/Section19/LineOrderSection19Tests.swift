import Foundation
import Testing

/// SPEC §19.4, measured on the built SVG: a line joins its points in the order of its temporal channel, else its
/// quantitative one when the other is discrete, else x — and what points at a line's first or last point (a
/// direct label, an annotation `at: "first"`/`"last"`, SPEC §19.13) follows the same order.
@Suite struct LineOrderSection19Tests {
    typealias P = Section19Probe
    static let days = (1...6).map { "2024-01-0\($0)" }
    static let results = ["pass", "fail", "pass", "flaky", "fail", "pass"]
    /// The rows out of order, so that the input order proves nothing.
    static let shuffled = [3, 0, 5, 1, 4, 2]

    @Test func aLineOnATemporalYRunsBottomToTop() throws {
        let values = [5.0, 1, 4, 2, 6, 3]
        for other in [#""x": { "field": "v" }"#, #""x": { "field": "r", "type": "nominal" }"#] {
            let rows = Self.shuffled.map { ["d": Self.days[$0], "v": values[$0], "r": Self.results[$0]] as [String: Any] }
            let spec = P.spec(P.values(rows) + #", "mark": "line", "encoding": { "y": { "field": "d", "type": "temporal" }, "# + other + " }")
            let svg = try SVGMeasure.build(spec).svg
            let ys = SVGMeasure.vertices(try #require(svg.paths(inside: "chartc-marks").first)).map(\.y)
            #expect(ys.count == 6)
            #expect(ys == ys.sorted(by: >), "the line does not run bottom to top: \(ys)")
        }
    }

    @Test func aLineOnAQuantitativeXAndCategoriesOnYRunsLeftToRight() throws {
        let rows: [[String: Any]] = [["c": "b", "v": 3], ["c": "a", "v": 1], ["c": "c", "v": 2]]
        for type in ["nominal", "ordinal"] {
            let spec = P.spec(
                P.values(rows) + #", "mark": "line", "encoding": { "y": { "field": "c", "type": ""# + type + #"" }, "x": { "field": "v" } }"#)
            let svg = try SVGMeasure.build(spec).svg
            let xs = SVGMeasure.vertices(try #require(svg.paths(inside: "chartc-marks").first)).map(\.x)
            #expect(xs.count == 3 && xs == xs.sorted(), "\(type): \(xs)")
        }
    }

    /// Month names are text that keeps its natural order (SPEC §4): a line over them runs from January on, and
    /// its first and last points are January's and April's, not the lowest and highest values.
    @Test func aLineOverMonthNamesRunsInMonthOrderAndItsFirstAndLastPointsAreTheEnds() throws {
        let rows: [[String: Any]] = [
            ["d": "2020-01-01", "v": 5], ["d": "2020-02-01", "v": 9], ["d": "2020-03-01", "v": 2], ["d": "2020-04-01", "v": 7]
        ]
        let spec = P.spec(
            P.values(rows) + #"""
                , "calculate": { "m": "month(d)" }, "mark": "line", "encoding": { "x": { "field": "m" }, "y": { "field": "v" } },
                  "annotations": [ { "type": "text", "at": "first", "text": "first {x}" }, { "type": "text", "at": "last", "text": "last {x}" } ]
                """#)
        let svg = try SVGMeasure.build(spec).svg
        let xs = SVGMeasure.vertices(try #require(svg.paths(inside: "chartc-marks").first)).map(\.x)
        #expect(xs.count == 4 && xs == xs.sorted(), "\(xs)")
        let notes = svg.groups("chartc-annotations").flatMap { SVGMeasure.texts(in: $0) }.map(\.joined)
        #expect(notes.contains("first Jan"), "\(notes)")
        #expect(notes.contains("last Apr"), "\(notes)")
    }

    /// The direct label of a line on a temporal x and a nominal y names it at its right end, where it stops.
    @Test func aDirectLabelSitsAtTheEndOfALineOnTemporalXAndNominalY() throws {
        var rows: [[String: Any]] = []
        for (series, results) in [("A", ["pass", "fail", "flaky"]), ("B", ["fail", "flaky", "pass"])] {
            for (day, result) in results.enumerated() { rows.append(["d": Self.days[day], "r": result, "s": series]) }
        }
        let spec = P.spec(
            P.values(Array(rows.reversed())) + #"""
                , "legend": { "position": "direct" }, "mark": "line",
                  "encoding": { "x": { "field": "d", "type": "temporal" }, "y": { "field": "r", "type": "nominal" }, "color": { "field": "s" } }
                """#)
        let svg = try SVGMeasure.build(spec).svg
        let paths = svg.paths(inside: "chartc-marks")
        #expect(paths.count == 2)
        let ends = paths.compactMap { SVGMeasure.vertices($0).last?.x }
        let labels = svg.groups("chartc-marks").flatMap { group in
            SVGMeasure.texts(in: group).filter { ["A", "B"].contains($0.joined) }
        }
        #expect(labels.count == 2, "\(labels.map(\.joined))")
        // Both lines end on the last day; each name sits there (beside or above the end), not at a point the
        // line passes through on its way (in y order, B's "last" point would be its first day, at the left).
        for label in labels {
            #expect(abs(label.x - (ends.max() ?? 0)) < 30, "the label \(label.joined) is at x = \(label.x), not at the lines' ends \(ends)")
        }
    }

    /// An area on a temporal x and a nominal y joins its points in time order (SPEC §19.4), filled down to the
    /// plot's bottom edge; it was joined by orientation (in y order: a Z-shaped outline).
    @Test func anAreaOnATemporalXAndANominalYRunsLeftToRight() throws {
        let rows = Self.shuffled.map { ["d": Self.days[$0], "r": Self.results[$0]] as [String: Any] }
        let spec = P.spec(
            P.values(rows) + #", "mark": "area", "encoding": { "x": { "field": "d", "type": "temporal" }, "y": { "field": "r", "type": "nominal" } }"#
        )
        let svg = try SVGMeasure.build(spec).svg
        let paths = svg.paths(inside: "chartc-marks")
        // The outline (its top edge): six points, left to right.
        let outline = try #require(paths.last)
        let xs = SVGMeasure.vertices(outline).map(\.x)
        #expect(xs.count == 6 && xs == xs.sorted(), "the area's outline does not run left to right: \(xs)")
        // The fill runs back along the bottom edge, below every point.
        let fill = SVGMeasure.vertices(try #require(paths.first))
        let lowest = try #require(fill.map(\.y).max())
        #expect(fill.count == 12 && fill.suffix(6).allSatisfy { $0.y == lowest }, "\(fill)")
        #expect(SVGMeasure.vertices(outline).allSatisfy { $0.y < lowest })
    }
}
