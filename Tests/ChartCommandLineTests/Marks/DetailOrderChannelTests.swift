import ChartCommandLine
import Foundation
import Testing

/// SPEC §20's `detail` and `order` channels, measured in the SVG `chartc build` writes: `detail` splits lines
/// into one path per value without coloring them (series are color × detail; a missing value is a series of its
/// own, SPEC §19.9); `order` is the order a line joins its points (a connected scatter plot) and the order a
/// stack piles up its segments, bottom first; on bars that do not stack it would change nothing and is rejected.
@Suite struct DetailOrderChannelTests {
    typealias C = ConstantValueTests

    /// `chartc build` of a whole spec: the SVG, or the errors.
    static func build(_ spec: String) throws -> MarkCombinationTests.Built {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("channels.chart.json")
        try Data(spec.utf8).write(to: path)
        let console = BufferConsole()
        let status = Chartc.run(["build", path.path, "-o", directory.path, "--format", "svg", "--offline"], console: console)
        guard status == 0 else { return .failed(console.error) }
        return .output(String(decoding: try Data(contentsOf: directory.appendingPathComponent("channels.svg")), as: UTF8.self))
    }

    static func svg(_ spec: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let built = try build(spec)
        guard case .output(let svg) = built else {
            Issue.record("did not build: \(built)", sourceLocation: sourceLocation)
            return ""
        }
        return svg
    }

    /// The points of a path of straight segments (`M x,y L x,y …`), in drawing order.
    static func points(_ d: String) -> [(x: Double, y: Double)] {
        var numbers: [Double] = []
        var current = ""
        for character in d {
            if character.isNumber || character == "." || (character == "-" && current.isEmpty) {
                current.append(character)
            } else {
                if let number = Double(current) { numbers.append(number) }
                current = character == "-" ? "-" : ""
            }
        }
        if let number = Double(current) { numbers.append(number) }
        return stride(from: 0, to: numbers.count - 1, by: 2).map { (numbers[$0], numbers[$0 + 1]) }
    }

    /// The rank of each value among `values` (0 for the smallest).
    static func ranks(_ values: [Double]) -> [Int] {
        let sorted = values.sorted()
        return values.compactMap { sorted.firstIndex(of: $0) }
    }

