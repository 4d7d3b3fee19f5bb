import ChartData
import ChartDiagnostics
import ChartPipeline
import ChartSpec
import ChartTestSupport
import ChartValues
import Foundation
import Testing

/// The SQL compiler against a real server: each spec gives byte-identical `chartc data` from a CSV file and from
/// the same rows in PostgreSQL, and `chartc plan` says which steps ran where. The rows have nulls, decimals whose
/// sums depend on the order they are added in, times of day, and names full of quotes, semicolons and comments.
@Suite(.serialized, .enabled(if: PostgresTestServer.skipReason == nil, "\(PostgresTestServer.skipReason ?? "")"))
struct DatabaseCompiledSQLTests {
    let server: PostgresTestServer

    init() throws {
        server = try #require(PostgresTestServer.server)
    }

    static let hostile = #"it's "odd"; -- x /* y"#

    /// 600 rows over three years: a city (one of them hostile, some null), a timestamp (some at odd times of
    /// day, some null), a decimal value (some null), a whole count, a flag.
    static func csv() -> String {
        var lines = ["city,when,value,count,flag,\"" + hostile.replacingOccurrences(of: "\"", with: "\"\"") + "\""]
        let cities = ["Oslo", "Zürich", "", "a'b; DROP TABLE x; --", "Ålesund"]
        for row in 0..<600 {
            let city = cities[row % cities.count]
            let cityCell = city.contains(";") || city.contains("'") ? "\"" + city + "\"" : city
            let day = (row * 37) % 1096
            // From 2015-01-01, some at 13:45:30 or 21:05:00 UTC.
            let seconds = 1_420_070_400 + day * 86_400 + (row % 11 == 0 ? 49_530 : row % 17 == 0 ? 75_900 : 0)
            var when = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
            if row % 29 == 0 { when = "" }
            let value = row % 13 == 0 ? "" : String(Double((row * 7919) % 1000) / 10 - 20)
            let flag = row % 3 == 0 ? "true" : "false"
            let odd = row % 7 == 0 ? "" : String(row % 4)
            lines.append("\(cityCell),\(when),\(value),\(row % 9),\(flag),\(odd)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    struct Outcome {
        var fromFile: String
        var fromDatabase: String
        var plan: String
        /// The statement that ran (the built SVG's provenance): a refused statement falls back silently.
        var ran: String
    }

    /// Writes the CSV and two specs with the same pipeline (`body`: JSON members after `data`), loads the rows into
    /// a table, and runs `chartc data` on both and `chartc plan` on the database one.
    /// `buildError`: the id `chartc build` must stop with (the rows still compare; a chart of them cannot be drawn).
    /// `layer`: compare the rows that layer draws (`chartc data --layer N`) instead of the top-level output.
    func run(_ body: String, name: String, csv: String? = nil, buildError: String? = nil, layer: Int? = nil) throws -> Outcome {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        try (csv ?? Self.csv()).write(to: scratch.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        let fileSpec = scratch.appendingPathComponent("file.chart.json")
        try ("{ \"data\": { \"url\": \"rows.csv\" },\n" + body + "\n}\n").write(to: fileSpec, atomically: true, encoding: .utf8)

        let parsed = SpecParser.parse(SourceFile(path: fileSpec.path, bytes: Array(try Data(contentsOf: fileSpec))))
        let spec = try #require(parsed.spec, "\(name) does not parse: \(parsed.diagnostics)")
        // The base rows, before any reshaping (SPEC §21), which the database spec runs in PostgreSQL.
        var baseData = spec.data
        baseData.reshaping = []
        let table = try DataLoader.load(baseData, baseDirectory: spec.baseDirectory, columns: nil)
        let tableName = "compiled \(name) \"t\"; --"
        try server.load(
            table: tableName, columns: table.columns.map { ($0.name, DatabaseExamplesTests.sqlType($0.type)) },
            csv: Data(TableWriter.csv(table).utf8))
        let databaseSpec = scratch.appendingPathComponent("db.chart.json")
        let relation = JSONQuote.quote(PostgresTestServer.quote(tableName))
        try ("{ \"data\": { \"database\": \"$CHARTC_TEST_DB\", \"table\": \(relation) },\n" + body + "\n}\n")
            .write(to: databaseSpec, atomically: true, encoding: .utf8)
        let environment = [
            "CHARTC_TEST_DB": server.url(user: "reader"), "PGPASSWORD": server.password,
            "XDG_CACHE_HOME": scratch.appendingPathComponent("cache").path, "HOME": scratch.path
        ]
        let layerArguments = layer.map { ["--layer", String($0)] } ?? []
        let fromFile = try ChartcBinary.run(["data"] + layerArguments + [fileSpec.path])
        let fromDatabase = try ChartcBinary.run(["data"] + layerArguments + [databaseSpec.path], environment: environment)
        let plan = try ChartcBinary.run(["plan", databaseSpec.path], environment: environment)
        #expect(fromFile.status == 0, "\(name): \(fromFile.error)")
        #expect(fromDatabase.status == 0, "\(name) from PostgreSQL: \(fromDatabase.error)")
        #expect(plan.status == 0, "\(name) plan: \(plan.error)")
        #expect(fromFile.output.split(separator: "\n").count > 1, "\(name): no rows to compare")
        #expect(fromDatabase.output == fromFile.output, "\(name): \(firstDifference(expected: fromFile.output, actual: fromDatabase.output))")
        let build = try ChartcBinary.run(["build", databaseSpec.path, "-o", scratch.path], environment: environment)
        if let buildError {
            #expect(build.status == 1 && build.error.contains("[\(buildError)]"), "\(name) build: \(build.error)")
        } else {
            #expect(build.status == 0, "\(name) build: \(build.error)")
        }
        let svg = (try? String(contentsOf: scratch.appendingPathComponent("db.svg"), encoding: .utf8)) ?? ""
        let ran = svg.components(separatedBy: " query=\"").dropFirst().first?.components(separatedBy: "\"").first ?? ""
        return Outcome(fromFile: fromFile.output, fromDatabase: fromDatabase.output, plan: plan.output, ran: ran)
    }

    func line(_ keyword: String, of plan: String) -> String {
        plan.split(separator: "\n").first { $0.hasPrefix(keyword + " ") }.map(String.init) ?? ""
    }

    @Test func everyAggregateFunctionWithTotalsAndNulls() throws {
        let outcome = try run(
            """
            "calculate": { "year": "year(when)" },
            "filter": "value == null || value > -15",
            "groupBy": ["city", "year"],
            "aggregate": {
              "n": "count()", "nv": "count(value)", "d": "distinct(count)", "s": "sum(value)", "m": "mean(value)",
              "med": "median(value)", "q1": "q1(value)", "q3": "q3(value)", "p9": "quantile(value, 0.9)",
              "lo": "min(value)", "hi": "max(city)", "f": "first(value)", "l": "last(when)", "early": "min(when)",
              "any": "max(flag)", "ratio": "sum(value) / count()"
            },
            "total": { "city": "All cities", "year": "All years" },
            "mark": "point", "encoding": { "x": { "field": "year" }, "y": { "field": "m" } }
            """, name: "aggregates")
        #expect(line("group", of: outcome.plan).contains("(in PostgreSQL"), "\(outcome.plan)")
        #expect(line("finish", of: outcome.plan).contains("in chartc"), "\(outcome.plan)")
        #expect(outcome.plan.contains("GROUPING SETS"), "\(outcome.plan)")
        #expect(outcome.fromDatabase.contains("All cities") && outcome.fromDatabase.contains("All years"))
    }

    /// A composite mark's statistics (SPEC §21) are pipeline steps like any aggregate: every `extent` of an
    /// errorbar and of an errorband groups and reduces in PostgreSQL, chartc finishes each group (the t
    /// quantile), and the rows are the file's.
    @Test(arguments: ["errorbar", "errorband"], ["ci", "stderr", "stdev", "iqr"])
    func anErrorbarsExtentRunsInPostgreSQL(mark: String, extent: String) throws {
        let along =
            mark == "errorbar"
            ? #""x": { "field": "city" }"# : #""x": { "field": "year", "type": "quantitative" }, "color": { "field": "city" }"#
        let outcome = try run(
            """
            "calculate": { "year": "year(when)" },
            "mark": { "type": "\(mark)", "extent": "\(extent)" },
            "encoding": { \(along), "y": { "field": "value" } }
            """, name: "\(mark) \(extent)")
        let header = mark == "errorbar" ? "city,center,lower,upper\n" : "year,city,center,lower,upper\n"
        #expect(outcome.fromDatabase.hasPrefix(header), "\(outcome.fromDatabase)")
        #expect(line("group", of: outcome.plan).contains("(in PostgreSQL"), "\(outcome.plan)")
    }

    /// A boxplot's five numbers (SPEC §21) are aggregates PostgreSQL computes (the whiskers from `percentile_cont`'s
    /// quartiles), with the file's rows; its outliers are the rows beyond the fences, also as from the file.
    @Test func aBoxplotsFiveNumbersAndOutliersRunInPostgreSQL() throws {
        for extent in ["1.5", "0.25", #""min-max""#] {
            let body = """
                "mark": { "type": "boxplot", "extent": \(extent) },
                "encoding": { "x": { "field": "city" }, "y": { "field": "value" } }
                """
            let outcome = try run(body, name: "boxplot \(extent)")
            #expect(outcome.fromDatabase.hasPrefix("city,lower,q1,median,q3,upper\n"), "\(outcome.fromDatabase)")
            // Every group step (the one-mark chart's, or each box layer's) runs in PostgreSQL.
            let groups = outcome.plan.split(separator: "\n").filter { $0.drop { $0 == " " }.hasPrefix("group ") }
            #expect(!groups.isEmpty && groups.allSatisfy { $0.contains("(in PostgreSQL") }, "\(outcome.plan)")
            if extent == #""min-max""# {
                // No outlier layer: the five numbers are the chart's own grouped statement.
                #expect(outcome.ran.contains("GROUP BY"), "the grouped statement ran: \(outcome.ran)")
            } else {
                // The whiskers' fences from PostgreSQL's quartiles, in each box layer's statement.
                #expect(outcome.plan.contains("percentile_cont"), "\(outcome.plan)")
            }
            if extent == "0.25" {
                let outliers = try run(body, name: "boxplot outliers", layer: 6)
                #expect(outliers.fromDatabase.split(separator: "\n").count > 2, "\(outliers.fromDatabase)")
            }
        }
    }

    @Test func weekdayAndMonthNamesInTheSpecsLocaleAndOrder() throws {
        for (locale, expected) in [("en-GB", "Mon"), ("de-DE", "Mo"), ("en-US", "Sun")] {
            let weekdays = try run(
                """
                "locale": "\(locale)",
                "calculate": { "day": "weekday(when)" },
                "filter": "day != null",
                "groupBy": ["day"], "aggregate": { "n": "count()", "v": "mean(value)" },
                "mark": "bar", "encoding": { "x": { "field": "day" }, "y": { "field": "n" } }
                """, name: "weekdays \(locale)")
            #expect(
                weekdays.fromDatabase.split(separator: "\n").dropFirst().first?.hasPrefix(expected) == true, "\(locale): \(weekdays.fromDatabase)")
            #expect(line("group", of: weekdays.plan).contains("(in PostgreSQL"), "\(weekdays.plan)")
            let months = try run(
                """
                "locale": "\(locale)",
                "calculate": { "month": "month(when)", "wet": "value > 30" },
                "groupBy": ["month", "wet"], "aggregate": { "n": "count()", "top": "max(value)" },
                "complete": true,
                "mark": "bar", "encoding": { "x": { "field": "month" }, "y": { "field": "n" } }
                """, name: "months \(locale)")
            #expect(line("complete", of: months.plan).contains("in PostgreSQL"), "\(months.plan)")
            #expect(months.ran.contains("CROSS JOIN"), "the compiled statement ran: \(months.ran)")
        }
    }

    @Test func sortWindowAndKeepOverTheGroups() throws {
        let outcome = try run(
            """
            "calculate": { "year": "year(when)", "month": "month(when)" },
            "filter": ["when != null", "city != null"],
            "groupBy": ["city", "year", "month"], "aggregate": { "rain": "sum(value)", "days": "count()" },
            "sort": ["city", "-rain"],
            "window": { "r": "rank(-rain)", "so_far": "cumsum(rain)", "avg3": "rolling_mean(rain, 3)", "share": "rain / sum(rain)" },
            "windowBy": ["city", "year"],
            "keep": "r <= 3",
            "mark": "bar", "encoding": { "x": { "field": "month" }, "y": { "field": "rain" } }
            """, name: "window")
        #expect(line("group", of: outcome.plan).contains("(in PostgreSQL"), "\(outcome.plan)")
        #expect(line("window", of: outcome.plan).hasPrefix("window  by city, year"), "\(outcome.plan)")
    }

    /// SPEC §11, §19.11: a layer that aggregates the database rows on its own runs its own query, and the
    /// top-level window it inherits (or its own) is planned over the layer's rows as the top level's is (here
    /// after chartc finishes PostgreSQL's groups): the same rows as from the file.
    @Test func aLayersWindowRunsInItsOwnQuery() throws {
        let pipeline = """
            "calculate": { "year": "year(when)", "month": "month(when)" },
            "filter": ["when != null", "city != null"],
            "groupBy": ["city", "year", "month"], "aggregate": { "rain": "sum(value)" },
            "sort": ["city", "year", "month"],
            "window": { "so_far": "cumsum(rain)", "r": "rank(-rain)" }, "windowBy": ["city"],
            "encoding": { "x": { "field": "month" } },
            """
        let inherited = try run(
            pipeline + """
                "layers": [
                  { "mark": "point", "encoding": { "y": { "field": "so_far" } } },
                  { "mark": "line", "groupBy": ["city", "month"], "aggregate": { "rain": "mean(value)" }, "sort": ["city", "month"],
                    "encoding": { "y": { "field": "so_far" } } }
                ]
                """, name: "layer window inherited", layer: 1)
        #expect(inherited.fromDatabase.hasPrefix("city,month,rain,so_far,r\n"), "\(inherited.fromDatabase)")
        // The layer's plan runs the window where the top level's runs (after chartc finishes the groups).
        let inheritedPlan = inherited.plan.components(separatedBy: "layer 1").last ?? ""
        #expect(inheritedPlan.contains("group   city, month  (in PostgreSQL"), "\(inherited.plan)")
        #expect(inheritedPlan.contains("window  by city  (each partition in output order: city, month)"), "\(inherited.plan)")
        let own = try run(
            pipeline + """
                "layers": [
                  { "mark": "point", "encoding": { "y": { "field": "so_far" } } },
                  { "mark": "line", "groupBy": ["year", "month"], "aggregate": { "rain": "sum(value)" }, "sort": ["year", "month"],
                    "window": { "avg3": "rolling_mean(rain, 3)", "total": "cumsum(rain)" }, "windowBy": ["year"],
                    "encoding": { "y": { "field": "avg3" } } }
                ]
                """, name: "layer window own", layer: 1)
        #expect(own.fromDatabase.hasPrefix("year,month,rain,avg3,total\n"), "\(own.fromDatabase)")
        let layerPlan = own.plan.components(separatedBy: "layer 1").last ?? ""
        #expect(layerPlan.contains("window  by year  (each partition in output order: year, month)"), "\(own.plan)")
        #expect(layerPlan.contains("win     avg3 = rolling_mean(rain, 3)"), "\(own.plan)")
    }

    /// stdev has no SQL form with chartc's rounding: the groups are made in chartc, from the needed columns
    /// with the filters in the WHERE.
    @Test func stepsWithoutAnSQLFormRunInChartc() throws {
        let outcome = try run(
            """
            "calculate": { "label": "lower(city)" },
            "filter": ["value > 0", "label != 'oslo'"],
            "groupBy": ["label"], "aggregate": { "sd": "stdev(value)", "v": "variance(value)", "n": "count()" },
            "mark": "bar", "encoding": { "x": { "field": "label" }, "y": { "field": "sd" } }
            """, name: "fallback")
        #expect(outcome.plan.contains("the steps below run in chartc; no exact SQL form: calculate label"), "\(outcome.plan)")
        #expect(outcome.plan.contains("WHERE ((CASE WHEN abs(\"value\") < 'Infinity'::float8 THEN \"value\" END) > $1::float8)"), "\(outcome.plan)")
        #expect(line("group", of: outcome.plan) == "group   label", "\(outcome.plan)")
    }

    /// Names and strings full of quotes, semicolons and comment markers reach SQL only quoted or as parameters.
    @Test func hostileNamesAndStrings() throws {
        let field = "`" + Self.hostile.replacingOccurrences(of: "\"", with: "\\\"") + "`"
        let outcome = try run(
            """
            "calculate": { "it's \\"calc\\"; --": "\(field) + 1" },
            "filter": ["city != \\"a'b; DROP TABLE x; --\\"", "\(field) in (0, 1, 2, null)"],
            "groupBy": ["\(Self.hostile.replacingOccurrences(of: "\"", with: "\\\""))", "city"],
            "aggregate": { "n": "count()", "m": "max(`it's \\"calc\\"; --`)" },
            "total": { "city": "'; DROP TABLE members; --" },
            "mark": "bar", "encoding": { "x": { "field": "city" }, "y": { "field": "n" } }
            """, name: "hostile")
        let sql = line("sql", of: outcome.plan).components(separatedBy: "  (parameters").first ?? ""
        let statement = outcome.plan.components(separatedBy: "  (parameters").first ?? ""
        #expect(!sql.isEmpty)
        #expect(!statement.contains("DROP TABLE"), "constants are parameters: \(outcome.plan)")
        #expect(statement.contains(PostgresTestServer.quote(Self.hostile)), "identifiers are quoted: \(outcome.plan)")
        #expect(line("group", of: outcome.plan).contains("(in PostgreSQL"), "\(outcome.plan)")
        #expect(outcome.fromDatabase.contains("'; DROP TABLE members; --"))
    }

    /// Without an aggregate, the filters go into the WHERE (a calculated field's through its SQL) and chartc
    /// calculates; the row order is the table's.
    @Test func rowsWithoutAggregate() throws {
        let outcome = try run(
            """
            "calculate": { "v2": "round(value * 3) / 2", "h": "hour(when)" },
            "filter": ["!(v2 > 40)", "h == null || h < 20", "flag == 'true' || value < 0"],
            "mark": "point", "encoding": { "x": { "field": "when" }, "y": { "field": "v2" } }
            """, name: "rows")
        #expect(outcome.plan.contains("WHERE"), "\(outcome.plan)")
        #expect(line("filter", of: outcome.plan).contains("(in PostgreSQL"), "\(outcome.plan)")
        #expect(line("calc", of: outcome.plan) == "calc    v2 = round(value * 3) / 2", "\(outcome.plan)")
    }
}

extension DatabaseCompiledSQLTests {
    /// `string()` of a number is in SQL only for whole numbers; a fraction stops the statement (SQLSTATE 22012)
    /// and chartc runs the steps itself, with the same result.
    @Test func aStatementTheServerRefusesFallsBackToChartc() throws {
        let whole = try run(
            """
            "calculate": { "label": "string(count) + '×'" },
            "groupBy": ["label"], "aggregate": { "n": "count()" },
            "mark": "bar", "encoding": { "x": { "field": "label" }, "y": { "field": "n" } }
            """, name: "whole numbers")
        #expect(line("group", of: whole.plan).contains("(in PostgreSQL"), "\(whole.plan)")
        _ = try run(
            """
            "calculate": { "label": "string(value)" },
            "groupBy": ["label"], "aggregate": { "n": "count()" },
            "mark": "bar", "encoding": { "x": { "field": "label" }, "y": { "field": "n" } }
            """, name: "fractions")
    }
}

extension DatabaseCompiledSQLTests {
    /// Columns of other types than the ones a CSV loads as: integers, numeric, float4, varchar, date and timestamp
    /// are read in SQL as chartc reads their text, so groups, filters and sums match the file's.
    @Test func columnTypesAreReadAsChartcReadsThem() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        var csv = "n,big,dec,small,name,day,at\n"
        for row in 0..<300 {
            let name = ["north", "south", "east"][row % 3]
            let day = "2020-\(row % 12 < 9 ? "0" : "")\(row % 12 + 1)-\(row % 28 < 9 ? "0" : "")\(row % 28 + 1)"
            let dec = row % 10 == 0 ? "" : "\(row % 17).\(row % 7)5"
            csv += "\(row % 5),\(row * 1_000_003),\(dec),0.\(row % 9 + 1),\(name),\(day),\(day)T\(row % 24 < 10 ? "0" : "")\(row % 24):30:00\n"
        }
        try csv.write(to: scratch.appendingPathComponent("typed.csv"), atomically: true, encoding: .utf8)
        try server.psql(
            """
            DROP TABLE IF EXISTS typed; CREATE TABLE typed (n int4, big int8, dec numeric, small float4, name varchar(10), day date, at timestamp);
            """)
        try server.psql("COPY typed FROM STDIN WITH (FORMAT csv, HEADER true)", input: Data(csv.utf8))
        let body = """
            "calculate": { "month": "month(day)", "late": "hour(at) >= 12" },
            "filter": ["n != 3", "small > 0.2", "day >= '2020-02-01'"],
            "groupBy": ["name", "month", "late"],
            "aggregate": { "rows": "count()", "total": "sum(dec)", "avg": "mean(big)", "q": "quantile(small, 0.3)", "first": "min(at)" },
            "mark": "bar", "encoding": { "x": { "field": "month" }, "y": { "field": "total" } }
            """
        let fileSpec = scratch.appendingPathComponent("file.chart.json")
        try ("{ \"data\": { \"url\": \"typed.csv\" },\n" + body + "\n}\n").write(to: fileSpec, atomically: true, encoding: .utf8)
        let databaseSpec = scratch.appendingPathComponent("db.chart.json")
        try ("{ \"data\": { \"database\": \"$CHARTC_TEST_DB\", \"table\": \"typed\" },\n" + body + "\n}\n").write(
            to: databaseSpec, atomically: true, encoding: .utf8)
        let environment = [
            "CHARTC_TEST_DB": server.url(user: "reader"), "PGPASSWORD": server.password,
            "XDG_CACHE_HOME": scratch.appendingPathComponent("cache").path, "HOME": scratch.path
        ]
        let fromFile = try ChartcBinary.run(["data", fileSpec.path])
        let fromDatabase = try ChartcBinary.run(["data", databaseSpec.path], environment: environment)
        let plan = try ChartcBinary.run(["plan", databaseSpec.path], environment: environment)
        #expect(fromFile.status == 0 && fromDatabase.status == 0, "\(fromFile.error) \(fromDatabase.error)")
        #expect(fromDatabase.output == fromFile.output, "\(firstDifference(expected: fromFile.output, actual: fromDatabase.output))")
        #expect(line("group", of: plan.output).contains("(in PostgreSQL"), "\(plan.output)")
        #expect(plan.output.contains("\"small\"::text::float8") && plan.output.contains("\"day\"::timestamptz"), "\(plan.output)")
    }
}

