import ChartTestSupport
import Foundation
import Testing

/// `fold`, `pivot` and `lookup` (SPEC §21) over PostgreSQL rows compile into the statement (`SQLReshaping`):
/// `chartc data` gives the file's rows byte for byte (the file's rows equal DuckDB's `UNPIVOT`/`PIVOT`/`LEFT JOIN`,
/// `FoldTests` and `PivotLookupTests`), and `chartc plan` shows each step in PostgreSQL with its SQL.
extension DatabaseCompiledSQLTests {
    static let wide = """
        country,2019,2020,2021,note
        Norway,1.5,2.5,0.1,a
        Sweden,,3.25,0.2,b
        "it's ""odd""; --",4,5,0.30000000000000004,
        Chile,-2,,1e-7,c

        """

    static let long = """
        date,symbol,price,flag
        2020-01,MSFT,20.1,true
        2020-01,AAPL,10.2,false
        2020-02,AAPL,11.3,true
        2020-02,MSFT,21.4,
        2020-02,AAPL,1.7,false
        2020-03,MSFT,22,true
        2020-03,"it's; --",0.1,true
        2020-04,,5,false
        2020-04,AAPL,,true

        """

    @Test func foldRunsInPostgreSQL() throws {
        let outcome = try run(
            """
            "fold": { "fields": ["2021", "2019", "2020"], "as": ["year", "growth"] },
            "mark": "line", "encoding": { "x": { "field": "year" }, "y": { "field": "growth" }, "color": { "field": "country" } }
            """, name: "fold", csv: Self.wide)
        #expect(line("fold", of: outcome.plan).contains("(in PostgreSQL"), "\(outcome.plan)")
        #expect(outcome.plan.contains("CROSS JOIN LATERAL (VALUES"), "\(outcome.plan)")
        #expect(outcome.ran.contains("CROSS JOIN LATERAL"), "the statement that ran: \(outcome.ran)")
        #expect(outcome.fromDatabase.hasPrefix("country,note,year,growth\nNorway,a,2021,0.1\nNorway,a,2019,1.5\n"), "\(outcome.fromDatabase)")
    }

    /// The fold's names keep the listed order as categories (a grouped aggregate over them, in PostgreSQL).
    @Test func aFoldThenAnAggregateInPostgreSQL() throws {
        let outcome = try run(
            """
            "fold": ["2021", "2019", "2020"],
            "groupBy": ["key"], "aggregate": { "n": "count(value)", "top": "max(value)", "low": "min(value)" },
            "mark": "bar", "encoding": { "x": { "field": "key" }, "y": { "field": "top" } }
            """, name: "fold aggregate", csv: Self.wide)
        #expect(line("group", of: outcome.plan).contains("(in PostgreSQL"), "\(outcome.plan)")
        #expect(outcome.fromDatabase.hasPrefix("key,n,top,low\n2021,"), "\(outcome.fromDatabase)")
    }

    @Test(arguments: ["sum", "mean", "count", "distinct", "min", "max", "first", "last"])
    func pivotRunsInPostgreSQL(_ op: String) throws {
        let outcome = try run(
            """
            "pivot": { "field": "symbol", "value": "price", "groupBy": ["date"], "op": "\(op)" },
            "filter": "AAPL != null || MSFT > 21",
            "mark": "point", "encoding": { "x": { "field": "date" }, "y": { "field": "AAPL" } }
            """, name: "pivot \(op)", csv: Self.long)
        #expect(line("pivot", of: outcome.plan).contains("(in PostgreSQL"), "\(outcome.plan)")
        #expect(outcome.plan.contains("FILTER (WHERE"), "\(outcome.plan)")
        #expect(outcome.fromDatabase.hasPrefix("date,AAPL,MSFT,it's; --\n"), "\(op): \(outcome.fromDatabase)")
    }

