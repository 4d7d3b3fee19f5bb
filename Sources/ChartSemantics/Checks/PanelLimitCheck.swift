import ChartDiagnostics
import ChartFormat
import ChartValues

/// Small multiples (SPEC §13) of more than `limit` panels are refused (specs/limits.md): a facet over thousands of
/// values is not a chart anyone can read, and every panel is a plot of its own to lay out and write. Decided on
/// the rows the marks are drawn from, so only when the pipeline has run (lint warns from 30 panels on,
/// `facet-too-many-panels`).
struct PanelLimitCheck: CataloguedRule {
    let kind = SemanticDiagnostic.Kind.facetPanelLimit
    let summary = "The facet field has more than 500 values: chartc draws at most 500 panels."

    static let limit = 500

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        guard let facet = context.spec.facet, let table = context.table, let column = table.column(named: facet.field.value) else { return }
        let totalLabel = context.spec.total.first { $0.field.value == facet.field.value }?.label.value
        var values = Set<Value>()
        for row in 0..<column.count {
            let value = column[row]
            if let totalLabel, case .string(let text) = value, text == totalLabel { continue }
            values.insert(value)
        }
        guard values.count > Self.limit else { return }
        diagnostics.append(
            diagnostic(
                "facet.field '\(facet.field.value)' has \(CountText.grouped(values.count)) values; chartc draws at most \(Self.limit) panels (specs/limits.md). Filter to the values that matter, facet by a coarser field, or draw one chart",
                at: facet.field.span))
    }
}
