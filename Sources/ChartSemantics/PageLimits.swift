import ChartDiagnostics
import ChartSpec

/// How much the HTML page (`--format html`) draws: beyond `rows` rows, the page — the chart in up to four views
/// (wide, phone, and their dark variants), a tooltip for every mark and the data as a CSV link — would be hundreds
/// of megabytes for a picture whose marks cover each other, so the HTML writer refuses it (`html-mark-limit`) and
/// lint warns (`html-too-many-marks`); SVG and PDF are still built (specs/limits.md).
public enum PageLimits {
    public static let rows = 50_000

    /// The rows a chart draws: its table's, or every layer's (SPEC §11).
    public static func drawnRows(_ context: SemanticContext) -> Int {
        if !context.layers.isEmpty { return context.layers.reduce(0) { $0 + ($1.table?.rowCount ?? 0) } }
        return context.table?.rowCount ?? 0
    }

    /// Where a diagnostic about the chart's marks points: its mark (or first layer's), else its data.
    public static func markSpan(_ spec: ChartSpec) -> SourceSpan? {
        spec.mark.type.span ?? spec.data.span
    }
}
