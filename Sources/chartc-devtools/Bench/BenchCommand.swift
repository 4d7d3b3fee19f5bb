import ChartCommandLine
import ChartSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `chartc-devtools bench`: the performance targets of issue 7, measured as whole processes (start, read, plan,
/// aggregate, lay out, write), with Vega-Lite (vl-convert) and DuckDB run on the same data in the same run when
/// they are installed. Prints a Markdown table of medians and peak RSS, ready for specs/performance.md.
enum BenchCommand {
    static let description = CommandDescription(
        name: "bench",
        abstract: "Measure chartc against its performance targets (and vl-convert, DuckDB when installed).",
        discussion:
            "Writes the Voteview-shaped members file at 1x and 20x into DIR, then runs each case once to warm up and N more times, and prints the median wall time and the largest peak RSS of the whole process. Peers run through python3 when `import vl_convert` and `import duckdb` work (pip install vl-convert-python duckdb). Build chartc first: swift build -c release.",
        options: [
            .value("runs", valueName: "N", help: "Measured runs of each chartc case, after one warm-up.", default: "7"),
            .value("peer-runs", valueName: "N", help: "Measured runs of each peer case, after one warm-up.", default: "3"),
            .value("only", valueName: "TEXT", help: "Run only the cases whose names contain TEXT (and the cases they are compared with)."),
            .value("dir", valueName: "DIR", help: "Scratch folder for the data and outputs.", default: "/tmp/chartc-bench"),
            .value("chartc", valueName: "PATH", help: "The chartc binary to measure (default: next to this program)."),
            .flag("no-peers", help: "Do not run vl-convert or DuckDB."),
            .value(
                "database", valueName: "URL",
                help:
                    "Also build the polarization chart from PostgreSQL at URL (tables members_1x and members, see specs/performance.md) against the server's own time for the statement."
            ),
            .value(
                "database-tls", valueName: "URL",
                help:
                    "With --database: also measure through URL, the same server and tables over TLS (sslmode=verify-full&sslrootcert=…), as real use needs."
            ),
            .flag("database-only", help: "With --database: measure only the database cases (and the CSV cases they compare with).")
        ],
        examples: [
            Example("swift build -c release && .build/release/chartc-devtools bench", "The full table, with peers when installed."),
            Example(
                "chartc-devtools bench --database 'postgresql://postgres@127.0.0.1:54329/voteview?sslmode=disable' --database-only --no-peers",
                "The database cases against the CSV path.")
        ]
    )

    static func run(_ arguments: ParsedArguments, console: any Console) throws(UsageError) -> ExitStatus {
        let runs = try integer(arguments, "runs")
        let peerRuns = try integer(arguments, "peer-runs")
        let workspace = BenchWorkspace(directory: arguments.value("dir") ?? "/tmp/chartc-bench")
        let chartc = arguments.value("chartc") ?? Paths.join(Paths.directory(of: CommandLine.arguments[0]), "chartc")
        guard FileSystem.kind(of: chartc) == .file else {
            console.printError("error: no chartc binary at \(chartc); build it first (swift build -c release) or pass --chartc PATH")
            return .failure
        }
        do {
            try workspace.prepare(console: console)
        } catch {
            console.printError("\(error.path): error: \(error.reason)")
            return .failure
        }
        let usePeers = !arguments.flag("no-peers")
        let hasVegaLite = usePeers && ChildProcess.run(["python3", "-c", "import vl_convert"])?.exitStatus == 0
        let hasDuckDB = usePeers && ChildProcess.run(["python3", "-c", "import duckdb"])?.exitStatus == 0

        let out = workspace.output
        let cases = [
            BenchCase(
                name: BenchWorkspace.single, seconds: 0.040, bytes: 40_000_000, vegaLiteFactor: 25,
                command: [chartc, "build", workspace.polarization1x, "-o", out],
                vegaLite: hasVegaLite
                    ? ["python3", workspace.vegaLiteScript, workspace.vegaLiteSpec, workspace.members1x, Paths.join(out, "vl-1x.svg")] : nil,
                duckDB: hasDuckDB ? ["python3", workspace.duckDBScript, workspace.members1x, Paths.join(out, "duckdb-1x.csv")] : nil),
            BenchCase(
                name: "polarization 20x (~1M rows, 120 MB)", seconds: 0.4, bytes: 150_000_000, beatDuckDB: true,
                command: [chartc, "build", workspace.polarization20x, "-o", out],
                vegaLite: hasVegaLite
                    ? ["python3", workspace.vegaLiteScript, workspace.vegaLiteSpec, workspace.members20x, Paths.join(out, "vl-20x.svg")] : nil,
                duckDB: hasDuckDB ? ["python3", workspace.duckDBScript, workspace.members20x, Paths.join(out, "duckdb-20x.csv")] : nil),
            // Issue 19: the same chart as PDF (faces found, read, subset and embedded) costs at most 5 ms more.
            BenchCase(
                name: "polarization 1x as PDF", seconds: 0.045, command: [chartc, "build", workspace.polarization1x, "-o", out, "--format", "pdf"]),
            // Issue 16: a house style with four font files and a logo adds at most 3 ms (CPU, interleaved pairs).
            BenchCase(
                name: BenchWorkspace.themed, seconds: 0.043,
                command: [chartc, "build", workspace.polarization1x, "-o", out, "--theme", workspace.houseTheme],
                baseline: BenchWorkspace.single, maxExtraSeconds: 0.003, extraOver: "the same chart without a theme"),
            // Issue 28: the same chart as PNG at scale 2 (drawn by chartc's rasterizer) adds at most 15 ms (CPU,
            // interleaved pairs) to the SVG build.
            BenchCase(
                name: BenchWorkspace.png, seconds: 0.060,
                command: [chartc, "build", workspace.polarization1x, "-o", out, "--format", "png"],
                baseline: BenchWorkspace.single, maxExtraSeconds: 0.015, extraOver: "the same chart as SVG"),
            BenchCase(
                name: "build of 100 small specs", seconds: 1.0, command: [chartc, "build", workspace.smallSpecs, "-o", Paths.join(out, "small")]),
            BenchCase(name: "lint of one spec (polarization 1x)", seconds: 0.010, command: [chartc, "lint", workspace.polarization1x]),
            // Issue 28: a batch of a thousand charts of one value each over the 6 MB file in at most 5 s, memory
            // bounded: the peak of 1,224 charts at most 1.5× that of 103 charts of the same size.
            BenchCase(
                name: BenchWorkspace.smallBatch, seconds: 5.0,
                command: [chartc, "build", workspace.smallBatchSpec, "-o", workspace.batchOutput],
                charts: 103, comparedWith: BenchWorkspace.single),
            BenchCase(
                name: BenchWorkspace.batch, seconds: 5.0,
                command: [chartc, "build", workspace.batchSpec, "-o", workspace.batchOutput],
                charts: 1_224, comparedWith: BenchWorkspace.single, peakAgainst: BenchWorkspace.smallBatch, maxPeakRatio: 1.5),
            BenchCase(name: BenchWorkspace.dailyPlain, seconds: 5.0, command: [chartc, "build", workspace.dailyPlainSpec, "-o", out]),
            BenchCase(
                name: BenchWorkspace.dailyWindow, seconds: 5.5, command: [chartc, "build", workspace.dailyWindowSpec, "-o", out],
                baseline: BenchWorkspace.dailyPlain, maxRatioToBaseline: 1.10),
            // Issue 27: the county choropleth (3,641 shapes through albersUsa) in under 0.2 s.
            BenchCase(name: BenchWorkspace.countyMapName, seconds: 0.2, command: [chartc, "build", workspace.countyMap, "-o", out]),
            // The window's cost against loading and the pipeline alone (no target: the figure to watch).
            BenchCase(name: BenchWorkspace.dailyPlainThinned, seconds: 1.0, command: [chartc, "build", workspace.dailyPlainThinnedSpec, "-o", out]),
            BenchCase(
                name: BenchWorkspace.dailyWindowThinned, seconds: 1.1, command: [chartc, "build", workspace.dailyWindowThinnedSpec, "-o", out],
                baseline: BenchWorkspace.dailyPlainThinned)
        ]

        // --only TEXT: the cases whose names contain TEXT, and the baselines they are compared with.
        let only = arguments.value("only")
        let databaseURL = arguments.value("database")
        let databaseOnly = databaseURL != nil && arguments.flag("database-only")
        let chosen = cases.filter { benchCase in
            // --database-only: the CSV cases the database cases are compared with.
            if databaseOnly { return benchCase.name.hasPrefix("polarization 1x (") || benchCase.name.hasPrefix("polarization 20x") }
            guard let only else { return true }
            return benchCase.name.contains(only)
                || cases.contains {
                    $0.name.contains(only) && [$0.baseline, $0.comparedWith, $0.peakAgainst].contains(benchCase.name)
                }
        }
        var rows: [BenchRow] = []
        for benchCase in chosen {
            if benchCase.name == BenchWorkspace.themed && !BenchWorkspace.hasHouseFonts {
                console.printError("skipping \(benchCase.name): DejaVu Serif is not installed (apt-get install fonts-dejavu-core)")
                continue
            }
            if benchCase.name == BenchWorkspace.countyMapName && BenchWorkspace.countyMapSource == nil {
                console.printError("skipping \(benchCase.name): run from the repository (examples/maps is not here)")
                continue
            }
            console.printError("measuring \(benchCase.name)")
            guard let chartcResult = measure(benchCase.command, runs: runs, workspace: workspace, console: console) else { return .failure }
            // A peer that fails (vl-convert runs out of V8 heap on the 20x file) is shown as failed, not dropped.
            let vegaLite = benchCase.vegaLite.map { measure($0, runs: peerRuns, workspace: workspace, console: console) ?? .failed }
            let duckDB = benchCase.duckDB.map { measure($0, runs: peerRuns, workspace: workspace, console: console) ?? .failed }
            var row = BenchRow(benchCase: benchCase, chartc: chartcResult, vegaLite: vegaLite, duckDB: duckDB)
            if let name = benchCase.baseline, let baseline = cases.first(where: { $0.name == name }) {
                console.printError("measuring \(benchCase.name) against \(name), runs interleaved")
                guard let paired = pairedRatios(benchCase.command, baseline.command, runs: runs, workspace: workspace, console: console) else {
                    return .failure
                }
                row.baselineRatios = (paired.wall, paired.cpu)
                row.baselineExtra = (paired.extraWall, paired.extraCPU)
            }
            if let name = benchCase.comparedWith, let single = rows.first(where: { $0.benchCase.name == name }) {
                row.singleRatio = row.chartc.median / max(single.chartc.median, 1e-9)
                row.singleCPURatio = row.chartc.cpuMedian / max(single.chartc.cpuMedian, 1e-9)
            }
            if let name = benchCase.peakAgainst, let other = rows.first(where: { $0.benchCase.name == name }) {
                row.peakRatio = Double(row.chartc.peakBytes) / Double(max(other.chartc.peakBytes, 1))
            }
            rows.append(row)
        }
        console.write(BenchReport.markdown(rows: rows, runs: runs, peerRuns: peerRuns), to: .output)
        var databaseMet = true
        if let databaseURL {
            let urls = [databaseURL] + (arguments.value("database-tls").map { [$0] } ?? [])
            guard let databaseRows = DatabaseBench.run(urls: urls, chartc: chartc, runs: runs, workspace: workspace, console: console) else {
                return .failure
            }
            console.write(DatabaseBench.markdown(databaseRows, runs: runs), to: .output)
            databaseMet = databaseRows.allSatisfy(\.met)
        }
        return rows.allSatisfy(\.metTargets) && databaseMet ? .success : .failure
    }

    /// The case's time over its baseline's, with the two run alternately (after one warm-up each) so that changes
    /// in the machine's load hit both alike: the median of the per-pair ratios of wall time and of CPU time, and
    /// of the per-pair differences (seconds more than the baseline).
    private static func pairedRatios(_ command: [String], _ baseline: [String], runs: Int, workspace: BenchWorkspace, console: any Console) -> (
        wall: Double, cpu: Double, extraWall: Double, extraCPU: Double
    )? {
        var wall: [Double] = []
        var cpu: [Double] = []
        var extraWall: [Double] = []
        var extraCPU: [Double] = []
        for run in 0...(2 * runs) {
            guard let base = ChildProcess.run(baseline), base.exitStatus == 0,
                let measured = ChildProcess.run(command), measured.exitStatus == 0
            else {
                console.printError("error: `\(command.joined(separator: " "))` or its baseline failed")
                return nil
            }
            if run == 0 { continue }
            wall.append(measured.seconds / max(base.seconds, 1e-9))
            cpu.append(measured.cpuSeconds / max(base.cpuSeconds, 1e-9))
            extraWall.append(measured.seconds - base.seconds)
            extraCPU.append(measured.cpuSeconds - base.cpuSeconds)
        }
        func median(_ values: [Double]) -> Double {
            let sorted = values.sorted()
            return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        }
        return (median(wall), median(cpu), median(extraWall), median(extraCPU))
    }

    /// One warm-up run, then `runs` measured ones; nil (with the error shown) when the program fails.
    private static func measure(_ command: [String], runs: Int, workspace: BenchWorkspace, console: any Console) -> Summary? {
        let errors = Paths.join(workspace.directory, "stderr.txt")
        var measurements: [Measurement] = []
        for run in 0...runs {
            guard let result = ChildProcess.run(command, errorPath: errors), result.exitStatus == 0 else {
                let text = (try? FileSystem.readFile(errors, limit: .output)).map { String(decoding: $0, as: UTF8.self) } ?? ""
                let lines = text.split(separator: "\n").filter { !$0.hasPrefix("    ") }.prefix(12)
                console.printError("error: `\(command.joined(separator: " "))` failed:\n\(lines.joined(separator: "\n"))")
                return nil
            }
            if run > 0 { measurements.append(result) }
        }
        return Summary(measurements)
    }

    private static func integer(_ arguments: ParsedArguments, _ name: String) throws(UsageError) -> Int {
        let text = arguments.value(name) ?? ""
        guard let value = Int(text), (1...1000).contains(value) else {
            throw UsageError(.notAWholeNumber(text, option: name, lower: 1, upper: 1000))
        }
        return value
    }
}

/// A measured command and the targets it must meet (issue 7).
struct BenchCase {
    var name: String
    var seconds: Double
    var bytes: Int? = nil
    /// chartc must be at least this many times faster than vl-convert.
    var vegaLiteFactor: Double? = nil
    /// chartc must be faster than DuckDB's whole process.
    var beatDuckDB = false
    var command: [String]
    var vegaLite: [String]? = nil
    var duckDB: [String]? = nil
    /// The name of an earlier case this one is compared with (the same chart without the feature measured).
    var baseline: String? = nil
    /// This case's median may be at most this many times the baseline's.
    var maxRatioToBaseline: Double? = nil
    /// This case may take at most this many seconds of CPU time more than the baseline (median of pairs).
    var maxExtraSeconds: Double? = nil
    /// What the baseline is, for the target's text ("the same chart without a theme").
    var extraOver = "the baseline"
    /// A batch: how many charts it builds (for the time per chart).
    var charts: Int? = nil
    /// An earlier case of one chart whose median this one's is divided by, in the same run.
    var comparedWith: String? = nil
    /// An earlier case whose peak RSS this one's may be at most `maxPeakRatio` times (memory bounded).
    var peakAgainst: String? = nil
    var maxPeakRatio: Double? = nil
}

/// Median wall time and the largest peak RSS over the measured runs.
struct Summary {
    var median: Double
    var peakBytes: Int
    var runs: Int
    /// Median CPU time (user + system) of the runs.
    var cpuMedian: Double = 0
    /// The program exited with an error (only peers may; the figures are then meaningless).
    var failed = false

    static let failed = Summary(median: 0, peakBytes: 0, runs: 0, failed: true)

    init(median: Double, peakBytes: Int, runs: Int, failed: Bool) {
        (self.median, self.peakBytes, self.runs, self.failed) = (median, peakBytes, runs, failed)
    }

    init(_ measurements: [Measurement]) {
        let times = measurements.map(\.seconds).sorted()
        let middle = times.count / 2
        median = times.count % 2 == 1 ? times[middle] : (times[middle - 1] + times[middle]) / 2
        let cpu = measurements.map(\.cpuSeconds).sorted()
        cpuMedian = cpu.isEmpty ? 0 : cpu.count % 2 == 1 ? cpu[middle] : (cpu[middle - 1] + cpu[middle]) / 2
        peakBytes = measurements.map(\.peakBytes).max() ?? 0
        runs = measurements.count
    }
}

/// One line of the table.
struct BenchRow {
    var benchCase: BenchCase
    var chartc: Summary
    var vegaLite: Summary?
    var duckDB: Summary?
    /// The case's time over its baseline's (medians of interleaved pairs), when it has a baseline.
    var baselineRatios: (wall: Double, cpu: Double)? = nil
    /// Seconds more than the baseline (medians of the same pairs' differences).
    var baselineExtra: (wall: Double, cpu: Double)? = nil
    /// This case's median over that of the one-chart case it is compared with (`comparedWith`).
    var singleRatio: Double? = nil
    /// The same for CPU time (user + system).
    var singleCPURatio: Double? = nil
    /// This case's peak RSS over that of the case named by `peakAgainst`.
    var peakRatio: Double? = nil

    /// The figure the target is checked on: CPU time, which other work on the machine disturbs least.
    var baselineRatio: Double? { baselineRatios?.cpu }

    var vegaLiteRatio: Double? { vegaLite.flatMap { $0.failed ? nil : $0.median / chartc.median } }
    var duckDBRatio: Double? { duckDB.flatMap { $0.failed ? nil : $0.median / chartc.median } }

    /// Every target that this run can check: time, memory, and the ratios when the peers ran.
    var metTargets: Bool {
        var met = chartc.median <= benchCase.seconds
        if let bytes = benchCase.bytes { met = met && chartc.peakBytes <= bytes }
        if let factor = benchCase.vegaLiteFactor, let ratio = vegaLiteRatio { met = met && ratio >= factor }
        if benchCase.beatDuckDB, let ratio = duckDBRatio { met = met && ratio > 1 }
        if let limit = benchCase.maxRatioToBaseline, let ratio = baselineRatio { met = met && ratio <= limit }
        if let limit = benchCase.maxExtraSeconds, let extra = baselineExtra { met = met && extra.cpu <= limit }
        if let limit = benchCase.maxPeakRatio, let ratio = peakRatio { met = met && ratio <= limit }
        return met
    }
}
