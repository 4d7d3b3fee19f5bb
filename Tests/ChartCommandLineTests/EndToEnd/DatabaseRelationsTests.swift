import ChartTestSupport
import Foundation
import Testing

/// Relations and values a real database has and a CSV cannot: schema-qualified and mixed-case names, names with
/// spaces, quotes and dots, views, materialized views, partitioned tables, empty tables, `query` texts with a CTE,
/// a trailing semicolon or comment, and values chartc reads as null (`NaN`, `±Infinity`, `''`, `infinity`
/// dates). Each spec's `chartc data` from the database must equal its output from a CSV holding the same rows
/// (with empty cells where chartc reads null), byte for byte.
@Suite(.serialized, .enabled(if: PostgresTestServer.skipReason == nil, "\(PostgresTestServer.skipReason ?? "")"))
struct DatabaseRelationsTests {
    let server: PostgresTestServer

    init() throws {
        server = try #require(PostgresTestServer.server)
    }

    /// 40 rows: a year (2019–2022, in file order), a label, a value whose sum depends on the order it is added in.
    static let csv: String = {
        var lines = ["year,label,value"]
        for row in 0..<40 {
            let label = ["north", "south", "east"][row % 3]
            lines.append("\(2019 + row / 10),\(label),\(Double((row * 7919) % 1000) / 10 + 0.1)")
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    static let aggregated = """
        "groupBy": ["label"],
        "aggregate": { "n": "count()", "s": "sum(value)", "m": "mean(value)", "f": "first(value)", "l": "last(value)", "y": "first(year)" },
        "mark": "bar", "encoding": { "x": { "field": "label" }, "y": { "field": "s" } }
        """

    /// `chartc data` of `body` over `rows.csv` (holding `csv`) and over `data` (the members after `"data": {`
    /// `"database": …,`), which must be equal; returns the database spec's output and plan.
    @discardableResult
    func same(_ body: String, data: String, csv: String = csv, user: String = "reader", label: String) throws -> (output: String, plan: String) {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        try csv.write(to: scratch.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        let fileSpec = scratch.appendingPathComponent("file.chart.json")
        try ("{ \"data\": { \"url\": \"rows.csv\" },\n" + body + "\n}\n").write(to: fileSpec, atomically: true, encoding: .utf8)
        let databaseSpec = scratch.appendingPathComponent("db.chart.json")
        try ("{ \"data\": { \"database\": \"$CHARTC_TEST_DB\", \(data) },\n" + body + "\n}\n").write(
            to: databaseSpec, atomically: true, encoding: .utf8)
        let environment = [
            "CHARTC_TEST_DB": server.url(user: user), "PGPASSWORD": server.password,
            "XDG_CACHE_HOME": scratch.appendingPathComponent("cache").path, "HOME": scratch.path
        ]
        let fromFile = try ChartcBinary.run(["data", fileSpec.path])
        let fromDatabase = try ChartcBinary.run(["data", databaseSpec.path], environment: environment)
        let plan = try ChartcBinary.run(["plan", databaseSpec.path], environment: environment)
        #expect(fromFile.status == 0, "\(label): \(fromFile.error)")
        #expect(fromDatabase.status == 0, "\(label) from PostgreSQL: \(fromDatabase.error)")
        #expect(fromDatabase.output == fromFile.output, "\(label): \(firstDifference(expected: fromFile.output, actual: fromDatabase.output))")
        return (fromDatabase.output, plan.output)
    }

    func load(_ relation: String, columns: String = "year int4, label text, value float8") throws {
        try server.psql("DROP TABLE IF EXISTS \(relation) CASCADE; CREATE TABLE \(relation) (\(columns));")
        try server.psql("COPY \(relation) FROM STDIN WITH (FORMAT csv, HEADER true)", input: Data(Self.csv.utf8))
    }

    @Test func schemaQualifiedMixedCaseAndOddNames() throws {
        try server.psql(#"CREATE SCHEMA IF NOT EXISTS "Weird Schema"; CREATE SCHEMA IF NOT EXISTS plain_schema;"#)
        try load(#""Weird Schema"."Mixed Case.Table ""q"" 'x'""#)
        try load(#"plain_schema."MixedCase""#)
        try server.psql(#"GRANT USAGE ON SCHEMA "Weird Schema", plain_schema TO reader;"#)
        // A role with standard_conforming_strings = off, DateStyle 'SQL, DMY' and TimeZone America/New_York:
        // the table's name reaches SQL in a literal too (the ctid check), which must mean the same.
        let password = server.password.replacingOccurrences(of: "'", with: "''")
        try server.psql(
            """
            DO $$ BEGIN
              IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'oddwriter') THEN
                CREATE ROLE oddwriter LOGIN PASSWORD '\(password)'; GRANT pg_read_all_data TO oddwriter;
              END IF;
            END $$;
            ALTER ROLE oddwriter SET standard_conforming_strings = off;
            ALTER ROLE oddwriter SET DateStyle = 'SQL, DMY';
            ALTER ROLE oddwriter SET TimeZone = 'America/New_York';
            """)
        for (table, label) in [
            (#"\"Weird Schema\".\"Mixed Case.Table \"\"q\"\" 'x'\""#, "quoted schema and table with a dot, quotes"),
            (#"plain_schema.\"MixedCase\""#, "schema.MixedCase")
        ] {
            try same(Self.aggregated, data: "\"table\": \"\(table)\"", label: label)
            let odd = try same(
                Self.aggregated, data: "\"table\": \"\(table)\"", user: "oddwriter", label: label + ", standard_conforming_strings off")
            #expect(odd.plan.contains("::regclass THEN \"ctid\""), "\(odd.plan)")
        }
    }

    /// A view has no `ctid`, a materialized view has one: both give the file's answer (a view's ordered
    /// aggregates run in chartc).
    @Test func viewsAndMaterializedViews() throws {
        try load("view_base")
        try server.psql(
            """
            DROP VIEW IF EXISTS rows_view; DROP MATERIALIZED VIEW IF EXISTS rows_matview;
            CREATE VIEW rows_view AS SELECT * FROM view_base;
            CREATE MATERIALIZED VIEW rows_matview AS SELECT * FROM view_base;
            """)
        try same(Self.aggregated, data: "\"table\": \"rows_view\"", label: "view")
        try same(Self.aggregated, data: "\"table\": \"rows_matview\"", label: "materialized view")
    }

    /// A partitioned table's rows live in its partitions, each with its own `ctid`s from (0,1): `ORDER BY ctid`
    /// would interleave the years, so `first`, `last` and the order of a sum would not be a plain `SELECT`'s.
    /// The partitions here hold the file's rows in the file's order, so a plain SELECT gives the file's order.
    @Test func partitionedTableKeepsThePlainSelectOrder() throws {
        try server.psql(
            """
            DROP TABLE IF EXISTS by_year CASCADE;
            CREATE TABLE by_year (year int4, label text, value float8) PARTITION BY RANGE (year);
            CREATE TABLE by_year_a PARTITION OF by_year FOR VALUES FROM (2019) TO (2021);
            CREATE TABLE by_year_b PARTITION OF by_year FOR VALUES FROM (2021) TO (2023);
            """)
        try server.psql("COPY by_year FROM STDIN WITH (FORMAT csv, HEADER true)", input: Data(Self.csv.utf8))
        let plain = try server.psql("SELECT string_agg(value::text, ',') FROM by_year")
        let expected = Self.csv.split(separator: "\n").dropFirst().map { String($0.split(separator: ",")[2]) }
        #expect(
            plain.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").map { String(Double($0) ?? 0) }
                == expected.map { String(Double($0) ?? 0) })
        try same(Self.aggregated, data: "\"table\": \"by_year\"", label: "partitioned table")
        // A plain table still sums in the server, in ctid order.
        try load("not_partitioned")
        let plan = try same(Self.aggregated, data: "\"table\": \"not_partitioned\"", label: "plain table").plan
        #expect(plan.contains("::regclass THEN \"ctid\""), "\(plan)")
    }

    @Test func emptyTableAndNoRowsAfterTheFilter() throws {
        try server.psql("DROP TABLE IF EXISTS empty_rows; CREATE TABLE empty_rows (year int4, label text, value float8);")
        let header = "year,label,value\n"
        // An empty table's column types come from the server; a file with no rows has none, so it has one here.
        let empty = try same(
            "\"filter\": \"year > 3000\",\n" + Self.aggregated, data: "\"table\": \"empty_rows\"", csv: header + "2019,x,1\n", label: "empty table")
        #expect(empty.output.split(separator: "\n").count <= 1, "\(empty.output)")
        try load("some_rows")
        let filtered = "\"filter\": \"value > 1000\",\n"
        try same(filtered + Self.aggregated, data: "\"table\": \"some_rows\"", label: "no rows after the filter, grouped")
        try same(
            filtered + "\"mark\": \"point\", \"encoding\": { \"x\": { \"field\": \"year\" }, \"y\": { \"field\": \"value\" } }",
            data: "\"table\": \"some_rows\"", label: "no rows after the filter, ungrouped")
        try same(
            filtered
                + "\"aggregate\": { \"n\": \"count()\", \"s\": \"sum(value)\" }, \"mark\": \"bar\", \"encoding\": { \"y\": { \"field\": \"n\" } }",
            data: "\"table\": \"some_rows\"", label: "no rows after the filter, one group")
    }

    @Test func queriesWithCTESemicolonsAndComments() throws {
        try load("query_rows")
        for query in [
            "WITH base AS (SELECT * FROM query_rows) SELECT * FROM base",
            "SELECT * FROM query_rows;  ",
            "SELECT * FROM query_rows -- the whole table",
            "SELECT * FROM query_rows /* all */;\n-- done"
        ] {
            let body = """
                "groupBy": ["label"], "aggregate": { "n": "count()", "m": "median(value)", "hi": "max(value)" },
                "mark": "bar", "encoding": { "x": { "field": "label" }, "y": { "field": "n" } }
                """
            try same(body, data: "\"query\": \(JSONQuote.quote(query))", label: query)
        }
    }

    /// chartc reads times to the millisecond (the text's further digits dropped): rows a few microseconds apart
    /// are one group, one distinct value and the same extreme in SQL as in the file.
    @Test func timesBelowAMillisecond() throws {
        try server.psql(
            """
            DROP TABLE IF EXISTS fine_times;
            CREATE TABLE fine_times (at timestamptz, v float8);
            INSERT INTO fine_times VALUES ('2020-01-01 10:00:00.0004+00', 1), ('2020-01-01 10:00:00.0001+00', 2),
              ('2020-01-01 10:00:00.0019+00', 3), ('1969-12-31 23:59:59.9996+00', 4), ('1969-12-31 23:59:59.9991+00', 5);
            """)
        let csv = """
            at,v
            2020-01-01T10:00:00.0004Z,1
            2020-01-01T10:00:00.0001Z,2
            2020-01-01T10:00:00.0019Z,3
            1969-12-31T23:59:59.9996Z,4
            1969-12-31T23:59:59.9991Z,5

            """
        let outcome = try same(
            """
            "groupBy": ["at"], "aggregate": { "n": "count()", "s": "sum(v)" },
            "mark": "bar", "encoding": { "x": { "field": "at" }, "y": { "field": "n" } }
            """, data: "\"table\": \"fine_times\"", csv: csv, label: "times below a millisecond")
        #expect(outcome.output.split(separator: "\n").count == 4, "\(outcome.output)")
        #expect(outcome.plan.contains("date_trunc('milliseconds'") && outcome.plan.contains("group   at  (in PostgreSQL"), "\(outcome.plan)")
        try same(
            """
            "aggregate": { "d": "distinct(at)", "lo": "min(at)", "hi": "max(at)" },
            "mark": "bar", "encoding": { "y": { "field": "d" } }
            """, data: "\"table\": \"fine_times\"", csv: csv, label: "distinct and extremes of times")
    }

    /// NaN, ±Infinity, empty strings and infinite or BC dates are null to chartc, in the compiled statement as in
    /// the rows read: the same as a file with empty cells there.
    @Test func valuesChartcReadsAsNull() throws {
        try server.psql(
            """
            DROP TABLE IF EXISTS odd_values;
            CREATE TABLE odd_values (label text, value float8, amount numeric, day date, at timestamptz);
            INSERT INTO odd_values VALUES
              ('a', 1.5, 2, '2020-01-01', '2020-01-01 10:00:00+00'), ('a', 'NaN', 'NaN', 'infinity', 'infinity'),
              ('b', 'Infinity', 'Infinity', '-infinity', '-infinity'), ('b', '-Infinity', '-Infinity', '0044-03-15 BC', '0044-03-15 00:00:00+00 BC'),
              ('', 2.5, 3, '2021-06-01', '2021-06-01 23:59:59.5+00'), (NULL, -1, -1, '2022-01-01', '2022-01-01 00:00:00+00');
            """)
        let csv = """
            label,value,amount,day,at
            a,1.5,2,2020-01-01,2020-01-01T10:00:00Z
            a,,,,
            b,,,,
            b,,,,
            ,2.5,3,2021-06-01,2021-06-01T23:59:59.5Z
            ,-1,-1,2022-01-01,2022-01-01T00:00:00Z

            """
        let grouped = """
            "calculate": { "y": "year(day)" },
            "filter": ["value == null || value > -2", "y == null || y < 3000", "label != 'zzz'"],
            "groupBy": ["label"],
            "aggregate": { "n": "count()", "nv": "count(value)", "s": "sum(amount)", "hi": "max(value)", "lo": "min(at)",
                           "late": "max(day)", "nl": "count(label)", "d": "distinct(label)", "md": "median(value)" },
            "mark": "bar", "encoding": { "x": { "field": "label" }, "y": { "field": "n" } }
            """
        let outcome = try same(grouped, data: "\"table\": \"odd_values\"", csv: csv, label: "null-like values, grouped")
        #expect(outcome.plan.contains("group   label  (in PostgreSQL"), "\(outcome.plan)")
        try same(
            "\"filter\": \"value > 0 || day > date('2020-06-01')\", \"mark\": \"point\", \"encoding\": { \"x\": { \"field\": \"day\" }, \"y\": { \"field\": \"value\" } }",
            data: "\"table\": \"odd_values\"", csv: csv, label: "null-like values, rows")
    }
}
