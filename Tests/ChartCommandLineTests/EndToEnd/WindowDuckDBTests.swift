import Foundation
import Testing

/// `chartc data` with every SPEC §14 function against DuckDB's SQL window functions over the same random CSV
/// (nulls, ties, one-row partitions, windows longer than a partition), so the semantics match an independent SQL
/// engine, not only the reference written in `WindowTests`.
@Suite(.enabled(if: duckDBAvailable, "needs python3 with duckdb (pip install duckdb; CI installs it)"))
struct WindowDuckDBTests {
    /// (chartc window expression, the SQL that computes the same; `w` is `PARTITION BY g ORDER BY d`).
    static let functions: [(name: String, chartc: String, sql: String)] = [
        ("rm3", "rolling_mean(x, 3)", "CASE WHEN row_number() OVER w >= 3 THEN avg(x) OVER (w ROWS 2 PRECEDING) END"),
        ("rs4", "rolling_sum(x, 4)", "CASE WHEN row_number() OVER w >= 4 THEN sum(x) OVER (w ROWS 3 PRECEDING) END"),
        ("rmin2", "rolling_min(x, 2)", "CASE WHEN row_number() OVER w >= 2 THEN min(x) OVER (w ROWS 1 PRECEDING) END"),
        ("rmax5", "rolling_max(x, 5)", "CASE WHEN row_number() OVER w >= 5 THEN max(x) OVER (w ROWS 4 PRECEDING) END"),
        ("rbig", "rolling_mean(x, 30)", "CASE WHEN row_number() OVER w >= 30 THEN avg(x) OVER (w ROWS 29 PRECEDING) END"),
        ("cs", "cumsum(x)", "sum(x) OVER (w ROWS UNBOUNDED PRECEDING)"),
        ("cc", "cumcount()", "count(*) OVER (w ROWS UNBOUNDED PRECEDING)"),
        ("lg", "lag(x)", "lag(x) OVER w"),
        ("lg2", "lag(x, 2)", "lag(x, 2) OVER w"),
        ("ld3", "lead(x, 3)", "lead(x, 3) OVER w"),
        ("ch", "change(x)", "x - lag(x) OVER w"),
        ("pc", "pct_change(x)", "(x - lag(x) OVER w) / nullif(lag(x) OVER w, 0)"),
        ("rk", "rank(x)", "rank() OVER (PARTITION BY g ORDER BY x ASC NULLS LAST)"),
        ("rkd", "rank(-x)", "rank() OVER (PARTITION BY g ORDER BY -x ASC NULLS LAST)"),
        ("dr", "dense_rank(x)", "dense_rank() OVER (PARTITION BY g ORDER BY x ASC NULLS LAST)"),
        ("rn", "row_number()", "row_number() OVER w"),
        ("sm", "sum(x)", "sum(x) OVER (PARTITION BY g)"),
        ("mn", "mean(x)", "avg(x) OVER (PARTITION BY g)"),
        ("md", "median(x)", "quantile_cont(x, 0.5) OVER (PARTITION BY g)"),
        ("mi", "min(x)", "min(x) OVER (PARTITION BY g)"),
        ("ma", "max(x)", "max(x) OVER (PARTITION BY g)"),
        ("cn", "count(x)", "count(x) OVER (PARTITION BY g)"),
        ("cr", "count()", "count(*) OVER (PARTITION BY g)"),
        ("fi", "first(x)", "first_value(x IGNORE NULLS) OVER (w ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)"),
        ("la", "last(x)", "last_value(x IGNORE NULLS) OVER (w ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)"),
        ("sh", "x / sum(x)", "x / nullif(sum(x) OVER (PARTITION BY g), 0)"),
        (
            "ix", "100 * rolling_mean(x, 2) / first(x)",
            "100 * (CASE WHEN row_number() OVER w >= 2 THEN avg(x) OVER (w ROWS 1 PRECEDING) END) / nullif(first_value(x IGNORE NULLS) OVER (w ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING), 0)"
        )
    ]

    /// `g,d,x` rows: partitions of random sizes (one of a single row), `d` unique within a partition but
    /// shuffled, `x` small numbers (ties) or empty (null).
    static func csv(seed: UInt64) -> String {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        var lines: [String] = []
        for (index, g) in ["p", "q", "r", "s"].enumerated() {
            let size = index == 3 ? 1 : 5 + next(40)
            for d in 0..<size {
                let x = next(5) == 0 ? "" : String(Double(next(9) - 3) / 2)
                lines.append("\(g),\(d * 3 + next(3)),\(x)")
            }
        }
        for index in lines.indices.reversed() where index > 0 { lines.swapAt(index, next(index + 1)) }
        return "g,d,x\n" + lines.joined(separator: "\n") + "\n"
    }

