import ChartData
import ChartFormat
import ChartDiagnostics
import ChartSemantics

extension ChartLayoutEngine {
    /// Every scene an HTML page shows and its model, laid out once: the scenes `pageLayouts` chooses (the chart's
    /// own width, and a phone layout when it is wide) and, when the theme has a `dark` variant, the same again
    /// in it; then the tooltips and the data table. What `chartc build --format html` writes.
    public static func page(chart: CheckedChart, table: Table, name: String, theme: ChartTheme = .standard, sparklines: [Int: Table] = [:])
        throws(DiagnosticError) -> PageLayout
    {
        let drawn = PageLimits.drawnRows(chart.context)
        if drawn > PageLimits.rows {
            throw DiagnosticError(Diagnostic(SemanticDiagnostic.htmlMarkLimit(rows: drawn), at: PageLimits.markSpan(chart.spec)))
        }
        let scenes = try pageLayouts(chart: chart, table: table, theme: theme, sparklines: sparklines)
        var page = PageLayout(
            wide: scenes.wide, narrow: scenes.narrow, darkBackground: theme.darkBackground, model: PageModel(chart: chart, table: table, name: name))
        if chart.spec.table != nil {
            page.table = TableModel(chart: chart, table: table, sparklines: sparklines, theme: theme, page: true).page()
            return page
        }
        if let dark = try theme.loadDark() {
            // The dark variant is laid out like the light theme (its fonts and sizes may differ), at the page's
            // one width: layout decides every position, the page only shows one set of scenes or the other.
            let darkScenes = try pageLayouts(chart: chart, table: table, theme: dark, sparklines: sparklines)
            page.dark = darkScenes.wide
            page.darkNarrow = scenes.narrow == nil ? nil : darkScenes.narrow
        }
        return page
    }
}
