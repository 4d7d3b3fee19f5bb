import ChartData
import ChartDiagnostics
import ChartValues
import Testing
@testable import ChartExpression

@Suite struct AggregateCompileTests {
    let schema = ExpressionSchema(fields: [
        ("party", .string), ("year", .number), ("sales", .number), ("visits", .number), ("when", .date), ("ok", .boolean)
    ])

    func compile(_ text: String, groupFields: [String] = ["party", "year"]) -> (CompiledAggregate?, [Diagnostic]) {
        ExpressionCompiler.compileAggregate(ExpressionSource(standalone: text), schema: schema, groupFields: groupFields)
    }

    @Test func countOfRows() throws {
        let aggregate = try #require(compile("count()").0)
        #expect(aggregate.calls.count == 1)
        #expect(aggregate.calls[0].function == .count)
        #expect(aggregate.calls[0].argument == nil)
        #expect(aggregate.calls[0].resultType == .number)
        #expect(aggregate.resultType == .number)
        #expect(aggregate.singleCall == 0)
        #expect(aggregate.outer.fieldsUsed == ["$agg0"])
        #expect(aggregate.calls[0].span.range == 0..<7)
    }

    @Test func callsAreExtractedAndTheOuterExpressionCombinesThem() throws {
        let aggregate = try #require(compile("sum(sales) / sum(visits * 2)").0)
        #expect(aggregate.calls.map(\.function) == [.sum, .sum])
        #expect(aggregate.calls.map { $0.argument?.fieldsUsed ?? [] } == [["sales"], ["visits"]])
        #expect(aggregate.calls.map { slice("sum(sales) / sum(visits * 2)", $0.span.range) } == ["sum(sales)", "sum(visits * 2)"])
        #expect(aggregate.singleCall == nil)
        #expect(aggregate.outer.fieldsUsed == ["$agg0", "$agg1"])

        // The argument is an ordinary row expression.
        let rows = Table(columns: [numberColumn("visits", [1, 2, nil])])
        let argument = try #require(aggregate.calls[1].argument)
        let doubled = try argument.evaluate(on: rows, rows: nil, name: "v")
        #expect((0..<3).map { doubled[$0] } == [.number(2), .number(4), .null])

        // The pipeline computes the calls per group, then runs the outer expression over them.
        let groups = Table(columns: [
            numberColumn(CompiledAggregate.callColumnName(0), [10, 9, nil]),
            numberColumn(CompiledAggregate.callColumnName(1), [4, 0, 2])
        ])
        let combined = try aggregate.outer.evaluate(on: groups, rows: nil, name: "ratio")
        #expect((0..<3).map { combined[$0] } == [.number(2.5), .null, .null])
    }

    @Test func groupFieldsMayBeUsedOutsideCalls() throws {
        let aggregate = try #require(compile("party + ': ' + string(count())").0)
        #expect(aggregate.outer.fieldsUsed == ["party", "$agg0"])
        #expect(aggregate.resultType == .string)
        let groups = Table(columns: [stringColumn("party", ["D", "R"]), numberColumn("$agg0", [3, 12])])
        let labels = try aggregate.outer.evaluate(on: groups, rows: nil, name: "label")
        #expect((0..<2).map { labels[$0] } == [.string("D: 3"), .string("R: 12")])
    }

    @Test func everyFunctionAndItsResultType() throws {
        let cases: [(String, AggregateFunction, DataType?)] = [
            ("count(sales)", .count, .number), ("distinct(party)", .distinct, .number), ("sum(sales)", .sum, .number),
            ("mean(sales)", .mean, .number), ("median(sales)", .median, .number), ("min(when)", .min, .date),
            ("max(party)", .max, .string), ("q1(sales)", .q1, .number), ("q3(sales)", .q3, .number),
            ("quantile(sales, 0.9)", .quantile, .number), ("stdev(sales)", .stdev, .number),
            ("variance(sales)", .variance, .number), ("first(ok)", .first, .boolean), ("last(party)", .last, .string),
            ("lower_whisker(sales, 1.5)", .lowerWhisker, .number), ("upper_whisker(sales, 1.5)", .upperWhisker, .number)
        ]
        for (text, function, type) in cases {
            let (aggregate, diagnostics) = compile(text)
            #expect(diagnostics.isEmpty, "\(text): \(diagnostics.map(\.message))")
            #expect(aggregate?.calls.first?.function == function, "\(text)")
            #expect(aggregate?.resultType == type, "\(text)")
        }
        #expect(compile("quantile(sales, 0.9)").0?.calls.first?.parameter == 0.9)
        #expect(compile("quantile(sales, 1)").0?.calls.first?.parameter == 1)
        #expect(Set(AggregateFunction.allCases.map(\.rawValue)) == Set(cases.map { $0.1.rawValue }))
    }

