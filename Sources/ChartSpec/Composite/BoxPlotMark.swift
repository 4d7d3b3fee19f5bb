import ChartDiagnostics

/// `boxplot` (SPEC §21), a composite mark: per category (and color and facet group) a box from Q1 to Q3, a median
/// line across it, whiskers with caps out to `lower` and `upper`, and each value beyond the whiskers as a point.
/// It becomes a rule layer per whisker, a bar layer (the box), tick layers (the median and the caps) and a point
/// layer (the outliers), over the same scales. The statistics are the pipeline's: the box layers group by the
/// category, color and facet fields and aggregate `lower, q1, median, q3, upper` (type-7 quartiles; the whisker
/// ends are `lower_whisker`/`upper_whisker`, or `min`/`max` for `"min-max"`), which `chartc data` prints and a
/// database computes in SQL; the point layer keeps the rows beyond the fences, Q1 − k·IQR and Q3 + k·IQR, with
/// `q1`/`q3` window values over the same groups and a filter.
enum BoxPlotMark {
    static let expansion = CompositeExpansion(name: "BoxPlotMark", expand: expand)

    /// The aggregate fields each group's row holds, in this order.
    static let statisticFields = ["lower", "q1", "median", "q3", "upper"]

    /// The box's thickness across its category when `mark.width` does not say (px; at most the band).
    static let boxWidth = 40.0

    static func expand(_ input: CompositeMarkInput) -> CompositeMarkOutput {
        var output = CompositeMarkOutput()
        let mark = input.mark
        let encoding = input.encoding
        let traits = MarkType.boxplot.traits
        // A constant or a range channel the boxplot does not draw: left as written, for the checks'
        // `channel-not-supported`, which names the marks that draw it.
        if encoding.channels.contains(where: { $0.field == nil && $0.value != nil && !traits.drawsConstant($0.channel) }) { return output }
        if encoding.x2 != nil || encoding.y2 != nil { return output }
        guard let (measure, across) = orientation(encoding, mark: mark, diagnostics: &output.diagnostics),
            let measureDef = encoding[measure], let field = measureDef.field, let acrossDef = encoding[across], let category = acrossDef.field
        else { return output }

        for group in [category] + [encoding.color?.field].compactMap({ $0 }) where !output.groupBy.contains(where: { $0.value == group.value }) {
            output.groupBy.append(group)
        }
        if let facet = input.facetField, !output.groupBy.contains(where: { $0.value == facet.value }) { output.groupBy.append(facet) }

        let whiskers = mark.whiskers?.value ?? .tukey
        let at = field.span ?? mark.span
        let name = CompositeText.quoted(field.value)
        let ends: (String, String)
        switch whiskers {
        case .minMax: ends = ("min(\(name))", "max(\(name))")
        case .interquartile(let k):
            ends = ("lower_whisker(\(name), \(CompositeText.number(k)))", "upper_whisker(\(name), \(CompositeText.number(k)))")
        }
        let statistics = [ends.0, "q1(\(name))", "median(\(name))", "q3(\(name))", ends.1]
        for (statistic, text) in zip(statisticFields, statistics) {
            output.aggregate.append(
                AggregateField(name: Located(statistic, at: mark.whiskers?.span ?? at), expression: CompositeText.source(text, at: at)))
        }

        // The category on a discrete axis and the values on a quantitative one, whatever the data's types.
        var acrossChannel = acrossDef
        if acrossChannel.type == nil { acrossChannel.type = Located(.nominal, at: category.span) }
        var measureChannel = measureDef
        if measureChannel.type == nil { measureChannel.type = Located(.quantitative, at: field.span) }
        let end: ChannelName = measure == .y ? .y2 : .x2
        func statistic(_ name: String, on channel: ChannelName) -> ChannelDef {
            var definition = measureChannel
            definition.channel = channel
            definition.field = Located(name, at: field.span)
            if definition.title == .automatic { definition.title = .text(Located(field.value, at: field.span)) }
            if channel == end {
                definition.scale = nil
                definition.axis = nil
            }
            return definition
        }
        // A tooltip the user wrote shows the rows' fields: it is drawn on the outlier points, the layer that draws
        // rows (the box's tooltip lists the five numbers). With `"min-max"` no point is drawn: rejected where written.
        if whiskers == .minMax, let tooltip = encoding.tooltip.first {
            output.diagnostics.append(Diagnostic(SpecDiagnostic.boxplotTooltipWithoutPoints, at: tooltip.span ?? mark.span))
            return output
        }
        var base = encoding
        base.set(across, acrossChannel)
        base.tooltip = []

        func layer(_ type: MarkType, from low: String, to high: String?) -> (mark: MarkSpec, encoding: Encoding) {
            var simple = MarkSpec(type: Located(type, at: mark.type.span), span: mark.span)
            simple.color = mark.color
            simple.composite = .boxplot
            var layerEncoding = base
            layerEncoding.set(measure, statistic(low, on: measure))
            layerEncoding.set(end, high.map { statistic($0, on: end) })
            return (simple, layerEncoding)
        }
        var lowWhisker = layer(.rule, from: "lower", to: "q1")
        var highWhisker = layer(.rule, from: "q3", to: "upper")
        var box = layer(.bar, from: "q1", to: "q3")
        box.mark.opacity = mark.opacity
        box.mark.width = Located(mark.width?.value ?? boxWidth, at: mark.width?.span ?? mark.span)
        // The five numbers of the box, after its category and color.
        var tooltip: [ChannelDef] = [acrossChannel]
        if let color = encoding.color, color.field != nil, color.field?.value != category.value { tooltip.append(color) }
        for name in statisticFields {
            var definition = statistic(name, on: .tooltip)
            definition.title = .text(Located(name, at: field.span))
            tooltip.append(definition)
        }
        box.encoding.tooltip = tooltip
        // A white median over the box; whiskers and caps in the box's color, or a neutral gray when it has none.
        // Colors the stage chooses are written nowhere (no span): lint's contrast rule leaves them be.
        var median = layer(.tick, from: "median", to: nil)
        median.mark.color = Located("white", at: nil)
        median.mark.strokeWidth = Located(2, at: mark.span)
        median.encoding.color = nil
        var lowCap = layer(.tick, from: "lower", to: nil)
        var highCap = layer(.tick, from: "upper", to: nil)
        if encoding.color == nil && mark.color == nil {
            let gray = Located("#666666", at: nil)
            lowWhisker.mark.color = gray
            highWhisker.mark.color = gray
            lowCap.mark.color = gray
            highCap.mark.color = gray
        }
        output.layers = [lowWhisker, highWhisker, box, median, lowCap, highCap]

        if case .interquartile(let k) = whiskers {
            var points = MarkSpec(type: Located(.point, at: mark.type.span), span: mark.span)
            points.color = mark.color
            points.composite = .boxplot
            var pointEncoding = encoding
            pointEncoding.set(across, acrossChannel)
            pointEncoding.set(measure, measureChannel)
            var steps = LayerSpec.FinalSteps()
            steps.window = [
                WindowField(name: Located("q1", at: at), expression: CompositeText.source("q1(\(name))", at: at)),
                WindowField(name: Located("q3", at: at), expression: CompositeText.source("q3(\(name))", at: at))
            ]
            steps.windowBy = output.groupBy
            let factor = CompositeText.number(k)
            steps.filter = [
                CompositeText.source("\(name) < q1 - \(factor) * (q3 - q1) || \(name) > q3 + \(factor) * (q3 - q1)", at: at)
            ]
            output.rowSteps[output.layers.count] = steps
            output.layers.append((points, pointEncoding))
        }
        return output
    }

