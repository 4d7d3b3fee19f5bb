import ChartCommandLine
import Foundation
import Testing

/// `chartc lint` with local data runs the pipeline, so the series rules see the series the chart will draw, even
/// when they come from a calculated field.
@Suite("chartc lint with data")
struct LintCommandTests {
    @Test func hiddenSeriesAreCheckedAgainstThePipelinesRows() throws {
        let root = try BadInputTests.folder(for: "lint hidden series")
        try Data("party_code,votes\n100,10\n200,12\n".utf8).write(to: URL(fileURLWithPath: root + "/data.csv"))
        let spec = #"""
            {
              "title": "Votes", "subtitle": "By party", "sources": "Clerk",
              "data": { "url": "data.csv" },
              "calculate": { "party": "party_code == 100 ? 'Democrats' : 'Republicans'" },
              "mark": "bar",
              "encoding": { "x": { "field": "party" }, "y": { "field": "votes" }, "color": { "field": "party" } },
              "legend": { "hidden": ["Republican"] }
            }
            """#
        try Data(spec.utf8).write(to: URL(fileURLWithPath: root + "/votes.chart.json"))
        let console = BufferConsole()
        let status = Chartc.run(["lint", root], console: console)
        #expect(status == 0)
        let lines = BadInputTests.diagnosticLines(console.output, folder: root)
        #expect(
            lines == [
                "$DIR/votes.chart.json:7:26: warning: 'legend.hidden' names the series 'Republican', which is not in the data, so nothing is hidden; did you mean 'Republicans'? [unknown-hidden-series]"
            ])
        #expect(Chartc.run(["lint", "--strict", root], console: BufferConsole()) == 1)
    }
}
