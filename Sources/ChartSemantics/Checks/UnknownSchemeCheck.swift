import ChartColor
import ChartDiagnostics
import ChartSpec

/// `scale.scheme` must name a palette chartc ships (`ColorScheme.names`).
struct UnknownSchemeCheck: CataloguedRule {
    let kind = SemanticDiagnostic.Kind.colorUnknownScheme
    let summary = "scale.scheme names a color scheme chartc does not have."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        for channel in context.spec.encoding.channels {
            guard let scheme = channel.scale?.scheme, ColorScheme.named(scheme.value) == nil else { continue }
            let path = context.path(of: channel) + ".scale.scheme"
            if let suggestion = Suggestions.closest(to: scheme.value, in: ColorScheme.names) {
                diagnostics.append(
                    diagnostic(
                        "unknown color scheme '\(scheme.value)' in '\(path)'; did you mean '\(suggestion)'?",
                        at: scheme.span,
                        fixIt: scheme.span.map { FixIt(span: $0, replacement: JSONText.quote(suggestion)) }
                    ))
            } else {
                diagnostics.append(
                    diagnostic(
                        "unknown color scheme '\(scheme.value)' in '\(path)'",
                        at: scheme.span,
                        notes: [DiagnosticNote("schemes: " + ColorScheme.names.joined(separator: ", "))]
                    ))
            }
        }
    }
}