extension DatabaseCompiledSQLTests {
    /// A view has no `ctid`: the compiled sum fails with 42703 and chartc groups the rows itself, with the same
    /// result as the file; `--offline` then builds from the cached result of the statement that ran.
    @Test func aViewFallsBackAndOfflineUsesWhatRan() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let csv = "g,v\n" + (0..<200).map { "\(["a", "b", "c"][$0 % 3]),\(Double($0 % 37) / 10 + 0.05)" }.joined(separator: "\n") + "\n"
        try csv.write(to: scratch.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        try server.psql("DROP VIEW IF EXISTS rows_view; DROP TABLE IF EXISTS rows_table; CREATE TABLE rows_table (g text, v double precision);")
        try server.psql("COPY rows_table FROM STDIN WITH (FORMAT csv, HEADER true)", input: Data(csv.utf8))
        try server.psql("CREATE VIEW rows_view AS SELECT * FROM rows_table; GRANT SELECT ON rows_view TO reader;")
        let body =
            #""groupBy": ["g"], "aggregate": { "s": "sum(v)", "m": "mean(v)", "n": "count()" }, "mark": "bar", "encoding": { "x": { "field": "g" }, "y": { "field": "s" } }"#
        let fileSpec = scratch.appendingPathComponent("file.chart.json")
        try ("{ \"data\": { \"url\": \"rows.csv\" }, " + body + " }\n").write(to: fileSpec, atomically: true, encoding: .utf8)
        let viewSpec = scratch.appendingPathComponent("view.chart.json")
        try ("{ \"data\": { \"database\": \"$CHARTC_TEST_DB\", \"table\": \"rows_view\" }, " + body + " }\n").write(
            to: viewSpec, atomically: true, encoding: .utf8)
        let environment = [
            "CHARTC_TEST_DB": server.url(user: "reader"), "PGPASSWORD": server.password,
            "XDG_CACHE_HOME": scratch.appendingPathComponent("cache").path, "HOME": scratch.path
        ]
        let fromFile = try ChartcBinary.run(["data", fileSpec.path])
        let fromView = try ChartcBinary.run(["data", viewSpec.path], environment: environment)
        #expect(fromView.status == 0, "\(fromView.error)")
        #expect(fromView.output == fromFile.output, "\(firstDifference(expected: fromFile.output, actual: fromView.output))")
        let offline = try ChartcBinary.run(["data", "--offline", viewSpec.path], environment: environment)
        #expect(offline.status == 0 && offline.output == fromFile.output, "\(offline.error)")
    }
}

