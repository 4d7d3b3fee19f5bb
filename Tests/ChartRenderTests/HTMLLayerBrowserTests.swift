import ChartData
import ChartDiagnostics
import ChartLayout
import ChartPipeline
import ChartSemantics
import ChartSpec
import Foundation
import Testing
@testable import ChartRender
@testable import chartc_devtools

/// A layered chart's page (SPEC §11) in headless Chromium: a legend button hides its series in every layer, and
/// each layer's marks show their own row's fields once, without the fields of other layers.
extension HTMLBrowserTests {
    static func layeredPage() throws -> String {
        let rows =
            #"[{ "year": 2019, "s": "A", "v": 10 }, { "year": 2020, "s": "A", "v": 30 }, { "year": 2021, "s": "A", "v": 20 }, { "year": 2019, "s": "B", "v": 5 }, { "year": 2020, "s": "B", "v": 12 }, { "year": 2021, "s": "B", "v": 48 }]"#
        let text = #"""
            { "title": "Layers", "data": { "values": \#(rows) },
              "encoding": { "x": { "field": "year", "type": "temporal" }, "y": { "field": "v" }, "color": { "field": "s" } },
              "layers": [
                { "mark": "line" },
                { "mark": "point", "filter": "year == 2021" },
                { "mark": "point", "groupBy": ["year"], "aggregate": { "total": "sum(v)" }, "encoding": { "y": { "field": "total" }, "color": null } }
              ] }
            """#
        let parsed = SpecParser.parse(SourceFile(path: "/charts/layers.chart.json", text: text))
        let spec = try #require(parsed.spec, "\(parsed.diagnostics.map(\.message))")
        let output = try Pipeline.runLayers(spec: spec, context: .standard())
        let chart = try ChartLayoutEngine.check(spec, table: output.top.table, layers: output.layerTables)
        return HTMLWriter.write(try ChartLayoutEngine.page(chart: chart, table: output.top.table, name: "layers"))
    }

    @Test func aLayeredPageTogglesEveryLayerAndShowsEachRowsFieldsOnce() throws {
        let (_, page, _) = try open(try Self.layeredPage())
        #expect(page.problems == [])
        let shown = { (series: String) throws -> [String] in
            let script =
                "Array.from(document.querySelectorAll('.chartc-view-wide .chartc-marks .chartc-series[data-series=\"\(series)\"]'), e => getComputedStyle(e).display).join(',')"
            return (try page.string(script) ?? "").split(separator: ",").map(String.init)
        }
        // Series B is drawn by the line and the point layer; one legend entry stands for both.
        #expect(try shown("B") == ["inline", "inline"])
        #expect(try page.number("document.querySelectorAll('.chartc-view-wide .chartc-legend-item[data-series=\"B\"]').length") == 1)
        let entry = try center(page, ".chartc-view-wide .chartc-legend-item[data-series=\"B\"] text")
        try page.click(x: entry.x, y: entry.y)
        #expect(try shown("B") == ["none", "none"])
        #expect(try shown("A") == ["inline", "inline"])
        try page.click(x: entry.x, y: entry.y)
        #expect(try shown("B") == ["inline", "inline"])

        let tooltip =
            "Array.from(document.querySelectorAll('.chartc-tooltip-heading, .chartc-tooltip dt, .chartc-tooltip dd'), e => e.textContent).join('|')"
        // Layer 1's first row (A in 2021) follows layer 0's six rows.
        let point = try center(page, ".chartc-view-wide circle[data-row=\"6\"]")
        try page.moveMouse(x: point.x, y: point.y)
        #expect(try page.string(tooltip) == "A|year|2021|v|20")
        // Layer 2's totals: its own fields, no dash for the fields only other layers show.
        let total = try center(page, ".chartc-view-wide circle[data-row=\"8\"]")
        try page.moveMouse(x: total.x, y: total.y)
        #expect(try page.string(tooltip) == "year|2019|total|15")
        #expect(page.problems == [])
    }
}
