import Foundation
import Testing

/// `chartc data` of binned specs (SPEC §13) against DuckDB computing `floor(x / step) * step` and the counts per
/// interval on the same CSV: the starts, `NAME_end` and the counts, row for row.
@Suite(.enabled(if: duckDBAvailable, "needs python3 with duckdb (pip install duckdb; CI installs it)"))
struct BinDuckDBTests {
    @Test(arguments: [("temp_max", 2.0), ("temp_max", 0.5), ("precipitation", 5.0), ("wind", 0.3), ("temp_min", 7.0)])
    func binnedCountsMatchDuckDB(field: String, step: Double) throws {
        let csvPath = packageRoot.appendingPathComponent("examples/seattle-weather/seattle-weather.csv").path
        let folder = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = """
            { "data": { "url": "\(csvPath)" }, "calculate": { "b": "bin(\(field), \(step))" }, "filter": "weather != 'snow'",
              "groupBy": ["b"], "aggregate": { "n": "count()" }, "mark": "bar", "encoding": { "x": { "field": "b" }, "y": { "field": "n" } } }
            """
        try text.write(to: folder.appendingPathComponent("s.chart.json"), atomically: true, encoding: .utf8)
        let chartc = try ChartcBinary.run(["data", folder.appendingPathComponent("s.chart.json").path])
        #expect(chartc.status == 0, "\(chartc.error)")
        let script = """
            import duckdb, csv, sys
            rows = duckdb.sql(\"\"\"SELECT floor(\(field) / \(step)) * \(step) AS b, floor(\(field) / \(step)) * \(step) + \(step) AS e, count(*) AS n
              FROM read_csv('\(csvPath)') WHERE weather != 'snow' GROUP BY ALL ORDER BY b NULLS LAST\"\"\").fetchall()
            out = csv.writer(sys.stdout, lineterminator='\\n')
            for row in rows: out.writerow(['' if v is None else repr(float(v)) for v in row])
            """
        let sql = WindowDuckDBTests.table(try WindowDuckDBTests.run(["python3", "-c", script], in: folder))
        let ours = WindowDuckDBTests.table(chartc.output)
        #expect(ours.first == ["b", "b_end", "n"])
        #expect(ours.count - 1 == sql.count)
        #expect(sql.count >= 5)
        for (mine, theirs) in zip(ours.dropFirst(), sql) {
            for column in 0..<3 {
                let a = mine[column], b = theirs[column]
                // Starts and counts exactly; the end to the last bit or so (start + step either way).
                let same =
                    (a.isEmpty && b.isEmpty)
                    || (Double(a).flatMap { x in Double(b).map { y in column == 1 ? abs(x - y) <= 1e-12 * max(1, abs(x)) : x == y } } ?? false)
                #expect(same, "bin(\(field), \(step)) row \(mine): chartc '\(a)', DuckDB '\(b)'")
            }
        }
    }
}
