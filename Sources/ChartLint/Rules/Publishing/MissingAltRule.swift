import ChartDiagnostics
import ChartSpec

/// Screen-reader users get the chart through its alt text (SVG `<desc>`, HTML alt). Without `alt` chartc falls
/// back to the subtitle, which states the takeaway but not what is drawn.
struct MissingAltRule: LintRule {
    let id = "missing-alt"
    let severity = Severity.warning
    let summary = "The chart has no alt text describing it for screen readers."

    func check(_ context: LintContext, into diagnostics: inout [Diagnostic]) {
        if let alt = context.spec.alt {
            guard alt.value.allSatisfy(\.isWhitespace) else { return }
            diagnostics.append(diagnostic("the alt text is empty; describe what the chart shows for readers who cannot see it", at: alt.span))
            return
        }
        guard context.member("alt") == nil, !context.misspelled("alt", among: SpecKeys.topLevel) else { return }
        let fallback = context.spec.subtitle == nil ? "" : " (until then screen readers get the subtitle)"
        diagnostics.append(diagnostic(
            "the chart has no alt text; add \"alt\" describing what it shows (the kind of chart, the axes, the main pattern)\(fallback)",
            at: context.fileStart
        ))
    }
}
