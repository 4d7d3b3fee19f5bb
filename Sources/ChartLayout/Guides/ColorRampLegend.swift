import ChartFormat

/// The legend of a continuous color: the ramp as a gradient bar with round values under it and the channel's
/// title above, so a reader can tell what a shade means in a heat map or a choropleth.
public struct ColorRampLegend: Sendable {
    public var width: Double
    public var height: Double
    private var items: [SceneNode]
    /// The ramp's gradient, defined once in the scene.
    public var gradient: LinearGradient

    static let gradientID = "legend-ramp"
    static let barHeight = 10.0

    /// Which way the ramp runs: across under a title (legends above or below the plot), or upright with the
    /// values to its right (legends beside the plot), low values at the bottom.
    public enum Orientation: Sendable, Equatable {
        case horizontal
        case vertical(length: Double)
    }

    public init(
        scale: ContinuousColorScale, title: String?, labels: TickLabels, maxWidth: Double, orientation: Orientation = .horizontal,
        theme: ChartTheme = .standard
    ) {
        var items: [SceneNode] = []
        var y = 0.0
        if let title, !title.isEmpty {
            let block = TextBlock(
                lines: RichTextWrapper.wrap([TextRun(title, style: theme.legendTitleStyle)], width: maxWidth), style: theme.legendTitleStyle)
            items.append(
                .text(TextNode(block: block, x: 0, top: 0, fill: theme.legendTitleColor, maxWidth: maxWidth, classes: ["chartc-legend-title"])))
            y = block.height + 6
        }
        let domain = scale.domain.ascending
        var stops: [LinearGradient.Stop] = []
        let count = 16
        for index in 0...count {
            let t = Double(index) / Double(count)
            if let color = scale.color(for: domain.lower + (domain.upper - domain.lower) * t) {
                stops.append(LinearGradient.Stop(offset: t, color: color.hex))
            }
        }
        let vertical: Bool
        let barLength: Double
        switch orientation {
        case .horizontal:
            vertical = false
            barLength = max(60, min(240, maxWidth))
        case .vertical(let length):
            vertical = true
            barLength = max(40, length.isFinite ? length : 160)
        }
        // Bounding-box units: the gradient runs along the bar, from the low end (left, or bottom) to the high end.
        gradient =
            vertical
            ? LinearGradient(id: Self.gradientID, x1: 0, y1: 1, x2: 0, y2: 0, units: .objectBoundingBox, stops: stops)
            : LinearGradient(id: Self.gradientID, x1: 0, y1: 0, x2: 1, y2: 0, units: .objectBoundingBox, stops: stops)
        let barBox =
            vertical
            ? Box(x: 0, y: y, width: Self.barHeight, height: barLength)
            : Box(x: 0, y: y, width: barLength, height: Self.barHeight)
        items.append(.rect(RectNode(box: barBox, fill: .gradient(id: Self.gradientID), classes: ["chartc-legend-ramp"])))

        // Round values along the bar, thinned like an axis.
        let span = domain.upper - domain.lower
        var ticks =
            span > 0 ? LinearTicks.ticks(domain, count: max(2, NumberConversion.clamped(min(barLength, 1e6) / (vertical ? 40 : 60)))) : [domain.lower]
        if ticks.isEmpty { ticks = [domain.lower, domain.upper] }
        let texts = labels.labels(ticks)
        let style = theme.axisLabelStyle
        var axisTicks: [(AxisTick, TextBlock)] = []
        for (value, text) in zip(ticks, texts) {
            let offset = span > 0 ? (value - domain.lower) / span * barLength : barLength / 2
            // Along a vertical bar, position counts down from its top.
            axisTicks.append((AxisTick(position: vertical ? barLength - offset : offset, label: text), TextBlock.single(text, style: style)))
        }
        if vertical { axisTicks.reverse() }
        let kept = AxisLayout.thin(axisTicks, vertical: vertical)
        var right = barBox.maxX
        var left = 0.0
        var bottom = barBox.maxY
        for (tick, block) in kept {
            if vertical {
                let tickY = y + tick.position
                items.append(.line(LineNode(x1: barBox.maxX, y1: tickY, x2: barBox.maxX + 3, y2: tickY, stroke: .color(theme.tickColor))))
                // Keep the end labels beside the bar rather than hanging past it.
                let top = min(max(tickY - block.height / 2, y), barBox.maxY - block.height)
                let node = TextNode(block: block, x: barBox.maxX + 6, top: top, anchor: .start, fill: theme.axisLabelColor)
                right = max(right, node.box.maxX)
                bottom = max(bottom, node.box.maxY)
                items.append(.text(node))
            } else {
                items.append(
                    .line(
                        LineNode(
                            x1: tick.position, y1: y + Self.barHeight, x2: tick.position, y2: y + Self.barHeight + 3, stroke: .color(theme.tickColor))
                    ))
                var anchor = TextAnchor.middle
                if tick.position - block.width / 2 < 0 { anchor = .start }
                if tick.position + block.width / 2 > barLength { anchor = .end }
                let node = TextNode(block: block, x: tick.position, top: y + Self.barHeight + 4, anchor: anchor, fill: theme.axisLabelColor)
                right = max(right, node.box.maxX)
                left = min(left, node.box.minX)
                bottom = max(bottom, node.box.maxY)
                items.append(.text(node))
            }
        }
        // A title wider than the ramp widens the legend.
        for item in items {
            if case .text(let node) = item { right = max(right, node.box.maxX) }
        }
        self.items = items
        self.width = right - left
        self.height = bottom
    }

    /// The legend group with its top-left corner at (x, y).
    public func node(x: Double, y: Double) -> SceneNode {
        .group(GroupNode(classes: ["chartc-legend"], translate: (dx: x, dy: y), role: .legend, children: items))
    }
}
