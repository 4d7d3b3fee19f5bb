import Testing
import ChartData
import ChartDiagnostics
@testable import ChartExpression

/// `window` values (SPEC §14): which calls are window calls, and the errors for window functions where they do
/// not belong, at their position inside the expression.
@Suite struct WindowCompileTests {
    let schema = ExpressionSchema(fields: [("location", .string), ("date", .date), ("high", .number), ("rain", .number)])

    func compile(_ text: String) -> (CompiledWindow?, [Diagnostic]) {
        ExpressionCompiler.compileWindow(ExpressionSource(standalone: text), schema: schema)
    }

    func errors(_ text: String) -> [(id: String, text: String)] {
        compile(text).1.filter { $0.severity == .error }.map { ($0.id, slice(text, $0.span?.range ?? 0..<0)) }
    }

    @Test func callsBecomeColumnsOfAnOuterExpression() throws {
        let text = "100 * rolling_mean(high, 7) / first(high)"
        let window = try #require(compile(text).0)
        #expect(window.calls.map(\.function) == [.rollingMean, .first])
        #expect(window.calls.map(\.size) == [7, 1])
        #expect(window.calls.map { slice(text, $0.span.range) } == ["rolling_mean(high, 7)", "first(high)"])
        #expect(window.singleCall == nil)
        #expect(window.fieldsUsed == ["high"])
        #expect(window.resultType == .number)
    }

    @Test func aSingleCallIsReadDirectly() throws {
        let window = try #require(compile("lag(date, 2)").0)
        #expect(window.singleCall == 0)
        #expect(window.calls[0].size == 2)
        #expect(window.resultType == .date)
        #expect(try #require(compile("rank(-rain)").0).calls[0].argument?.fieldsUsed == ["rain"])
        #expect(try #require(compile("row_number()").0).calls[0].argument == nil)
        #expect(try #require(compile("rain / sum(rain)").0).outer.fieldsUsed == ["rain", "$win0"])
    }

    @Test func windowFunctionsOutsideWindowAreErrors() {
        let (row, rowDiagnostics) = ExpressionCompiler.compileRow(ExpressionSource(standalone: "cumsum(rain) > 3"), schema: schema)
        #expect(row == nil)
        #expect(rowDiagnostics.map(\.id) == [ExpressionDiagnostic.Kind.window.rawValue])
        #expect(rowDiagnostics.first?.span?.range == 0..<6)
        #expect(rowDiagnostics.first?.message.contains("belongs in `window`") == true)
        let (aggregate, aggregateDiagnostics) = ExpressionCompiler.compileAggregate(
            ExpressionSource(standalone: "sum(lag(rain))"), schema: schema, groupFields: [])
        #expect(aggregate == nil)
        #expect(aggregateDiagnostics.map(\.id) == [ExpressionDiagnostic.Kind.window.rawValue])
        let (filter, _) = ExpressionCompiler.compileFilter(ExpressionSource(standalone: "rank(rain) <= 5"), schema: schema)
        #expect(filter == nil)
    }

    @Test func aggregateOnlyFunctionsAndNestingAreErrors() {
        #expect(errors("stdev(high)").map(\.id) == [ExpressionDiagnostic.Kind.window.rawValue])
        #expect(errors("high - quantile(high, 0.9)").map(\.text) == ["quantile"])
        #expect(errors("cumsum(lag(rain))").map(\.text) == ["lag"])
        #expect(errors("rolling_mean(sum(rain), 3)").map(\.text) == ["sum"])
    }

    @Test func theRowCountMustBeAPositiveWholeConstant() {
        for bad in ["0", "-2", "2.5", "high", "'7'", "null"] {
            let text = "rolling_sum(rain, \(bad))"
            #expect(errors(text).map(\.id) == [ExpressionDiagnostic.Kind.windowSize.rawValue], "\(bad)")
            #expect(errors(text).map(\.text) == [bad], "\(bad)")
        }
        #expect(errors("lag(rain, 0)").map(\.id) == [ExpressionDiagnostic.Kind.windowSize.rawValue])
        #expect(compile("lead(rain, 3 + 4)").0?.calls.first?.size == 7)
    }

    @Test func argumentsAreChecked() {
        #expect(errors("rolling_mean(rain)").map(\.id) == [ExpressionDiagnostic.Kind.arguments.rawValue])
        #expect(errors("cumsum(location)").map(\.id) == [ExpressionDiagnostic.Kind.type.rawValue])
        #expect(errors("rank(raim)").map(\.id) == [ExpressionDiagnostic.Kind.unknownField.rawValue])
        #expect(errors("rolling_avg(rain, 7)").map(\.id) == [ExpressionDiagnostic.Kind.unknownFunction.rawValue])
        #expect(compile("rolling_avg(rain, 7)").1.first?.message.contains("rolling_mean") == true)
        #expect(compile("min(location)").0?.resultType == .string)
        #expect(compile("max(high, rain)").0?.calls.isEmpty == true) // two values: the row function
    }
}