    /// Text and boolean values as columns, a pivot without groupBy (one row), and a fold then a pivot.
    @Test func pivotOnBooleansWithoutGroupsAndAfterAFold() throws {
        let flags = try run(
            """
            "pivot": { "field": "flag", "value": "price", "op": "sum" },
            "mark": "point", "encoding": { "x": { "field": "true" }, "y": { "field": "false" } }
            """, name: "pivot flags", csv: Self.long)
        #expect(flags.fromDatabase.hasPrefix("false,true\n"), "\(flags.fromDatabase)")
        let chained = try run(
            """
            "fold": { "fields": ["2019", "2020"], "as": ["year", "growth"] },
            "pivot": { "field": "country", "value": "growth", "groupBy": ["year"], "op": "max" },
            "mark": "point", "encoding": { "x": { "field": "year" }, "y": { "field": "Norway" } }
            """, name: "fold pivot", csv: Self.wide)
        #expect(chained.fromDatabase.hasPrefix("year,Chile,Norway,Sweden,"), "\(chained.fromDatabase)")
        #expect(line("fold", of: chained.plan).contains("(in PostgreSQL") && line("pivot", of: chained.plan).contains("(in PostgreSQL"))
    }

    /// An op whose SQL is not chartc's arithmetic is an error at the op, saying what to write.
    @Test func aPivotMedianIsAnErrorAtItsOp() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        try server.psql(
            "DROP TABLE IF EXISTS pivot_median; CREATE TABLE pivot_median (d text, s text, v float8); INSERT INTO pivot_median VALUES ('a', 'x', 1);")
        let spec = scratch.appendingPathComponent("median.chart.json")
        try """
        { "data": { "database": "$CHARTC_TEST_DB", "table": "pivot_median" },
          "pivot": { "field": "s", "value": "v", "groupBy": ["d"], "op": "median" },
          "mark": "point", "encoding": { "x": { "field": "d" }, "y": { "field": "x" } } }

        """.write(to: spec, atomically: true, encoding: .utf8)
        let environment = ["CHARTC_TEST_DB": server.url(user: "reader"), "PGPASSWORD": server.password, "HOME": scratch.path]
        let result = try ChartcBinary.run(["data", spec.path], environment: environment)
        #expect(result.status == 1)
        #expect(result.error.contains("median.chart.json:2:66: error: pivot's op 'median' has no exact SQL form"), "\(result.error)")
    }

    /// Two tables of one database: a left join in the statement, the first row of a repeated key, a number key
    /// that finds its text, and a lookup of a file is an error at `lookup.data` saying what to write.
    @Test func lookupJoinsInPostgreSQL() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let names = "id,name,founded\nMSFT,Microsoft,1975\nAAPL,Apple,1976\nAAPL,Apple again,1977\n\"it's; --\",Odd,\nX,Unused,2000\n"
        let codes = "code,label\n1975,the seventies\n1976,bicentennial\n"
        for (name, csv) in [("long", Self.long), ("names", names), ("codes", codes)] {
            try csv.write(to: scratch.appendingPathComponent(name + ".csv"), atomically: true, encoding: .utf8)
        }
        try server.load(
            table: "lk_long", columns: [("date", "text"), ("symbol", "text"), ("price", "float8"), ("flag", "boolean")], csv: Data(Self.long.utf8))
        try server.load(table: "lk_names", columns: [("id", "text"), ("name", "text"), ("founded", "int")], csv: Data(names.utf8))
        try server.load(table: "lk_codes", columns: [("code", "text"), ("label", "text")], csv: Data(codes.utf8))
        let environment = [
            "CHARTC_TEST_DB": server.url(user: "reader"), "PGPASSWORD": server.password,
            "XDG_CACHE_HOME": scratch.appendingPathComponent("cache").path, "HOME": scratch.path
        ]
        let database = #""database": "$CHARTC_TEST_DB""#
        /// Writes the spec from a file and from the database and compares their rows; returns the database plan.
        func compare(
            _ name: String, base: (file: String, table: String), other: (file: String, relation: String), lookup: String, rest: String
        ) throws -> String {
            func spec(_ data: String, _ otherData: String) -> String {
                """
                { "data": \(data),
                "lookup": { "data": \(otherData), \(lookup) },
                \(rest) }

                """
            }
            let fileSpec = scratch.appendingPathComponent(name + "-file.chart.json")
            let databaseSpec = scratch.appendingPathComponent(name + "-db.chart.json")
            try spec("{ \"url\": \"\(base.file)\" }", "{ \"url\": \"\(other.file)\" }").write(to: fileSpec, atomically: true, encoding: .utf8)
            try spec("{ \(database), \"table\": \"\(base.table)\" }", "{ \(database), \(other.relation) }")
                .write(to: databaseSpec, atomically: true, encoding: .utf8)
            let fromFile = try ChartcBinary.run(["data", fileSpec.path])
            let fromDatabase = try ChartcBinary.run(["data", databaseSpec.path], environment: environment)
            #expect(fromFile.status == 0, "\(name): \(fromFile.error)")
            #expect(fromDatabase.status == 0, "\(name): \(fromDatabase.error)")
            #expect(fromFile.output.split(separator: "\n").count > 2, "\(name): \(fromFile.output)")
            #expect(fromDatabase.output == fromFile.output, "\(name): \(firstDifference(expected: fromFile.output, actual: fromDatabase.output))")
            // The join does not fail silently in the database either: the same warnings (rows without a match,
            // with the same did-you-mean; repeated keys), the other data named as the database's rows.
            func warnings(_ said: String, origin: String) -> [String] {
                said.split(separator: "\n").filter { $0.contains("warning:") }.map { line in
                    // After the position: the other data's text, and so the columns on its line, differ.
                    String(line[(line.range(of: "warning:")?.lowerBound ?? line.startIndex)...]).replacingOccurrences(of: origin, with: "OTHER")
                }
            }
            let expected = warnings(fromFile.error, origin: other.file)
            #expect(!expected.isEmpty, "\(name): \(fromFile.error)")
            #expect(warnings(fromDatabase.error, origin: "the database's rows") == expected, "\(name): \(fromDatabase.error) vs \(fromFile.error)")
            let plan = try ChartcBinary.run(["plan", databaseSpec.path], environment: environment)
            #expect(line("lookup", of: plan.output).contains("(in PostgreSQL"), "\(plan.output)")
            #expect(plan.output.contains("LEFT JOIN (SELECT DISTINCT ON"), "\(plan.output)")
            return fromFile.output
        }
        let companies = try compare(
            "names", base: ("long.csv", "lk_long"), other: ("names.csv", "\"table\": \"lk_names\""),
            lookup: #""on": "symbol", "key": "id", "fields": ["name", "founded"], "as": ["company", "year"]"#,
            rest: #""filter": "price != 5", "mark": "point", "encoding": { "x": { "field": "date" }, "y": { "field": "price" } }"#)
        #expect(companies.contains("Microsoft,1975") && !companies.contains("Apple again"), "\(companies)")
        // A number key (founded) finds the text that spells it (code), from a query.
        let decades = try compare(
            "codes", base: ("names.csv", "lk_names"), other: ("codes.csv", "\"query\": \"SELECT * FROM lk_codes\""),
            lookup: #""on": "founded", "key": "code""#,
            rest: #""mark": "point", "encoding": { "x": { "field": "id" }, "y": { "field": "founded" } }"#)
        #expect(decades.contains("the seventies"), "\(decades)")
        // Lint says it too, from the database.
        let lint = try ChartcBinary.run(["lint", scratch.appendingPathComponent("codes-db.chart.json").path], environment: environment)
        #expect(
            (lint.output + lint.error).contains("3 of 5 rows found no match") && (lint.output + lint.error).contains("did you mean"),
            "\(lint.output)\(lint.error)")

        let mixed = scratch.appendingPathComponent("mixed.chart.json")
        try """
        { "data": { \(database), "table": "lk_long" },
        "lookup": { "data": { "url": "names.csv" }, "on": "symbol", "key": "id" },
        "mark": "point", "encoding": { "x": { "field": "date" }, "y": { "field": "price" } } }

        """.write(to: mixed, atomically: true, encoding: .utf8)
        let refused = try ChartcBinary.run(["data", mixed.path], environment: environment)
        #expect(refused.status == 1)
        #expect(
            refused.error.contains("mixed.chart.json:2:21: error: lookup joins in PostgreSQL only rows of the same database"), "\(refused.error)")
    }
}
