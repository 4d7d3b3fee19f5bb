import ChartCommandLine
import Foundation
import Testing

@testable import chartc_devtools

/// SPEC §22 on the HTML page, in a real headless Chromium: a choropleth's regions show their name and formatted
/// value on hover and on keyboard focus, and the stepped legend's buttons highlight the regions of a step, fading
/// the others, the regions without a value among them; a symbol map's circles show their tooltips too.
@Suite(
    .serialized,
    .enabled(
        if: HeadlessChromium.executable != nil || ProcessInfo.processInfo.environment["CI"] == "true",
        "chromium is not installed (apt-get install chromium fonts-liberation); skipping the browser tests"))
struct MapHTMLBrowserTests {
    /// `chartc build SPEC --format html` in a scratch folder with `files` beside the spec, opened in Chromium.
    static func open(_ spec: String, files: [String: String] = [:]) throws -> (HeadlessChromium, BrowserPage) {
        let directory = try makeScratchDirectory()
        for (name, text) in files { try Data(text.utf8).write(to: directory.appendingPathComponent(name)) }
        let path = directory.appendingPathComponent("map.chart.json")
        try Data(spec.utf8).write(to: path)
        let console = BufferConsole()
        let status = Chartc.run(["build", path.path, "-o", directory.path, "--format", "html", "--offline"], console: console)
        try #require(status == 0, "\(console.error)")
        let browser = try HeadlessChromium()
        let page = try browser.openPage(width: 1000, height: 800)
        try page.load(directory.appendingPathComponent("map.html").path)
        return (browser, page)
    }

    /// Four states with a rate (two steps apart), the others without: a choropleth with a threshold legend.
    static let choropleth = """
        {
          "title": "Rates by state",
          "data": { "basemap": "us-states" },
          "lookup": { "data": { "url": "rates.csv", "parse": { "id": "string" } }, "on": "id", "key": "id", "fields": ["rate"] },
          "projection": { "type": "albersUsa" },
          "mark": "geoshape",
          "encoding": {
            "color": { "field": "rate", "title": "Rate", "format": ".0%", "scale": { "type": "threshold", "domain": [0.05, 0.1] } },
            "tooltip": [{ "field": "name", "title": "State" }, { "field": "rate", "format": ".1%" }]
          },
          "sources": [{ "title": "Made-up rates" }]
        }
        """
    static let rates = ["rates.csv": "id,rate\n48,0.042\n06,0.125\n12,0.071\n36,0.088\n"]

    static func tooltip(_ page: BrowserPage) throws -> String? {
        try page.string(
            "Array.from(document.querySelectorAll('.chartc-tooltip-heading, .chartc-tooltip dt, .chartc-tooltip dd'), e => e.textContent).join('|')")
    }

    @Test func hoveringARegionShowsItsNameAndValue() throws {
        let (_, page) = try Self.open(Self.choropleth, files: Self.rates)
        #expect(try page.bool("document.querySelector('.chartc-tooltip').hidden") == true)
        let texas = try #require(try page.center(".chartc-view-wide path.chartc-region[data-id=\"48\"]"))
        try page.moveMouse(x: texas.x, y: texas.y)
        #expect(try page.bool("document.querySelector('.chartc-tooltip').hidden") == false)
        #expect(try Self.tooltip(page) == "State|Texas|rate|4.2%")
        // A state without a value says so with a dash, as every chart's tooltip does.
        let nevada = try #require(try page.center(".chartc-view-wide path.chartc-region[data-id=\"32\"]"))
        try page.moveMouse(x: nevada.x, y: nevada.y)
        #expect(try Self.tooltip(page) == "State|Nevada|rate|\u{2013}")
        #expect(page.problems == [])
    }

    @Test func aStepsButtonHighlightsItsRegionsAndFadesTheRest() throws {
        let (_, page) = try Self.open(Self.choropleth, files: Self.rates)
        let opacity = { (id: String) throws -> String? in
            try page.string("getComputedStyle(document.querySelector('.chartc-view-wide path.chartc-region[data-id=\"\(id)\"]')).opacity")
        }
        // Texas 4.2% is in the lowest step, California 12.5% in the top one, Nevada has no value.
        #expect(try page.string("document.querySelector('.chartc-view-wide path.chartc-region[data-id=\"48\"]').getAttribute('data-step')") == "0")
        #expect(try page.string("document.querySelector('.chartc-view-wide path.chartc-region[data-id=\"06\"]').getAttribute('data-step')") == "2")
        #expect(try page.string("document.querySelector('.chartc-view-wide path.chartc-region[data-id=\"32\"]').getAttribute('data-step')") == "none")
        #expect(try opacity("48") == "1")
        let top = try #require(try page.center(".chartc-view-wide rect.chartc-legend-step[data-step=\"2\"]"))
        try page.click(x: top.x, y: top.y)
        #expect(try opacity("06") == "1")
        #expect(try opacity("48") == "0.15")
        #expect(try opacity("32") == "0.15") // no value: not in the highlighted step either
        // The "No data" swatch is in the legend, and is no button.
        #expect(try page.number("document.querySelectorAll('.chartc-view-wide rect.chartc-legend-missing').length") == 1)
        #expect(try page.number("document.querySelectorAll('.chartc-view-wide button.chartc-step-toggle').length") == 3)
        // Pressing it again shows every region.
        try page.click(x: top.x, y: top.y)
        #expect(try opacity("48") == "1")
        #expect(try opacity("32") == "1")
        #expect(page.problems == [])
    }

    @Test func aSymbolMapsCirclesShowTheirTooltips() throws {
        let spec = """
            {
              "title": "Two airports",
              "data": { "basemap": "us-states" },
              "projection": { "type": "albersUsa" },
              "layers": [
                { "mark": { "type": "geoshape", "color": "#cccccc" } },
                {
                  "data": { "values": [
                    { "name": "Chicago O'Hare", "longitude": -87.9048, "latitude": 41.9786, "flights": 17283 },
                    { "name": "Atlanta", "longitude": -84.4281, "latitude": 33.6367, "flights": 17215 }
                  ] },
                  "mark": "point",
                  "encoding": {
                    "longitude": { "field": "longitude" }, "latitude": { "field": "latitude" },
                    "size": { "field": "flights" },
                    "tooltip": [{ "field": "name" }, { "field": "flights", "format": "," }]
                  }
                }
              ],
              "sources": [{ "title": "Made-up counts" }]
            }
            """
        let (_, page) = try Self.open(spec)
        let circle = try #require(try page.center(".chartc-view-wide circle[data-row]"))
        try page.moveMouse(x: circle.x, y: circle.y)
        #expect(try page.bool("document.querySelector('.chartc-tooltip').hidden") == false)
        #expect(try Self.tooltip(page) == "name|Chicago O'Hare|flights|17,283")
        #expect(page.problems == [])
    }
}
