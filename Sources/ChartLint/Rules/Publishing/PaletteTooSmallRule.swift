import ChartColor
import ChartDiagnostics
import ChartSemantics
import ChartSpec

/// With fewer colors than series the palette cycles, and two different series get the same color.
struct PaletteTooSmallRule: CataloguedRule {
    let kind = LintDiagnostic.Kind.paletteTooSmall
    let summary = "A categorical palette (range, scheme or the default) has fewer colors than there are series."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        guard let series = context.seriesNames, let color = context.spec.encoding.color else { return }
        let count = series.count
        if let range = color.scale?.range {
            guard range.value.count < count else { return }
            let missing = count - range.value.count
            diagnostics.append(
                diagnostic(
                    "\(count) series but \(range.value.count) color\(range.value.count == 1 ? "" : "s") in 'encoding.color.scale.range': colors repeat, so different series look the same; add \(missing) more",
                    at: range.span
                ))
            return
        }
        // An unknown scheme is reported by `unknown-scheme`.
        if let written = color.scale?.scheme, ColorScheme.named(written.value) == nil { return }
        let scheme = color.scale?.scheme.flatMap { ColorScheme.named($0.value) }
        let palette = scheme ?? ColorScheme.chartc
        guard palette.kind == .categorical, palette.colors.count < count else { return }
        let what = scheme == nil ? "the default palette has" : "the scheme '\(palette.name)' has"
        diagnostics.append(
            diagnostic(
                "\(count) series but \(what) \(palette.colors.count) colors: colors repeat, so different series look the same; use fewer series, or a larger palette",
                at: color.scale?.scheme?.span ?? color.field?.span ?? color.span
            ))
    }
}
