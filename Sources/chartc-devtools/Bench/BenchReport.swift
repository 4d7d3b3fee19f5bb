import ChartFormat
import ChartCommandLine
import ChartSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Formats the benchmark's results as Markdown: the machine and date, then one row per case with chartc's
/// median and peak RSS, its targets, and the peers' figures and ratios (peer time / chartc time).
enum BenchReport {
    static func markdown(rows: [BenchRow], runs: Int, peerRuns: Int) -> String {
        var text = "Machine: \(machine())\nDate: \(date())\n"
        if let load = try? FileSystem.readFile("/proc/loadavg", limit: .output) {
            let fields = String(decoding: load, as: UTF8.self).split(separator: " ").prefix(3)
            text += "Load average at the end (1, 5, 15 min): \(fields.joined(separator: ", ")) (other work on the machine slows every column alike)\n"
        }
        text +=
            "Whole process, median of \(runs) runs after a warm-up (peers: \(peerRuns) runs); peak RSS is the largest over the runs; MB = 10^6 bytes.\n\n"
        text +=
            "| case | chartc median | chartc peak RSS | target | met | vl-convert | vl-convert / chartc | DuckDB (medians only) | DuckDB / chartc |\n"
        text += "|---|---:|---:|---|:-:|---:|---:|---:|---:|\n"
        for row in rows {
            let target = targetText(row.benchCase)
            let vegaLite = row.vegaLite.map(peer) ?? "–"
            let duckDB = row.duckDB.map(peer) ?? "–"
            text +=
                "| \(row.benchCase.name) | \(seconds(row.chartc.median)) | \(megabytes(row.chartc.peakBytes)) | \(target) | \(row.metTargets ? "yes" : "**no**") "
            text +=
                "| \(vegaLite) | \(row.vegaLiteRatio.map { fixed($0, 1) + "×" } ?? "–") | \(duckDB) | \(row.duckDBRatio.map { fixed($0, 2) + "×" } ?? "–") |\n"
        }
        if rows.count >= 2, rows[1].benchCase.name.contains("20x") {
            let growth = Double(rows[1].chartc.peakBytes) / Double(max(rows[0].chartc.peakBytes, 1))
            text += "\nPeak RSS at 20x is \(fixed(growth, 1))× the peak at 1x (the file is 20×).\n"
        }
        for row in rows {
            guard let charts = row.benchCase.charts, let single = row.singleRatio else { continue }
            text += "\n\(row.benchCase.name): \(seconds(row.chartc.median / Double(charts))) a chart; "
            text += "\(fixed(single, 1))× the one-chart build (\(row.benchCase.comparedWith ?? "")) in this run"
            text += "; CPU time (user + system) \(seconds(row.chartc.cpuMedian))"
            if let cpu = row.singleCPURatio { text += ", \(fixed(cpu, 1))× the one-chart build's" }
            if let peak = row.peakRatio, let other = row.benchCase.peakAgainst {
                text += "; peak RSS \(fixed(peak, 2))× that of the \(other)"
            }
            text += ".\n"
        }
        for row in rows {
            guard let ratios = row.baselineRatios, let baseline = row.benchCase.baseline else { continue }
            text += "\n\(row.benchCase.name) over \(baseline), \(2 * runs) interleaved pairs, median ratio: "
            text += "CPU time \(fixed(ratios.cpu, 3))× (\(fixed((ratios.cpu - 1) * 100, 1))% more), wall time \(fixed(ratios.wall, 3))×"
            if let extra = row.baselineExtra {
                text += "; median extra: CPU \(signedMilliseconds(extra.cpu)), wall \(signedMilliseconds(extra.wall))"
            }
            text += ".\n"
        }
        return text
    }

    private static func peer(_ summary: Summary) -> String {
        summary.failed ? "failed" : "\(seconds(summary.median)), \(megabytes(summary.peakBytes))"
    }

    private static func targetText(_ benchCase: BenchCase) -> String {
        var parts = ["≤ \(seconds(benchCase.seconds))"]
        if let bytes = benchCase.bytes { parts.append("≤ \(megabytes(bytes))") }
        if let factor = benchCase.vegaLiteFactor { parts.append("≥ \(fixed(factor, 0))× vl-convert") }
        if benchCase.beatDuckDB { parts.append("faster than DuckDB") }
        if let limit = benchCase.maxRatioToBaseline { parts.append("≤ \(fixed(limit, 2))× the same chart without window") }
        if let limit = benchCase.maxExtraSeconds { parts.append("≤ +\(fixed(limit * 1000, 0)) ms CPU over \(benchCase.extraOver)") }
        if let limit = benchCase.maxPeakRatio, let other = benchCase.peakAgainst { parts.append("peak RSS ≤ \(fixed(limit, 1))× the \(other)") }
        return parts.joined(separator: ", ")
    }

    static func seconds(_ value: Double) -> String {
        value < 1 ? fixed(value * 1000, value < 0.1 ? 1 : 0) + " ms" : fixed(value, 2) + " s"
    }

    /// `+1.23 ms` or `-0.40 ms`.
    static func signedMilliseconds(_ value: Double) -> String {
        (value < 0 ? "-" : "+") + fixed(abs(value) * 1000, 2) + " ms"
    }

    static func megabytes(_ bytes: Int) -> String { fixed(Double(bytes) / 1e6, 0) + " MB" }

    /// `value` with `digits` decimals, without Foundation's formatters.
    static func fixed(_ value: Double, _ digits: Int) -> String {
        var scale = 1
        for _ in 0..<digits { scale *= 10 }
        let scaled = NumberConversion.clamped(value * Double(scale), rounding: .toNearestOrAwayFromZero)
        guard digits > 0 else { return String(scaled) }
        let whole = scaled / scale
        var fraction = String(scaled % scale)
        while fraction.count < digits { fraction = "0" + fraction }
        return "\(whole).\(fraction)"
    }

    /// CPU model, cores, memory and kernel, from /proc and uname.
    static func machine() -> String {
        var parts: [String] = []
        if let cpu = procLine("/proc/cpuinfo", key: "model name") { parts.append(cpu) }
        parts.append("\(sysconf(Int32(_SC_NPROCESSORS_ONLN))) cores")
        if let memory = procLine("/proc/meminfo", key: "MemTotal"),
            let kilobytes = Int(memory.split(separator: " ").first ?? "")
        {
            parts.append(fixed(Double(kilobytes) / 1_048_576, 1) + " GiB RAM")
        }
        var name = utsname()
        uname(&name)
        let system = withUnsafeBytes(of: &name.sysname) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let release = withUnsafeBytes(of: &name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let arch = withUnsafeBytes(of: &name.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        parts.append("\(system) \(release) \(arch)")
        return parts.joined(separator: ", ")
    }

    private static func procLine(_ path: String, key: String) -> String? {
        guard let bytes = try? FileSystem.readFile(path, limit: .output) else { return nil }
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where line.hasPrefix(key) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            return String(line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" })
        }
        return nil
    }

    /// Today's UTC date and time (the report's timestamp; the only clock read in chartc's tools).
    static func date() -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) \(two(parts.tm_hour)):\(two(parts.tm_min)) UTC"
    }
}
