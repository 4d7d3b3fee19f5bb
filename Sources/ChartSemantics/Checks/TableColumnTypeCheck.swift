import ChartDiagnostics
import ChartSpec
import ChartValues

/// A `bar` or `heat` column (SPEC §24) draws numbers: a bar's length and a cell's color come from a scale over
/// the column's values, which text or dates do not give.
struct TableColumnTypeCheck: CataloguedRule, AppliesToTables {
    let kind = SemanticDiagnostic.Kind.tableColumnType
    let summary = "A table's bar or heat column shows a field that does not hold numbers."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        guard let table = context.spec.table else { return }
        for (index, column) in table.columns.enumerated() {
            guard let display = column.display, display.value == .bar || display.value == .heat,
                let type = context.fieldType(column.field.value), type != .number
            else { continue }
            diagnostics.append(
                diagnostic(
                    "'table.columns[\(index)]' draws '\(column.field.value)' as a \(display.value.rawValue), but it holds \(type.rawValue)s, not numbers; show it as text, or parse it as a number",
                    at: display.span ?? column.field.span))
        }
    }
}
