import ChartCommandLine
import Foundation
import Testing

/// A map written as Vega-Lite writes one — the sphere, a graticule and the countries, each layer with its own
/// `data` and no top-level `data` — builds and lints, and its HTML page's "Get the data" holds the countries'
/// `id` and `name`, not the index that points each row at its shape.
@Suite struct MapLayersWithOwnDataTests {
    static let globe = """
        { "title": "The world from above Europe",
          "layers": [
            { "data": { "sphere": true }, "mark": { "type": "geoshape", "color": "#e8f0f8" } },
            { "data": { "graticule": { "step": [15, 15] } }, "mark": { "type": "geoshape", "color": "#bbbbbb" } },
            { "data": { "basemap": "world" }, "mark": "geoshape" }
          ],
          "projection": { "type": "orthographic", "rotate": [-10, -30, 0] } }
        """

    @Test func aMapWhoseLayersEachReadTheirOwnDataBuildsAndOffersTheCountries() throws {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("globe.chart.json")
        try Data(Self.globe.utf8).write(to: path)
        let console = BufferConsole()
        let status = Chartc.run(["build", path.path, "-o", directory.path, "--format", "svg,html", "--offline"], console: console)
        #expect(status == 0, "\(console.output + console.error)")
        let svg = try String(contentsOf: directory.appendingPathComponent("globe.svg"), encoding: .utf8)
        #expect(svg.contains(#"class="chartc-region" data-id="250""#), "France faces the reader and is drawn")
        #expect(!svg.contains(#"data-id="036""#), "Australia is on the far side of the globe")
        let html = try String(contentsOf: directory.appendingPathComponent("globe.html"), encoding: .utf8)
        #expect(html.contains("data:text/csv;charset=utf-8,id,name%0A004,Afghanistan"), "the countries are the page's data")
        #expect(!html.contains("geometry"), "the shape index is not data a reader can use")

        let lint = BufferConsole()
        #expect(Chartc.run(["lint", path.path], console: lint) == 0, "\(lint.output + lint.error)")
    }
}
