import Foundation
import Testing

/// SPEC §19.7, measured on the built SVG's tick labels: a niced domain ends less than one tick step past the
/// data, `scale.zero: false` holds in panels, a log axis labels powers of ten without padded decimals,
/// `axis.values` outside the data stretch the domain, and a date range label names the year when the range
/// crosses one.
@Suite struct AxesEndToEndTests {
    /// The numbers of an axis's tick labels, in order along the axis ("−" read as a minus, "," dropped).
    static func numbers(_ labels: [SVGMeasure.Text]) -> [Double] {
        labels.compactMap { Double($0.joined.replacingOccurrences(of: "\u{2212}", with: "-").replacingOccurrences(of: ",", with: "")) }.sorted()
    }

    /// The axis ends less than one tick step past the data at each end, and starts and ends on a tick.
    static func expectSnug(_ ticks: [Double], low: Double, high: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        guard ticks.count >= 2, let first = ticks.first, let last = ticks.last else {
            Issue.record("too few ticks: \(ticks)", sourceLocation: sourceLocation)
            return
        }
        let step = ticks[1] - ticks[0]
        #expect(
            first <= low + 1e-9 && first > low - step, "axis starts at \(first) for data from \(low) (step \(step))", sourceLocation: sourceLocation)
        #expect(
            last >= high - 1e-9 && last < high + step, "axis ends at \(last) for data up to \(high) (step \(step))", sourceLocation: sourceLocation)
    }

    static func points(_ values: [Double], extra: String = "", y: String = "") -> String {
        let rows = values.enumerated().map { #"{ "i": \#($0.offset), "v": \#($0.element) }"# }.joined(separator: ", ")
        return """
            { "title": "t", "data": { "values": [\(rows)] }, "mark": "point",
              "encoding": { "x": { "field": "i" }, "y": { "field": "v"\(y) } }\(extra) }
            """
    }

    @Test(arguments: [[-4.9, 2.9], [-1.6, 35.6], [0.5, 27.1], [14, 66], [-0.37, 0.81]])
    func aNicedDomainEndsWithinOneStepOfTheData(_ range: [Double]) throws {
        let values = [range[0], (range[0] + range[1]) / 2, range[1]]
        for height in [120, 400] {
            let built = try SVGMeasure.build(Self.points(values, extra: #", "height": \#(height)"#)).svg
            Self.expectSnug(Self.numbers(built.tickLabels("chartc-axis-y")), low: range[0], high: range[1])
        }
    }

    @Test func onThePhoneToo() throws {
        let page = try #require(try SVGMeasure.build(Self.points([-1.6, 10, 35.6], extra: #", "width": 800"#), html: true).html)
        let start = try #require(page.range(of: "<div class=\"chartc-view chartc-view-narrow\""))
        let narrow = String(page[start.upperBound...])
        Self.expectSnug(Self.numbers(SVGMeasure(svg: narrow).tickLabels("chartc-axis-y", in: narrow)), low: -1.6, high: 35.6)
    }

    @Test func aPanelWithMaximum27EndsAt30() throws {
        var rows: [String] = []
        for (panel, top) in [("a", 27.1), ("b", 61.0)] {
            for i in 0..<5 { rows.append(#"{ "p": "\#(panel)", "i": \#(i), "v": \#(top * Double(i + 1) / 5) }"#) }
        }
        let spec = """
            { "title": "t", "data": { "values": [\(rows.joined(separator: ", "))] }, "mark": "point",
              "encoding": { "x": { "field": "i" }, "y": { "field": "v", "scale": { "zero": true } } },
              "facet": { "field": "p", "columns": 2, "y": "independent" }, "height": 150 }
            """
        let built = try SVGMeasure.build(spec).svg
        let panel = try #require(built.groups("chartc-panel\" data-panel=\"a\"").first)
        let ticks = Self.numbers(built.tickLabels("chartc-axis-y", in: panel))
        Self.expectSnug(ticks, low: 0, high: 27.1)
    }

    @Test func zeroFalseHoldsInPanels() throws {
        var rows: [String] = []
        for site in ["Morris", "Crookston", "Waseca", "Duluth"] {
            for (index, variety) in ["Manchuria", "Glabron", "Svansota", "Velvet"].enumerated() {
                rows.append(#"{ "site": "\#(site)", "variety": "\#(variety)", "yield": \#(14 + Double(index) * 17.3) }"#)
            }
        }
        let spec = """
            { "title": "t", "data": { "values": [\(rows.joined(separator: ", "))] }, "mark": "point",
              "encoding": { "x": { "field": "yield", "scale": { "zero": false } }, "y": { "field": "variety" } },
              "facet": { "field": "site", "columns": 2 } }
            """
        let built = try SVGMeasure.build(spec).svg
        let ticks = Self.numbers(built.tickLabels("chartc-axis-x"))
        #expect(!ticks.isEmpty)
        #expect((ticks.first ?? 0) >= 10, "x starts at \(ticks.first ?? 0) for yields from 14")
        Self.expectSnug(Array(Set(ticks)).sorted(), low: 14, high: 14 + 3 * 17.3)
    }

    @Test func aLogAxisLabelsPowersOfTenWithoutPaddedDecimals() throws {
        let built = try SVGMeasure.build(Self.points([0.01, 0.5, 3, 40, 700, 1000], y: #", "scale": { "type": "log" }"#)).svg
        let labels = built.tickLabels("chartc-axis-y").map(\.joined)
        for expected in ["0.01", "0.1", "1", "10", "100", "1,000"] {
            #expect(labels.contains(expected), "no \(expected) in \(labels)")
        }
        #expect(!labels.contains { $0.hasSuffix(".00") || $0 == "0.10" }, "\(labels)")
    }

    @Test func axisValuesOutsideTheDataStretchTheDomain() throws {
        let rows = (0..<6).map { #"{ "t": "200\#($0)-03-01T08:00:00Z", "v": \#($0 * 3 + 1) }"# }.joined(separator: ", ")
        let spec = """
            { "title": "t", "data": { "values": [\(rows)] }, "mark": "line",
              "encoding": { "x": { "field": "t", "type": "temporal", "axis": { "values": ["2000-01-01", "2003-01-01", "2006-01-01"] } },
                            "y": { "field": "v" } } }
            """
        let built = try SVGMeasure.build(spec).svg
        let labels = built.tickLabels("chartc-axis-x").map(\.joined)
        #expect(labels.count == 3, "\(labels)")
        #expect(labels.contains { $0.contains("2000") }, "\(labels)")
        #expect(labels.contains { $0.contains("2006") }, "\(labels)")
    }

    @Test func aDateRangeLabelAcrossYearsNamesTheYears() throws {
        let rows =
            (0..<12).map { #"{ "t": "1999-\#(String(format: "%02d", $0 + 1))-15", "v": \#($0) }"# }
            + (0..<6).map { #"{ "t": "2000-\#(String(format: "%02d", $0 + 1))-15", "v": \#($0) }"# }
        let spec = """
            { "title": "t", "data": { "values": [\(rows.joined(separator: ", "))] }, "mark": "line",
              "encoding": { "x": { "field": "t", "type": "temporal" }, "y": { "field": "v" } },
              "annotations": [{ "type": "range", "x": ["1999-10-01", "2000-02-15"], "label": "{from} to {to}" }] }
            """
        let built = try SVGMeasure.build(spec).svg
        let note = try #require(built.groups("chartc-annotation\"").flatMap { SVGMeasure.texts(in: $0) }.first)
        #expect(note.joined.contains("1999") && note.joined.contains("2000"), "\(note.joined)")
    }
}
