import ChartCommandLine
import ChartSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `chartc-devtools bench --database URL [--database-tls URL]` (issue 17): the polarization chart built from
/// PostgreSQL, against the server's own time for the statement chartc sends. Needs a server, so it is opt-in.
/// The database must hold the Voteview-shaped members table at two sizes, loaded with COPY
/// (specs/performance.md shows the commands): `members_1x` (the example's ~51k rows) and `members` (any size;
/// the targets are for 10 million rows).
///
/// Per URL and table it runs pairs — the statement by `psql` (prepared, one untimed and one timed execution,
/// `\timing`, rows discarded), then chartc's whole build with `--timings` — alternately, so the machine's other
/// load hits both alike, and reports: chartc's median wall time; the server's median time for the statement by
/// psql, and as chartc waited for it (from sending it until its last byte, `--timings`'s `statement wait`);
/// **chartc's added time**: per run, the build's whole-process wall time less its own statement wait, which does
/// not carry the server's run-to-run noise (median; target: at most 20 ms); the old pairwise figure (chartc's
/// wall less psql's time, median over the pairs); chartc's CPU time; its peak RSS (target: under 30 MB whatever
/// the table's size); the bytes of the result as they came over the socket; and the load average.
enum DatabaseBench {
    struct Row {
        var table: String
        /// `sslmode=…` of the URL measured.
        var connection: String
        var rows: String
        var chartc: Summary
        /// psql's `\timing` of the prepared statement (median).
        var server: Double
        /// chartc's own wait for the statement (median of `--timings`' `statement wait`).
        var statementWait: Double
        /// Median over the runs of (whole-process wall time − statement wait).
        var added: Double
        /// Median over the pairs of (chartc's wall time − psql's time): the noisy figure of earlier runs.
        var pairDifference: Double
        var resultBytes: Int
        /// chartc's median CPU time (user + system): its own work, which the machine's other load disturbs least.
        var cpu: Double
        /// The 1-minute load average before and after the row's runs.
        var load: (Double, Double)
        var met: Bool { added <= 0.020 && chartc.peakBytes < 30_000_000 }
    }

    static func run(urls: [String], chartc: String, runs: Int, workspace: BenchWorkspace, console: any Console) -> [Row]? {
        var rows: [Row] = []
        for url in urls {
            for table in ["members_1x", "members"] {
                guard let row = measure(url: url, table: table, chartc: chartc, runs: runs, workspace: workspace, console: console) else {
                    return nil
                }
                rows.append(row)
            }
        }
        return rows
    }

