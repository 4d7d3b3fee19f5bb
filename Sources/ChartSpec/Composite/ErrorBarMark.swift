import ChartDiagnostics

/// `errorbar` (SPEC §21), a composite mark: a rule from low to high with a tick (a cap) at each end, drawn as a
/// rule layer and two tick layers over the same scales. The range is either two fields (`y` and `y2`, or `x` and
/// `x2` for a horizontal bar) or the `extent` of each group's rows (`ci`, `stderr`, `stdev`, `iqr`), which becomes
/// the pipeline's grouping (the other position channel's field, `color` and the facet field) and three aggregate
/// fields `center`, `lower` and `upper` (what `chartc data` prints). The 95% interval uses `quantile_t`, the
/// inverse of Student's t distribution.
enum ErrorBarMark {
    static let expansion = CompositeExpansion(name: "ErrorBarMark", expand: expand)

    /// The aggregate fields a computed extent adds to each group's row, in this order.
    static let statisticFields = ["center", "lower", "upper"]

    static func expand(_ input: CompositeMarkInput) -> CompositeMarkOutput {
        var output = CompositeMarkOutput()
        let mark = input.mark
        let encoding = input.encoding
        // A constant the errorbar does not draw (`{ "value": 3 }` on y2): left as written, for the checks'
        // `channel-not-supported`, which names the marks that draw it.
        let traits = MarkType.errorbar.traits
        if encoding.channels.contains(where: { $0.field == nil && $0.value != nil && !traits.drawsConstant($0.channel) }) { return output }
        let horizontal = isHorizontal(encoding)
        let measure: ChannelName = horizontal ? .x : .y
        let end: ChannelName = horizontal ? .x2 : .y2
        let across: ChannelName = horizontal ? .y : .x
        guard let measureDef = encoding[measure], let field = measureDef.field else {
            output.diagnostics.append(
                Diagnostic(
                    SpecDiagnostic.errorbarWithoutField(mark: "errorbar", measure: measure.rawValue, end: end.rawValue),
                    at: encoding[measure]?.span ?? mark.span))
            return output
        }
        if let extent = mark.extent {
            if let endDef = encoding[end] {
                output.diagnostics.append(
                    Diagnostic(
                        SpecDiagnostic.errorbarExtentAndEnd(mark: "errorbar", field: field.value, end: end.rawValue), at: endDef.span ?? extent.span))
                return output
            }
            for channel in [across, .color] {
                guard let group = encoding[channel]?.field, !output.groupBy.contains(where: { $0.value == group.value }) else { continue }
                output.groupBy.append(group)
            }
            if let facet = input.facetField, !output.groupBy.contains(where: { $0.value == facet.value }) { output.groupBy.append(facet) }
            let statistics = expressions(extent.value, field: CompositeText.quoted(field.value))
            for (name, text) in zip(statisticFields, statistics) {
                output.aggregate.append(
                    AggregateField(name: Located(name, at: extent.span), expression: CompositeText.source(text, at: field.span ?? extent.span)))
            }
            var low = measureDef
            low.field = Located("lower", at: field.span)
            if low.title == .automatic { low.title = .text(Located(field.value, at: field.span)) }
            var high = low
            high.field = Located("upper", at: field.span)
            var highEnd = ChannelDef(channel: end, field: Located("upper", at: field.span), span: measureDef.span)
            highEnd.type = measureDef.type
            let tooltip = SummaryTooltip.channels(encoding.tooltip, mark: "errorbar", measure: field, groups: output.groupBy, extent: extent.value)
            output.diagnostics += tooltip.diagnostics
            var summarized = encoding
            summarized.tooltip = tooltip.tooltip
            output.layers = layers(mark, summarized, measure: measure, end: end, low: low, highEnd: highEnd, high: high)
            return output
        }
        guard let endDef = encoding[end], let endField = endDef.field else {
            output.diagnostics.append(
                Diagnostic(
                    SpecDiagnostic.errorbarWithoutEnd(mark: "errorbar", measure: measure.rawValue, end: end.rawValue),
                    at: encoding[end]?.span ?? mark.span))
            return output
        }
        var high = measureDef
        high.field = endField
        if high.title == .automatic { high.title = .text(Located(field.value, at: field.span)) }
        output.layers = layers(mark, encoding, measure: measure, end: end, low: measureDef, highEnd: endDef, high: high)
        return output
    }

