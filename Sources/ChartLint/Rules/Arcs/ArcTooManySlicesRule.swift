import ChartDiagnostics
import ChartSemantics
import ChartSpec

/// Past seven slices a pie's angles can no longer be compared, and its thin slices' labels crowd (Apple's and
/// Datawrapper's guidance): keep the largest and group the rest as "Other", or draw bars.
struct ArcTooManySlicesRule: CataloguedRule {
    static let maximumSlices = 7

    let kind = LintDiagnostic.Kind.arcTooManySlices
    let summary = "More than 7 slices in a pie or donut: readers cannot compare that many angles."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        guard context.spec.mark.type.value == .arc, let theta = context.spec.encoding.theta else { return }
        // Slices: the color's categories, else the rows (in small multiples, the most any one pie has).
        let slices: Int
        if context.spec.encoding.color?.field != nil, let series = context.seriesNames {
            slices = series.count
        } else if let table = context.table {
            if let facet = context.spec.facet?.field.value, let column = table.column(named: facet) {
                var counts: [String: Int] = [:]
                for row in 0..<table.rowCount { counts[column.valid[row] ? (column[row].text ?? "") : "", default: 0] += 1 }
                slices = counts.values.max() ?? 0
            } else {
                slices = table.rowCount
            }
        } else {
            return
        }
        guard slices > Self.maximumSlices else { return }
        let anchor = context.spec.encoding.color ?? theta
        diagnostics.append(
            diagnostic(
                "the pie has \(slices) slices, more than the \(Self.maximumSlices) whose angles readers can compare: keep the largest and group the rest as \"Other\", or draw bars",
                at: anchor.field?.span ?? anchor.span
            ))
    }
}
