import ChartTestSupport
import Foundation
import Testing

/// Annotation values from a database (SPEC §12, §19.13) equal those from a CSV of the same rows: aggregates over
/// the output rows run in chartc on the statement's result; `rows: input` ones run as a statement of their own
/// (the whole-table aggregate pushed down), which must give what chartc computes in memory.
@Suite(.serialized, .enabled(if: PostgresTestServer.skipReason == nil, "\(PostgresTestServer.skipReason ?? "")"))
struct DatabaseAnnotationTests {
    let server: PostgresTestServer

    init() throws {
        server = try #require(PostgresTestServer.server)
    }

    @Test func inputAndOutputRowAggregatesMatchTheCSV() throws {
        var lines = ["year,label,value"]
        var values: [Double] = []
        for row in 0..<40 {
            let value = Double((row * 7919) % 1000) / 10 + 0.1
            values.append(value)
            lines.append("\(2019 + row / 10),\(["north", "south", "east"][row % 3]),\(value)")
        }
        let csv = lines.joined(separator: "\n") + "\n"
        try server.psql("DROP TABLE IF EXISTS annotation_rows; CREATE TABLE annotation_rows (year int4, label text, value float8);")
        try server.psql("COPY annotation_rows FROM STDIN WITH (FORMAT csv, HEADER true)", input: Data(csv.utf8))
        let body = """
            "filter": "year >= 2020",
            "groupBy": ["label"], "aggregate": { "s": "sum(value)" },
            "mark": "bar", "encoding": { "x": { "field": "label" }, "y": { "field": "s", "format": ".3f" } },
            "annotations": [
              { "type": "rule", "y": { "aggregate": "mean(value)", "rows": "input" }, "label": "rows {value}" },
              { "type": "rule", "y": { "aggregate": "quantile(value, 0.9)", "rows": "input" }, "label": "p90 {value}" },
              { "type": "rule", "y": { "aggregate": "mean(s)" }, "label": "bars {value}" },
              { "type": "text", "at": "argmax(s)", "text": "top {x} {y}" }
            ]
            """
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        try csv.write(to: scratch.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        try ("{ \"data\": { \"url\": \"rows.csv\" },\n" + body + "\n}\n").write(
            to: scratch.appendingPathComponent("file.chart.json"), atomically: true, encoding: .utf8)
        try ("{ \"data\": { \"database\": \"$CHARTC_TEST_DB\", \"table\": \"annotation_rows\" },\n" + body + "\n}\n").write(
            to: scratch.appendingPathComponent("db.chart.json"), atomically: true, encoding: .utf8)
        let environment = [
            "CHARTC_TEST_DB": server.url(user: "reader"), "PGPASSWORD": server.password,
            "XDG_CACHE_HOME": scratch.appendingPathComponent("cache").path, "HOME": scratch.path
        ]
        let file = try ChartcBinary.run(["build", "file.chart.json", "-o", "out"], in: scratch)
        let database = try ChartcBinary.run(["build", "db.chart.json", "-o", "out"], in: scratch, environment: environment)
        #expect(file.status == 0, "\(file.error)")
        #expect(database.status == 0, "\(database.error)")
        func notes(_ name: String) throws -> [String] {
            let svg = try String(contentsOf: scratch.appendingPathComponent("out/\(name).svg"), encoding: .utf8)
            return svg.components(separatedBy: "chartc-annotation-").dropFirst().compactMap { part in
                guard let open = part.firstIndex(of: ">"), let close = part.firstIndex(of: "<") else { return nil }
                return open < close ? String(part[part.index(after: open)..<close]) : nil
            }.filter { !$0.isEmpty }
        }
        let fromFile = try notes("file"), fromDatabase = try notes("db")
        // Hand-computed: the mean of the 30 rows from 2020 on.
        let kept = values[10...]
        let mean = kept.reduce(0, +) / Double(kept.count)
        #expect(fromFile.contains("rows \(String(format: "%.3f", mean))"), "\(fromFile)")
        #expect(fromDatabase == fromFile, "\(fromDatabase) vs \(fromFile)")
    }
}