    @Test func minAndMaxWithTwoValuesCompareWithinARow() throws {
        let aggregate = try #require(compile("max(sum(sales), sum(visits))").0)
        #expect(aggregate.calls.map(\.function) == [.sum, .sum])
        let scalar = try #require(compile("min(year, 2000)").0)
        #expect(scalar.calls.isEmpty)
        #expect(scalar.outer.fieldsUsed == ["year"])
    }

    @Test func aggregateValueWithoutCalls() throws {
        let constant = try #require(compile("1 + 1").0)
        #expect(constant.calls.isEmpty)
        #expect(constant.outer.constantValue == .number(2))
    }

    /// (expression, id, message, spanned text)
    @Test(arguments: [
        (
            "sales * 2", "expr-aggregate",
            "'sales' is not a groupBy field, so a group has many values of it; aggregate it (e.g. first(sales) or median(sales)) or add it to groupBy",
            "sales"
        ),
        ("sum(count())", "expr-aggregate", "aggregates cannot be nested: 'count' is inside 'sum'", "count"),
        ("mean(1 + median(sales))", "expr-aggregate", "aggregates cannot be nested: 'median' is inside 'mean'", "median"),
        ("quantile(sales, 1.5)", "expr-aggregate", "the probability of 'quantile' must be a constant number between 0 and 1, such as 0.9", "1.5"),
        ("quantile(sales, -0.1)", "expr-aggregate", "the probability of 'quantile' must be a constant number between 0 and 1, such as 0.9", "-0.1"),
        (
            "quantile(sales, visits)", "expr-aggregate", "the probability of 'quantile' must be a constant number between 0 and 1, such as 0.9",
            "visits"
        ),
        (
            "quantile(sales)", "expr-arguments", "'quantile' takes 2 arguments but is given 1; write quantile(x, p) with p between 0 and 1",
            "quantile(sales)"
        ),
        ("count(sales, visits)", "expr-arguments", "'count' takes 0 to 1 arguments but is given 2; write count() or count(x)", "visits"),
        ("median()", "expr-arguments", "'median' takes 1 argument but is given 0; write median(x)", "median()"),
        ("median(party)", "expr-type", "'median' needs a number, but 'party' is a string", "party"),
        ("sum(when)", "expr-type", "'sum' needs a number, but 'when' is a date", "when"),
        ("max(ok)", "expr-type", "'max' needs a number or a date or a string, but 'ok' is a boolean", "ok"),
        ("medain(sales)", "unknown-function", "unknown function 'medain'; did you mean 'median'?", "medain"),
        ("avg(sales)", "unknown-function", "unknown function 'avg'; did you mean 'mean'?", "avg"),
        ("sum(salse)", "unknown-field", "unknown field 'salse'; did you mean 'sales'?", "salse"),
        ("count() + pary", "unknown-field", "unknown field 'pary'; did you mean 'party'?", "pary"),
        ("sum(sales) + 'x' * 2", "expr-type", "'*' needs numbers, but 'x' is a string", "'x'")
    ])
    func diagnostics(_ text: String, _ id: String, _ message: String, _ covered: String) throws {
        let (aggregate, diagnostics) = compile(text)
        #expect(aggregate == nil)
        #expect(diagnostics.count == 1, "\(diagnostics.map(\.message))")
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.id == id)
        #expect(diagnostic.message == message)
        #expect(spanned(diagnostic) == covered)
    }

    @Test func countStarIsFixedToCount() throws {
        let (aggregate, diagnostics) = compile("count(*)")
        #expect(aggregate == nil)
        #expect(diagnostics.map(\.id) == ["expr-syntax"])
        #expect(diagnostics.first?.fixIt?.replacement == "")
    }

    @Test func aggregateFieldsUsedByCallsAreReportedPerCall() throws {
        let aggregate = try #require(compile("median(sales / visits) - mean(sales)").0)
        #expect(aggregate.calls.map { $0.argument?.fieldsUsed ?? [] } == [["sales", "visits"], ["sales"]])
    }
}
