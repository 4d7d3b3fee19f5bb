import Foundation
import Testing

/// SPEC §19.8, measured on the built SVG: a band or point axis names every category (never thinned), the plot
/// grows 20 px a category without an explicit size (`{ "step": N }` to choose), labels wrap only at spaces and
/// a label still too long ends in "…" with its whole text in a `<title>`; the HTML page's narrow layout too.
@Suite struct CategoryLabelsEndToEndTests {
    static let cars = (1...60).map { "Car model number \($0) deluxe" }

    static func barChart(_ keys: [String], extra: String = "", vertical: Bool = false) -> String {
        let values = keys.indices.map { Double(($0 * 37) % 50 + 5) }
        let encoding =
            vertical
            ? #""x": { "field": "k", "type": "nominal" }, "y": { "field": "v" }"#
            : #""y": { "field": "k", "type": "nominal" }, "x": { "field": "v" }"#
        return """
            { "title": "t", "data": { "values": \(SVGMeasure.rows(keys, values: values)) }, "mark": "bar",
              "encoding": { \(encoding) }\(extra) }
            """
    }

    /// Every category's label once, whole or shortened with its title.
    static func expectEveryLabel(_ labels: [SVGMeasure.Text], _ keys: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let named = labels.map { $0.title ?? $0.joined }
        for key in keys {
            #expect(named.contains(key), "no label for \(key)", sourceLocation: sourceLocation)
        }
        #expect(labels.count == keys.count, "\(labels.count) labels for \(keys.count) categories", sourceLocation: sourceLocation)
    }

    @Test func sixtyCarNamesAreAllLabelledAndThePlotGrows20PxEach() throws {
        let built = try SVGMeasure.build(Self.barChart(Self.cars)).svg
        let labels = built.tickLabels("chartc-axis-y")
        Self.expectEveryLabel(labels, Self.cars)
        let ys = labels.map(\.y).sorted()
        let gaps = zip(ys.dropFirst(), ys).map { $0 - $1 }
        for gap in gaps { #expect(abs(gap - 20) < 0.6, "labels \(gap) px apart, not 20") }
        #expect(built.height > 60 * 20)
    }

    @Test func aStepOf28GivesEachCategory28Px() throws {
        let keys = ["North", "South", "East", "West", "Centre"]
        let built = try SVGMeasure.build(Self.barChart(keys, extra: #", "height": { "step": 28 }"#)).svg
        let labels = built.tickLabels("chartc-axis-y")
        Self.expectEveryLabel(labels, keys)
        let ys = labels.map(\.y).sorted()
        for (a, b) in zip(ys.dropFirst(), ys) { #expect(abs((a - b) - 28) < 0.6) }
        // The plot is exactly as tall as its categories: the bars' band is 28 px a step.
        let bars = built.rects(inside: "chartc-marks")
        #expect(bars.count == keys.count)
    }

    @Test func anExplicitHeightStillNamesEveryCategory() throws {
        let keys = (1...10).map { "Variety \($0)" }
        let built = try SVGMeasure.build(Self.barChart(keys, extra: #", "height": 150"#)).svg
        Self.expectEveryLabel(built.tickLabels("chartc-axis-y"), keys)
    }

    @Test func fourCategoriesAt320PxAreAllNamed() throws {
        let keys = ["Agriculture and forestry", "Manufacturing", "Construction", "Professional and business services"]
        let built = try SVGMeasure.build(Self.barChart(keys, extra: #", "width": 320"#, vertical: true)).svg
        let labels = built.tickLabels("chartc-axis-x")
        Self.expectEveryLabel(labels, keys)
    }

    @Test func labelsWrapOnlyAtSpacesNeverInsideANumberOrADate() throws {
        let keys = ["2000", "1900–1910", "1911–1920", "Before 1900 and after", "2001", "2002", "2003", "2004"]
        let built = try SVGMeasure.build(Self.barChart(keys, extra: #", "width": 200"#, vertical: true)).svg
        let labels = built.tickLabels("chartc-axis-x")
        Self.expectEveryLabel(labels, keys)
        for label in labels {
            let words = Set(label.title.map { $0.split(separator: " ").map(String.init) } ?? label.joined.split(separator: " ").map(String.init))
            for line in label.lines {
                for word in line.split(separator: " ") where !word.hasSuffix("…") {
                    #expect(words.contains(String(word)), "'\(word)' is part of a word of \(label.title ?? label.joined)")
                }
            }
        }
    }

    @Test func aLabelTooLongEndsInAnEllipsisWithItsTitle() throws {
        let long = "Supercalifragilisticexpialidociousandthensomemoretext"
        let keys = ["A", "B", long]
        let built = try SVGMeasure.build(Self.barChart(keys, extra: #", "width": 300"#)).svg
        let labels = built.tickLabels("chartc-axis-y")
        Self.expectEveryLabel(labels, keys)
        let shortened = try #require(labels.first { $0.title == long })
        #expect(shortened.joined.hasSuffix("…"))
        #expect(built.svg.contains("<title>" + long + "</title>"))
    }

    @Test func everyPanelNamesEveryVariety() throws {
        var rows: [String] = []
        let varieties = ["Manchuria", "Glabron", "Svansota", "Velvet", "Trebi", "No. 457", "No. 462", "Peatland", "No. 475", "Wisconsin No. 38"]
        for site in ["Morris", "Crookston", "Waseca"] {
            for (index, variety) in varieties.enumerated() {
                rows.append(#"{ "site": "\#(site)", "variety": "\#(variety)", "yield": \#(20 + index) }"#)
            }
        }
        let spec = """
            { "title": "t", "data": { "values": [\(rows.joined(separator: ", "))] }, "mark": "point",
              "encoding": { "x": { "field": "yield" }, "y": { "field": "variety" } },
              "facet": { "field": "site", "columns": 3, "y": "independent" }, "height": 120 }
            """
        let built = try SVGMeasure.build(spec).svg
        let panels = built.groups("chartc-panel\"")
        #expect(panels.count == 3)
        for panel in panels {
            Self.expectEveryLabel(built.tickLabels("chartc-axis-y", in: panel), varieties)
        }
    }

    @Test func theNarrowPageNamesEveryFilm() throws {
        let films = (1...10).map { "The film number \($0)" }
        let spec = Self.barChart(films, extra: #", "width": 800"#)
        let page = try #require(try SVGMeasure.build(spec, html: true).html)
        let measure = SVGMeasure(svg: page)
        let narrow = try #require(narrowView(page), "the page has no narrow layout")
        Self.expectEveryLabel(measure.tickLabels("chartc-axis-y", in: narrow), films)
    }

    /// The narrow view's markup: from its `<div>` to the next view's.
    private func narrowView(_ page: String) -> String? {
        guard let start = page.range(of: "<div class=\"chartc-view chartc-view-narrow\"") else { return nil }
        let rest = page[start.upperBound...]
        let end = rest.range(of: "<div class=\"chartc-view ")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }
}
