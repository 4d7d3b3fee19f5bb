import ChartTestSupport
import Foundation
import Testing

/// `sort`, `window` and `keep` over the data rows compiled into the statement (`SQLOrdering`, `SQLWindow`): the
/// same rows in the same order as chartc computes from the file, and `chartc plan` says each step ran in
/// PostgreSQL, so a test fails if the step silently stayed in chartc.
extension DatabaseCompiledSQLTests {
    @Test func sortsByEveryTypeWithNullsTiesAndNonASCII() throws {
        let outcome = try run(
            """
            "sort": ["-count", "city", "flag", "-value", "when"],
            "mark": "point", "encoding": { "x": { "field": "when" }, "y": { "field": "value" } }
            """, name: "sort")
        #expect(line("sort", of: outcome.plan).contains("(in PostgreSQL"), "\(outcome.plan)")
        #expect(outcome.plan.contains("COLLATE \"C\" ASC NULLS LAST"), "\(outcome.plan)")
        #expect(outcome.ran.contains("ORDER BY"), "the compiled statement ran: \(outcome.ran)")
        // Ties on `count` alone: the table's order breaks them, as chartc's stable sort does.
        _ = try run(
            """
            "calculate": { "v2": "value * 2" },
            "filter": "value != null",
            "sort": ["count"],
            "mark": "point", "encoding": { "x": { "field": "when" }, "y": { "field": "v2" } }
            """, name: "sort ties")
    }

    @Test func sortsWeekdayAndMonthNamesInCalendarOrder() throws {
        for locale in ["en-US", "en-GB", "de-DE"] {
            let outcome = try run(
                """
                "locale": "\(locale)",
                "calculate": { "day": "weekday(when)", "month": "month(when)" },
                "sort": ["-day", "month", "value"],
                "mark": "point", "encoding": { "x": { "field": "day" }, "y": { "field": "value" } }
                """, name: "calendar sort \(locale)")
            #expect(line("sort", of: outcome.plan).contains("(in PostgreSQL"), "\(locale): \(outcome.plan)")
            #expect(outcome.ran.contains("ORDER BY (CASE WHEN"), "\(locale): the compiled statement ran: \(outcome.ran)")
        }
    }

    @Test func everyCompiledWindowFunctionWithPartitionsNullsAndTies() throws {
        let outcome = try run(
            """
            "sort": ["count", "-value"],
            "window": {
              "rn": "row_number()", "cc": "cumcount()", "r": "rank(value)", "dr": "dense_rank(city)",
              "lg": "lag(value, 2)", "ld": "lead(when)", "ch": "change(value)", "pc": "pct_change(value)",
              "rmin": "rolling_min(value, 3)", "rmax": "rolling_max(value, 4)", "n": "count()", "nv": "count(value)",
              "lo": "min(when)", "hi": "max(city)", "top": "max(value)", "f": "first(value)", "l": "last(when)", "lc": "last(city)"
            },
            "windowBy": ["city"],
            "mark": "point", "encoding": { "x": { "field": "when" }, "y": { "field": "value" } }
            """, name: "windows")
        #expect(line("window", of: outcome.plan).contains("(in PostgreSQL"), "\(outcome.plan)")
        #expect(outcome.plan.contains("ROWS BETWEEN"), "\(outcome.plan)")
        #expect(outcome.ran.contains("ROWS BETWEEN"), "the compiled statement ran: \(outcome.ran)")
        // Over the whole table, in input order (no sort), and by a calculated field.
        let whole = try run(
            """
            "calculate": { "year": "year(when)" },
            "window": { "rn": "row_number()", "prev": "lag(city)", "chartc_order": "dense_rank(year)" },
            "windowBy": ["year"],
            "mark": "point", "encoding": { "x": { "field": "when" }, "y": { "field": "rn" } }
            """, name: "windows in input order")
        #expect(line("window", of: whole.plan).contains("(in PostgreSQL"), "\(whole.plan)")
        #expect(whole.ran.contains("dense_rank()"), "the compiled statement ran: \(whole.ran)")
    }

