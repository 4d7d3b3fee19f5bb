import ChartData
import ChartDiagnostics
import ChartExpression
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
        #expect(plan.databaseSteps.count == 4) // calculate, filter, aggregate, sort (the groups arrive in output order)
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

    /// A statistics step (SPEC §21) runs in chartc over the rows the statement fetches: the statement reads the
    /// fields the step needs with the filters in its WHERE, and the plan says where the step runs.
    @Test func aStatisticsStepRunsOnTheFetchedRows() throws {
        let schema: [SQLCompiler.Column] = [("s", .string, 25), ("v", .number, 701), ("w", .number, 701), ("d", .date, 1184)]
        let plan = try compiled(#""filter": "v > 3", "regression": {"x": "d", "y": "v", "method": "loess", "groupBy": ["s"]}"#, schema: schema)
        let sql = try #require(plan.loadStep.sql)
        #expect(sql.hasPrefix(#"SELECT "s", "v", "d""#) && sql.contains("WHERE"), "\(sql)")
        #expect(!plan.isCompiledAggregation)
        #expect(plan.databaseSteps.count == 1) // the filter
        let text = plan.description
        #expect(text.contains("the statistics step over the rows the statement fetches"), "\(text)")
        #expect(text.contains("regression v ~ d by s, loess") && text.contains("in chartc, over the rows fetched"), "\(text)")
    }

    @Test func whatHasNoExactSQLFormStaysInChartc() throws {
        let schema: [SQLCompiler.Column] = [("s", .string, 25), ("v", .number, 701), ("p", .string, 1042)]
        // stdev of a calculation with no SQL form: the plan reads the columns, with the filter in the WHERE.
        let spread = try compiled(
            #""calculate": {"w": "log(v)"}, "filter": "v > 1", "groupBy": ["s"], "aggregate": {"sd": "stdev(w)"}"#, schema: schema)
        #expect(!spread.isCompiledAggregation)
        #expect(spread.loadStep.sql?.contains("WHERE (" + SQLCompiler.finite(#""v""#) + " > $1::float8)") == true, "\(spread.loadStep.sql ?? "")")
        #expect(spread.loadStep.sqlNote?.contains("calculate w") == true, "\(spread.loadStep.sqlNote ?? "")")
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

    /// stdev and variance: chartc's two passes in input order, a mean window per grouping set, and the set's sum
    /// of squares picked by GROUPING(); not SQL's var_samp. A query (no input order) keeps them in chartc.
    @Test func spreadsAreTwoPassesInInputOrder() throws {
        let schema: [SQLCompiler.Column] = [("s", .string, 25), ("k", .string, 25), ("v", .number, 701)]
        let plan = try compiled(
            #""groupBy": ["s", "k"], "aggregate": {"sd": "stdev(v)", "var": "variance(v)"}, "total": {"k": "all"}"#, schema: schema)
        #expect(plan.isCompiledAggregation)
        let sql = plan.loadStep.sql ?? ""
        #expect(!sql.contains("var_samp") && !sql.contains("stddev"), "\(sql)")
        #expect(sql.contains("\"chartc_set0\" AS (PARTITION BY \"s\", \"k\" ORDER BY \"chartc_argorder\" ROWS BETWEEN UNBOUNDED PRECEDING"), "\(sql)")
        #expect(sql.contains("\"chartc_set1\" AS (PARTITION BY \"s\" ORDER BY"), "\(sql)")
        #expect(sql.contains("CASE GROUPING(\"s\", \"k\") WHEN 0 THEN sum("), "\(sql)")
        #expect(sql.contains("WHEN 1 THEN sum("), "\(sql)")
        #expect(sql.contains("sqrt("), "\(sql)")
        let text = #"{"data": {"database": "$DB", "query": "SELECT 1 AS v"}, "aggregate": {"sd": "stdev(v)"}, "mark": "bar"}"#
        let spec = try #require(SpecParser.parse(SourceFile(path: "c.chart.json", text: text)).spec)
        let query = try #require(Planner.plan(spec, schema: [("v", .number)]).0)
        let fromQuery = try #require(
            SQLCompiler.compile(query, relation: "(SELECT 1 AS v\n) AS \"chartc_base\"", columns: [("v", .number, 701)], inputOrder: nil))
        #expect(!fromQuery.isCompiledAggregation)
    }

    /// bin(x, step) is the interval start in decimal (numeric, read back as float8) with the step a parameter; bin(x) first asks for its extent
    /// (over the rows after the filters before it, its parameters exactly the ones it names), then compiles with
    /// the step chartc chose; the key column keeps the step.
    @Test func binsCompileWithTheirSteps() throws {
        let schema: [SQLCompiler.Column] = [("v", .number, 701), ("s", .string, 25)]
        let fixed = try compiled(#""calculate": {"b": "bin(v, 0.1)"}, "groupBy": ["b"], "aggregate": {"n": "count()"}"#, schema: schema)
        #expect(fixed.isCompiledAggregation)
        #expect(
            fixed.loadStep.sql?.contains(SQLTranslation.binStart(SQLCompiler.finite(#""v""#), step: "$1::float8")) == true,
            "\(fixed.loadStep.sql ?? "")")
        #expect(fixed.loadStep.sqlParameters == ["0.1"])
        let aggregate = fixed.steps.compactMap { step -> AggregateStep? in
            if case .aggregate(let aggregate) = step { return aggregate } else { return nil }
        }.first
        #expect(aggregate?.reduced?.keySteps == ["b": 0.1])

        let text =
            #"{"data": {"database": "$DB", "table": "t"}, "filter": "s != 'x'", "calculate": {"b": "bin(v)"}, "groupBy": ["b"], "aggregate": {"n": "count()"}, "mark": "bar"}"#
        let spec = try #require(SpecParser.parse(SourceFile(path: "c.chart.json", text: text)).spec)
        let plan = try #require(Planner.plan(spec, schema: schema.map { ($0.name, $0.type) }).0)
        let extent = try #require(SQLCompiler.binExtent(plan, relation: "\"t\"", columns: schema, known: [:]))
        #expect(extent.sql.hasPrefix("SELECT min(\"chartc_x\"), max(\"chartc_x\")"), "\(extent.sql)")
        #expect(extent.sql.contains("WHERE (NULLIF(\"s\", '') <> $1::text)") && extent.parameters == ["x"], "\(extent.sql) \(extent.parameters)")
        #expect(SQLCompiler.binExtent(plan, relation: "\"t\"", columns: schema, known: [extent.step: 5]) == nil)
        let withStep = try #require(SQLCompiler.compile(plan, relation: "\"t\"", columns: schema, inputOrder: "ctid", binSteps: [extent.step: 5]))
        #expect(withStep.isCompiledAggregation)
        #expect(withStep.loadStep.sqlParameters.contains("5"), "\(withStep.loadStep.sqlParameters)")
        let without = try #require(SQLCompiler.compile(plan, relation: "\"t\"", columns: schema, inputOrder: "ctid"))
        #expect(!without.isCompiledAggregation)
        // The step chartc chooses from the result's two numbers; 1 when no value is finite.
        let extentRow = Table(
            columns: [Column(name: "min", type: .number, values: [.number(-3)]), Column(name: "max", type: .number, values: [.number(47)])],
            rowCount: 1)
        #expect(SQLBinExtent.step(fromResult: extentRow) == Binning.automaticStep(lower: -3, upper: 47))
        let empty = Table(
            columns: [Column(name: "min", type: .number, values: [.null]), Column(name: "max", type: .number, values: [.null])], rowCount: 1)
        #expect(SQLBinExtent.step(fromResult: empty) == 1)
    }
}

extension SQLCompilerTests {
    /// The groups arrive sorted and chartc's sort leaves the plan; should two result rows be one chartc group
    /// (SQL tells NaN from null, chartc reads both as null), the finish sorts by the sort's keys itself.
    @Test func sortedGroupsThatAreNotOnePerRowAreSortedInChartc() throws {
        let schema: [SQLCompiler.Column] = [("s", .string, 25), ("v", .number, 701)]
        let plan = try compiled(#""groupBy": ["s"], "aggregate": {"n": "count()"}, "sort": ["-n"]"#, schema: schema)
        #expect(!plan.steps.contains { if case .sort = $0 { return true } else { return false } }, "the sort runs in SQL")
        guard case .aggregate(let step) = plan.steps[1], let reduced = step.reduced, let names = plan.loadStep.resultColumns else {
            Issue.record("no compiled aggregation: \(plan)")
            return
        }
        #expect(reduced.sortedBy == [SortOrder("n", descending: true), SortOrder("s")])
        // As the server sent them: b 5, null 4, a 3, NaN 2; chartc reads NaN as null, so null has 6 and comes first.
        let table = Table(
            columns: [
                Column(name: names[0], type: .string, values: [.string("b"), .null, .string("a"), .null]),
                Column(name: names[1], type: .number, values: [.number(5), .number(4), .number(3), .number(2)])
            ], rowCount: 4)
        let result = try Aggregation.run(step, on: table)
        let keys = try #require(result.column(named: "s"))
        let counts = try #require(result.column(named: "n"))
        #expect((0..<keys.count).map { keys[$0] } == [.null, .string("b"), .string("a")])
        #expect((0..<counts.count).map { counts[$0] } == [.number(6), .number(5), .number(3)])
    }
}
