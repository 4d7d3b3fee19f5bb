import ChartDiagnostics
import ChartSemantics
import ChartSpec

/// `resolve` makes x or y independent (SPEC §20) but both layers draw the same field on it: the second axis
/// would only repeat the first on another scale, and the two marks would look as if they differed when they are
/// the same numbers. Reported once, at the second layer's field.
struct ResolveSameFieldRule: CataloguedRule {
    let kind = LintDiagnostic.Kind.resolveSameField
    let summary = "Two layers on independent scales (resolve) draw the same field: the second axis would repeat the first."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        guard let resolve = context.spec.resolve, let written = context.spec.writtenLayerIndex else { return }
        for (name, isX) in [("x", true), ("y", false)] {
            guard let channel = resolve.independent(isX: isX), channel.layers.count == 2, channel.layers[1] == written,
                let first = channel.fields[0], let second = channel.fields[1], first.value == second.value
            else { continue }
            // The field inherited by both layers is written once, at the top level: point at the `resolve` value.
            let span = first.span == second.span ? channel.sharing.span : second.span
            diagnostics.append(
                diagnostic(
                    "both layers on the independent \(name) scales draw '\(second.value)', so the second \(name) axis would repeat the first on another scale: draw a different field in one of them, or share the scale (\"resolve\": { \"\(name)\": \"shared\" })",
                    at: span))
        }
    }
}
