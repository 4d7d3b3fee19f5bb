import Foundation
import Testing

/// SPEC §19.8, the room category names get, measured on the built SVG: small multiples give long y names the
/// label column they need (wrapped at spaces, each panel's step growing for every line) instead of cutting
/// them to "Department of…"; a `width` written is the width drawn for every mark on a band or point axis,
/// with and without panels; a step below a line of text turns the names upright instead of shortening them.
@Suite struct CategoryRoomEndToEndTests {
    static let agencies = [
        "Department of Housing and Urban Development", "Department of Health and Human Services", "Department of Veterans Affairs",
        "Environmental Protection Agency", "Department of Transportation", "National Aeronautics and Space Administration"
    ]

    /// Horizontal bars of the six agencies in six yearly panels.
    static func agencyPanels(facet: String = "", extra: String = "") -> String {
        var rows: [String] = []
        for year in 2018...2023 {
            for (index, name) in agencies.enumerated() {
                rows.append(#"{ "year": \#(year), "agency": "\#(name)", "spend": \#((index * 37 + year) % 90 + 5) }"#)
            }
        }
        return """
            { "title": "t", "data": { "values": [\(rows.joined(separator: ", "))] }, "mark": "bar",
              "encoding": { "y": { "field": "agency" }, "x": { "field": "spend" } }, "facet": { "field": "year"\(facet) }\(extra) }
            """
    }

    /// Every panel printing y labels names every agency whole, on one to three lines, and neighbouring names are
    /// at least as far apart as their lines are tall.
    static func expectWholeAgencies(_ built: SVGMeasure, sourceLocation: SourceLocation = #_sourceLocation) {
        var printing = 0
        for panel in built.groups("chartc-panel\"") {
            let labels = built.tickLabels("chartc-axis-y", in: panel)
            guard !labels.isEmpty else { continue }
            printing += 1
            #expect(Set(labels.map(\.joined)) == Set(agencies), "names: \(labels.map(\.joined))", sourceLocation: sourceLocation)
            for label in labels {
                #expect(label.title == nil && !label.joined.contains("…"), "\(label.joined) is shortened", sourceLocation: sourceLocation)
                #expect((1...3).contains(label.lines.count), "\(label.joined) on \(label.lines.count) lines", sourceLocation: sourceLocation)
            }
            let sorted = labels.sorted { $0.y < $1.y }
            for (above, below) in zip(sorted, sorted.dropFirst()) {
                // A label's y is its first baseline; its lines are 14 px apart at the default 12 px.
                #expect(
                    below.y - above.y >= Double(above.lines.count) * 13, "\(above.joined) runs into \(below.joined)", sourceLocation: sourceLocation)
            }
        }
        #expect(printing > 0, "no panel names the agencies", sourceLocation: sourceLocation)
    }