    static func measure(url: String, table: String, chartc: String, runs: Int, workspace: BenchWorkspace, console: any Console) -> Row? {
        let spec = Paths.join(workspace.directory, "polarization-db-\(table).chart.json")
        let cache = Paths.join(workspace.directory, "cache-\(table)")
        do {
            try FileSystem.createDirectory(cache)
            try FileSystem.writeAtomically(
                Array(BenchWorkspace.polarizationSpec(data: "{ \"database\": \"$VOTEVIEW_DB\", \"table\": \"\(table)\" }").utf8), to: spec)
        } catch {
            console.printError("\(error.path): error: \(error.reason)")
            return nil
        }
        // Set in this process (inherited by every child) rather than through `env`, whose extra exec (~0.7 ms)
        // would be counted into chartc's time.
        setenv("VOTEVIEW_DB", url, 1)
        setenv("XDG_CACHE_HOME", cache, 1)
        let environment: [String] = []
        // The statement and its parameters, as `chartc plan` prints them.
        let planPath = Paths.join(workspace.directory, "plan-\(table).txt")
        guard let planRun = ChildProcess.run(environment + [chartc, "plan", spec], outputPath: planPath), planRun.exitStatus == 0,
            let planText = FileSystem.readIfPresent(planPath, limit: .output).map({ String(decoding: $0, as: UTF8.self) }),
            let statement = statement(inPlan: planText)
        else {
            console.printError("error: `chartc plan \(spec)` failed or printed no SQL (is VOTEVIEW_DB's table \(table) there?)")
            return nil
        }
        let connection = sslMode(of: url)
        // Pairs, run alternately so that the machine's other load hits both alike: the server's time for the
        // statement (psql, a prepared statement, one timed execution after one untimed), then chartc's build.
        console.printError("measuring the statement by psql and chartc's build from \(table) (\(connection)), \(runs) pairs")
        let loadBefore = loadAverage()
        let timingsPath = Paths.join(workspace.directory, "timings-\(table).txt")
        var measurements: [Measurement] = []
        var serverTimes: [Double] = []
        var waits: [Double] = []
        var added: [Double] = []
        var differences: [Double] = []
        for run in 0...runs {
            guard
                let server = serverSeconds(
                    url: url, sql: statement.sql, parameters: statement.parameters, runs: 1, workspace: workspace, console: console)
            else {
                return nil
            }
            guard let result = ChildProcess.run(environment + [chartc, "build", spec, "-o", workspace.output, "--timings"], errorPath: timingsPath),
                result.exitStatus == 0
            else {
                console.printError("error: chartc build \(spec) failed (\(timingsPath) says why)")
                return nil
            }
            guard let report = FileSystem.readIfPresent(timingsPath, limit: .output).map({ String(decoding: $0, as: UTF8.self) }),
                let wait = timing("statement wait", in: report)
            else {
                console.printError("error: chartc build --timings printed no statement wait (\(timingsPath))")
                return nil
            }
            if run == 0 { continue }
            measurements.append(result)
            serverTimes.append(server)
            waits.append(wait)
            added.append(result.seconds - wait)
            differences.append(result.seconds - server)
        }
        let count = countRows(url: url, table: table, workspace: workspace) ?? "?"
        return Row(
            table: table, connection: connection, rows: count, chartc: Summary(measurements), server: median(serverTimes),
            statementWait: median(waits), added: median(added), pairDifference: median(differences), resultBytes: largestBody(in: cache),
            cpu: median(measurements.map(\.cpuSeconds)), load: (loadBefore, loadAverage()))
    }

    /// Seconds from a `--timings` report line (`  statement wait   12.345 ms  …`).
    static func timing(_ name: String, in report: String) -> Double? {
        for line in report.split(separator: "\n") where line.hasPrefix("  " + name + " ") {
            let fields = line.dropFirst(2 + name.count).split(separator: " ")
            if let first = fields.first, let value = Double(first) { return value / 1000 }
        }
        return nil
    }

    /// `sslmode=…` of a URL (libpq's default, `prefer`, when it names none).
    static func sslMode(of url: String) -> String {
        guard let range = url.firstRange(of: "sslmode=") else { return "sslmode=prefer" }
        return "sslmode=" + url[range.upperBound...].prefix { $0 != "&" }
    }

    /// The 1-minute load average (`/proc/loadavg`), or 0 where there is none.
    static func loadAverage() -> Double {
        guard let bytes = FileSystem.readIfPresent("/proc/loadavg", limit: .output) else { return 0 }
        return Double(String(decoding: bytes, as: UTF8.self).split(separator: " ").first ?? "") ?? 0
    }

