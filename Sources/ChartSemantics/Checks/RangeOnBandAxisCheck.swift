import ChartDiagnostics
import ChartSpec

/// `x2`/`y2` end a span from `x`/`y` on a continuous axis (SPEC §19.5); on a band axis a category has no
/// second position, so the range would be dropped.
struct RangeOnBandAxisCheck: CataloguedRule {
    let kind = SemanticDiagnostic.Kind.rangeOnBandAxis
    let summary = "x2 or y2 on a band (nominal or ordinal) axis: a range spans a continuous axis only."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        let encoding = context.spec.encoding
        for (end, start) in [(encoding.x2, encoding.x), (encoding.y2, encoding.y)] {
            guard let end, let start, context.spec.mark.type.value.traits.draws(end.channel), context.isDiscrete(start) == true else { continue }
            let name = end.channel.rawValue
            let base = start.channel.rawValue
            diagnostics.append(
                diagnostic(
                    "'encoding.\(name)' ends a range along '\(base)', but '\(base)' is a band axis of categories, where a range has nowhere to go: make '\(base)' quantitative or temporal, or remove '\(name)'",
                    at: context.member("encoding", name)?.keySpan ?? end.span))
        }
    }
}
