import ChartData
import ChartDiagnostics
import ChartSpec
import Testing
@testable import ChartPipeline

/// The SQL compiler without a server: what it puts in SQL, what it leaves to chartc, and that no spec text
/// reaches the statement except quoted identifiers (the server tests check the results: DatabaseCompiledSQLTests).
@Suite struct SQLCompilerTests {
    static let hostile = #"a "b"; -- c /* d"#

    func compiled(_ members: String, schema: [SQLCompiler.Column], table: String = "t") throws -> Plan {
        let text = #"{"data": {"database": "$DB", "table": "\#(table)"}, "# + members + #", "mark": "bar"}"#
        let parsed = SpecParser.parse(SourceFile(path: "chart.chart.json", text: text))
        let spec = try #require(parsed.spec, "\(parsed.diagnostics)")
        let (plan, diagnostics) = Planner.plan(spec, schema: schema.map { ($0.name, $0.type) })
        let planned = try #require(plan, "\(diagnostics)")
        return try #require(SQLCompiler.compile(planned, relation: "\"t\"", columns: schema, inputOrder: "ctid"))
    }

    @Test func constantsAreParametersAndNamesAreQuoted() throws {
        let schema: [SQLCompiler.Column] = [(Self.hostile, .string, 25), ("v", .number, 701), ("d", .date, 1184)]
        let plan = try compiled(
            #"""
            "calculate": {"x'; DROP": "v * 2"},
            "filter": ["`a \"b\"; -- c /* d` != '\\'; DROP TABLE t; --'", "d >= '2020-01-01'"],
            "groupBy": ["a \"b\"; -- c /* d"], "aggregate": {"m": "median(`x'; DROP`)", "s": "sum(v)"}
            """#, schema: schema)
        let sql = try #require(plan.loadStep.sql)
        #expect(!sql.contains("DROP TABLE") && !sql.contains("2020"), "\(sql)")
        #expect(sql.contains(#""a ""b""; -- c /* d""#), "\(sql)")
        #expect(sql.contains("(" + SQLCompiler.finite(#""v""#) + " * $") && !sql.contains("x'"), "a calculated field is its SQL, substituted: \(sql)")
        #expect(plan.loadStep.sqlParameters.contains("'; DROP TABLE t; --"))
        #expect(plan.loadStep.sqlParameters.contains("2020-01-01T00:00:00.000Z"))
        #expect(sql.contains("sum(\"chartc_arg1\" ORDER BY \"chartc_argorder\")"), "\(sql)")
        #expect(plan.isCompiledAggregation)
        #expect(plan.databaseSteps.count == 3) // calculate, filter, aggregate
    }

    /// PostgreSQL refuses a parameter the statement never names: a calculation nothing reads adds none.
    @Test func onlyTheParametersTheStatementNames() throws {
        let schema: [SQLCompiler.Column] = [("s", .string, 25), ("v", .number, 701), ("d", .date, 1184)]
        for members in [
            #""calculate": {"unused": "v * 1000 + 7", "m": "month(d)"}, "filter": "v > 3", "groupBy": ["m"], "aggregate": {"n": "count()"}"#,
            #""calculate": {"unused": "s == 'x'", "w": "weekday(d)"}, "filter": ["w != 'Mon'", "v < 9"]"#
        ] {
            let plan = try compiled(members, schema: schema)
            let sql = try #require(plan.loadStep.sql)
            let count = plan.loadStep.sqlParameters.count
            #expect(count > 0)
            for n in 1...count { #expect(sql.contains("$\(n)::"), "$\(n) is not in \(sql)") }
            #expect(!sql.contains("$\(count + 1)::"), "\(sql)")
        }
    }

    @Test func whatHasNoExactSQLFormStaysInChartc() throws {
        let schema: [SQLCompiler.Column] = [("s", .string, 25), ("v", .number, 701), ("p", .string, 1042)]
        // stdev: SQL rounds differently. The plan reads the columns, with the filter in the WHERE.
        let spread = try compiled(#""filter": "v > 1", "groupBy": ["s"], "aggregate": {"sd": "stdev(v)"}"#, schema: schema)
        #expect(!spread.isCompiledAggregation)
        #expect(spread.loadStep.sql?.contains("WHERE (" + SQLCompiler.finite(#""v""#) + " > $1::float8)") == true, "\(spread.loadStep.sql ?? "")")
        #expect(spread.loadStep.sqlNote?.contains("stdev(v)") == true, "\(spread.loadStep.sqlNote ?? "")")
        // A bpchar column's text keeps its padding in chartc; its cast in SQL would not.
        let padded = try compiled(#""groupBy": ["p"], "aggregate": {"n": "count()"}"#, schema: schema)
        #expect(!padded.isCompiledAggregation)
        // lower() is Unicode case mapping in chartc: not in SQL.
        let lowered = try compiled(#""calculate": {"l": "lower(s)"}, "groupBy": ["l"], "aggregate": {"n": "count()"}"#, schema: schema)
        #expect(!lowered.isCompiledAggregation)
        #expect(lowered.loadStep.sqlNote?.contains("calculate l") == true)
    }

    @Test func aSumNeedsATablesInputOrder() throws {
        let text = #"{"data": {"database": "$DB", "query": "SELECT 1 AS v"}, "aggregate": {"s": "sum(v)", "n": "count()"}, "mark": "bar"}"#
        let spec = try #require(SpecParser.parse(SourceFile(path: "c.chart.json", text: text)).spec)
        let plan = try #require(Planner.plan(spec, schema: [("v", .number)]).0)
        let fromQuery = try #require(
            SQLCompiler.compile(plan, relation: "(SELECT 1 AS v\n) AS \"chartc_base\"", columns: [("v", .number, 701)], inputOrder: nil))
        #expect(!fromQuery.isCompiledAggregation)
        let counts = try compiled(#""aggregate": {"n": "count()", "hi": "max(v)"}"#, schema: [("v", .number, 701)])
        #expect(counts.isCompiledAggregation)
        #expect(counts.loadStep.sql?.contains("ctid") == false)
    }
}
