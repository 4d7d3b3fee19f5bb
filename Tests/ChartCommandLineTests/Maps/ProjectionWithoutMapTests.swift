import ChartCommandLine
import Foundation
import Testing

/// A `projection` (SPEC §22) changes only a chart that draws map shapes: on a basemap's `geoshape` it places every
/// state; on any other chart it would be accepted and change nothing, so build and lint refuse it at its line:col.
@Suite struct ProjectionWithoutMapTests {
    static func run(_ command: String, _ spec: String) throws -> (status: Int32, said: String, svg: String) {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("map.chart.json")
        try Data(spec.utf8).write(to: path)
        let console = BufferConsole()
        var arguments = [command, path.path]
        if command == "build" { arguments += ["-o", directory.path, "--format", "svg", "--offline"] }
        let status = Chartc.run(arguments, console: console)
        let svg = (try? String(contentsOf: directory.appendingPathComponent("map.svg"), encoding: .utf8)) ?? ""
        return (status, console.output + console.error, svg)
    }

    @Test func aProjectionOnAMapPlacesItsShapes() throws {
        let built = try Self.run(
            "build",
            """
            { "title": "States", "data": { "basemap": "us-states" },
              "projection": { "type": "albersUsa" },
              "mark": "geoshape" }
            """)
        #expect(built.status == 0, "\(built.said)")
        #expect(built.svg.contains(#"class="chartc-region" data-id="06""#), "California is drawn as a region")
    }

    @Test func aProjectionOnAChartWithoutShapesIsAnErrorAtIt() throws {
        let spec = """
            { "title": "Bars", "data": { "values": [{ "a": "x", "b": 1 }, { "a": "y", "b": 2 }] },
              "projection": { "type": "mercator" },
              "mark": "bar", "encoding": { "x": { "field": "a" }, "y": { "field": "b" } } }
            """
        for command in ["build", "lint"] {
            let result = try Self.run(command, spec)
            #expect(result.status != 0, "\(command): \(result.said)")
            #expect(result.said.contains("map.chart.json:2:3") && result.said.contains("[projection-without-map]"), "\(command): \(result.said)")
        }
    }
}
