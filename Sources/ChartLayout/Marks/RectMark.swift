import ChartSpec

/// `rect`: a rectangle per row spanning its categories' bands (heat-map cells) or `x`…`x2` and `y`…`y2` on
/// continuous scales; a channel that is absent spans the whole plot.
enum RectMark: Mark {
    static func render(_ series: Series, context: MarkContext) -> [SceneNode] {
        var children: [SceneNode] = []
        for row in series.rows {
            guard let (x0, x1) = span(row, context: context, isX: true), let (y0, y1) = span(row, context: context, isX: false) else { continue }
            children.append(
                .rect(
                    RectNode(
                        box: Box(minX: x0, minY: y0, maxX: x1, maxY: y1), cornerRadius: context.mark.cornerRadius?.value ?? 0,
                        fill: context.paint(row, series: series), opacity: context.opacity(), classes: ["chartc-rect"],
                        data: context.rowData(row)
                    )))
        }
        return children
    }

    /// The cell of a row in plot coordinates, or nil when a value is missing.
    static func box(_ row: Int, context: MarkContext) -> Box? {
        guard let (x0, x1) = span(row, context: context, isX: true), let (y0, y1) = span(row, context: context, isX: false) else { return nil }
        return Box(minX: x0, minY: y0, maxX: x1, maxY: y1)
    }

    private static func span(_ row: Int, context: MarkContext, isX: Bool) -> (Double, Double)? {
        let model = context.model
        let channel = isX ? model.x : model.y
        let partner = isX ? model.x2 : model.y2
        let length = isX ? context.width : context.height
        let constant = isX ? model.constants.x : model.constants.y
        let constantPartner = isX ? model.constants.x2 : model.constants.y2
        guard let channel, let scale = isX ? context.scales.x : context.scales.y else {
            // Constants (SPEC §19.3): from px to px; one alone is a 20 px cell centred on it.
            guard let constant else { return (0, length) }
            guard let constantPartner else { return (constant - 10, constant + 10) }
            return (min(constant, constantPartner), max(constant, constantPartner))
        }
        if let band = context.band(channel: channel, scale: scale, row: row) {
            return (band.start, band.start + band.width)
        }
        guard let value = channel.number(row), let start = scale.position(value) else { return nil }
        if let partner {
            guard let other = partner.number(row), let end = scale.position(other) else { return nil }
            return (start, end)
        }
        if let constantPartner { return (min(start, constantPartner), max(start, constantPartner)) }
        // A binned field spans its whole interval (SPEC §19.5): a heat map binned on both axes has no gaps.
        if let step = channel.binStep {
            guard let end = scale.position(BinnedChannel.end(value, step: step)) else { return nil }
            return (min(start, end), max(start, end))
        }
        let half = context.continuousBarWidth(along: scale, channel: channel) / 2
        return (start - half, start + half)
    }
}

extension RectMark {
    static var type: MarkType { .rect }
    /// Heat-map cells nearly touch.
    static func bandPadding(grouped: Bool) -> Double { 0.04 }
    static func defaultLabelPosition(stacked: Bool, vertical: Bool) -> LabelPosition? { .inside }
    static var labelsShowColor: Bool { true }

    /// Centred in its cell, when it fits there.
    static func valueLabelOptions(_ row: Int, block: TextBlock, series: Series, content: ValueLabelContent, context: MarkContext) -> [LabelOption] {
        guard let cell = box(row, context: context) else { return [] }
        let fill = ValueLabels.readableFill(context.paint(row, series: series), opacity: context.opacity(), theme: context.theme)
        let node = ValueLabels.place(block, angle: content.angle, fill: fill) { box in (cell.midX - box.midX, cell.midY - box.midY) }
        return cell.insetBy(1).contains(node.box) ? [LabelOption(node: node, onMark: true)] : []
    }
}
