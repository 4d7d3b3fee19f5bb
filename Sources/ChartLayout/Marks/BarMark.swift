import ChartSpec

/// `bar`: a rectangle per row across its category (or at its instant on a time axis) from the baseline —
/// zero, the end of the segment below when stacked, or `y2`/`x2` for range bars — to its value. Vertical or
/// horizontal by the channel types; grouped side by side with `offset`.
enum BarMark: Mark {
    static func render(_ series: Series, context: MarkContext) -> [SceneNode] {
        var children: [SceneNode] = []
        for row in series.rows {
            guard let box = box(row, context: context) else { continue }
            children.append(
                .rect(
                    RectNode(
                        box: box, cornerRadius: context.mark.cornerRadius?.value ?? 0,
                        fill: context.paint(row, series: series), opacity: context.opacity(),
                        classes: ["chartc-bar"], data: context.rowData(row)
                    )))
        }
        return children
    }

    /// The bar of a row in plot coordinates, or nil when a value is missing.
    static func box(_ row: Int, context: MarkContext) -> Box? {
        let model = context.model
        let vertical = model.orientation == .vertical
        let constants = model.constants
        let measureScale = vertical ? context.scales.y : context.scales.x
        guard let across = vertical ? model.x : model.y, let acrossScale = vertical ? context.scales.x : context.scales.y else {
            // A constant across (SPEC §19.3): from it to its constant partner, else centred on it, `size` (or
            // `mark.width`, or 20 px) thick.
            guard let constant = vertical ? constants.x : constants.y else { return measureOnly(row, context: context) }
            var start = constant
            var thickness = constants.size ?? context.mark.width?.value ?? 20
            if let partner = vertical ? constants.x2 : constants.y2 {
                start = min(constant, partner)
                thickness = abs(partner - constant)
            } else {
                start -= thickness / 2
            }
            guard let (low, high) = extent(row, context: context, scale: measureScale) else { return nil }
            return vertical
                ? Box(minX: start, minY: min(low, high), maxX: start + thickness, maxY: max(low, high))
                : Box(minX: min(low, high), minY: start, maxX: max(low, high), maxY: start + thickness)
        }
        // Across the category: the band, or a bar width centered on a continuous position.
        var start: Double
        var thickness: Double
        if let band = context.band(channel: across, scale: acrossScale, row: row) {
            (start, thickness) = band
        } else if let partner = vertical ? model.x2 : model.y2 {
            // A range across (SPEC §19.5): from x to x2 on any continuous scale, log included; no band width.
            guard let value = across.number(row), let other = partner.number(row), let a = acrossScale.position(value),
                let b = acrossScale.position(other)
            else { return nil }
            start = min(a, b)
            thickness = abs(b - a)
        } else if let step = across.binStep {
            // A bin spans its interval, edge to edge with its neighbours (a histogram).
            guard let value = across.number(row), let a = acrossScale.position(value),
                let b = acrossScale.position(BinnedChannel.end(value, step: step))
            else { return nil }
            start = min(a, b)
            thickness = abs(b - a)
        } else {
            guard let value = across.number(row), let center = acrossScale.position(value) else { return nil }
            thickness = context.continuousBarWidth(along: acrossScale, channel: across)
            start = center - thickness / 2
        }
        if let size = constants.size {
            // A constant size is the bar's thickness, centred on its band or value (SPEC §19.3).
            start += (thickness - size) / 2
            thickness = size
        } else if let requested = context.mark.width?.value, requested > 0, requested < thickness {
            start += (thickness - requested) / 2
            thickness = requested
        }
        guard let (low, high) = extent(row, context: context, scale: measureScale) else { return nil }
        if vertical {
            return Box(minX: start, minY: low, maxX: start + thickness, maxY: high)
        }
        return Box(minX: low, minY: start, maxX: high, maxY: start + thickness)
    }