    static func markdown(_ rows: [Row], runs: Int) -> String {
        let harness = median((0..<7).compactMap { _ in ChildProcess.run(["true"])?.seconds })
        var text =
            "\nThe harness itself (GNU time starting `true`: what every whole-process time below includes besides chartc) takes \(milliseconds(harness)).\n"
        text +=
            "\n| polarization from PostgreSQL | connection | rows in table | chartc build (median of \(runs)) | server's time (psql `\\timing`) | statement wait (chartc `--timings`) | **chartc added** = build − its statement wait (median; target ≤ 20 ms) | build − psql (pairs) | chartc CPU | chartc peak RSS (target < 30 MB) | result bytes | load | targets |\n"
        text += "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|\n"
        for row in rows {
            text +=
                "| table `\(row.table)` | \(row.connection) | \(row.rows) | \(milliseconds(row.chartc.median)) | \(milliseconds(row.server)) | \(milliseconds(row.statementWait)) | **\(milliseconds(row.added))** | \(milliseconds(row.pairDifference)) | \(milliseconds(row.cpu)) | \(megabytes(row.chartc.peakBytes)) | \(row.resultBytes) | \(row.load.0)–\(row.load.1) | \(row.met ? "met" : "NOT met") |\n"
        }
        return text
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    static func milliseconds(_ seconds: Double) -> String {
        let value = (seconds * 10000).rounded() / 10
        return "\(value) ms"
    }

    static func megabytes(_ bytes: Int) -> String {
        let value = (Double(bytes) / 100_000).rounded() / 10
        return "\(value) MB"
    }

    /// The `sql` line of `chartc plan` (continuation lines indented by 8 spaces) and its `$n = value` parameters.
    static func statement(inPlan text: String) -> (sql: String, parameters: [String])? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("sql     ") }) else { return nil }
        var sqlLines = [String(lines[start].dropFirst(8))]
        var index = start + 1
        while index < lines.count, lines[index].hasPrefix("        ") {
            sqlLines.append(String(lines[index].dropFirst(8)))
            index += 1
        }
        var sql = sqlLines.joined(separator: "\n")
        var parameters: [String] = []
        if let marker = sql.firstRange(of: "  (parameters ") {
            let note = sql[marker.upperBound...]
            sql = String(sql[..<marker.lowerBound])
            let list = note.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
            for item in list.split(separator: ",") {
                let parts = item.split(separator: "=", maxSplits: 1)
                guard parts.count == 2 else { continue }
                parameters.append(String(parts[1].dropFirst()))
            }
        } else if let marker = sql.firstRange(of: "  (runs in ") {
            sql = String(sql[..<marker.lowerBound])
        }
        return (sql, parameters)
    }

    /// The server's median time for the statement: `psql` prepares it once and executes it `runs` + 1 times
    /// (the first is a warm-up), `\timing` on, the rows discarded.
    static func serverSeconds(url: String, sql: String, parameters: [String], runs: Int, workspace: BenchWorkspace, console: any Console) -> Double? {
        let literals = parameters.map { "'" + $0.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''") + "'" }
        let execute = "EXECUTE chartc_bench" + (literals.isEmpty ? "" : "(" + literals.joined(separator: ", ") + ")")
        var arguments = [
            "psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", url, "-o", "/dev/null", "-c", "PREPARE chartc_bench AS " + sql, "-c", "\\timing on"
        ]
        for _ in 0...runs { arguments += ["-c", execute] }
        let output = Paths.join(workspace.directory, "psql-timing.txt")
        guard let result = ChildProcess.run(arguments, outputPath: output), result.exitStatus == 0,
            let text = FileSystem.readIfPresent(output, limit: .output).map({ String(decoding: $0, as: UTF8.self) })
        else {
            console.printError("error: psql could not run the statement (is psql installed and the URL right?)")
            return nil
        }
        var times: [Double] = []
        for line in text.split(separator: "\n") where line.hasPrefix("Time: ") {
            if let value = Double(line.dropFirst(6).split(separator: " ").first ?? "") { times.append(value / 1000) }
        }
        guard times.count == runs + 1 else { return nil }
        let measured = times.dropFirst().sorted()
        let middle = measured.count / 2
        return measured.count % 2 == 1
            ? measured[measured.startIndex + middle] : (measured[measured.startIndex + middle - 1] + measured[measured.startIndex + middle]) / 2
    }

    static func countRows(url: String, table: String, workspace: BenchWorkspace) -> String? {
        let output = Paths.join(workspace.directory, "psql-count.txt")
        guard let result = ChildProcess.run(["psql", "-X", "-q", "-At", "-d", url, "-c", "SELECT count(*) FROM \"\(table)\""], outputPath: output),
            result.exitStatus == 0,
            let text = FileSystem.readIfPresent(output, limit: .output)
        else { return nil }
        return String(decoding: text, as: UTF8.self).split(separator: "\n").first.map(String.init)
    }

    /// The largest cached body under `cache` (the statement's result; the other is the table's description).
    static func largestBody(in cache: String) -> Int {
        var largest = 0
        var folders = [cache]
        while let folder = folders.popLast() {
            for name in (try? FileSystem.contentsOfDirectory(folder)) ?? [] {
                let path = Paths.join(folder, name)
                if FileSystem.kind(of: path) == .directory {
                    folders.append(path)
                } else if name.hasSuffix(".body"), let bytes = FileSystem.readIfPresent(path, limit: .output) {
                    largest = max(largest, bytes.count)
                }
            }
        }
        return largest
    }
}
