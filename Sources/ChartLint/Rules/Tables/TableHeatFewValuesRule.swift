import ChartDiagnostics
import ChartSemantics
import ChartSpec

/// A heat column colors each cell by where its value lies between the column's lowest and highest: with fewer
/// than three distinct values the colors say only "low" or "high" (or nothing at all), which the numbers already
/// say better (SPEC §24).
struct TableHeatFewValuesRule: CataloguedRule, AppliesToTables {
    static let minimumValues = 3

    let kind = LintDiagnostic.Kind.tableHeatFewValues
    let summary = "A table's heat column holds fewer than 3 distinct values, too few for a color scale to tell apart."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        guard let table = context.spec.table, let rows = context.table else { return }
        for (index, column) in table.columns.enumerated() where column.kind == .heat {
            guard let values = rows.column(named: column.field.value), values.type == .number else { continue }
            var distinct: Set<Double> = []
            for row in 0..<rows.rowCount where values.valid[row] {
                if let number = values[row].numberValue, number.isFinite { distinct.insert(number) }
            }
            guard distinct.count < Self.minimumValues else { continue }
            let found = distinct.isEmpty ? "no values" : distinct.count == 1 ? "one value" : "only two values"
            diagnostics.append(
                diagnostic(
                    "'table.columns[\(index)]' colors '\(column.field.value)' as a heat column, but it holds \(found): a color scale needs at least \(Self.minimumValues) to show more than the numbers do; show it as text",
                    at: column.display?.span ?? column.field.span))
        }
    }
}
