import ChartDiagnostics
import ChartSemantics
import ChartSpec

/// A note on a chart is read at a glance beside the data it points at. One longer than the plot is wide wraps
/// into a paragraph that covers the data and has to move far from its point; the detail belongs in `notes`
/// below the chart. Lint has no fonts, so the length is an estimate (an average letter is about half the text
/// size wide), which is enough to catch paragraphs.
struct AnnotationNoteTooLongRule: CataloguedRule {
    let kind = LintDiagnostic.Kind.annotationNoteTooLong
    let summary = "A text note longer on one line than the plot is wide (estimated): it wraps into a paragraph over the data."

    /// Width of an average character, as a share of the text size.
    static let averageCharacterWidth = 0.52
    /// What axes and padding usually take from the graphic's width.
    static let plotMargin = 90.0

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        let size = context.theme?.number("text.annotation.size") ?? 12
        let plotWidth = Swift.max(60, context.spec.width.value - Self.plotMargin)
        for annotation in context.spec.annotations where annotation.kind.value == .text {
            guard let text = annotation.text else { continue }
            let estimate = Double(text.value.unicodeScalars.count) * size * Self.averageCharacterWidth
            guard estimate > plotWidth else { continue }
            let wrap = Swift.min(annotation.width?.value ?? Annotation.defaultWidth, plotWidth)
            let lines = Int(exactly: (estimate / wrap).rounded(.up)) ?? 0
            diagnostics.append(
                diagnostic(
                    "this note is about \(Int(exactly: estimate.rounded()) ?? 0) px long, more than the plot is wide (about \(Int(exactly: plotWidth.rounded()) ?? 0) px): it wraps to about \(lines) lines over the data; keep a note to a line or two and move the detail to \"notes\"",
                    at: text.span))
        }
    }
}
