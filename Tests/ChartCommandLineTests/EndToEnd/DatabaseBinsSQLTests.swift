import ChartTestSupport
import Foundation
import Testing

/// Bins (SPEC §13, §19.6) in the compiled statement: the decimal start in `numeric` gives chartc's bits on
/// awkward values, `bin(x)` takes its step from an extent statement, and each result is byte-identical to the
/// file's `chartc data` (with `NAME_end`, `complete` over intervals, facets, totals), its plan marking the bin
/// and the grouping `in PostgreSQL`.
extension DatabaseCompiledSQLTests {
    /// Values at and next to interval edges for steps 0.1, 0.25, 5 and 1000: negatives, exact multiples, sums that
    /// miss an edge by one unit in the last place (0.1 + 0.2), large and tiny magnitudes, nulls.
    static func binCSV() -> String {
        var lines = ["x,g,w"]
        let awkward: [String] = [
            "0", "-0", "0.1", "-0.1", "0.2", "0.30000000000000004", "0.3", "-0.3", "0.7", "-0.7", "0.6999999999999999", "1", "-1",
            "2.5", "-2.5", "4.999999999999999", "5", "-5", "1e-300", "-1e-300", "123456789.123", "-98765.4321", "1e15", "1e15", "9007199254740993",
            "-1e17", "0.049999999999999996", "0.05", "-0.05", "", "", "1000", "-1000", "999.9999999999999", "12345.678"
        ]
        for (index, x) in awkward.enumerated() {
            lines.append("\(x),\(["a", "b", "c"][index % 3]),\(index % 4 == 0 ? "" : String(Double(index) * 0.37 - 3))")
        }
        for row in 0..<400 {
            let x = Double((row * 7919) % 2003) / 10 - 100.05
            lines.append("\(x),\(["a", "b", "c"][row % 3]),\(row % 9 == 0 ? "" : String(Double((row * 31) % 97) / 7 - 5))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func expectInPostgreSQL(_ outcome: Outcome, _ keywords: [String] = ["bin", "group"]) {
        for keyword in keywords {
            #expect(line(keyword, of: outcome.plan).contains("(in PostgreSQL"), "\(keyword): \(outcome.plan)")
        }
        #expect(outcome.plan.contains("\nGROUP BY") || outcome.plan.contains(" GROUP BY "), "\(outcome.plan)")
    }

    @Test func binWithAStepOnAwkwardValues() throws {
        for step in ["0.1", "0.25", "5", "1000", "1e-3"] {
            let outcome = try run(
                """
                "calculate": { "b": "bin(x, \(step))" },
                "groupBy": ["b"], "aggregate": { "n": "count()", "top": "max(x)" },
                "mark": "bar", "encoding": { "x": { "field": "b" }, "y": { "field": "n" } }
                """, name: "bin \(step)", csv: Self.binCSV(),
                // From -1e17 to 9e15 every step makes far more than 10,000 intervals: the rows compare, no chart.
                buildError: "bin-interval-limit")
            expectInPostgreSQL(outcome)
            #expect(outcome.fromDatabase.hasPrefix("b,b_end,n,top\n"), "\(outcome.fromDatabase.prefix(80))")
        }
    }

    @Test func automaticBinStepFromTheExtentAfterTheFilters() throws {
        for filter in ["x > -50 && x < 60", "x >= 0.3 && x <= 0.7", "g == 'b'", "x > 1e14"] {
            let outcome = try run(
                """
                "calculate": { "b": "bin(x)" },
                "filter": "\(filter)",
                "groupBy": ["b"], "aggregate": { "n": "count()" },
                "mark": "bar", "encoding": { "x": { "field": "b" }, "y": { "field": "n" } }
                """, name: "bin auto \(filter)", csv: Self.binCSV())
            expectInPostgreSQL(outcome)
        }
        // One value: chartc's step for an extent of one point, 1 or a power of ten near it.
        for value in ["5", "1000", "-98765.4321"] {
            let outcome = try run(
                """
                "calculate": { "b": "bin(x)" }, "filter": "x == \(value)",
                "groupBy": ["b"], "aggregate": { "n": "count()" },
                "mark": "bar", "encoding": { "x": { "field": "b" }, "y": { "field": "n" } }
                """, name: "bin auto one value \(value)", csv: Self.binCSV())
            expectInPostgreSQL(outcome)
        }
    }

    @Test func binnedWithCompleteFacetsAndTotals() throws {
        let complete = try run(
            """
            "calculate": { "b": "bin(x, 20)" },
            "filter": "x > -90 && x < 90",
            "groupBy": ["g", "b"], "aggregate": { "n": "count()", "m": "mean(x)", "q": "median(x)" },
            "complete": true,
            "mark": "bar", "encoding": { "x": { "field": "b" }, "y": { "field": "n" } },
            "facet": { "field": "g" }
            """, name: "bin complete facets", csv: Self.binCSV())
        expectInPostgreSQL(complete)
        let totals = try run(
            """
            "calculate": { "b": "bin(x)" },
            "groupBy": ["b", "g"], "aggregate": { "n": "count()", "s": "sum(w)" },
            "total": { "g": "every g" },
            "mark": "bar", "encoding": { "x": { "field": "b" }, "y": { "field": "n" } }
            """, name: "bin totals", csv: Self.binCSV())
        expectInPostgreSQL(totals)
        #expect(totals.fromDatabase.contains("every g"))
        // A filter over the binned field after the bin step: in the WHERE, with the bin's SQL.
        let after = try run(
            """
            "calculate": { "b": "bin(x, 10)" },
            "filter": "b != 0",
            "groupBy": ["b"], "aggregate": { "n": "count()" }, "complete": true,
            "mark": "bar", "encoding": { "x": { "field": "b" }, "y": { "field": "n" } }
            """, name: "bin filtered", csv: Self.binCSV(), buildError: "bin-interval-limit")
        expectInPostgreSQL(after)
    }
}

extension DatabaseCompiledSQLTests {
    /// A histogram over 2,000 rows and over 400,000 rows of the same shape: only the bins come back, so the
    /// result bytes (the cached `RowDescription` and `DataRow` messages) are the same size, a few hundred bytes,
    /// while the table grows 200-fold.
    @Test func aHistogramReadsBytesProportionalToItsBins() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        var sizes: [Int] = []
        for rows in [2_000, 400_000] {
            let table = "histogram_\(rows)"
            _ = try server.psql(
                """
                DROP TABLE IF EXISTS \(table); CREATE TABLE \(table) AS
                  SELECT ((i::int8 * 7919) % 1000)::float8 / 10 - 20 AS temp, (i % 3)::float8 AS kind FROM generate_series(1, \(rows)) AS i;
                GRANT SELECT ON \(table) TO reader;
                """)
            let spec = scratch.appendingPathComponent("\(table).chart.json")
            try """
            { "data": { "database": "$CHARTC_TEST_DB", "table": "\(table)" },
              "calculate": { "t": "bin(temp)" }, "groupBy": ["t"], "aggregate": { "n": "count()" }, "complete": true,
              "mark": "bar", "encoding": { "x": { "field": "t" }, "y": { "field": "n" } } }
            """.write(to: spec, atomically: true, encoding: .utf8)
            let cache = scratch.appendingPathComponent("cache-\(rows)")
            let environment = [
                "CHARTC_TEST_DB": server.url(user: "reader"), "PGPASSWORD": server.password, "XDG_CACHE_HOME": cache.path, "HOME": scratch.path
            ]
            let data = try ChartcBinary.run(["data", spec.path], environment: environment)
            #expect(data.status == 0, "\(data.error)")
            #expect(data.output.split(separator: "\n").count == 11, "\(data.output)")
            let plan = try ChartcBinary.run(["plan", spec.path], environment: environment)
            #expect(line("bin", of: plan.output).contains("(in PostgreSQL"), "\(plan.output)")
            var bytes = 0
            let files = FileManager.default.enumerator(at: cache, includingPropertiesForKeys: [.fileSizeKey])
            while let file = files?.nextObject() as? URL {
                bytes += (try file.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
            }
            sizes.append(bytes)
        }
        #expect(sizes[0] > 0 && sizes[1] < 8_000, "\(sizes)")
        #expect(sizes[1] - sizes[0] < 200, "the result grows with the table: \(sizes)")
    }
}

extension DatabaseCompiledSQLTests {
    /// stdev and variance in the statement: chartc's two passes in input order give the file's bits, with nulls,
    /// groups of one value (null), a group of only nulls, totals (each grouping set its own mean), and bins.
    @Test func stdevAndVarianceInPostgreSQL() throws {
        let outcome = try run(
            """
            "calculate": { "b": "bin(x, 50)" },
            "groupBy": ["g", "b"], "aggregate": { "sd": "stdev(w)", "v": "variance(w)", "vx": "variance(x)", "n": "count(w)", "m": "mean(w)", "md": "median(w)" },
            "total": { "g": "every g", "b": "all" },
            "mark": "bar", "encoding": { "x": { "field": "b" }, "y": { "field": "sd" } }
            """, name: "spread", csv: Self.binCSV())
        expectInPostgreSQL(outcome, ["bin", "group", "agg"])
        #expect(outcome.plan.contains("WINDOW \"chartc_set0\" AS (PARTITION BY"), "\(outcome.plan)")
        // The awkward rows make groups of one value and of none; their spread is null, as in the file.
        #expect(outcome.fromDatabase.contains(",,"), "\(outcome.fromDatabase)")
        let plain = try run(
            """
            "calculate": { "year": "year(when)" },
            "groupBy": ["city", "year"], "aggregate": { "sd": "stdev(value)", "v": "variance(count)", "big": "variance(value * 1e6 + 1e9)" },
            "mark": "bar", "encoding": { "x": { "field": "year" }, "y": { "field": "sd" } }
            """, name: "spread plain")
        expectInPostgreSQL(plain, ["group", "agg"])
    }
}

extension DatabaseCompiledSQLTests {
    /// A bin whose quotient overflows a double (1.7e308 / 0.1): in decimal it is still exact — 1.7e308 lies on an
    /// edge — in chartc (digit arithmetic past 10^22 steps) and in PostgreSQL's `numeric` alike, so the rows are the
    /// file's; no chart can draw that many intervals (bin-interval-limit).
    @Test func aBinThatOverflowsADoubleIsExactInDecimal() throws {
        let outcome = try run(
            """
            "calculate": { "b": "bin(x, 0.1)" },
            "groupBy": ["b"], "aggregate": { "n": "count()" },
            "mark": "bar", "encoding": { "x": { "field": "b" }, "y": { "field": "n" } }
            """, name: "bin overflow", csv: Self.binCSV() + "1.7e308,a,1\n-1.7e308,b,2\n", buildError: "bin-interval-limit")
        #expect(outcome.fromDatabase.contains("\n-1.7e+308,"), "\(outcome.fromDatabase)")
        #expect(outcome.fromDatabase.contains("\n1.7e+308,"), "\(outcome.fromDatabase)")
        #expect(outcome.fromDatabase.hasSuffix("\n,,2\n"), "only the two nulls have no bin: \(outcome.fromDatabase)")
    }
}

extension DatabaseCompiledSQLTests {
    /// `bin(x)` runs two statements (the extent, then the histogram); both are cached, so `--offline` builds
    /// the same histogram without a server.
    @Test func anAutomaticHistogramBuildsOffline() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        _ = try server.psql(
            """
            DROP TABLE IF EXISTS offline_bins; CREATE TABLE offline_bins AS
              SELECT ((i::int8 * 7919) % 1000)::float8 / 7 AS v FROM generate_series(1, 500) AS i;
            GRANT SELECT ON offline_bins TO reader;
            """)
        let spec = scratch.appendingPathComponent("offline.chart.json")
        try """
        { "data": { "database": "$CHARTC_TEST_DB", "table": "offline_bins" },
          "calculate": { "b": "bin(v)" }, "groupBy": ["b"], "aggregate": { "n": "count()" },
          "mark": "bar", "encoding": { "x": { "field": "b" }, "y": { "field": "n" } } }
        """.write(to: spec, atomically: true, encoding: .utf8)
        let environment = [
            "CHARTC_TEST_DB": server.url(user: "reader"), "PGPASSWORD": server.password,
            "XDG_CACHE_HOME": scratch.appendingPathComponent("cache").path, "HOME": scratch.path
        ]
        let online = try ChartcBinary.run(["data", spec.path], environment: environment)
        #expect(online.status == 0 && online.output.hasPrefix("b,b_end,n\n0,20,"), "\(online.error) \(online.output)")
        let offline = try ChartcBinary.run(["data", "--offline", spec.path], environment: environment)
        #expect(offline.status == 0 && offline.output == online.output, "\(offline.error)")
    }
}
