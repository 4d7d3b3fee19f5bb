import ChartCommandLine
import Foundation
import Testing

/// A map drawn at the default height ends where the map ends (SPEC §22), as Datawrapper sizes one: a wide map of
/// the US leaves no empty band above and below it; a written `height` is kept. In a graphic of several maps the
/// basemap is credited once, in the page's source line.
@Suite struct MapPlotHeightTests {
    static func build(_ spec: String) throws -> String {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("map.chart.json")
        try Data(spec.utf8).write(to: path)
        let console = BufferConsole()
        let status = Chartc.run(["build", path.path, "-o", directory.path, "--format", "svg", "--offline"], console: console)
        #expect(status == 0, "\(console.output + console.error)")
        return try String(contentsOf: directory.appendingPathComponent("map.svg"), encoding: .utf8)
    }

    /// The graphic's height from the root `<svg>`.
    static func height(_ svg: String) -> Double? {
        guard let range = svg.range(of: #"height=""#) else { return nil }
        return Double(svg[range.upperBound...].prefix { $0 != "\"" })
    }

    static func states(height: String) -> String {
        """
        { "title": "States", "data": { "basemap": "us-states" }, "projection": { "type": "albersUsa" }, "mark": "geoshape"\(height) }
        """
    }

    @Test func aWideMapAtTheDefaultHeightEndsWhereTheMapEnds() throws {
        let fitted = try #require(Self.height(try Self.build(Self.states(height: ""))))
        let written = try #require(Self.height(try Self.build(Self.states(height: #", "height": 400"#))))
        // albersUsa is about 0.61 times as tall as it is wide: a 600-px-wide plot needs ~370 px, not the default 400.
        #expect(fitted < written - 20, "fitted \(fitted), written \(written)")
        let tall = try #require(Self.height(try Self.build(Self.states(height: #", "height": 900"#))))
        #expect(tall > written + 400, "a written height is kept even where the map does not fill it")
    }

    @Test func severalMapsCreditTheirBasemapOnce() throws {
        let svg = try Self.build(
            """
            { "title": "Twice", "data": { "basemap": "us-states" }, "columns": 2,
              "concat": [{ "mark": "geoshape", "projection": { "type": "albersUsa" } }, { "mark": "geoshape", "projection": { "type": "albersUsa" } }] }
            """)
        #expect(svg.components(separatedBy: "US Census Bureau").count - 1 == 1, "the basemap's source is named once")
        #expect(svg.components(separatedBy: #"class="chartc-sources""#).count - 1 == 1)
    }
}
