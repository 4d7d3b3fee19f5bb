import ChartColor
import ChartSpec

/// One place a label could go: the text node there and whether it sits on its own mark (inside a bar or a
/// heat-map cell, where covering the mark is the point) or beside it (where it must not cover other marks).
struct LabelOption: Sendable {
    var node: TextNode
    var onMark: Bool
}

/// A label for one row with its candidate places, best first.
struct LabelRequest: Sendable {
    var row: Int
    var options: [LabelOption]
}

/// Where `mark.labels` can print each row's value on its mark (SPEC §6):
/// - bars: `top`/`end` just past the bar's end (above a column, right of a horizontal bar, below or left of a
///   negative one), `inside` just within the end (centred on stacked segments); a label that does not fit
///   inside a bar moves past its end, unless the bar is a stacked segment;
/// - heat-map cells (`rect`): centred, in white or near-black, whichever reads better on the cell;
/// - points and lines: above the point (`top`), right of it (`end`) or on it (`inside`), with the other sides
///   and then the four corners as fallbacks (cartography's eight positions).
/// `angle` rotates the text (−90 reads bottom to top, for long values on narrow columns).
enum ValueLabels {
    static func requests(_ series: Series, content: ValueLabelContent, context: MarkContext) -> [LabelRequest] {
        let model = context.model
        let theme = context.theme
        var result: [LabelRequest] = []
        for row in series.rows {
            guard let text = content.texts[row] else { continue }
            let block = TextBlock.single(text, style: theme.valueLabelStyle)
            let options = model.markKind.valueLabelOptions(row, block: block, series: series, content: content, context: context)
            if !options.isEmpty { result.append(LabelRequest(row: row, options: options)) }
        }
        return result
    }

    /// How far outside the plot's marks labels reach at each edge, so the scales can leave that room: past the
    /// ends of bars, or above and beside points.
    static func insets(_ content: ValueLabelContent, model: PlotModel) -> Margins {
        var size = (width: 0.0, height: 0.0)
        for text in content.texts.values {
            let node = place(TextBlock.single(text, style: model.theme.valueLabelStyle), angle: content.angle, fill: "") { _ in (0, 0) }
            size.width = max(size.width, node.box.width)
            size.height = max(size.height, node.box.height)
        }
        guard size.width > 0 else { return .zero }
        return model.markKind.valueLabelInsets(content, model: model, size: size)
    }

    /// Above or beside points and lines, by the labels' position.
    static func pointInsets(_ content: ValueLabelContent, model: PlotModel, size: (width: Double, height: Double)) -> Margins {
        let gap = model.theme.labelGap
        var insets = Margins.zero
        switch content.position {
        case .top: insets.top = size.height + gap + 5
        case .end: insets.right = size.width + gap + 5
        case .inside: break
        }
        return insets
    }

    // MARK: - Bars

    static func barOptions(_ row: Int, block: TextBlock, series: Series, content: ValueLabelContent, context: MarkContext) -> [LabelOption] {
        let model = context.model
        let vertical = model.orientation == .vertical
        guard let bar = BarMark.box(row, context: context),
            let measureScale = vertical ? context.scales.y : context.scales.x,
            let (start, end) = BarMark.extent(row, context: context, scale: measureScale)
        else { return [] }
        let theme = context.theme
        let gap = theme.labelGap
        // Which way the bar grows in pixels: up (−) or down (+) for columns, right (+) or left (−) for bars.
        // A zero-length bar points the way positive values grow.
        let direction: Double = end == start ? (vertical ? -1 : 1) : (end > start ? 1 : -1)
        let insideFill = readableFill(context.paint(row, series: series), opacity: context.opacity(), theme: theme)

        func outside() -> LabelOption {
            let node = place(block, angle: content.angle, fill: theme.valueLabelColor) { box in
                if vertical {
                    let dy = direction < 0 ? (end - gap) - box.maxY : (end + gap) - box.minY
                    return (bar.midX - box.midX, dy)
                }
                let dx = direction > 0 ? (end + gap) - box.minX : (end - gap) - box.maxX
                return (dx, bar.midY - box.midY)
            }
            return LabelOption(node: node, onMark: false)
        }
        func insideEnd() -> LabelOption? {
            let node = place(block, angle: content.angle, fill: insideFill) { box in
                if vertical {
                    let dy = direction < 0 ? (end + gap) - box.minY : (end - gap) - box.maxY
                    return (bar.midX - box.midX, dy)
                }
                let dx = direction > 0 ? (end - gap) - box.maxX : (end + gap) - box.minX
                return (dx, bar.midY - box.midY)
            }
            return fitsInside(node.box, bar) ? LabelOption(node: node, onMark: true) : nil
        }
        func centered() -> LabelOption? {
            let node = place(block, angle: content.angle, fill: insideFill) { box in (bar.midX - box.midX, bar.midY - box.midY) }
            return fitsInside(node.box, bar) ? LabelOption(node: node, onMark: true) : nil
        }

        switch content.position {
        case .top, .end:
            return [outside()] + (content.mayLeaveMark ? [insideEnd()].compactMap { $0 } : [])
        case .inside:
            if !content.mayLeaveMark { return [centered()].compactMap { $0 } }
            return [insideEnd()].compactMap { $0 } + [outside()]
        }
    }

