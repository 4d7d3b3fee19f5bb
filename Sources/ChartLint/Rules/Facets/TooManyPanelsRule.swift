import ChartData
import ChartDiagnostics
import ChartSemantics
import ChartSpec
import ChartValues

/// Small multiples of more than 30 panels (SPEC §13) are too small to read and too many to compare; a reader
/// needs fewer, larger panels, or one chart. Decided on the built table, so only when the pipeline has run.
struct TooManyPanelsRule: CataloguedRule {
    let kind = LintDiagnostic.Kind.facetTooManyPanels
    let summary = "The facet field has more than 30 values: that many panels are too small to read."

    static let limit = 30

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        guard let facet = context.spec.facet, let table = context.table, let column = table.column(named: facet.field.value) else { return }
        var values = Set<Value>()
        for row in 0..<column.count {
            values.insert(column[row])
            if values.count > Self.limit { break }
        }
        guard values.count > Self.limit else { return }
        var count = values
        for row in 0..<column.count { count.insert(column[row]) }
        diagnostics.append(
            diagnostic(
                "facet.field '\(facet.field.value)' has \(count.count) values, so the chart would have \(count.count) panels, too small to read; filter to the ones that matter, facet by a coarser field, or draw one chart",
                at: facet.field.span))
    }
}