extension DatabaseCompiledSQLTests {
    /// Shapes at the edges: one output row without groupBy, a total of the only groupBy field, a filter no row
    /// passes (with and without a total), and an aggregate that calls no aggregate function.
    @Test func edgeShapes() throws {
        _ = try run(
            """
            "filter": "value > 0",
            "aggregate": { "n": "count()", "q": "median(value)", "lo": "min(when)", "k": "1 + 1" },
            "mark": "point", "encoding": { "x": { "field": "n" }, "y": { "field": "q" } }
            """, name: "one row")
        _ = try run(
            """
            "groupBy": ["city"], "aggregate": { "n": "count()", "q": "q3(value)" },
            "total": { "city": "All" },
            "mark": "bar", "encoding": { "x": { "field": "city" }, "y": { "field": "n" } }
            """, name: "total of the only key")
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        // No row passes: the file gives a header and, for the total, its one row; so must the database.
        for (index, body) in [
            #""filter": "value > 1000", "groupBy": ["city"], "aggregate": { "n": "count()" }, "total": { "city": "All" }, "mark": "bar", "encoding": { "x": { "field": "city" }, "y": { "field": "n" } }"#,
            #""filter": "value > 1000", "groupBy": ["city"], "aggregate": { "n": "count()", "m": "median(value)" }, "mark": "bar", "encoding": { "x": { "field": "city" }, "y": { "field": "n" } }"#
        ].enumerated() {
            let fileSpec = scratch.appendingPathComponent("file\(index).chart.json")
            try Self.csv().write(to: scratch.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
            try ("{ \"data\": { \"url\": \"rows.csv\" }, " + body + " }\n").write(to: fileSpec, atomically: true, encoding: .utf8)
            let parsed = SpecParser.parse(SourceFile(path: fileSpec.path, bytes: Array(try Data(contentsOf: fileSpec))))
            let spec = try #require(parsed.spec)
            let table = try DataLoader.load(spec.data, baseDirectory: spec.baseDirectory, columns: nil)
            try server.load(
                table: "empty_edge", columns: table.columns.map { ($0.name, DatabaseExamplesTests.sqlType($0.type)) },
                csv: Data(TableWriter.csv(table).utf8))
            let databaseSpec = scratch.appendingPathComponent("db\(index).chart.json")
            try ("{ \"data\": { \"database\": \"$CHARTC_TEST_DB\", \"table\": \"empty_edge\" }, " + body + " }\n").write(
                to: databaseSpec, atomically: true, encoding: .utf8)
            let environment = [
                "CHARTC_TEST_DB": server.url(user: "reader"), "PGPASSWORD": server.password,
                "XDG_CACHE_HOME": scratch.appendingPathComponent("cache").path, "HOME": scratch.path
            ]
            let fromFile = try ChartcBinary.run(["data", fileSpec.path])
            let fromDatabase = try ChartcBinary.run(["data", databaseSpec.path], environment: environment)
            #expect(fromDatabase.status == fromFile.status, "\(fromFile.error) | \(fromDatabase.error)")
            #expect(fromDatabase.output == fromFile.output, "\(firstDifference(expected: fromFile.output, actual: fromDatabase.output))")
        }
    }
}

extension DatabaseCompiledSQLTests {
    /// `minutes seconds milliseconds` (SPEC §21) group in PostgreSQL with the file's values, before 1970 too:
    /// PostgreSQL's SECOND and MILLISECONDS carry fractions (and MILLISECONDS the seconds), cut to whole units here.
    @Test func timePartsGroupInPostgreSQLAsInAFile() throws {
        var lines = ["city,when,value"]
        let times = [
            "2020-01-01T10:17:42.250Z", "2021-06-30T23:59:59.999Z", "1969-12-31T23:58:01.001Z", "1900-03-01T00:00:59.500Z",
            "2024-02-29T00:00:00Z", "", "2020-01-01T10:17:42.251Z"
        ]
        for (index, time) in times.enumerated() { lines.append("c\(index % 3),\(time),\(index)") }
        let outcome = try run(
            """
            "calculate": { "mi": "minutes(when)", "se": "seconds(when)", "ms": "milliseconds(when)" },
            "groupBy": ["mi", "se", "ms"], "aggregate": { "n": "count()" },
            "mark": "point", "encoding": { "x": { "field": "ms" }, "y": { "field": "n" } }
            """, name: "time parts", csv: lines.joined(separator: "\n") + "\n")
        #expect(line("group", of: outcome.plan).contains("(in PostgreSQL"), "\(outcome.plan)")
        #expect(outcome.fromFile.contains("17,42,250,1\n17,42,251,1"), "\(outcome.fromFile)")
        #expect(outcome.fromFile.contains("58,1,1,1"), "\(outcome.fromFile)")
    }
}
