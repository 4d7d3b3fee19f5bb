import Foundation
import Testing

/// `chartc data` of binned specs (SPEC §13, §19.6) against the rows DuckDB reads from the same CSV, binned in
/// decimal by Python's `decimal` module: the starts, `NAME_end` and the counts, row for row, to the bit.
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
        // DuckDB reads and filters the rows; Python's decimal module bins them as SPEC §19.6 says (x and the step
        // as their 15-digit decimals, the floor of the exact quotient, the nearest double of k × step).
        let script = """
            import duckdb, csv, sys, decimal, collections
            decimal.getcontext().prec = 60
            step = decimal.Decimal('%.15g' % \(step))
            xs = [r[0] for r in duckdb.sql(\"\"\"SELECT \(field) FROM read_csv('\(csvPath)') WHERE weather != 'snow'\"\"\").fetchall()]
            counts = collections.Counter()
            for x in xs:
                k = None if x is None else (decimal.Decimal('%.15g' % x) / step).to_integral_value(rounding=decimal.ROUND_FLOOR)
                counts[k] += 1
            out = csv.writer(sys.stdout, lineterminator='\\n')
            for k in sorted(counts, key=lambda k: (k is None, k or 0)):
                row = ['', '', counts[k]] if k is None else [repr(float(k * step)), repr(float((k + 1) * step)), counts[k]]
                out.writerow(row)
            """
        let sql = WindowDuckDBTests.table(try WindowDuckDBTests.run(["python3", "-c", script], in: folder))
        let ours = WindowDuckDBTests.table(chartc.output)
        #expect(ours.first == ["b", "b_end", "n"])
        #expect(ours.count - 1 == sql.count)
        #expect(sql.count >= 5)
        for (mine, theirs) in zip(ours.dropFirst(), sql) {
            for column in 0..<3 {
                let a = mine[column], b = theirs[column]
                let same = (a.isEmpty && b.isEmpty) || (Double(a).flatMap { x in Double(b).map { y in x == y } } ?? false)
                #expect(same, "bin(\(field), \(step)) row \(mine): chartc '\(a)', DuckDB '\(b)'")
            }
        }
    }
}
