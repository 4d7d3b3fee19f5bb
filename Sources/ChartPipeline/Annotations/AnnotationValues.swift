import ChartData
import ChartDiagnostics
import ChartExpression
import ChartFormat
import ChartSpec
import ChartValues

/// The `{ "aggregate": expr }` values of `annotations` (SPEC §12): aggregate expressions over the chart's output
/// rows (`mean(days)`), compiled and run by the same machinery as `aggregate` (one group: the whole table).
/// Layout cannot evaluate expressions (it does not depend on the pipeline), so the pipeline resolves them once it
/// has the rows and hands layout a spec whose values are numbers or dates.
public enum AnnotationValues {
    /// Compiles every aggregate value against the output fields, for the planner's diagnostics (errors point
    /// inside the expression string).
    static func check(_ spec: ChartSpec, outputFields: [(name: String, type: DataType)], environment: ExpressionEnvironment) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for source in sources(spec) {
            diagnostics +=
                ExpressionCompiler.compileAggregate(source, schema: ExpressionSchema(fields: outputFields), groupFields: [], environment: environment)
                .1
        }
        return diagnostics
    }

    /// The expression of every aggregate value, in spec order.
    static func sources(_ spec: ChartSpec) -> [ExpressionSource] {
        spec.annotations.flatMap { annotation in
            annotation.values.compactMap { item -> ExpressionSource? in
                if case .aggregate(let source) = item.value.written { return source }
                return nil
            }
        }
    }

    /// `spec` with each aggregate value's `resolved` set to its result over `table` (the pipeline's output). Throws
    /// the expressions' errors, at their place inside the string.
    public static func resolve(_ spec: ChartSpec, table: Table) throws(DiagnosticError) -> ChartSpec {
        guard spec.annotations.contains(where: { $0.values.contains { $0.value.isAggregate } }) else { return spec }
        let environment = ExpressionEnvironment(locale: ChartLocale.named(spec.locale.value) ?? .enUS)
        let schema = ExpressionSchema(table: table)
        var resolved = spec
        var errors: [Diagnostic] = []
        func resolve(_ value: inout AnnotationValue) throws(DiagnosticError) {
            guard case .aggregate(let source) = value.written else { return }
            let (compiled, diagnostics) = ExpressionCompiler.compileAggregate(source, schema: schema, groupFields: [], environment: environment)
            guard let compiled, !diagnostics.hasErrors else {
                errors += diagnostics.filter { $0.severity == .error }
                return
            }
            let step = AggregateStep(
                groupBy: [], fields: [AggregateOutput(name: "value", aggregate: compiled, source: source.text)], totals: [], complete: nil)
            let result = try Aggregation.run(step, on: table)
            guard let column = result.column(named: "value"), column.count > 0 else { return }
            value.resolved = column[0]
        }
        for index in resolved.annotations.indices {
            for item in resolved.annotations[index].x.indices { try resolve(&resolved.annotations[index].x[item]) }
            for item in resolved.annotations[index].y.indices { try resolve(&resolved.annotations[index].y[item]) }
        }
        if !errors.isEmpty { throw DiagnosticError(errors) }
        return resolved
    }
}
