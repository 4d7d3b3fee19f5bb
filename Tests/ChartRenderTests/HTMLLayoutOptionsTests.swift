import Testing
import ChartLayout
@testable import ChartRender

/// The interactive layout adds to the static one and changes nothing for `--format svg`.
@Suite struct HTMLLayoutOptionsTests {
    func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test func staticLayoutLeavesHiddenSeriesOutAndTagsNothing() throws {
        let chart = try HTMLSpecs.polarization()
        let svg = SVGWriter.write(try ChartLayoutEngine.layout(spec: chart.spec, table: chart.table))
        #expect(svg == SVGWriter.write(try ChartLayoutEngine.layout(spec: chart.spec, table: chart.table, options: LayoutOptions())))
        #expect(!svg.contains("data-series=\"Congress\""))
        #expect(!svg.contains("data-row="))
        #expect(!svg.contains("data-hidden="))
        #expect(!svg.contains("chartc-hover-point"))
    }

    @Test func interactiveLayoutKeepsHiddenSeriesAndTagsEveryValue() throws {
        let chart = try HTMLSpecs.polarization()
        let scene = try ChartLayoutEngine.layout(spec: chart.spec, table: chart.table, options: .interactive)
        let svg = SVGWriter.write(scene)
        #expect(svg.contains("<g class=\"chartc-series\" data-series=\"Congress\" data-hidden=\"true\">"))
        #expect(svg.contains("<g class=\"chartc-legend-item\" data-series=\"Congress\" data-hidden=\"true\">"))
        #expect(svg.contains("<g class=\"chartc-series\" data-series=\"Democrats\">"))
        // One invisible point per value, 38 years × 3 parties, each tagged with its row once.
        #expect(count("class=\"chartc-hover-point\"", in: svg) == 114)
        for row in [0, 1, 57, 113] {
            #expect(count("data-row=\"\(row)\"", in: svg) == 1)
        }
        #expect(LegendToggles(scene: scene).toggles.map(\.series) == ["Democrats", "Republicans", "Congress"])
        #expect(LegendToggles(scene: scene).toggles.map(\.startsHidden) == [false, false, true])
    }

    @Test func barsCarryTheirRows() throws {
        let chart = try HTMLSpecs.weekdays()
        let svg = SVGWriter.write(try ChartLayoutEngine.layout(spec: chart.spec, table: chart.table, options: .interactive))
        #expect(count("class=\"chartc-bar\" data-row=", in: svg) == 6)
        #expect(!svg.contains("chartc-hover-point"))
    }

    @Test func pagesFromSpecsAreDeterministicAndHaveBothLayouts() throws {
        let chart = try HTMLSpecs.polarization()
        let page = try chart.page()
        #expect(page == (try chart.page()))
        #expect(page.contains("<div class=\"chartc-view chartc-view-narrow\">"))
        #expect(page.contains("viewBox=\"0 0 320 "))
        #expect(page.contains("download=\"polarization.csv\""))
        // A chart already narrow gets one layout.
        var small = chart
        small.spec.width = .init(400, at: nil)
        #expect(!(try small.page()).contains("chartc-view-narrow\">"))
    }

    /// specs/reference.md, "The narrow layout": a second layout 320 px wide only for charts wider than 416 px,
    /// shown below 80% of the chart's width, scaled up to 480 px.
    @Test func theNarrowLayoutAsTheReferenceDescribesIt() throws {
        var chart = try HTMLSpecs.polarization()
        chart.spec.width = .init(416, at: nil)
        #expect(!(try chart.page()).contains("chartc-view-narrow\">"))
        chart.spec.width = .init(417, at: nil)
        let page = try chart.page()
        #expect(page.contains("<div class=\"chartc-view chartc-view-narrow\">"))
        #expect(page.contains("viewBox=\"0 0 320 "))
        #expect(page.contains("@container (max-width: 333.98px) {\n")) // 0.8 × 417, rounded
        #expect(page.contains(".chartc-view-narrow { display: block; max-width: 480px; margin: 0 auto; }"))
    }

    @Test func chartNames() {
        #expect(HTMLWriter.chartName(of: "charts/sales.chart.json") == "sales")
        #expect(HTMLWriter.chartName(of: "a/b.json") == "b")
        #expect(HTMLWriter.chartName(of: "plain") == "plain")
        #expect(HTMLWriter.chartName(of: ".chart.json") == ".chart")
    }
}