    @Test func longNamesDownYInThreeColumnsWrapInsteadOfEndingInAnEllipsis() throws {
        let built = try SVGMeasure.build(Self.agencyPanels(facet: #", "columns": 3"#)).svg
        Self.expectWholeAgencies(built)
        #expect(built.width == 640)
        // Some names need two lines at this width: the column did not simply take the longest name's width.
        #expect(built.tickLabels("chartc-axis-y").contains { $0.lines.count > 1 })
    }

    @Test func independentYAxesEachWrapTheirNames() throws {
        let built = try SVGMeasure.build(Self.agencyPanels(facet: #", "y": "independent""#)).svg
        Self.expectWholeAgencies(built)
        #expect(built.width == 640)
    }

    @Test func aFixedWidthNarrowsThePlotsForTheLabelColumn() throws {
        let built = try SVGMeasure.build(Self.agencyPanels(facet: #", "columns": 3"#, extra: #", "width": 500"#)).svg
        Self.expectWholeAgencies(built)
        #expect(built.width == 500)
    }

    /// The barley trellis on a phone (examples/barley, 320 px): a written panel height leaves each variety one line,
    /// so "Wisconsin No. 38" takes a wider label column on one line instead of being wrapped to three lines that do
    /// not fit and cut to "Wisconsin…".
    @Test func aWrittenPanelHeightGivesNamesAWiderColumnOnFewerLines() throws {
        let varieties = ["Trebi", "Wisconsin No. 38", "No. 457", "Glabron", "Peatland", "Velvet", "No. 475", "Manchuria", "No. 462", "Svansota"]
        var rows: [String] = []
        for site in ["Waseca", "Crookston", "Morris"] {
            for (index, name) in varieties.enumerated() {
                rows.append(#"{ "site": "\#(site)", "variety": "\#(name)", "yield": \#(20 + index * 3) }"#)
            }
        }
        let spec = """
            { "title": "t", "data": { "values": [\(rows.joined(separator: ", "))] }, "mark": "point",
              "encoding": { "y": { "field": "variety" }, "x": { "field": "yield" } },
              "facet": { "field": "site", "columns": 1 }, "width": 320, "height": 170 }
            """
        let built = try SVGMeasure.build(spec).svg
        let labels = built.tickLabels("chartc-axis-y")
        #expect(Set(labels.map(\.joined)) == Set(varieties), "names: \(labels.map(\.joined))")
        for label in labels { #expect(label.title == nil && !label.joined.contains("…") && label.lines.count == 1, "\(label.joined)") }
        #expect(built.width == 320)
    }

    /// Forty categories along x for `mark`, in two panels when `faceted`, at a written width.
    static func fortyCategories(mark: String, faceted: Bool, width: Int) -> String {
        var rows: [String] = []
        for group in ["A", "B"] {
            for index in 0..<40 { rows.append(#"{ "g": "\#(group)", "k": "Category \#(index)", "v": \#((index * 37) % 50 + 5) }"#) }
        }
        var encoding = #""x": { "field": "k", "type": "nominal" }, "y": { "field": "v" }"#
        if mark == "text" { encoding += #", "text": { "field": "v" }"# }
        let facet = faceted ? #", "facet": { "field": "g" }"# : ""
        return """
            { "title": "t", "data": { "values": [\(rows.joined(separator: ", "))] }, "mark": "\(mark)", "width": \(width),
              "encoding": { \(encoding) }\(facet) }
            """
    }

    /// A fixed-width 700 px area chart of 40 categories drew 702 px wide: the plot took a line of text per category
    /// and grew past the width. Every mark on a band or point axis, with and without panels, is exactly as wide
    /// as written, and still names all 40 categories.
    @Test(arguments: ["area", "bar", "line", "point", "tick", "rect", "text", "rule"])
    func aWrittenWidthIsTheWidthDrawn(mark: String) throws {
        for faceted in [false, true] {
            for width in [700, 333] {
                let built = try SVGMeasure.build(Self.fortyCategories(mark: mark, faceted: faceted, width: width)).svg
                #expect(built.width == Double(width), "\(mark), faceted: \(faceted), \(width) px drew \(built.width) px")
                // With panels the chart may turn on its side: the categories then run down y.
                let labels = built.tickLabels("chartc-axis-x") + built.tickLabels("chartc-axis-y")
                let names = Set(labels.map { $0.title ?? $0.joined })
                #expect((0..<40).allSatisfy { names.contains("Category \($0)") }, "\(mark), faceted: \(faceted), \(width) px: \(names.count) names")
                #expect(labels.allSatisfy { $0.title == nil }, "\(mark), faceted: \(faceted), \(width) px shortens names")
            }
        }
    }

    /// `"width": { "step": 12 }` turned every name into "…": below a line of text the names stand upright (as
    /// Vega-Lite and Datawrapper turn them), whole, and the bottom margin holds them.
    @Test func aStepBelowALineOfTextTurnsTheNamesUpright() throws {
        let values = Self.agencies.enumerated().map { #"{ "k": "\#($1)", "v": \#($0 * 13 + 5) }"# }
        let spec = """
            { "title": "t", "data": { "values": [\(values.joined(separator: ", "))] }, "mark": "bar", "width": { "step": 12 },
              "encoding": { "x": { "field": "k", "type": "nominal" }, "y": { "field": "v" } } }
            """
        let built = try SVGMeasure.build(spec).svg
        let labels = built.tickLabels("chartc-axis-x")
        #expect(Set(labels.map(\.joined)) == Set(Self.agencies))
        #expect(labels.allSatisfy { $0.rotated && $0.title == nil && !$0.joined.contains("…") })
        // The plot's bars stand 12 px apart.
        let xs = built.rects(inside: "chartc-marks").map(\.x).sorted()
        for (a, b) in zip(xs, xs.dropFirst()) { #expect(abs((b - a) - 12) < 0.6) }
        // The bottom margin holds the longest name (over 200 px upright): the axis title sits below it.
        let axisY = try #require(labels.map(\.y).min())
        let title = try #require(built.axisLabels("chartc-axis-x").first { $0.joined == "k" })
        #expect(title.y - axisY > 200)
    }

    /// SPEC §19.4: an area on a quantitative x and a nominal y joins its categories down y and fills each one out to
    /// the quantitative baseline (x = 0 at the plot's left edge), its width the category's value.
    @Test func anAreaOnAQuantitativeXAndANominalYFillsTowardTheBaseline() throws {
        let spec = """
            { "title": "t", "data": { "values": \(SVGMeasure.rows(["North", "South", "East", "West"], values: [12, 30, 7, 21])) }, "mark": "area",
              "encoding": { "x": { "field": "v" }, "y": { "field": "k", "type": "nominal" } } }
            """
        let built = try SVGMeasure.build(spec).svg
        let fill = try #require(built.paths(inside: "chartc-marks").first)
        let points = SVGMeasure.vertices(fill)
        try #require(points.count == 8, "\(fill)")
        let upper = points.prefix(4)
        let lower = points.suffix(4)
        #expect(lower.allSatisfy { abs($0.x) < 0.01 }, "the fill's lower edge is not the baseline: \(lower)")
        #expect(Set(upper.map { ($0.y * 100).rounded() }) == Set(lower.map { ($0.y * 100).rounded() }))
        let widest = try #require(upper.map(\.x).max())
        let ratios = upper.map { $0.x / widest }
        for (ratio, value) in zip(ratios, [12.0, 30, 7, 21]) { #expect(abs(ratio - value / 30) < 0.01, "\(ratios)") }
    }
}
