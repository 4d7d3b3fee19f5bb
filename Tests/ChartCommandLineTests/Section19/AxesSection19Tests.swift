import Foundation
import Testing

/// SPEC §19.7, measured on the built SVG's tick labels: a niced domain ends less than one tick step past the data
/// at each end (in a plain chart, a narrow one, and every panel); `scale.zero: false` holds in panels; a log axis
/// labels powers of ten plainly; `axis.values` outside the data stretch the domain; a date range label prints the
/// year when the range crosses one.
@Suite struct AxesSection19Tests {
    typealias P = Section19Probe

    /// Each axis's labels as numbers, one list per axis group (a panel each).
    static func axes(_ svg: SVGMeasure, _ axis: String) -> [[Double]] {
        svg.groups("chartc-axis " + axis).map { P.numbers(svg.tickLabels(axis, in: $0)) }.filter { !$0.isEmpty }
    }

    /// The ticks cover [low, high] and overshoot it by less than one step at each end.
    static func expectTight(_ ticks: [Double], _ low: Double, _ high: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let first = ticks.first, let last = ticks.last, ticks.count >= 2 else {
            Issue.record("no ticks: \(ticks)", sourceLocation: sourceLocation)
            return
        }
        let step = ticks[1] - ticks[0]
        #expect(first <= low + 1e-9 && low - first < step, "ticks \(ticks) for data from \(low)", sourceLocation: sourceLocation)
        #expect(last >= high - 1e-9 && last - high < step, "ticks \(ticks) for data up to \(high)", sourceLocation: sourceLocation)
    }

