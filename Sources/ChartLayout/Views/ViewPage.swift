import ChartData
import ChartDiagnostics
import ChartSemantics
import ChartSpec

extension ChartLayoutEngine {
    /// The HTML page of a graphic of several views (SPEC §20): the views side by side at the page's width and,
    /// when that is much wider than a phone, stacked in one column at `narrowWidth`, each laid out again (not
    /// scaled); the same in the theme's dark variant. Its tooltips list every view's rows in view order (each
    /// view's marks count from where the view before ends); its data tables one per view, each under the view's
    /// heading (the CSV download is the first view's rows).
    public static func pageOfViews(page: ChartSpec, views: [ViewInput], name: String, theme: ChartTheme = .standard) throws(DiagnosticError)
        -> PageLayout
    {
        guard let first = views.first else { throw DiagnosticError([]) }
        for view in views {
            let drawn = PageLimits.drawnRows(view.chart.context)
            if drawn > PageLimits.rows {
                throw DiagnosticError(Diagnostic(SemanticDiagnostic.htmlMarkLimit(rows: drawn), at: PageLimits.markSpan(view.chart.spec)))
            }
        }
        func scenes(_ theme: ChartTheme) throws(DiagnosticError) -> (wide: Scene, narrow: Scene?) {
            let wide = try layoutViews(page: page, views: views, theme: theme, options: .interactive)
            guard wide.width > narrowWidth * 1.3 else { return (wide, nil) }
            let narrow = try layoutViews(
                page: page, views: views, theme: theme, options: LayoutOptions(interactive: true, narrowPage: true), width: narrowWidth,
                oneColumn: true)
            return (wide, narrow)
        }
        let light = try scenes(theme)
        var pairs: [(spec: ChartSpec, table: Table)] = []
        var resolved: [ResolvedView] = []
        for view in views {
            if view.chart.spec.isLayered {
                pairs += view.chart.context.layers.map { ($0.spec, $0.table ?? Table(columns: [], rowCount: 0)) }
                resolved += view.chart.context.layers.map(\.resolved)
            } else {
                pairs.append((view.chart.spec, view.table))
                resolved.append(view.chart.context.resolved)
            }
        }
        var model = PageModel(
            name: name, title: page.title?.value, locale: page.locale.value, tooltips: TooltipData(layers: pairs, views: resolved), isLayered: true,
            table: PageTable(first.table))
        model.viewTables = views.enumerated().map { index, view in
            PageModel.ViewTable(heading: view.chart.spec.title?.value ?? "View \(index + 1)", table: PageTable(view.table))
        }
        var result = PageLayout(wide: light.wide, narrow: light.narrow, darkBackground: theme.darkBackground, model: model)
        if let dark = try theme.loadDark() {
            let darkScenes = try scenes(dark)
            result.dark = darkScenes.wide
            result.darkNarrow = light.narrow == nil ? nil : darkScenes.narrow
        }
        return result
    }
}
