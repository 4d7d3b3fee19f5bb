import ChartDiagnostics
import ChartFormat
import ChartSemantics
import ChartSpec
import ChartValues

/// A log scale shows values above zero only (SPEC §19.1, §19.2): rows whose position value is zero or negative
/// have no place on it and are not drawn. When none is above zero the checking stage refuses the chart
/// (`log-scale-no-positive-values`); when only some are, the chart is drawn without them, and the reader of the
/// spec should know how many vanish. Counted on the built table, so only when the pipeline has run; each layer
/// counts the rows it draws on a log scale its own channel declares.
struct LogScaleDropsValuesRule: CataloguedRule {
    let kind = LintDiagnostic.Kind.logScaleDropsValues
    let summary = "Rows whose value on a log-scale axis is zero or negative: a log scale cannot place them, so they are not drawn."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        guard context.table != nil else { return }
        let encoding = context.spec.encoding
        for (name, partnerName) in [(ChannelName.x, ChannelName.x2), (.y, .y2)] {
            guard let channel = encoding[name], let field = channel.field, let resolved = context.resolved[name], resolved.scaleType == .log
            else { continue }
            // Both ends written: the domain is the user's, and `scale-invalid-domain` checks it.
            if let domain = channel.scale?.domain?.value, domain.count >= 2, domain.first?.isNull == false, domain.last?.isNull == false {
                continue
            }
            var fields = [(field.value, resolved.values ?? ValueSummary())]
            if let partner = encoding[partnerName]?.field, let values = context.resolved[partnerName]?.values {
                fields.append((partner.value, values))
            }
            let positive = fields.reduce(0) { $0 + $1.1.count - $1.1.nonPositive }
            // None above zero: the checks' error says so.
            guard positive > 0 else { continue }
            for (name, values) in fields where values.nonPositive > 0 {
                let count = values.nonPositive
                let lowest = values.lower.map { " (the lowest \(NumberText.shortest($0)))" } ?? ""
                diagnostics.append(
                    diagnostic(
                        "\(count) row\(count == 1 ? " has" : "s have") '\(name)' at or below zero\(lowest), which a log scale cannot show, so \(count == 1 ? "it is" : "they are") not drawn: filter \(count == 1 ? "it" : "them") out (\"\(name) > 0\") or use a linear scale",
                        at: channel.scale?.type?.span ?? field.span))
            }
        }
    }
}
