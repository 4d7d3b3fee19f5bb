import ChartDiagnostics
import ChartSemantics
import ChartSpec

/// Past a dozen colors, readers cannot match lines to a legend: highlight a few series and gray the rest, or
/// split the chart into small multiples.
struct TooManySeriesRule: CataloguedRule {
    static let maximumSeries = 12

    let kind = LintDiagnostic.Kind.tooManySeries
    let summary = "More than 12 series in one chart: readers cannot tell that many colors apart."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        guard let series = context.seriesNames, series.count > Self.maximumSeries, let color = context.spec.encoding.color else { return }
        let field = color.field?.value ?? "color"
        diagnostics.append(
            diagnostic(
                "'\(field)' splits the chart into \(series.count) series, more than the \(Self.maximumSeries) colors readers can tell apart: highlight a few and gray the rest, filter, or group the smallest into \"Other\"",
                at: color.field?.span ?? color.span
            ))
    }
}
