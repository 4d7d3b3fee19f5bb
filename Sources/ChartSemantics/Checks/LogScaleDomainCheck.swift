import ChartDiagnostics
import ChartFormat
import ChartSpec

/// log(0) is undefined and logs of negative numbers do not exist: a log scale's explicit domain must be above
/// zero, and a normalized stack (shares from 0 to 1) cannot go on one. (The id is the one a build reports for it,
/// so lint and build say the same thing.)
struct LogScaleDomainCheck: CataloguedRule {
    let kind = SemanticDiagnostic.Kind.scaleInvalidDomain
    let summary = "A log scale's explicit domain touches or crosses zero, or a normalized stack is drawn on one."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        for channel in context.spec.encoding.channels {
            guard let scale = channel.scale, scale.type?.value == .log else { continue }
            guard let domain = scale.domain else {
                // A normalized stack runs from 0 to 1 (SPEC §7).
                if context.resolved.stack == .normalize, context.resolved.measure?.channel == channel.channel {
                    diagnostics.append(
                        diagnostic(
                            "a normalized stack runs from 0 to 1, which a log scale cannot show (log of zero is undefined): use a linear scale, or another 'stack'",
                            at: scale.type?.span ?? channel.span))
                }
                continue
            }
            for (index, value) in domain.value.enumerated() {
                guard let number = value.numberValue, number <= 0 else { continue }
                diagnostics.append(
                    diagnostic(
                        "a log scale cannot show \(NumberText.shortest(number)) (log of zero or less is undefined): start '\(context.path(of: channel)).scale.domain' above zero, or use a linear scale",
                        at: context.element(index, of: domain.span)
                    ))
            }
        }
    }
}
