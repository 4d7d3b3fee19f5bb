import Foundation
import Testing

@testable import chartc_devtools

/// The database benchmark reads chartc's own statement wait from `--timings` and labels rows by `sslmode`.
@Suite struct DatabaseBenchParsingTests {
    static let report = """
        timings: /tmp/polarization-db-members.chart.json
          start-up (CPU)           2.245 ms  before the build began: not in the total
          statement                14.360 ms
          total                    22.417 ms
          statement wait           14.360 ms  the server's time as chartc sees it
          chartc added             8.057 ms  total − statement wait
        """

    @Test func readsTheStatementWaitInSeconds() {
        #expect(DatabaseBench.timing("statement wait", in: Self.report) == 0.014_36)
        #expect(DatabaseBench.timing("chartc added", in: Self.report) == 0.008_057)
        // `statement` is its own line, not the prefix of `statement wait`.
        #expect(DatabaseBench.timing("statement", in: Self.report) == 0.014_36)
        #expect(DatabaseBench.timing("describe", in: Self.report) == nil)
    }

    @Test func labelsTheConnectionBySSLMode() {
        #expect(DatabaseBench.sslMode(of: "postgresql://u@h:5432/db?sslmode=disable") == "sslmode=disable")
        #expect(DatabaseBench.sslMode(of: "postgresql://u@h/db?sslmode=verify-full&sslrootcert=/tmp/ca.crt") == "sslmode=verify-full")
        #expect(DatabaseBench.sslMode(of: "postgresql://u@h/db") == "sslmode=prefer")
    }

    @Test func endToEndWithTheBuiltBinary() throws {
        // The report chartc prints is what the benchmark parses.
        let spec = packageRoot.appendingPathComponent("examples/us-population/us-population.chart.json").path
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let run = try ChartcBinary.run(["build", spec, "-o", scratch.path, "--timings"])
        #expect(run.status == 0)
        #expect(DatabaseBench.timing("statement wait", in: run.error) == 0)
        #expect((DatabaseBench.timing("chartc added", in: run.error) ?? 0) > 0)
    }
}
