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
///
/// With `"rows": "input"` (SPEC §19.13) an aggregate runs over the rows before `groupBy` (after `calculate` and
/// `filter`): all of them run as one more pipeline over the same data, a spec with only those steps and the
/// aggregates as its `aggregate`, so a database computes them in its own statement (`SQLCompiler` pushes the
/// whole-table aggregate down) exactly as it would the chart's.
public enum AnnotationValues {
    /// Compiles every aggregate value against the fields of the rows it runs over, for the planner's diagnostics
    /// (errors point inside the expression string): the output fields, or for `rows: input` the fields before
    /// `groupBy` (the data's and the calculated ones).
    static func check(
        _ spec: ChartSpec, outputFields: [(name: String, type: DataType)], inputFields: [(name: String, type: DataType)],
        environment: ExpressionEnvironment
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for (rows, fields) in [(AnnotationValue.Rows.output, outputFields), (.input, inputFields)] {
            for source in sources(spec, rows: rows) {
                diagnostics +=
                    ExpressionCompiler.compileAggregate(source, schema: ExpressionSchema(fields: fields), groupFields: [], environment: environment).1
            }
        }
        return diagnostics
    }

    /// The expression of every aggregate value (over `rows` only, when given), in spec order.
    static func sources(_ spec: ChartSpec, rows: AnnotationValue.Rows? = nil) -> [ExpressionSource] {
        spec.annotations.flatMap { annotation in
            annotation.values.compactMap { item -> ExpressionSource? in
                guard rows == nil || item.value.rows == rows else { return nil }
                if case .aggregate(let source) = item.value.written { return source }
                return nil
            }
        }
    }

    /// The field name of the `index`th input-rows aggregate in the spec `inputSpec` makes.
    static func inputField(_ index: Int) -> String { "annotation \(index)" }

    /// The spec whose one output row holds every `rows: input` aggregate (`inputField(i)`): the chart's data,
    /// `calculate` and `filter`, no grouping, nothing after. Nil when there is none.
    public static func inputSpec(_ spec: ChartSpec) -> ChartSpec? {
        let sources = sources(spec, rows: .input)
        guard !sources.isEmpty else { return nil }
        var derived = spec
        derived.layers = []
        derived.layerIndex = nil
        derived.groupBy = []
        derived.aggregate = sources.enumerated().map { AggregateField(name: Located(inputField($0.offset), at: nil), expression: $0.element) }
        derived.hasAggregate = true
        derived.total = []
        derived.complete = nil
        derived.sort = []
        derived.window = []
        derived.windowBy = []
        derived.keep = []
        derived.encoding = Encoding()
        derived.annotations = []
        derived.facet = nil
        return derived
    }

    /// `spec` with every aggregate value resolved: those over the output rows over `table`, those over the input
    /// rows (`rows: input`) by running `inputSpec` under `context` (the data is read again, or the database asked
    /// one more statement).
    public static func resolve(_ spec: ChartSpec, table: Table, context: LoadContext) throws(DiagnosticError) -> ChartSpec {
        var resolved = try resolve(spec, table: table)
        guard let derived = inputSpec(spec) else { return resolved }
        let output = try Pipeline.run(spec: derived, context: context)
        var index = 0
        for annotation in resolved.annotations.indices {
            for item in resolved.annotations[annotation].x.indices where resolved.annotations[annotation].x[item].isInputAggregate {
                resolved.annotations[annotation].x[item].resolved = output.table.column(named: inputField(index)).flatMap {
                    $0.count > 0 ? $0[0] : nil
                }
                index += 1
            }
            for item in resolved.annotations[annotation].y.indices where resolved.annotations[annotation].y[item].isInputAggregate {
                resolved.annotations[annotation].y[item].resolved = output.table.column(named: inputField(index)).flatMap {
                    $0.count > 0 ? $0[0] : nil
                }
                index += 1
            }
        }
        return resolved
    }

    /// `spec` with each output-rows aggregate value's `resolved` set to its result over `table` (the pipeline's
    /// output); `rows: input` ones are left for `resolve(_:table:context:)`. Throws
    /// the expressions' errors, at their place inside the string.
    public static func resolve(_ spec: ChartSpec, table: Table) throws(DiagnosticError) -> ChartSpec {
        guard spec.annotations.contains(where: { $0.values.contains { $0.value.isAggregate && $0.value.rows == .output } }) else { return spec }
        let environment = ExpressionEnvironment(locale: ChartLocale.named(spec.locale.value) ?? .enUS)
        let schema = ExpressionSchema(table: table)
        var resolved = spec
        var errors: [Diagnostic] = []
        func resolve(_ value: inout AnnotationValue) throws(DiagnosticError) {
            guard case .aggregate(let source) = value.written, value.rows == .output else { return }
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

extension AnnotationValue {
    /// An `{ "aggregate": …, "rows": "input" }` value.
    var isInputAggregate: Bool { isAggregate && rows == .input }
}
