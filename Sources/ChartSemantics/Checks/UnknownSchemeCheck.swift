import ChartColor
import ChartDiagnostics
import ChartSpec

/// `scale.scheme` must name a palette chartc ships (`ColorScheme.names`).
struct UnknownSchemeCheck: CataloguedRule, AppliesToTables {
    let kind = SemanticDiagnostic.Kind.colorUnknownScheme
    let summary = "scale.scheme names a color scheme chartc does not have."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        var schemes = context.spec.encoding.channels.compactMap { channel in
            channel.scale?.scheme.map { (scheme: $0, path: context.path(of: channel) + ".scale.scheme") }
        }
        for (index, column) in (context.spec.table?.columns ?? []).enumerated() {
            if let scheme = column.scheme { schemes.append((scheme, "table.columns[\(index)].scheme")) }
        }
        for (scheme, path) in schemes {
            guard ColorScheme.named(scheme.value) == nil else { continue }
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
