import ChartDiagnostics

/// The tooltip of a composite mark that summarizes each group's rows (`extent`, SPEC §21): every drawn row is a
/// group's summary, so its tooltip can show the fields the rows are grouped by and the statistics, and nothing
/// else. The measure's own field in the tooltip stands for its statistics (`center`, `lower`, `upper`, titled
/// after the field); any other field would be gone after grouping, so it is an error at its line:col that names
/// what can be shown, rather than the general unknown-field error about a column the user can see in the data.
enum SummaryTooltip {
    static func channels(
        _ tooltip: [ChannelDef], mark: String, measure: Located<String>, groups: [Located<String>], extent: ErrorExtent
    ) -> (tooltip: [ChannelDef], diagnostics: [Diagnostic]) {
        var channels: [ChannelDef] = []
        var diagnostics: [Diagnostic] = []
        let shown = groups.map(\.value) + ErrorBarMark.statisticFields
        for definition in tooltip {
            guard let field = definition.field else {
                channels.append(definition)
                continue
            }
            if field.value == measure.value {
                let center = extent == .iqr ? "median" : "mean"
                for (statistic, title) in zip(ErrorBarMark.statisticFields, ["\(measure.value) (\(center))", "lower", "upper"]) {
                    var summary = definition
                    summary.field = Located(statistic, at: field.span)
                    if summary.title == .automatic { summary.title = .text(Located(title, at: field.span)) }
                    summary.type = Located(.quantitative, at: field.span)
                    channels.append(summary)
                }
            } else if shown.contains(field.value) {
                channels.append(definition)
            } else {
                diagnostics.append(
                    Diagnostic(
                        SpecDiagnostic.summaryTooltipField(mark: mark, field: field.value, shown: [measure.value] + shown),
                        at: field.span ?? definition.span))
            }
        }
        return (channels, diagnostics)
    }
}
