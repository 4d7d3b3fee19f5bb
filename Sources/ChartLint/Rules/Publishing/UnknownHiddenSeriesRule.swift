import ChartDiagnostics
import ChartSemantics
import ChartSpec

/// `legend.hidden` names series that start hidden. A name that matches no series hides nothing — usually a typo
/// or a series renamed in the data — and the chart shows what the author meant to hide.
struct UnknownHiddenSeriesRule: CataloguedRule {
    let kind = LintDiagnostic.Kind.unknownHiddenSeries
    let summary = "legend.hidden names a series that is not in the data (or the chart has no color series)."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        let hidden = context.spec.legend.hidden
        guard let first = hidden.first else { return }
        guard context.spec.encoding.color?.field != nil else {
            guard context.member("encoding", "color") == nil,
                !context.misspelled("color", among: SpecKeys.encoding, at: "encoding")
            else { return }
            diagnostics.append(
                diagnostic(
                    "'legend.hidden' hides series, but the chart has no 'color' field to make series: add \"color\": { \"field\": … } to \"encoding\", or remove 'hidden'",
                    at: context.member("legend", "hidden")?.keySpan ?? first.span
                ))
            return
        }
        guard let series = context.seriesNames else { return }
        for name in hidden where !series.contains(name.value) {
            let suggestion = Suggestions.closest(to: name.value, in: series)
            var message = "'legend.hidden' names the series '\(name.value)', which is not in the data, so nothing is hidden"
            if let suggestion {
                message += "; did you mean '\(suggestion)'?"
            } else {
                message += " (series: \(series.prefix(12).map { "'\($0)'" }.joined(separator: ", "))\(series.count > 12 ? ", …" : ""))"
            }
            diagnostics.append(
                diagnostic(
                    message,
                    at: name.span,
                    fixIt: suggestion.flatMap { replacement in name.span.map { FixIt(span: $0, replacement: JSONText.quote(replacement)) } }
                ))
        }
    }
}