    @Test func orderJoinsAConnectedScatterPlotInItsFieldsOrder() throws {
        // Written out of year order; in year order x runs 1, 4, 2, 5 and y 2, 3, 5, 1.
        let rows =
            #"[{ "year": 2003, "a": 5, "b": 1 }, { "year": 2000, "a": 1, "b": 2 }, { "year": 2002, "a": 2, "b": 5 }, { "year": 2001, "a": 4, "b": 3 }]"#
        let svg = try Self.svg(
            #"{ "data": { "values": \#(rows) }, "mark": "line", "encoding": { "x": { "field": "a" }, "y": { "field": "b" }, "order": { "field": "year" } } }"#
        )
        let lines = C.elements("path", "chartc-line", in: svg)
        #expect(lines.count == 1)
        let points = Self.points(lines.first?["d"] ?? "")
        #expect(points.count == 4, "\(points)")
        #expect(Self.ranks(points.map(\.x)) == Self.ranks([1, 4, 2, 5]), "x in year order: \(points)")
        // y grows upwards: px ranks are the values' reversed.
        #expect(Self.ranks(points.map { -$0.y }) == Self.ranks([2, 3, 5, 1]), "y in year order: \(points)")

        // Without `order` the line runs in x order.
        let plain = try Self.svg(#"{ "data": { "values": \#(rows) }, "mark": "line", "encoding": { "x": { "field": "a" }, "y": { "field": "b" } } }"#)
        let plainPoints = Self.points(C.elements("path", "chartc-line", in: plain).first?["d"] ?? "")
        #expect(Self.ranks(plainPoints.map(\.x)) == [0, 1, 2, 3], "\(plainPoints)")
    }

    @Test func anOrderOnMonthsFollowsTheCalendarAndRowsWithoutOneAreLeftOut() throws {
        // `month(d)` names months, in their natural order whatever the table's; a row without a date has no place.
        let rows =
            #"[{ "d": "2020-03-01", "a": 3, "b": 1 }, { "d": "2020-01-01", "a": 1, "b": 2 }, { "d": "2020-02-01", "a": 5, "b": 3 }, { "d": null, "a": 4, "b": 4 }]"#
        let svg = try Self.svg(
            #"{ "data": { "values": \#(rows) }, "calculate": { "m": "month(d)" }, "mark": "line", "encoding": { "x": { "field": "a" }, "y": { "field": "b" }, "order": { "field": "m" } } }"#
        )
        let points = Self.points(C.elements("path", "chartc-line", in: svg).first?["d"] ?? "")
        #expect(points.count == 3 && Self.ranks(points.map(\.x)) == Self.ranks([1, 5, 3]), "Jan, Feb, Mar: \(points)")
    }

    @Test func detailDrawsOnePathPerValueInOneColor() throws {
        // Three varieties and a row without one: four lines (the missing one is a series of its own, SPEC §19.9).
        var rows: [String] = []
        for (index, variety) in ["\"a\"", "\"b\"", "\"c\"", "null"].enumerated() {
            for t in 0..<3 { rows.append(#"{ "t": \#(t), "v": \#(index * 10 + t * (index + 1)), "variety": \#(variety) }"#) }
        }
        let data = "[" + rows.joined(separator: ", ") + "]"
        let svg = try Self.svg(
            #"{ "data": { "values": \#(data) }, "mark": "line", "encoding": { "x": { "field": "t" }, "y": { "field": "v" }, "detail": { "field": "variety" } } }"#
        )
        let lines = C.elements("path", "chartc-line", in: svg)
        #expect(lines.count == 4, "\(lines)")
        #expect(Set(lines.compactMap { $0["stroke"] }).count == 1, "one color: \(lines)")
        for line in lines { #expect(Self.points(line["d"] ?? "").count == 3, "each line joins its own three rows: \(line)") }
        #expect(!svg.contains("chartc-legend"), "detail makes no legend")

        // With color, series are color × detail: four lines in two colors, a legend of two entries.
        let colored = data.replacingOccurrences(of: #""variety": "a""#, with: #""variety": "a", "site": "x""#)
            .replacingOccurrences(of: #""variety": "b""#, with: #""variety": "b", "site": "x""#)
            .replacingOccurrences(of: #""variety": "c""#, with: #""variety": "c", "site": "y""#)
            .replacingOccurrences(of: #""variety": null"#, with: #""variety": null, "site": "y""#)
        let both = try Self.svg(
            #"{ "data": { "values": \#(colored) }, "mark": "line", "encoding": { "x": { "field": "t" }, "y": { "field": "v" }, "color": { "field": "site" }, "detail": { "field": "variety" } } }"#
        )
        let bothLines = C.elements("path", "chartc-line", in: both)
        #expect(bothLines.count == 4, "\(bothLines)")
        #expect(Set(bothLines.compactMap { $0["stroke"] }).count == 2, "\(bothLines)")
    }

    @Test func orderPilesAStackBottomFirst() throws {
        // In each category the `grp` "v" bar (w = 2) is 3× the "u" bar (w = 1): ordered by w, "u" goes at the bottom;
        // in legend order "u", the first entry, is the top segment (SPEC §20), so "v" is at the bottom.
        let rows =
            #"[{ "cat": "A", "grp": "u", "v": 10, "w": 1 }, { "cat": "A", "grp": "v", "v": 30, "w": 2 }, { "cat": "B", "grp": "u", "v": 20, "w": 1 }, { "cat": "B", "grp": "v", "v": 60, "w": 2 }]"#
        func bottomFirstHeights(_ order: String) throws -> [[Double]] {
            let svg = try Self.svg(
                #"{ "data": { "values": \#(rows) }, "mark": "bar", "encoding": { "x": { "field": "cat" }, "y": { "field": "v" }, "color": { "field": "grp" }\#(order) } }"#
            )
            let bars = C.elements("rect", "chartc-bar", in: svg)
            let columns = Dictionary(grouping: bars) { C.number($0, "x") ?? 0 }
            return columns.keys.sorted().map { key in
                (columns[key] ?? []).sorted { (C.number($0, "y") ?? 0) > (C.number($1, "y") ?? 0) }.compactMap { C.number($0, "height") }
            }
        }
        for heights in try bottomFirstHeights(#", "order": { "field": "w" }"#) {
            #expect(heights.count == 2 && heights[1] > 2.5 * heights[0], "the w = 1 segment at the bottom: \(heights)")
        }
        for heights in try bottomFirstHeights("") {
            #expect(heights.count == 2 && heights[0] > 2.5 * heights[1], "legend order without it: \(heights)")
        }
    }

    @Test func detailStacksAreasInOneColor() throws {
        let rows =
            #"[{ "t": 0, "v": 10, "g": "a" }, { "t": 1, "v": 10, "g": "a" }, { "t": 0, "v": 30, "g": "b" }, { "t": 1, "v": 30, "g": "b" }]"#
        let svg = try Self.svg(
            #"{ "data": { "values": \#(rows) }, "mark": "area", "encoding": { "x": { "field": "t" }, "y": { "field": "v" }, "detail": { "field": "g" } } }"#
        )
        // Stacked: the y axis reaches the sum, 40 (unstacked, 30).
        #expect(svg.contains(">40<"), "the stack's top, 10 + 30, is on the axis")
        #expect(Set(C.elements("path", "chartc-area", in: svg).compactMap { $0["fill"] }).count == 1)
    }

    @Test func orderOnBarsThatDoNotStackAndConstantsAreRejected() throws {
        let rows = #"[{ "cat": "A", "v": 10, "w": 2 }, { "cat": "B", "v": 30, "w": 1 }]"#
        let unstacked = try Self.build(
            #"{ "data": { "values": \#(rows) },"#
                + "\n"
                + #"  "mark": "bar", "encoding": { "x": { "field": "cat" }, "y": { "field": "v" }, "order": { "field": "w" } } }"#)
        let errors = try #require(unstacked.errors)
        #expect(
            errors.contains("[channel-not-supported]") && errors.contains("do not stack") && errors.contains("channels.chart.json:2:"), "\(errors)")

        let constant = try Self.build(
            #"{ "data": { "values": \#(rows) }, "mark": "line", "encoding": { "x": { "field": "cat" }, "y": { "field": "v" }, "detail": { "value": "a" } } }"#
        )
        let constantErrors = try #require(constant.errors)
        #expect(constantErrors.contains("[channel-not-supported]") && constantErrors.contains("give it a 'field'"), "\(constantErrors)")

        let onPoints = try Self.build(
            #"{ "data": { "values": \#(rows) }, "mark": "point", "encoding": { "x": { "field": "cat" }, "y": { "field": "v" }, "detail": { "field": "cat" } } }"#
        )
        let pointErrors = try #require(onPoints.errors)
        #expect(pointErrors.contains("[channel-not-supported]") && pointErrors.contains("line and area marks"), "\(pointErrors)")
    }
}