    static func run(_ arguments: [String], in folder: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    static func table(_ csv: String) -> [[String]] {
        csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    /// After `groupBy`/`aggregate` (SPEC §14's own example shape): monthly figures per year of the Seattle file.
    @Test func afterAggregationOnTheSeattleFile() throws {
        let csvPath = packageRoot.appendingPathComponent("examples/seattle-weather/seattle-weather.csv").path
        let folder = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = """
            { "data": { "url": "\(csvPath)", "parse": { "date": "date" } },
              "calculate": { "year": "year(date)", "month": "month(date)" },
              "groupBy": ["year", "month"], "aggregate": { "high": "max(temp_max)", "rain": "sum(precipitation)" },
              "window": { "avg3": "rolling_mean(high, 3)", "so_far": "cumsum(rain)", "share": "rain / sum(rain)", "top": "rank(-rain)",
                          "index": "100 * high / first(high)", "delta": "change(high)" },
              "windowBy": ["year"], "keep": "top <= 8",
              "mark": "bar", "encoding": { "x": { "field": "month" }, "y": { "field": "rain" } } }
            """
        try text.write(to: folder.appendingPathComponent("s.chart.json"), atomically: true, encoding: .utf8)
        let chartc = try ChartcBinary.run(["data", folder.appendingPathComponent("s.chart.json").path])
        #expect(chartc.status == 0, "\(chartc.error)")
        let script = """
            import duckdb, csv, sys
            rows = duckdb.sql(\"\"\"WITH m AS (SELECT year(date) AS y, month(date) AS mo, max(temp_max) AS high, sum(precipitation) AS rain
                FROM read_csv('\(csvPath)') GROUP BY ALL),
              w AS (SELECT y, mo, high, rain,
                CASE WHEN row_number() OVER w >= 3 THEN avg(high) OVER (w ROWS 2 PRECEDING) END AS avg3,
                sum(rain) OVER (w ROWS UNBOUNDED PRECEDING) AS so_far, rain / sum(rain) OVER (PARTITION BY y) AS share,
                rank() OVER (PARTITION BY y ORDER BY -rain) AS top, 100 * high / first_value(high) OVER w AS idx,
                high - lag(high) OVER w AS delta
                FROM m WINDOW w AS (PARTITION BY y ORDER BY mo))
              SELECT * FROM w WHERE top <= 8 ORDER BY y, mo\"\"\").fetchall()
            out = csv.writer(sys.stdout, lineterminator='\\n')
            for row in rows: out.writerow(['' if v is None else repr(float(v)) for v in row])
            """
        let sql = Self.table(try Self.run(["python3", "-c", script], in: folder))
        let ours = Self.table(chartc.output)
        #expect(ours.first == ["year", "month", "high", "rain", "avg3", "so_far", "share", "top", "index", "delta"])
        #expect(ours.count - 1 == sql.count)
        #expect(sql.count > 20)
        for (mine, theirs) in zip(ours.dropFirst(), sql) {
            for column in [0, 2, 3, 4, 5, 6, 7, 8, 9] {
                let a = mine[column], b = theirs[column]
                let same =
                    (a.isEmpty && b.isEmpty)
                    || (Double(a).flatMap { x in Double(b).map { y in abs(x - y) <= 1e-9 * max(1, abs(x), abs(y)) } } ?? false)
                #expect(same, "\(mine[0]) \(mine[1]) column \(ours.first?[column] ?? ""): chartc '\(a)', DuckDB '\(b)'")
            }
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64]) func chartcDataMatchesDuckDB(seed: UInt64) throws {
        let folder = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.csv(seed: seed).write(to: folder.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        let window = Self.functions.map { "\"\($0.name)\": \"\($0.chartc)\"" }.joined(separator: ", ")
        let spec = """
            { "data": { "url": "rows.csv" }, "sort": ["g", "d"], "window": { \(window) }, "windowBy": ["g"],
              "mark": "point", "encoding": { "x": { "field": "d" }, "y": { "field": "x" } } }
            """
        try spec.write(to: folder.appendingPathComponent("w.chart.json"), atomically: true, encoding: .utf8)
        let chartc = try ChartcBinary.run(["data", folder.appendingPathComponent("w.chart.json").path])
        #expect(chartc.status == 0, "\(chartc.error)")
        let columns = Self.functions.map { "\($0.sql) AS \($0.name)" }.joined(separator: ", ")
        let script = """
            import duckdb, csv, sys
            rows = duckdb.sql(\"\"\"SELECT g, d, x, \(columns) FROM read_csv('rows.csv', header=true, columns={'g': 'VARCHAR', 'd': 'DOUBLE', 'x': 'DOUBLE'})
              WINDOW w AS (PARTITION BY g ORDER BY d) ORDER BY g, d\"\"\").fetchall()
            out = csv.writer(sys.stdout, lineterminator='\\n')
            for row in rows: out.writerow(['' if v is None else repr(float(v)) if not isinstance(v, str) else v for v in row])
            """
        let sql = Self.table(try Self.run(["python3", "-c", script], in: folder))
        let ours = Self.table(chartc.output)
        #expect(ours.first == ["g", "d", "x"] + Self.functions.map(\.name))
        #expect(ours.count - 1 == sql.count)
        for (row, (mine, theirs)) in zip(ours.dropFirst(), sql).enumerated() {
            for (column, function) in Self.functions.enumerated() {
                let a = mine[3 + column], b = theirs[3 + column]
                let same: Bool
                if a.isEmpty || b.isEmpty {
                    same = a.isEmpty && b.isEmpty
                } else if let x = Double(a), let y = Double(b) {
                    same = abs(x - y) <= 1e-9 * max(1, abs(x), abs(y))
                } else {
                    same = false
                }
                #expect(same, "seed \(seed) row \(row) \(function.chartc): chartc '\(a)', DuckDB '\(b)'")
            }
        }
    }
}
