import Foundation
import Testing

/// SPEC §19.8 in small multiples, measured on the built SVG: panels with 40 categories along x grow 20 px a
/// category (`"width": { "step": N }` to choose) instead of shortening every name to "…"; with a fixed width the
/// chart turns on its side (bars, points) or wraps its panels into fewer columns (lines); the phone layout names
/// every category too.
@Suite struct PanelCategoriesEndToEndTests {
    static let items = (1...40).map { "Item \($0)" }
    static let sites = ["North", "South", "East"]

    /// A faceted chart of `mark` with 40 categories per panel, on x (`vertical`) or y.
    static func spec(mark: String = "bar", vertical: Bool = true, facet: String = "", extra: String = "") -> String {
        var rows: [String] = []
        for (siteIndex, site) in sites.enumerated() {
            for (index, item) in items.enumerated() {
                rows.append(#"{ "g": "\#(site)", "k": "\#(item)", "v": \#((index * 37 + siteIndex * 11) % 50 + 5) }"#)
            }
        }
        let encoding =
            vertical
            ? #""x": { "field": "k", "type": "nominal" }, "y": { "field": "v" }"#
            : #""y": { "field": "k", "type": "nominal" }, "x": { "field": "v" }"#
        return """
            { "title": "t", "data": { "values": [\(rows.joined(separator: ", "))] }, "mark": "\(mark)",
              "encoding": { \(encoding) }, "facet": { "field": "g"\(facet) }\(extra) }
            """
    }

    /// Each panel that prints this axis's labels names all 40 items, whole (no "…"), at least `step` px apart; at
    /// least one panel prints them. Returns how many panels do.
    @discardableResult
    static func expectWholeNames(
        _ measure: SVGMeasure, axis: String, in source: String? = nil, step: Double = 19.4, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Int {
        var printing = 0
        for panel in measure.groups("chartc-panel\"", in: source) {
            let labels = measure.tickLabels(axis, in: panel)
            guard !labels.isEmpty else { continue }
            printing += 1
            #expect(
                labels.count == items.count && Set(labels.map(\.joined)) == Set(items), "panel names \(labels.map(\.joined))",
                sourceLocation: sourceLocation)
            for label in labels {
                #expect(label.title == nil && !label.joined.hasSuffix("…"), "\(label.joined) is shortened", sourceLocation: sourceLocation)
            }
            let positions = labels.map { axis == "chartc-axis-x" ? $0.x : $0.y }.sorted()
            for (a, b) in zip(positions.dropFirst(), positions) {
                #expect(a - b >= step, "categories \(a - b) px apart", sourceLocation: sourceLocation)
            }
        }
        #expect(printing > 0, "no panel names the categories", sourceLocation: sourceLocation)
        return printing
    }

    @Test func panelsGrow20PxACategoryWithoutAWidth() throws {
        let built = try SVGMeasure.build(Self.spec(facet: #", "x": "independent""#)).svg
        #expect(Self.expectWholeNames(built, axis: "chartc-axis-x") == 3)
        #expect(built.width > 40 * 20)
        #expect(built.rects(inside: "chartc-marks").count == 3 * 40)
    }

    @Test func horizontalBarsGrowDownThePage() throws {
        let built = try SVGMeasure.build(Self.spec(vertical: false, facet: #", "y": "independent""#)).svg
        #expect(Self.expectWholeNames(built, axis: "chartc-axis-y") == 3)
        #expect(built.width == 640)
    }

    @Test func pointsOnABandAxisKeepTheWrittenColumns() throws {
        let built = try SVGMeasure.build(Self.spec(mark: "point", facet: #", "columns": 2"#)).svg
        Self.expectWholeNames(built, axis: "chartc-axis-x")
        // Two panels side by side, each 40 × 20 px wide at least: the graphic grows to hold them.
        #expect(built.width > 2 * 40 * 20)
    }

    @Test func aWidthStepGivesEachCategoryExactlyThatStep() throws {
        let built = try SVGMeasure.build(Self.spec(facet: #", "columns": 3"#, extra: #", "width": { "step": 30 }"#)).svg
        for panel in built.groups("chartc-panel\"") {
            let xs = built.tickLabels("chartc-axis-x", in: panel).map(\.x).sorted()
            for (a, b) in zip(xs.dropFirst(), xs) { #expect(abs((a - b) - 30) < 0.6, "categories \(a - b) px apart, not 30") }
        }
        Self.expectWholeNames(built, axis: "chartc-axis-x", step: 29.4)
    }

    @Test func aFixedWidthTooNarrowTurnsBarsOnTheirSide() throws {
        let built = try SVGMeasure.build(Self.spec(facet: #", "columns": 3"#, extra: #", "width": 900"#)).svg
        #expect(built.width == 900)
        // The categories run down the y axis, 20 px each; the bars lie along x.
        Self.expectWholeNames(built, axis: "chartc-axis-y")
        #expect(built.tickLabels("chartc-axis-x").allSatisfy { Double($0.joined) != nil })
        #expect(built.height > 40 * 20)
    }

    @Test func aFixedWidthWrapsLinesIntoFewerColumns() throws {
        let built = try SVGMeasure.build(Self.spec(mark: "line", facet: #", "x": "independent""#, extra: #", "width": 900"#)).svg
        #expect(built.width == 900)
        // A line does not read the same on its side: one column of three panels, every name whole (upright).
        #expect(Self.expectWholeNames(built, axis: "chartc-axis-x", step: 14.4) == 3)
        let panels = built.groups("chartc-panel\"")
        let lefts = panels.map { built.tickLabels("chartc-axis-x", in: $0).map(\.x).min() ?? 0 }
        #expect(Set(lefts.map { Int($0.rounded()) }).count == 1, "panels side by side: \(lefts)")
    }

    /// Eight long department names under three panels at 640 px were all "Depa…": the bars turn on their side,
    /// where each name has a row's width.
    @Test func longNamesAlongXTurnTheBarsRatherThanShortenEveryName() throws {
        let departments = ["Agriculture and Rural Affairs", "Health and Human Services", "Transportation", "Education", "Energy", "Justice"]
            .map { "Department of \($0)" }
        var rows: [String] = []
        for year in [2021, 2022, 2023] {
            for (index, name) in departments.enumerated() { rows.append(#"{ "year": \#(year), "dept": "\#(name)", "spend": \#(index * 7 + 10) }"#) }
        }
        let spec = """
            { "title": "t", "data": { "values": [\(rows.joined(separator: ", "))] }, "mark": "bar",
              "encoding": { "x": { "field": "dept", "type": "nominal" }, "y": { "field": "spend" } }, "facet": { "field": "year" }, "width": 640 }
            """
        let built = try SVGMeasure.build(spec).svg
        #expect(built.width == 640)
        let names = built.tickLabels("chartc-axis-y")
        #expect(!names.isEmpty)
        #expect(Set(names.map { $0.title ?? $0.joined }) == Set(departments))
        #expect(names.filter { $0.title != nil }.isEmpty, "shortened: \(names.filter { $0.title != nil }.map(\.joined))")
    }

    @Test func theNarrowPageNamesEveryCategoryOfEveryPanel() throws {
        let page = try #require(try SVGMeasure.build(Self.spec(facet: #", "columns": 3"#), html: true).html)
        let start = try #require(page.range(of: "<div class=\"chartc-view chartc-view-narrow\""), "the page has no narrow layout")
        let rest = page[start.upperBound...]
        let narrow = String(rest[..<(rest.range(of: "<div class=\"chartc-view ")?.lowerBound ?? rest.endIndex)])
        let measure = SVGMeasure(svg: page)
        // On a phone the panels stack and turn: the categories run down each panel's y axis.
        #expect(Self.expectWholeNames(measure, axis: "chartc-axis-y", in: narrow) == 3)
        let svgTag = try #require(narrow.range(of: "<svg"))
        let width = SVGMeasure.attribute("width", in: String(narrow[svgTag.lowerBound...].prefix(400)))
        #expect(width == 320)
    }
}
