import ChartDiagnostics
import ChartFormat
import ChartSpec

/// log(0) is undefined and logs of negative numbers do not exist: a log scale's explicit domain must be above
/// zero. (The id is the one a build reports for it, so lint and build say the same thing.)
struct LogScaleDomainCheck: CataloguedRule {
    let kind = SemanticDiagnostic.Kind.scaleInvalidDomain
    let summary = "A log scale's explicit domain touches or crosses zero."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        for channel in context.spec.encoding.channels {
            guard let scale = channel.scale, scale.type?.value == .log, let domain = scale.domain else { continue }
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