    @Test func keepTopNPerPartition() throws {
        let outcome = try run(
            """
            "filter": "value != null",
            "sort": ["-value", "when"],
            "window": { "r": "row_number()", "best": "max(value)" },
            "windowBy": ["city"],
            "keep": ["r <= 3", "best > 0"],
            "mark": "point", "encoding": { "x": { "field": "city" }, "y": { "field": "value" } }
            """, name: "top 3")
        #expect(line("keep", of: outcome.plan).contains("(in PostgreSQL"), "\(outcome.plan)")
        #expect(outcome.ran.contains("row_number()"), "the compiled statement ran: \(outcome.ran)")
        #expect(outcome.fromDatabase.split(separator: "\n").count <= 1 + 3 * 5, "\(outcome.fromDatabase)")
    }

    /// Sums have no exact SQL window form (chartc adds with compensation): the window step and the keep after it
    /// stay in chartc, the sort still runs in PostgreSQL, and the rows are the file's.
    @Test func windowsWithoutAnExactFormStayInChartc() throws {
        let outcome = try run(
            """
            "sort": ["when"],
            "window": { "r": "row_number()", "so_far": "cumsum(value)" },
            "keep": "r <= 50",
            "mark": "line", "encoding": { "x": { "field": "when" }, "y": { "field": "so_far" } }
            """, name: "cumsum")
        #expect(line("sort", of: outcome.plan).contains("(in PostgreSQL"), "\(outcome.plan)")
        #expect(!line("window", of: outcome.plan).contains("in PostgreSQL"), "\(outcome.plan)")
        #expect(!line("keep", of: outcome.plan).contains("in PostgreSQL"), "\(outcome.plan)")
    }

    /// A top-10 of 200,000 rows brings back 10 rows: the cached result (the server's messages exactly as sent)
    /// stays a few kilobytes whatever the table's size.
    @Test func aTopTenKeepReadsTenRows() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        try server.psql(
            """
            DROP TABLE IF EXISTS many_rows;
            CREATE TABLE many_rows AS SELECT i AS id, (i * 7919 % 100003)::float8 / 7 AS score, 'group ' || (i % 5) AS g
              FROM generate_series(1, 200000) AS i;
            GRANT SELECT ON many_rows TO reader;
            """)
        let spec = scratch.appendingPathComponent("top.chart.json")
        try """
        { "data": { "database": "$CHARTC_TEST_DB", "table": "many_rows" },
          "sort": ["-score"], "window": { "rank": "row_number()" }, "keep": "rank <= 10",
          "mark": "bar", "encoding": { "x": { "field": "id" }, "y": { "field": "score" } } }
        """.write(to: spec, atomically: true, encoding: .utf8)
        let cache = scratch.appendingPathComponent("cache")
        let environment = [
            "CHARTC_TEST_DB": server.url(user: "reader"), "PGPASSWORD": server.password, "XDG_CACHE_HOME": cache.path, "HOME": scratch.path
        ]
        let data = try ChartcBinary.run(["data", spec.path], environment: environment)
        #expect(data.status == 0, "\(data.error)")
        #expect(data.output.split(separator: "\n").count == 11, "\(data.output)")
        var bytes = 0
        if let files = FileManager.default.enumerator(at: cache, includingPropertiesForKeys: [.fileSizeKey]) {
            for case let file as URL in files {
                bytes += (try? file.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
            }
        }
        #expect(bytes > 0 && bytes < 8_000, "the cached result is \(bytes) bytes")
        let plan = try ChartcBinary.run(["plan", spec.path], environment: environment)
        #expect(line("keep", of: plan.output).contains("(in PostgreSQL"), "\(plan.output)")
    }

