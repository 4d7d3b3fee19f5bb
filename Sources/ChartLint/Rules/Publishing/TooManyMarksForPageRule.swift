import ChartDiagnostics
import ChartFormat
import ChartSemantics

/// A chart of more than `PageLimits.rows` rows has no HTML page (`html-mark-limit`): its marks cover each other,
/// and the page would weigh hundreds of megabytes. Lint says so before a build does; SVG and PDF are still built.
struct TooManyMarksForPageRule: CataloguedRule {
    let kind = LintDiagnostic.Kind.htmlTooManyMarks
    let summary = "The chart draws more than 50,000 rows: its HTML page is refused (SVG and PDF are still built)."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        guard let rows = context.table?.rowCount, rows > PageLimits.rows else { return }
        diagnostics.append(
            diagnostic(
                "the chart draws \(CountText.grouped(rows)) rows; an HTML page draws at most \(CountText.grouped(PageLimits.rows)), so --format html fails (specs/limits.md). Aggregate or bin the rows, or publish the SVG",
                at: PageLimits.markSpan(context.spec)))
    }
}