    /// A rule from `low` to `highEnd`, a tick at `low` and a tick at `high` (the same values on the measure
    /// channel), each with the errorbar's other channels and options.
    private static func layers(
        _ mark: MarkSpec, _ encoding: Encoding, measure: ChannelName, end: ChannelName, low: ChannelDef, highEnd: ChannelDef, high: ChannelDef
    ) -> [(mark: MarkSpec, encoding: Encoding)] {
        func simple(_ type: MarkType) -> MarkSpec {
            var simple = MarkSpec(type: Located(type, at: mark.type.span), span: mark.span)
            simple.color = mark.color
            simple.opacity = mark.opacity
            simple.strokeWidth = mark.strokeWidth
            if type == .tick { simple.width = mark.width }
            simple.composite = .errorbar
            return simple
        }
        var rule = encoding
        rule.set(measure, low)
        rule.set(end, highEnd)
        var lowTick = encoding
        lowTick.set(measure, low)
        lowTick.set(end, nil)
        var highTick = lowTick
        highTick.set(measure, high)
        return [(simple(.rule), rule), (simple(.tick), lowTick), (simple(.tick), highTick)]
    }

    /// Horizontal when the range is on x (`x2` without `y2`), or when y is the category: a discrete `y`, a
    /// quantitative `x`, or no `y` at all.
    static func isHorizontal(_ encoding: Encoding) -> Bool {
        if encoding.y2 != nil { return false }
        if encoding.x2 != nil { return true }
        if encoding.y == nil { return encoding.x != nil }
        if encoding.y?.type?.value.isDiscrete == true { return true }
        return encoding.x?.type?.value == .quantitative && encoding.y?.type?.value != .quantitative
    }

    /// `center`, `lower` and `upper` of `field` (an expression) for one extent.
    static func expressions(_ extent: ErrorExtent, field: String) -> [String] {
        let mean = "mean(\(field))"
        let n = "count(\(field))"
        switch extent {
        case .ci:
            let half = "quantile_t(0.975, \(n) - 1) * stdev(\(field)) / sqrt(\(n))"
            return [mean, "\(mean) - \(half)", "\(mean) + \(half)"]
        case .stderr:
            let half = "stdev(\(field)) / sqrt(\(n))"
            return [mean, "\(mean) - \(half)", "\(mean) + \(half)"]
        case .stdev:
            return [mean, "\(mean) - stdev(\(field))", "\(mean) + stdev(\(field))"]
        case .iqr:
            return ["median(\(field))", "q1(\(field))", "q3(\(field))"]
        }
    }
}

extension Encoding {
    /// Sets (or, with nil, removes) one single-valued channel.
    mutating func set(_ name: ChannelName, _ channel: ChannelDef?) {
        var channel = channel
        channel?.channel = name
        switch name {
        case .x: x = channel
        case .y: y = channel
        case .x2: x2 = channel
        case .y2: y2 = channel
        case .color: color = channel
        case .offset: offset = channel
        case .size: size = channel
        case .opacity: opacity = channel
        case .text: text = channel
        case .detail: detail = channel
        case .order: order = channel
        case .theta: theta = channel
        case .radius: radius = channel
        case .longitude: longitude = channel
        case .latitude: latitude = channel
        case .longitude2: longitude2 = channel
        case .latitude2: latitude2 = channel
        case .tooltip: tooltip = channel.map { [$0] } ?? []
        }
    }
}