    /// Inside a bar with a pixel to spare on each side.
    private static func fitsInside(_ label: Box, _ bar: Box) -> Bool {
        bar.insetBy(1).contains(label)
    }

    // MARK: - Points and lines

    /// The radius of a row's dot (the line's stroke when it has none).
    static func pointRadius(_ row: Int, context: MarkContext) -> Double {
        let model = context.model
        if let radius = model.markKind.labelRadius(row, context: context) { return radius }
        if model.markType == .point, let area = model.constants.size { return (area / Double.pi).squareRoot() }
        if let size = model.size, let scale = context.scales.size, let value = size.number(row), let radius = scale(max(0, value)) {
            return max(1.5, radius)
        }
        return 4.5
    }

    /// The places around a row's point (a dot or a line's vertex).
    static func pointOptions(_ row: Int, block: TextBlock, content: ValueLabelContent, context: MarkContext) -> [LabelOption] {
        guard let x = context.x(row), let y = context.y(row) else { return [] }
        return pointOptions(x: x, y: y, radius: pointRadius(row, context: context), block: block, content: content, theme: context.theme)
    }

    private static func pointOptions(x: Double, y: Double, radius: Double, block: TextBlock, content: ValueLabelContent, theme: ChartTheme)
        -> [LabelOption]
    {
        let gap = theme.labelGap / 2 + radius
        let fill = theme.valueLabelColor
        let above = place(block, angle: content.angle, fill: fill) { box in (x - box.midX, (y - gap) - box.maxY) }
        let below = place(block, angle: content.angle, fill: fill) { box in (x - box.midX, (y + gap) - box.minY) }
        let right = place(block, angle: content.angle, fill: fill) { box in ((x + gap) - box.minX, y - box.midY) }
        let left = place(block, angle: content.angle, fill: fill) { box in ((x - gap) - box.maxX, y - box.midY) }
        // The four corners, for a point whose sides a line runs through (a connected scatter plot's vertex: the
        // line leaves up-left and down-right, the corners up-right and down-left are free). The diagonal gap is
        // the radius's share on each axis, so the corner of the label just clears the dot.
        let corner = theme.labelGap / 2 + radius * 0.71
        let aboveRight = place(block, angle: content.angle, fill: fill) { box in ((x + corner) - box.minX, (y - corner) - box.maxY) }
        let aboveLeft = place(block, angle: content.angle, fill: fill) { box in ((x - corner) - box.maxX, (y - corner) - box.maxY) }
        let belowRight = place(block, angle: content.angle, fill: fill) { box in ((x + corner) - box.minX, (y + corner) - box.minY) }
        let belowLeft = place(block, angle: content.angle, fill: fill) { box in ((x - corner) - box.maxX, (y + corner) - box.minY) }
        let corners = [aboveRight, aboveLeft, belowRight, belowLeft]
        let nodes: [TextNode]
        switch content.position {
        case .top: nodes = [above, below, right, left] + corners
        case .end: nodes = [right, left, above, below] + corners
        case .inside: nodes = [place(block, angle: content.angle, fill: fill) { box in (x - box.midX, y - box.midY) }]
        }
        return nodes.map { LabelOption(node: $0, onMark: false) }
    }

    // MARK: - Geometry and color

    /// A label node moved so its (rotated) box lands where `shift` says: given the box of the node placed at the
    /// origin, `shift` returns how far to move it.
    static func place(_ block: TextBlock, angle: Double, fill: String, shift: (Box) -> (Double, Double)) -> TextNode {
        var node = TextNode(block: block, x: 0, baseline: 0, anchor: .middle, fill: fill, rotation: angle, classes: ["chartc-label"])
        let (dx, dy) = shift(node.box)
        node.x += dx
        node.y += dy
        return node
    }

    /// Near-black or white, whichever reads better on a mark's fill (dark text on a gradient, whose color varies).
    static func readableFill(_ paint: Paint, opacity: Double?, theme: ChartTheme) -> String {
        guard case .color(let css) = paint, var color = Color(css: css) else { return Color.darkText.hex }
        if let opacity, opacity < 1 {
            let background = Color(css: theme.background) ?? .white
            color = color.withAlpha(max(0, opacity) * color.alpha).over(background)
        }
        return Color.readableText(on: color).hex
    }
}
