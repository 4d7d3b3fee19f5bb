import ChartTestSupport
import Foundation
import Testing

/// Issue 30, item 2, through the binary: a database that never stops sending rows ends the build at `--timeout`
/// with `db-statement-timeout`, and chartc's peak memory stays far below what the server would have it hold
/// (measured with `chartc-devtools peak`, as `MemoryTests` does). Before the fix a 3 s timeout ran 15 s and
/// reached 2.2 GB.
@Suite struct HostileDatabaseEndToEndTests {
    @Test func endlessRowsEndAtTheTimeoutWithBoundedMemory() throws {
        let chartc = try #require(ChartcBinary.executable)
        let server = try HostilePostgresServer(.endlessRows)
        defer { server.stop() }
        let folder = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = """
            {
              "title": "Rows without end",
              "data": { "database": "$HOSTILE_DB", "table": "t" },
              "mark": "point",
              "encoding": { "x": { "field": "n" }, "y": { "field": "n" } }
            }
            """
        try spec.write(to: folder.appendingPathComponent("a.chart.json"), atomically: true, encoding: .utf8)
        let started = Date()
        let run = try ChartcBinary.run(
            ["peak", "--", chartc.path, "build", "a.chart.json", "--timeout", "3", "-o", "out"], in: folder, binary: ChartcBinary.devtools,
            environment: ["HOSTILE_DB": server.url], timeout: 30)
        let seconds = Date().timeIntervalSince(started)
        #expect(!run.timedOut)
        let figures = run.output.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        #expect(figures.count == 2 && figures[1] == 1, "\(run.output) \(run.error)")
        // The timeout, the cancel's grace, start-up and a debug build's decoding on a shared machine.
        #expect(seconds < 10, "took \(seconds) s")
        #expect((figures.first ?? .max) < 1_000_000_000, "peak RSS \(figures.first ?? 0) bytes")
        // `peak` keeps the build's messages to itself: once more without it, for the error.
        let direct = try ChartcBinary.run(
            ["build", "a.chart.json", "--timeout", "3", "-o", "out"], in: folder, environment: ["HOSTILE_DB": server.url], timeout: 30)
        #expect(direct.status == 1)
        #expect(direct.error.contains("[db-statement-timeout]") || direct.error.contains("[db-result-too-large]"), "\(direct.error)")
    }
}
