import ChartDiagnostics

/// `errorband` (SPEC §21), a composite mark: a band from low to high along the other position channel, drawn as
/// one area layer (`y` to `y2`, or `x` to `x2` for a horizontal band) over the same scales, a band per color
/// group joining its rows in order like an area. The range is either two fields or the `extent` of each group's
/// rows (`ci`, `stderr`, `stdev`, `iqr`, as `errorbar` computes it: `ErrorBarMark.expressions`), which becomes
/// the pipeline's grouping (the other position channel's field, `color` and the facet field) and the aggregate
/// fields `center`, `lower` and `upper` that `chartc data` prints.
enum ErrorBandMark {
    static let expansion = CompositeExpansion(name: "ErrorBandMark", expand: expand)

    /// The band's opacity when `mark.opacity` does not say: light enough for a line or points drawn over it.
    static let defaultOpacity = 0.3

    static func expand(_ input: CompositeMarkInput) -> CompositeMarkOutput {
        var output = CompositeMarkOutput()
        let mark = input.mark
        let encoding = input.encoding
        // A constant the errorband does not draw: left as written, for the checks' `channel-not-supported`.
        let traits = MarkType.errorband.traits
        if encoding.channels.contains(where: { $0.field == nil && $0.value != nil && !traits.drawsConstant($0.channel) }) { return output }
        let horizontal = isHorizontal(encoding)
        let measure: ChannelName = horizontal ? .x : .y
        let end: ChannelName = horizontal ? .x2 : .y2
        let along: ChannelName = horizontal ? .y : .x
        let name = MarkType.errorband.rawValue
        guard let measureDef = encoding[measure], let field = measureDef.field else {
            output.diagnostics.append(
                Diagnostic(
                    SpecDiagnostic.errorbarWithoutField(mark: name, measure: measure.rawValue, end: end.rawValue),
                    at: encoding[measure]?.span ?? mark.span))
            return output
        }
        guard encoding[along]?.field != nil else {
            output.diagnostics.append(
                Diagnostic(SpecDiagnostic.errorbandWithoutAlong(measure: measure.rawValue, along: along.rawValue), at: measureDef.span ?? mark.span))
            return output
        }
        var band = MarkSpec(type: Located(.area, at: mark.type.span), span: mark.span)
        band.color = mark.color
        band.opacity = mark.opacity ?? Located(defaultOpacity, at: nil)
        band.interpolate = mark.interpolate
        band.composite = .errorband
        var layer = encoding
        if let extent = mark.extent {
            if let endDef = encoding[end] {
                output.diagnostics.append(
                    Diagnostic(
                        SpecDiagnostic.errorbarExtentAndEnd(mark: name, field: field.value, end: end.rawValue), at: endDef.span ?? extent.span))
                return output
            }
            for channel in [along, .color] {
                guard let group = encoding[channel]?.field, !output.groupBy.contains(where: { $0.value == group.value }) else { continue }
                output.groupBy.append(group)
            }
            if let facet = input.facetField, !output.groupBy.contains(where: { $0.value == facet.value }) { output.groupBy.append(facet) }
            let statistics = ErrorBarMark.expressions(extent.value, field: CompositeText.quoted(field.value))
            for (statistic, text) in zip(ErrorBarMark.statisticFields, statistics) {
                output.aggregate.append(
                    AggregateField(name: Located(statistic, at: extent.span), expression: CompositeText.source(text, at: field.span ?? extent.span)))
            }
            var low = measureDef
            low.field = Located("lower", at: field.span)
            if low.title == .automatic { low.title = .text(Located(field.value, at: field.span)) }
            var high = ChannelDef(channel: end, field: Located("upper", at: field.span), span: measureDef.span)
            high.type = measureDef.type
            layer.set(measure, low)
            layer.set(end, high)
            let tooltip = SummaryTooltip.channels(encoding.tooltip, mark: name, measure: field, groups: output.groupBy, extent: extent.value)
            output.diagnostics += tooltip.diagnostics
            layer.tooltip = tooltip.tooltip
        } else {
            guard let endDef = encoding[end], endDef.field != nil else {
                output.diagnostics.append(
                    Diagnostic(
                        SpecDiagnostic.errorbarWithoutEnd(mark: name, measure: measure.rawValue, end: end.rawValue),
                        at: encoding[end]?.span ?? mark.span))
                return output
            }
        }
        output.layers = [(band, layer)]
        return output
    }

    /// A band runs along x (its range on y) unless the range is on x (`x2` without `y2`) or y is declared
    /// temporal or discrete with a quantitative x: a continuous x (a quantitative year, a date) is what it runs
    /// along, not its measure, as it would be for an errorbar's categories.
    private static func isHorizontal(_ encoding: Encoding) -> Bool {
        if encoding.y2 != nil { return false }
        if encoding.x2 != nil { return true }
        guard let yType = encoding.y?.type?.value, yType != .quantitative else { return false }
        return encoding.x?.type?.value == .quantitative
    }
}
