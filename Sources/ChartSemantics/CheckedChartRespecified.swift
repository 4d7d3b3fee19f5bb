import ChartSpec

extension CheckedChart {
    /// The same chart drawn from another form of its spec (the HTML page's phone layout: another size, or the
    /// categories moved to the other axis), resolved again from that form. Only what the checks do not look at
    /// may differ (sizes, which axis a channel is on): the diagnostics are the original's.
    public func respecified(_ spec: ChartSpec) -> CheckedChart {
        var context = SemanticContext(
            spec: spec, schema: self.context.schema, fieldTypes: self.context.fieldTypes, table: self.context.table,
            background: self.context.background, theme: self.context.theme)
        context.textWidths = self.context.textWidths
        if !self.context.layers.isEmpty {
            context = context.withLayers(self.context.layers.map { ($0.schema, $0.fieldTypes, $0.table) })
        }
        return CheckedChart(context: context, diagnostics: diagnostics)
    }
}