    /// The two ends of a bar along its measure, in px. A constant measure (SPEC §19.3) runs from its px to its
    /// constant partner, else to the plot's edge where the measure starts (the bottom, or the left edge), as in
    /// Vega-Lite; a constant partner of a measure field is where the bar starts.
    static func extent(_ row: Int, context: MarkContext, scale: PositionScale?) -> (Double, Double)? {
        let model = context.model
        let vertical = model.orientation == .vertical
        let constantPartner = vertical ? model.constants.y2 : model.constants.x2
        guard let measure = model.measure, let scale else {
            guard model.measure == nil, let constant = vertical ? model.constants.y : model.constants.x else { return nil }
            return (constantPartner ?? (vertical ? context.height : 0), constant)
        }
        if let segment = model.stacked[row] {
            guard let a = scale.position(segment.start), let b = scale.position(segment.end) else { return nil }
            return (a, b)
        }
        guard let value = measure.number(row), let end = scale.position(value) else { return nil }
        if let partner = vertical ? model.y2 : model.x2 {
            guard let other = partner.number(row), let start = scale.position(other) else { return nil }
            return (start, end)
        }
        if let constantPartner { return (constantPartner, end) }
        guard let base = scale.zeroPosition else { return nil }
        return (base, end)
    }

    /// A bar with only a measure channel: one bar filling the plot's cross direction.
    private static func measureOnly(_ row: Int, context: MarkContext) -> Box? {
        let vertical = context.model.orientation == .vertical
        guard let (low, high) = extent(row, context: context, scale: vertical ? context.scales.y : context.scales.x) else { return nil }
        let span = vertical ? context.width : context.height
        let thickness = min(span * 0.6, 80)
        let start = (span - thickness) / 2
        return vertical
            ? Box(minX: start, minY: low, maxX: start + thickness, maxY: high) : Box(minX: low, minY: start, maxX: high, maxY: start + thickness)
    }
}

extension BarMark {
    static var type: MarkType { .bar }
    static func bandPadding(grouped: Bool) -> Double { grouped ? 0.25 : 0.2 }
    static var needsRoomAcrossContinuousAxis: Bool { true }

    /// Inside stacked segments (outside would be another segment), above columns, at the end of bars.
    static func defaultLabelPosition(stacked: Bool, vertical: Bool) -> LabelPosition? {
        stacked ? .inside : (vertical ? .top : .end)
    }

    static func labelsMayTurnUpright(_ model: PlotModel) -> Bool { model.orientation == .vertical }

    static func valueLabelOptions(_ row: Int, block: TextBlock, series: Series, content: ValueLabelContent, context: MarkContext) -> [LabelOption] {
        ValueLabels.barOptions(row, block: block, series: series, content: content, context: context)
    }

    /// Past the ends of bars, on the side they grow towards. Labels inside bars only move out when a bar is too
    /// short for them, and a short bar leaves room.
    static func valueLabelInsets(_ content: ValueLabelContent, model: PlotModel, size: (width: Double, height: Double)) -> Margins {
        guard content.position != .inside, let measure = model.measure else { return .zero }
        let gap = model.theme.labelGap
        var positive = false
        var negative = false
        for row in content.texts.keys {
            guard let value = measure.number(row) else { continue }
            if value >= 0 { positive = true } else { negative = true }
        }
        if measure.definition.scale?.reverse ?? false { swap(&positive, &negative) }
        var insets = Margins.zero
        if model.orientation == .vertical {
            if positive { insets.top = size.height + gap }
            if negative { insets.bottom = size.height + gap }
        } else {
            if positive { insets.right = size.width + gap }
            if negative { insets.left = size.width + gap }
        }
        return insets
    }

    /// Other bars: an outside label must not cover them.
    static func addLabelObstacles(to placer: inout LabelPlacer, context: MarkContext) {
        for series in context.model.series {
            for row in series.rows {
                if let box = box(row, context: context) { placer.addMark(box, owner: row) }
            }
        }
    }
}
