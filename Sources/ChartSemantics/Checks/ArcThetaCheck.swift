import ChartData
import ChartDiagnostics
import ChartSpec

/// An arc's `theta` is each slice's share of the whole (SPEC §21): it must be a quantity, and a negative value is
/// no share of anything. Rather than drop such slices silently, the chart is refused with their count, so the
/// spec filters them (or charts the values as bars, which show negatives). Needs the rows for the values, so lint
/// reports it whenever it has them, like build.
struct ArcThetaCheck: CataloguedRule {
    let kind = SemanticDiagnostic.Kind.arcInvalidTheta
    let summary = "An arc's theta is not a quantity, or holds negative values, which are no share of a whole."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        guard context.spec.mark.type.value == .arc, let theta = context.spec.encoding.theta, let field = theta.field else { return }
        if let type = context.resolved[.theta]?.type, type != .quantitative {
            diagnostics.append(
                diagnostic(
                    "an arc's theta is each slice's share of the whole, so it needs numbers, and '\(field.value)' is \(type.rawValue): use a count or a sum, e.g. \"aggregate\": [{ \"op\": \"count\", \"as\": \"n\" }]",
                    at: theta.type?.span ?? field.span
                ))
            return
        }
        guard let table = context.table, let column = table.column(named: field.value), case .number(let values) = column.storage else { return }
        var negatives = 0
        for row in 0..<column.count where column.valid[row] && values[row] < 0 { negatives += 1 }
        guard negatives > 0 else { return }
        let rows = negatives == 1 ? "1 row has" : "\(negatives) rows have"
        diagnostics.append(
            diagnostic(
                "\(rows) a negative '\(field.value)', which is no share of a whole: filter them out (\"filter\": \"\(field.value) >= 0\") or draw bars, which show negative values",
                at: field.span
            ))
    }
}
