import ChartCommandLine
import Foundation
import Testing

/// SPEC §19.1–19.2: on a log scale, what is at or below zero is not drawn, and lint says so: here the rows of a
/// layer on a log scale that *another* layer declares (one y scale serves every layer, SPEC §11).
@Suite struct LogScaleSection19Tests {
    @Test func aLayersRowsOnALogScaleDeclaredByAnotherLayerAreCounted() throws {
        let directory = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let rows = #"[{ "w": 1, "v": 3, "lo": -1 }, { "w": 2, "v": 7, "lo": 0 }, { "w": 3, "v": 5, "lo": 2 }]"#
        let text = """
            { "title": "T", "alt": "A", "sources": "S", "data": { "values": \(rows) }, "layers": [
              { "mark": "point", "encoding": { "x": { "field": "w" }, "y": { "field": "v", "scale": { "type": "log" } } } },
              { "mark": "line", "encoding": { "x": { "field": "w" }, "y": { "field": "lo" } } } ] }
            """
        let path = directory.appendingPathComponent("layers.chart.json")
        try Data(text.utf8).write(to: path)
        let console = BufferConsole()
        _ = Chartc.run(["lint", path.path], console: console)
        let output = console.output + console.error
        // At the second layer's field (line 3), with a note at the first layer's `scale.type` (line 2).
        #expect(
            output.contains(
                "layers.chart.json:3:74: warning: 2 rows have 'lo' at or below zero (the lowest -1), which the log scale of 'y' declared in another layer cannot show"
            ), "\(output)")
        #expect(output.contains("layers.chart.json:2:99: note: the log scale is declared here"), "\(output)")
    }
}
