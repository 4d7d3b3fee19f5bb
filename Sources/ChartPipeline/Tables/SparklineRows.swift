import ChartData
import ChartDiagnostics
import ChartExpression
import ChartSpec

/// The rows of a table's sparklines (SPEC §24 `from`): each sparkline column's own data source read like a
/// chart's (relative to the spec, through the cache, reshaped by nothing), with its `key`, `x` and `y` checked
/// against the columns it has, at their line:col with a did-you-mean.
public enum SparklineRows {
    /// Per column of `spec.table` (by index): the rows its `from` reads; columns without `from` are absent.
    public static func load(spec: ChartSpec, context: LoadContext) throws(DiagnosticError) -> [Int: Table] {
        guard let table = spec.table else { return [:] }
        var loaded: [Int: Table] = [:]
        var errors: [Diagnostic] = []
        for (index, column) in table.columns.enumerated() {
            guard let from = column.from else { continue }
            var source = ChartSpec(file: spec.file, data: from.data, mark: spec.mark)
            source.locale = spec.locale
            do {
                let rows = try Pipeline.run(spec: source, context: context).table
                let problems = check(from, columns: rows.columnNames)
                if problems.isEmpty { loaded[index] = rows } else { errors += problems }
            } catch {
                errors += error.diagnostics
            }
        }
        if !errors.isEmpty { throw DiagnosticError(errors) }
        return loaded
    }

    /// `key`, `x` and `y` must be columns of the rows `from` reads.
    public static func check(_ from: SparklineSource, columns: [String]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for (field, role) in [(from.key, "sparkline key"), (from.x, "sparkline x"), (from.y, "sparkline y")] where !columns.contains(field.value) {
            let suggestion = Suggestions.closest(to: field.value, in: columns)
            let hint: ExpressionDiagnostic.UnknownFieldHint = suggestion.map { .didYouMean($0) } ?? .fieldsHere(columns)
            diagnostics.append(
                Diagnostic(
                    ExpressionDiagnostic.unknownField(field.value, role: role, hint: hint), at: field.span,
                    fixIt: suggestion.flatMap { name in field.span.map { FixIt(span: $0, replacement: JSONText.quote(name)) } }))
        }
        return diagnostics
    }
}
