import ChartTestSupport
import Foundation
import Testing

/// `chartc build --timings` (issue 17): after each chart, stderr says where its wall time went, phase by phase,
/// and what chartc added to the database statement's wait; the output files are unchanged.
@Suite struct BuildTimingsTests {
    /// The `--timings` report's phase lines, as name and milliseconds.
    static func phases(in error: String) -> [(name: String, milliseconds: Double)] {
        var phases: [(String, Double)] = []
        var inReport = false
        for line in error.split(separator: "\n") {
            if line.hasPrefix("timings: ") {
                inReport = true
                continue
            }
            guard inReport, line.hasPrefix("  "), let range = line.range(of: " ms") else {
                inReport = false
                continue
            }
            let head = line[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
            guard let space = head.lastIndex(of: " "), let value = Double(head[head.index(after: space)...]) else { continue }
            phases.append((head[..<space].trimmingCharacters(in: .whitespaces), value))
        }
        return phases
    }

    static func value(_ name: String, in phases: [(name: String, milliseconds: Double)]) -> Double? {
        phases.first { $0.name == name }?.milliseconds
    }

    /// Checks the report's arithmetic: the phases add up to the total, and chartc added = total − statement wait.
    static func checkSums(_ phases: [(name: String, milliseconds: Double)], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let summary: Set<String> = ["start-up (CPU)", "total", "statement wait", "chartc added"]
        let parts = phases.filter { !summary.contains($0.name) }
        let total = try #require(value("total", in: phases), sourceLocation: sourceLocation)
        let wait = try #require(value("statement wait", in: phases), sourceLocation: sourceLocation)
        let added = try #require(value("chartc added", in: phases), sourceLocation: sourceLocation)
        #expect(abs(parts.reduce(0) { $0 + $1.milliseconds } - total) < 0.001 * Double(parts.count + 1), sourceLocation: sourceLocation)
        #expect(abs(total - wait - added) < 0.002, sourceLocation: sourceLocation)
        #expect(total > 0 && added > 0, sourceLocation: sourceLocation)
    }

    @Test func helpNamesTheFlag() throws {
        let help = try ChartcBinary.run(["build", "--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("--timings"), "\(help.output)")
    }

    @Test func localChartReportsItsPhasesAndWritesTheSameFile() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let spec = packageRoot.appendingPathComponent("examples/us-population/us-population.chart.json").path
        let plain = scratch.appendingPathComponent("plain")
        let timed = scratch.appendingPathComponent("timed")
        let plainRun = try ChartcBinary.run(["build", spec, "-o", plain.path, "--format", "svg,html"])
        let timedRun = try ChartcBinary.run(["build", spec, "-o", timed.path, "--format", "svg,html", "--timings"])
        #expect(plainRun.status == 0 && timedRun.status == 0, "\(timedRun.error)")
        #expect(!plainRun.error.contains("timings:"))
        #expect(timedRun.error.contains("timings: \(spec)\n"), "\(timedRun.error)")
        for name in ["us-population.svg", "us-population.html"] {
            #expect(try Data(contentsOf: plain.appendingPathComponent(name)) == Data(contentsOf: timed.appendingPathComponent(name)), "\(name)")
        }
        let phases = Self.phases(in: timedRun.error)
        #expect(
            phases.map(\.name) == [
                "start-up (CPU)", "spec", "theme", "pipeline", "layout and svg, html", "write", "total", "statement wait", "chartc added"
            ])
        #expect(Self.value("statement wait", in: phases) == 0)
        try Self.checkSums(phases)
    }

    @Test func everyChartOfABuildGetsItsOwnReport() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let folder = packageRoot.appendingPathComponent("examples/us-population").path
        let run = try ChartcBinary.run(["build", folder, "-o", scratch.path, "--timings"])
        #expect(run.status == 0, "\(run.error)")
        let specs = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".chart.json") }
        #expect(run.error.components(separatedBy: "timings: ").count - 1 == specs.count, "\(run.error)")
    }
}

/// `--timings` against a real server: TLS with verify-full, SCRAM, and the statement's wait kept apart.
@Suite(.enabled(if: PostgresTestServer.skipReason == nil, "\(PostgresTestServer.skipReason ?? "")"))
struct DatabaseBuildTimingsTests {
    @Test func databaseChartShowsConnectionPhasesAndTheStatementWait() throws {
        let server = try #require(PostgresTestServer.server)
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        try server.psql(
            "DROP TABLE IF EXISTS timed; CREATE TABLE timed (name text, value double precision); INSERT INTO timed VALUES ('a', 1), ('b', 3), ('a', 2);"
        )
        let spec = scratch.appendingPathComponent("timed.chart.json")
        try """
        { "data": { "database": "$CHARTC_TEST_DB", "table": "timed" }, "groupBy": ["name"], "aggregate": { "total": "sum(value)" },
          "mark": "bar", "encoding": { "x": { "field": "name" }, "y": { "field": "total" } } }

        """.write(to: spec, atomically: true, encoding: .utf8)
        // The test certificate names `localhost`.
        let url = server.url(user: "reader", query: "sslmode=verify-full&sslrootcert=\(server.caCertificate)").replacingOccurrences(
            of: "127.0.0.1", with: "localhost")
        let environment = [
            "CHARTC_TEST_DB": url, "PGPASSWORD": server.password, "XDG_CACHE_HOME": scratch.appendingPathComponent("cache").path,
            "HOME": scratch.path
        ]
        let plain = try ChartcBinary.run(["build", spec.path, "-o", scratch.appendingPathComponent("plain").path], environment: environment)
        let timed = try ChartcBinary.run(
            ["build", spec.path, "-o", scratch.appendingPathComponent("timed").path, "--timings"], environment: environment)
        #expect(plain.status == 0 && timed.status == 0, "\(plain.error)\n\(timed.error)")
        #expect(
            try Data(contentsOf: scratch.appendingPathComponent("plain/timed.svg"))
                == Data(contentsOf: scratch.appendingPathComponent("timed/timed.svg")))
        let phases = BuildTimingsTests.phases(in: timed.error)
        let names = phases.map(\.name)
        for expected in [
            "connect: TCP", "connect: TLS library", "connect: TLS set-up", "connect: TLS handshake", "connect: backend start",
            "connect: authentication", "connect: SCRAM proof",
            "connect: session ready", "describe", "statement", "decode", "pipeline"
        ] {
            #expect(names.contains(expected), "\(expected) missing from \(timed.error)")
        }
        // Connecting comes before describing, which comes before the statement.
        let order = ["connect: TCP", "describe", "statement", "layout and svg"].compactMap { names.firstIndex(of: $0) }
        #expect(order == order.sorted() && order.count == 4, "\(names)")
        let statement = try #require(BuildTimingsTests.value("statement", in: phases))
        #expect(BuildTimingsTests.value("statement wait", in: phases) == statement)
        #expect(statement > 0)
        try BuildTimingsTests.checkSums(phases)
    }
}