    /// A `query` has no input order to break ties with: the steps stay in chartc, with the file's result.
    @Test func aQueryKeepsTheRowStepsInChartc() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        try server.psql("DROP TABLE IF EXISTS q_rows; CREATE TABLE q_rows AS SELECT i AS id, i % 3 AS k FROM generate_series(1, 30) AS i;")
        try server.psql("GRANT SELECT ON q_rows TO reader;")
        let spec = scratch.appendingPathComponent("q.chart.json")
        try """
        { "data": { "database": "$CHARTC_TEST_DB", "query": "SELECT * FROM q_rows ORDER BY id" },
          "sort": ["k"], "window": { "r": "row_number()" },
          "mark": "bar", "encoding": { "x": { "field": "id" }, "y": { "field": "r" } } }
        """.write(to: spec, atomically: true, encoding: .utf8)
        let environment = [
            "CHARTC_TEST_DB": server.url(user: "reader"), "PGPASSWORD": server.password,
            "XDG_CACHE_HOME": scratch.appendingPathComponent("cache").path, "HOME": scratch.path
        ]
        let plan = try ChartcBinary.run(["plan", spec.path], environment: environment)
        #expect(plan.status == 0, "\(plan.error)")
        #expect(!line("sort", of: plan.output).contains("in PostgreSQL"), "\(plan.output)")
    }

    /// Over the groups: the default order, and a written sort by sums (null for a group of nulls, last),
    /// counts, string extremes and first values, with non-ASCII keys and null keys.
    @Test func sortsTheGroupsInPostgreSQL() throws {
        let byDefault = try run(
            """
            "groupBy": ["city", "count"], "aggregate": { "n": "count()", "m": "median(value)" },
            "mark": "bar", "encoding": { "x": { "field": "city" }, "y": { "field": "n" } }
            """, name: "groups default order")
        #expect(line("sort", of: byDefault.plan).contains("(in PostgreSQL"), "\(byDefault.plan)")
        #expect(byDefault.ran.contains("chartc_sorted"), "the compiled statement ran: \(byDefault.ran)")
        let written = try run(
            """
            "filter": "value == null || count > 6",
            "groupBy": ["city", "count", "flag"],
            "aggregate": { "s": "sum(value)", "n": "count(value)", "top": "max(city)", "any": "min(flag)", "first": "first(when)" },
            "sort": ["s", "n", "-top", "any", "-first"],
            "mark": "bar", "encoding": { "x": { "field": "city" }, "y": { "field": "s" } }
            """, name: "groups written order")
        #expect(line("sort", of: written.plan).contains("(in PostgreSQL"), "\(written.plan)")
        #expect(written.ran.contains("chartc_sorted"), "the compiled statement ran: \(written.ran)")
        #expect(written.fromDatabase.contains(",,0,"), "groups of nulls: \(written.fromDatabase)")
        // A total of a number key: chartc writes the numbers' text in that column, which SQL cannot: the sort stays.
        let total = try run(
            """
            "groupBy": ["city", "count"], "aggregate": { "m": "mean(value)" }, "total": { "count": "All" }, "sort": ["-m"],
            "mark": "bar", "encoding": { "x": { "field": "city" }, "y": { "field": "m" } }
            """, name: "groups with a number total")
        #expect(!line("sort", of: total.plan).contains("in PostgreSQL"), "\(total.plan)")
    }

    /// window and keep over sorted groups: top 3 months per city and year, with lags, ranks of month names (in
    /// calendar order), partition extremes and changes, all in PostgreSQL; a keep on a mean stays in chartc.
    @Test func windowAndKeepOverTheGroupsInPostgreSQL() throws {
        for locale in ["en-US", "de-DE"] {
            let outcome = try run(
                """
                "locale": "\(locale)",
                "calculate": { "year": "year(when)", "month": "month(when)" },
                "filter": "when != null",
                "groupBy": ["city", "year", "month"], "aggregate": { "rain": "sum(value)", "days": "count()", "wettest": "max(value)" },
                "sort": ["city", "-rain"],
                "window": {
                  "r": "row_number()", "prev": "lag(rain)", "dr": "dense_rank(month)", "most": "max(days)", "ch": "change(days)",
                  "low": "rolling_min(wettest, 2)", "f": "first(wettest)", "l": "last(month)"
                },
                "windowBy": ["city", "year"],
                "keep": "r <= 3",
                "mark": "bar", "encoding": { "x": { "field": "month" }, "y": { "field": "rain" } }
                """, name: "group windows \(locale)")
            #expect(line("window", of: outcome.plan).contains("(in PostgreSQL"), "\(outcome.plan)")
            #expect(line("keep", of: outcome.plan).contains("(in PostgreSQL"), "\(outcome.plan)")
            #expect(outcome.ran.contains("chartc_windowed"), "the compiled statement ran: \(outcome.ran)")
        }
        // Means, quantiles and outer expressions in SQL with chartc's arithmetic: sorted by, windowed, kept.
        let finished = try run(
            """
            "groupBy": ["city", "count"],
            "aggregate": { "m": "mean(value)", "med": "median(value)", "q": "quantile(value, 0.3)", "ratio": "sum(value) / count()", "n": "count()" },
            "sort": ["-m", "q"],
            "window": { "r": "row_number()", "prev": "lag(med)", "pc": "pct_change(ratio)", "lowest": "min(q)" },
            "windowBy": ["city"], "keep": ["r <= 4", "m > -5 || med < 30"],
            "mark": "bar", "encoding": { "x": { "field": "city" }, "y": { "field": "m" } }
            """, name: "group keep on finished values")
        #expect(line("sort", of: finished.plan).contains("(in PostgreSQL"), "\(finished.plan)")
        #expect(line("keep", of: finished.plan).contains("(in PostgreSQL"), "\(finished.plan)")
        #expect(finished.ran.contains("chartc_windowed"), "the compiled statement ran: \(finished.ran)")
        // A window sum has no exact form: window and keep stay in chartc, the sort by a mean runs in SQL.
        let sums = try run(
            """
            "groupBy": ["city", "count"], "aggregate": { "m": "mean(value)" }, "sort": ["m"],
            "window": { "so_far": "cumsum(m)" }, "windowBy": ["city"], "keep": "so_far > 0",
            "mark": "bar", "encoding": { "x": { "field": "city" }, "y": { "field": "m" } }
            """, name: "group cumsum")
        #expect(line("sort", of: sums.plan).contains("(in PostgreSQL"), "\(sums.plan)")
        #expect(!line("keep", of: sums.plan).contains("in PostgreSQL"), "\(sums.plan)")
    }

    /// Quantiles interpolated in SQL with chartc's operations in chartc's order: -19.9 and -19.7 at 0.3 give
    /// -19.839999999999996 as `lower · (1 − d) + upper · d`, but -19.84 as `percentile_cont`'s
    /// `lower + (upper − lower) · d`. A window field reads the SQL value, so a different formula shows.
    @Test func quantilesInSQLHaveChartcsBits() throws {
        let outcome = try run(
            """
            "groupBy": ["g"], "aggregate": { "q": "quantile(v, 0.3)", "m": "mean(v)", "r": "sum(v) / count(v)" },
            "window": { "top": "max(q)", "same": "min(q)", "prev": "lag(m)", "next": "lead(r)" }, "keep": "same == same",
            "mark": "bar", "encoding": { "x": { "field": "g" }, "y": { "field": "q" } }
            """, name: "quantile bits", csv: "g,v\na,-19.9\na,-19.7\nb,0.1\nb,0.2\nb,0.7\nc,\n")
        #expect(outcome.fromFile.contains("-19.839999999999996"), "\(outcome.fromFile)")
        #expect(line("keep", of: outcome.plan).contains("(in PostgreSQL"), "\(outcome.plan)")
    }

    /// Totals of string keys sorted in SQL: the label chosen by the GROUPING() mask sorts where chartc puts it
    /// (by code point, after weekday and month names), a group whose key equals the label comes before the
    /// total, and windows and keep see the labels.
    @Test func totalsSortAmongTheGroupsInPostgreSQL() throws {
        for (label, sort) in [("Oslo", #"["city", "day"]"#), ("Oslo", #"["city", "-n"]"#), ("Ärger", #"["-day", "city"]"#), ("", #"["n", "day"]"#)] {
            let outcome = try run(
                """
                "locale": "de-DE",
                "calculate": { "day": "weekday(when)" },
                "groupBy": ["city", "day"], "aggregate": { "n": "count()", "med": "median(value)", "m": "mean(value)" },
                "total": { "city": "\(label)", "day": "Woche" },
                "sort": \(sort),
                "window": { "r": "row_number()", "prev": "lag(med)" }, "windowBy": ["city"], "keep": "r <= 5 || m > 30",
                "mark": "bar", "encoding": { "x": { "field": "day" }, "y": { "field": "n" } }
                """, name: "string totals \(sort)")
            #expect(line("sort", of: outcome.plan).contains("(in PostgreSQL"), "\(outcome.plan)")
            #expect(line("keep", of: outcome.plan).contains("(in PostgreSQL"), "\(outcome.plan)")
            #expect(outcome.ran.contains("chartc_windowed") && outcome.ran.contains("GROUPING SETS"), "the compiled statement ran: \(outcome.ran)")
            #expect(outcome.fromDatabase.contains("Woche"), "\(outcome.fromDatabase)")
        }
    }

    /// A view has no `ctid`: the compiled sort and window fail (42703) and the next statement, the filters
    /// only, runs; chartc sorts and windows with the file's result.
    @Test func aViewWithoutInputOrderFallsBackToChartc() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let csv = "g,v\n" + (0..<60).map { "\(["a", "b", "c"][$0 % 3]),\($0 % 7)" }.joined(separator: "\n") + "\n"
        try csv.write(to: scratch.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        try server.psql("DROP VIEW IF EXISTS order_view; DROP TABLE IF EXISTS order_table; CREATE TABLE order_table (g text, v double precision);")
        try server.psql("COPY order_table FROM STDIN WITH (FORMAT csv, HEADER true)", input: Data(csv.utf8))
        try server.psql("CREATE VIEW order_view AS SELECT * FROM order_table; GRANT SELECT ON order_view TO reader;")
        let body =
            #""filter": "v > 0", "sort": ["v"], "window": { "r": "row_number()" }, "windowBy": ["g"], "keep": "r <= 2", "mark": "bar", "encoding": { "x": { "field": "g" }, "y": { "field": "v" } }"#
        let fileSpec = scratch.appendingPathComponent("file.chart.json")
        try ("{ \"data\": { \"url\": \"rows.csv\" }, " + body + " }\n").write(to: fileSpec, atomically: true, encoding: .utf8)
        let viewSpec = scratch.appendingPathComponent("view.chart.json")
        try ("{ \"data\": { \"database\": \"$CHARTC_TEST_DB\", \"table\": \"order_view\" }, " + body + " }\n").write(
            to: viewSpec, atomically: true, encoding: .utf8)
        let environment = [
            "CHARTC_TEST_DB": server.url(user: "reader"), "PGPASSWORD": server.password,
            "XDG_CACHE_HOME": scratch.appendingPathComponent("cache").path, "HOME": scratch.path
        ]
        let fromFile = try ChartcBinary.run(["data", fileSpec.path])
        let fromView = try ChartcBinary.run(["data", viewSpec.path], environment: environment)
        #expect(fromView.status == 0, "\(fromView.error)")
        #expect(fromView.output == fromFile.output, "\(firstDifference(expected: fromFile.output, actual: fromView.output))")
        #expect(fromFile.output.split(separator: "\n").count == 7, "\(fromFile.output)")
    }

    /// `complete` in SQL: every combination of the values seen (and the whole month cycle), null keys kept,
    /// counts and sums 0 and the rest null for the added groups, then sorted, windowed and kept in SQL too.
    @Test func completeRunsInPostgreSQL() throws {
        let outcome = try run(
            """
            "locale": "en-GB",
            "calculate": { "month": "month(when)", "big": "count > 6" },
            "filter": "value == null || value < 60",
            "groupBy": ["city", "month", "big"],
            "aggregate": { "n": "count()", "s": "sum(value)", "m": "mean(value)", "q": "q3(value)", "hi": "max(value)", "share": "sum(value) / count()" },
            "complete": true,
            "sort": ["-n", "city"],
            "window": { "r": "row_number()", "prev": "lag(s)" }, "windowBy": ["city"], "keep": "r <= 20 || n == 0",
            "mark": "bar", "encoding": { "x": { "field": "month" }, "y": { "field": "n" } }
            """, name: "complete")
        #expect(line("complete", of: outcome.plan).contains("in PostgreSQL"), "\(outcome.plan)")
        #expect(line("keep", of: outcome.plan).contains("(in PostgreSQL"), "\(outcome.plan)")
        #expect(outcome.ran.contains("CROSS JOIN"), "the compiled statement ran: \(outcome.ran)")
        #expect(outcome.fromDatabase.contains(",0,0,,,,,"), "added groups: \(outcome.fromDatabase)")
        // With totals of string keys each part is completed over the full groups' values, in SQL.
        let totals = try run(
            """
            "locale": "de-DE",
            "calculate": { "day": "weekday(when)", "big": "count > 6 ? 'big' : 'small'" },
            "filter": "value < -17 || count == 2 && value > 70",
            "groupBy": ["city", "day", "big"], "aggregate": { "n": "count()", "s": "sum(value)", "med": "median(value)" },
            "total": { "city": "Alle", "big": "beide" }, "complete": true,
            "mark": "bar", "encoding": { "x": { "field": "city" }, "y": { "field": "n" } }
            """, name: "complete with totals")
        #expect(line("complete", of: totals.plan).contains("in PostgreSQL"), "\(totals.plan)")
        let added = totals.fromDatabase.split(separator: "\n").filter { ($0.hasPrefix("Alle,") || $0.contains(",beide,")) && $0.contains(",0,0,") }
        #expect(!added.isEmpty, "a total part's added combinations: \(totals.fromDatabase)")
        #expect(totals.ran.contains("CROSS JOIN") && totals.ran.contains("GROUPING SETS"), "the compiled statement ran: \(totals.ran)")
        // A total of a number key keeps the sort, and so complete, in chartc.
        let numberTotal = try run(
            """
            "groupBy": ["city", "count"], "aggregate": { "n": "count()" }, "total": { "count": "All" }, "complete": true,
            "mark": "bar", "encoding": { "x": { "field": "city" }, "y": { "field": "n" } }
            """, name: "complete with a number total")
        #expect(line("complete", of: numberTotal.plan).contains("in chartc"), "\(numberTotal.plan)")
    }

    /// Past the limit of combinations the completed statement stops (22012) rather than send them, and chartc
    /// reports the same error as from a file.
    @Test func completePastTheLimitIsTheFilesError() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        try server.psql(
            "DROP TABLE IF EXISTS wide_complete; CREATE TABLE wide_complete AS SELECT i AS a, i AS b FROM generate_series(1, 1100) AS i; GRANT SELECT ON wide_complete TO reader;"
        )
        let spec = scratch.appendingPathComponent("wide.chart.json")
        try """
        { "data": { "database": "$CHARTC_TEST_DB", "table": "wide_complete" },
          "groupBy": ["a", "b"], "aggregate": { "n": "count()" }, "complete": true,
          "mark": "point", "encoding": { "x": { "field": "a" }, "y": { "field": "b" } } }
        """.write(to: spec, atomically: true, encoding: .utf8)
        let environment = [
            "CHARTC_TEST_DB": server.url(user: "reader"), "PGPASSWORD": server.password,
            "XDG_CACHE_HOME": scratch.appendingPathComponent("cache").path, "HOME": scratch.path
        ]
        let data = try ChartcBinary.run(["data", spec.path], environment: environment)
        #expect(data.status == 1, "\(data.output)")
        #expect(data.error.contains("complete would create more than 1000000 rows"), "\(data.error)")
    }

    /// `complete` over a scale's explicit domain in SQL: string values (one never seen) and numbers
    /// on an ordinal scale; the groups outside the domain stay.
    @Test func completeOverAnExplicitDomainRunsInPostgreSQL() throws {
        let outcome = try run(
            """
            "filter": "value > 50",
            "groupBy": ["city", "count"], "aggregate": { "n": "count()", "m": "mean(value)" }, "complete": true,
            "mark": "point",
            "encoding": {
              "x": { "field": "city", "scale": { "domain": ["Zürich", "Bergen", "Oslo"] } },
              "y": { "field": "count", "type": "ordinal", "scale": { "domain": [0, 2, 4, 6, 8, 10] } },
              "size": { "field": "n" }
            }
            """, name: "explicit domains")
        #expect(line("complete", of: outcome.plan).contains("in PostgreSQL"), "\(outcome.plan)")
        #expect(outcome.ran.contains("chartc_values"), "the compiled statement ran: \(outcome.ran)")
        #expect(outcome.fromDatabase.contains("Bergen,10,0,"), "\(outcome.fromDatabase)")
    }
}
