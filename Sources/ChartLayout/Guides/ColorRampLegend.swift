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

    public init(scale: ContinuousColorScale, title: String?, labels: TickLabels, maxWidth: Double, theme: ChartTheme = .standard) {
        let barWidth = max(60, min(240, maxWidth))
        var items: [SceneNode] = []
        var y = 0.0
        if let title, !title.isEmpty {
            let block = TextBlock(lines: RichTextWrapper.wrap([TextRun(title, style: theme.legendTitleStyle)], width: maxWidth), style: theme.legendTitleStyle)
            items.append(.text(TextNode(block: block, x: 0, top: 0, fill: theme.legendLabelColor, maxWidth: maxWidth, classes: ["chartc-legend-title"])))
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
        gradient = LinearGradient(id: Self.gradientID, x1: 0, y1: 0, x2: 1, y2: 0, units: .objectBoundingBox, stops: stops)
        items.append(.rect(RectNode(box: Box(x: 0, y: y, width: barWidth, height: Self.barHeight), fill: .gradient(id: Self.gradientID), classes: ["chartc-legend-ramp"])))

        // Round values under the bar, thinned like an axis.
        let span = domain.upper - domain.lower
        var ticks = span > 0 ? LinearTicks.ticks(domain, count: max(2, Int(barWidth / 60))) : [domain.lower]
        if ticks.isEmpty { ticks = [domain.lower, domain.upper] }
        let texts = labels.labels(ticks)
        let style = theme.axisLabelStyle
        var axisTicks: [(AxisTick, TextBlock)] = []
        for (value, text) in zip(ticks, texts) {
            let x = span > 0 ? (value - domain.lower) / span * barWidth : barWidth / 2
            axisTicks.append((AxisTick(position: x, label: text), TextBlock.single(text, style: style)))
        }
        let kept = AxisLayout.thin(axisTicks, vertical: false)
        let labelTop = y + Self.barHeight + 4
        var right = barWidth
        var left = 0.0
        for (tick, block) in kept {
            items.append(.line(LineNode(x1: tick.position, y1: y + Self.barHeight, x2: tick.position, y2: y + Self.barHeight + 3, stroke: .color(theme.tickColor))))
            // Keep the end labels over the bar rather than hanging past it.
            var anchor = TextAnchor.middle
            if tick.position - block.width / 2 < 0 { anchor = .start }
            if tick.position + block.width / 2 > barWidth { anchor = .end }
            let node = TextNode(block: block, x: tick.position, top: labelTop, anchor: anchor, fill: theme.axisLabelColor)
            right = max(right, node.box.maxX)
            left = min(left, node.box.minX)
            items.append(.text(node))
        }
        self.items = items
        self.width = right - left
        self.height = labelTop + (kept.first?.block.height ?? 0)
    }

    /// The legend group with its top-left corner at (x, y).
    public func node(x: Double, y: Double) -> SceneNode {
        .group(GroupNode(classes: ["chartc-legend"], translate: (dx: x, dy: y), children: items))
    }
}
