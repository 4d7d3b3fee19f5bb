import ChartDiagnostics
import ChartSemantics
import ChartSpec

/// Screen-reader users get the chart through its description (SVG `<desc>`, HTML alt text): `alt`, or, as SPEC §8
/// says, the subtitle when there is no `alt`. A chart with neither is announced by its title alone.
struct MissingAltRule: CataloguedRule {
    let kind = LintDiagnostic.Kind.missingAlt
    let summary = "The chart has no alt text (and no subtitle to stand in for it) describing it for screen readers."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        if let alt = context.spec.alt {
            guard alt.value.allSatisfy(\.isWhitespace) else { return }
            diagnostics.append(diagnostic("the alt text is empty; describe what the chart shows for readers who cannot see it", at: alt.span))
            return
        }
        guard context.spec.subtitle == nil, context.member("subtitle") == nil, context.member("alt") == nil,
            !context.misspelled("alt", among: SpecKeys.topLevel), !context.misspelled("subtitle", among: SpecKeys.topLevel)
        else { return }
        diagnostics.append(
            diagnostic(
                "the chart has no alt text; add \"alt\" describing what it shows (the kind of chart, the axes, the main pattern) for readers who cannot see it",
                at: context.fileStart
            ))
    }
}
