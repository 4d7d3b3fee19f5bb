extension PlotModel {
    /// The model as a reader first sees it: on the interactive page, without the series that start hidden (the
    /// static SVG leaves them out already). Annotation text keeps clear of these marks, so the page places notes
    /// where the SVG does rather than around lines that are not shown.
    var withoutHiddenSeries: PlotModel {
        guard options.interactive, series.contains(where: \.startsHidden) else { return self }
        var static_ = options
        static_.interactive = false
        return (try? PlotModel(spec: spec, table: table, theme: theme, options: static_, view: view)) ?? self
    }
}
