import ChartDiagnostics
import ChartSemantics
import ChartSpec

/// A note on a chart is read at a glance beside the data it points at. One longer than the plot is wide wraps
/// into a paragraph that covers the data and has to move far from its point; the detail belongs in `notes`
/// below the chart. The note is measured in the theme's annotation style with the fonts a build sets it in
/// (`SemanticContext.textWidths`); without them the rule stays quiet rather than guess.
struct AnnotationNoteTooLongRule: CataloguedRule {
    let kind = LintDiagnostic.Kind.annotationNoteTooLong
    let summary = "A text note longer on one line, in the theme's font, than the plot is wide: it wraps into a paragraph over the data."

    /// What axes and padding usually take from the graphic's width.
    static let plotMargin = 90.0

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        guard let widths = context.textWidths else { return }
        let plotWidth = Swift.max(60, context.spec.width.value - Self.plotMargin)
        for annotation in context.spec.annotations where annotation.kind.value == .text {
            guard let text = annotation.text else { continue }
            let length = widths.width(text.value, as: .annotation)
            guard length > plotWidth else { continue }
            let wrap = Swift.min(annotation.width?.value ?? Annotation.defaultWidth, plotWidth)
            let lines = Int(exactly: (length / wrap).rounded(.up)) ?? 0
            diagnostics.append(
                diagnostic(
                    "this note is \(Int(exactly: length.rounded()) ?? 0) px long, more than the plot is wide (about \(Int(exactly: plotWidth.rounded()) ?? 0) px): it wraps to about \(lines) lines over the data; keep a note to a line or two and move the detail to \"notes\"",
                    at: text.span))
        }
    }
}