    /// The measure channel (quantitative: the values) and the category channel, from the types written: a
    /// discrete `y` or a quantitative `x` makes horizontal boxes; otherwise `x` is the category. Nil, with a
    /// `boxplot-channels` error at what was written, when there is no field to measure or none to group by.
    private static func orientation(_ encoding: Encoding, mark: MarkSpec, diagnostics: inout [Diagnostic]) -> (ChannelName, ChannelName)? {
        let xType = encoding.x?.type?.value
        let yType = encoding.y?.type?.value
        let horizontal: Bool
        if yType?.isDiscrete == true {
            horizontal = true
        } else if xType == .quantitative && yType != .quantitative {
            horizontal = true
        } else {
            horizontal = encoding.y == nil && encoding.x != nil && xType?.isDiscrete != true
        }
        let (measure, across): (ChannelName, ChannelName) = horizontal ? (.x, .y) : (.y, .x)
        let measureType = encoding[measure]?.type?.value
        guard let measureDef = encoding[measure], measureDef.field != nil, measureType == nil || measureType == .quantitative else {
            diagnostics.append(
                Diagnostic(
                    SpecDiagnostic.boxplotWithoutMeasure(measure: measure.rawValue, across: across.rawValue),
                    at: encoding[measure]?.type?.span ?? encoding[measure]?.span ?? mark.span))
            return nil
        }
        let acrossType = encoding[across]?.type?.value
        guard let acrossDef = encoding[across], acrossDef.field != nil, acrossType == nil || acrossType?.isDiscrete == true else {
            diagnostics.append(
                Diagnostic(
                    SpecDiagnostic.boxplotWithoutCategory(measure: measure.rawValue, across: across.rawValue),
                    at: encoding[across]?.type?.span ?? encoding[across]?.span ?? mark.span))
            return nil
        }
        return (measure, across)
    }
}