    @Test(arguments: [(-4.9, 2.9, 640), (-1.6, 35.6, 640), (-1.6, 35.6, 320), (0.0012, 0.0047, 640), (-1_234_567, -2000, 640)])
    func aNicedDomainOvershootsByLessThanAStep(low: Double, high: Double, width: Int) throws {
        let rows: [[String: Any]] = [["a": low, "b": 1], ["a": high, "b": 2], ["a": (low + high) / 2, "b": 3]]
        let spec = P.spec(
            #""width": \#(width), "# + P.values(rows)
                + #", "mark": "point", "encoding": { "x": { "field": "a" }, "y": { "field": "b" } }"#)
        let svg = try SVGMeasure.build(spec).svg
        Self.expectTight(try #require(Self.axes(svg, "chartc-axis-x").first), low, high)
    }

    @Test func aBarAxisFromZeroEndsWithinAStepOfTheLongestBar() throws {
        let rows: [[String: Any]] = [["c": "a", "v": -4.9], ["c": "b", "v": 2.9], ["c": "c", "v": 1]]
        let svg = try SVGMeasure.build(P.spec(P.values(rows) + #", "mark": "bar", "encoding": { "x": { "field": "c" }, "y": { "field": "v" } }"#)).svg
        Self.expectTight(try #require(Self.axes(svg, "chartc-axis-y").first), -4.9, 2.9)
    }

    static var panelRows: [[String: Any]] {
        var rows: [[String: Any]] = []
        for (panel, low, high) in [("A", 14.0, 27.1), ("B", 20.0, 66.0), ("C", 30.0, 45.0)] {
            for (index, value) in [low, (low + high) / 2, high].enumerated() { rows.append(["p": panel, "k": "k\(index)", "v": value]) }
        }
        return rows
    }

    /// Independent panels: each panel's axis is tight around its own data (a maximum of 27.1 ends at 30).
    @Test func eachIndependentPanelIsNicedTightly() throws {
        let spec = P.spec(
            P.values(Self.panelRows)
                + #", "mark": "bar", "facet": { "field": "p", "columns": 3, "y": "independent" }, "encoding": { "x": { "field": "k" }, "y": { "field": "v" } }"#
        )
        let panels = Self.axes(try SVGMeasure.build(spec).svg, "chartc-axis-y")
        #expect(panels.count == 3)
        for (ticks, high) in zip(panels, [27.1, 66, 45]) { Self.expectTight(ticks, 0, high) }
    }

    /// `scale.zero: false` in small multiples, shared and independent: the axis starts near the data, not at 0.
    @Test(arguments: ["", #", "x": "independent""#])
    func zeroFalseHoldsInPanels(sharing: String) throws {
        let spec = P.spec(
            P.values(Self.panelRows)
                + #", "mark": "point", "facet": { "field": "p""# + sharing
                + #" }, "encoding": { "y": { "field": "k" }, "x": { "field": "v", "scale": { "zero": false } } }"#)
        let panels = Self.axes(try SVGMeasure.build(spec).svg, "chartc-axis-x")
        #expect(!panels.isEmpty)
        for ticks in panels { #expect((ticks.first ?? 0) >= 10, "an axis starts at \(ticks.first ?? 0): \(ticks)") }
        // (Narrow panels thin their labels, so the labels alone do not show where the domain ends.)
    }

    @Test func aLogAxisLabelsPowersOfTenPlainly() throws {
        let rows: [[String: Any]] = [["a": 0.01, "b": 1], ["a": 1000, "b": 2], ["a": 3, "b": 3]]
        let spec = P.spec(
            P.values(rows) + #", "mark": "point", "encoding": { "x": { "field": "a", "scale": { "type": "log" } }, "y": { "field": "b" } }"#)
        let labels = try SVGMeasure.build(spec).svg.tickLabels("chartc-axis-x").map(\.joined)
        #expect(labels == ["0.01", "0.1", "1", "10", "100", "1,000"])
        // In panels too.
        let faceted = P.spec(
            P.values([["p": "A", "a": 0.01, "b": 1], ["p": "A", "a": 100, "b": 2], ["p": "B", "a": 3, "b": 3]])
                + #", "facet": { "field": "p" }, "mark": "point", "encoding": { "x": { "field": "a", "scale": { "type": "log" } }, "y": { "field": "b" } }"#
        )
        let panelLabels = try SVGMeasure.build(faceted).svg.tickLabels("chartc-axis-x").map(\.joined)
        #expect(!panelLabels.isEmpty && panelLabels.allSatisfy { ["0.01", "0.1", "1", "10", "100"].contains($0) }, "\(panelLabels)")
    }

    @Test func axisValuesOutsideTheDataStretchTheDomain() throws {
        let numbers = P.spec(
            P.values([["a": 12, "b": 1], ["a": 48, "b": 2]])
                + #", "mark": "point", "encoding": { "x": { "field": "a", "axis": { "values": [0, 100] } }, "y": { "field": "b" } }"#)
        let svg = try SVGMeasure.build(numbers).svg
        let labels = svg.tickLabels("chartc-axis-x")
        #expect(labels.map(\.joined) == ["0", "100"])
        // 0 and 100 are the plot's ends, and 12 sits 12% of the way along.
        let points = P.circles(svg).map(\.x).sorted()
        if let zero = labels.first?.x, let hundred = labels.last?.x, let first = points.first {
            #expect(abs((first - zero) / (hundred - zero) - 0.12) < 0.01, "12 is at \(first) on an axis from \(zero) to \(hundred)")
        }
        let dates = P.spec(
            P.values([["d": "2001-03-01T08:00:00Z", "b": 1], ["d": "2003-05-01T08:00:00Z", "b": 2]])
                + #", "mark": "line", "encoding": { "x": { "field": "d", "type": "temporal", "axis": { "values": ["2000-01-01", "2004-01-01"] } }, "y": { "field": "b" } }"#
        )
        #expect(try SVGMeasure.build(dates).svg.tickLabels("chartc-axis-x").map(\.joined) == ["2000", "2004"])
    }

    @Test func aDateRangeLabelPrintsTheYearWhenTheRangeCrossesOne() throws {
        func label(_ range: String, data: [[String: Any]], axis: String = "x") throws -> String {
            let other = axis == "x" ? "y" : "x"
            let spec = P.spec(
                P.values(data) + #", "mark": "point", "encoding": { ""# + axis + #"": { "field": "d", "type": "temporal" }, ""# + other
                    + #"": { "field": "b" } }, "annotations": [ { "type": "range", ""# + axis + #"": "# + range + #", "label": "{from} to {to}" } ]"#)
            let svg = try SVGMeasure.build(spec).svg
            return svg.groups("chartc-annotation\"").flatMap { SVGMeasure.texts(in: $0) }.map(\.joined).joined(separator: " ")
        }
        let years: [[String: Any]] = [["d": "2019-06-01", "b": 1], ["d": "2021-06-01", "b": 2]]
        #expect(try label(#"["2019-11-15", "2020-02-10"]"#, data: years) == "Nov 15, 2019 to Feb 10, 2020")
        #expect(try label(#"["2019-11-15", "2020-02-10"]"#, data: years, axis: "y") == "Nov 15, 2019 to Feb 10, 2020")
        let oneYear: [[String: Any]] = [["d": "2020-01-01", "b": 1], ["d": "2020-12-01", "b": 2]]
        #expect(try label(#"["2020-03-15", "2020-05-10"]"#, data: oneYear) == "Mar 15 to May 10")
        // A rule's `{value}` on an axis over several years names its year too ("Feb 10" alone: which one?).
        let rule = P.spec(
            P.values(years)
                + #", "mark": "line", "encoding": { "x": { "field": "d", "type": "temporal" }, "y": { "field": "b" } }, "annotations": [ { "type": "rule", "x": "2020-02-10", "label": "{value}" } ]"#
        )
        let ruleText = try SVGMeasure.build(rule).svg.groups("chartc-annotation\"").flatMap { SVGMeasure.texts(in: $0) }.map(\.joined)
        #expect(ruleText == ["Feb 10, 2020"])
    }
}
