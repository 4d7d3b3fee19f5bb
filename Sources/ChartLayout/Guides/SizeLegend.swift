/// The legend of a `size` channel on a field (SPEC §20): 3–5 symbols at round values inside the data's range,
/// each drawn on the chart's own size scale (a dot's area, or a line's stroke width), its value printed with the
/// channel's format, under the channel's title. In rows (legend above or below the plot) the symbols stand side
/// by side on one center line; in a column (beside the plot) one under another, centred on one vertical line.
/// Its entries are not toggles: a size is not a series to hide.
public struct SizeLegend: Sendable {
    /// What the symbols are: dots for points, strokes for lines.
    public enum Symbol: Sendable, Equatable {
        case circle
        case line
    }

    public var width: Double
    public var height: Double
    /// Nodes positioned relative to the legend's top-left corner.
    private var items: [SceneNode]

    /// - Parameters:
    ///   - values: the values to show (`SizeScale.legendValues`, or `size.legend.values`), ascending.
    ///   - labels: each value's text, in the channel's format.
    ///   - color: the symbols' fill (the marks' color when they have one, else a neutral grey).
    public init(
        scale: SizeScale, values: [Double], labels: [String], title: String?, symbol: Symbol, color: String, direction: Legend.Direction,
        maxWidth: Double, theme: ChartTheme = .standard
    ) {
        let style = theme.legendLabelStyle
        let lineHeight = TextMeasurer.lineHeight(style)
        var items: [SceneNode] = []
        var top = 0.0
        var widest = 0.0
        if let title, !title.isEmpty {
            let block = TextBlock(
                lines: RichTextWrapper.wrap([TextRun(title, style: theme.legendTitleStyle)], width: maxWidth), style: theme.legendTitleStyle,
                lineHeight: lineHeight)
            items.append(
                .text(TextNode(block: block, x: 0, top: 0, fill: theme.legendTitleColor, maxWidth: maxWidth, classes: ["chartc-legend-title"])))
            top = block.height + 6
            widest = block.width
        }
        // Each entry's symbol: a dot's radius, or a line's stroke width (1–8 px, as `LineMark.strokeWidth`).
        let entries: [(value: Double, label: String, extent: Double)] = zip(values, labels).map { value, label in
            let radius = scale(max(0, value)) ?? 0
            switch symbol {
            case .circle: return (value, label, radius)
            case .line: return (value, label, 1 + 7 * min(1, max(0, radius / max(scale.maximumRadius, 1e-9))))
            }
        }
        let largest = entries.map(\.extent).max() ?? 0
        // Dots: a column as wide as the largest; lines: 24 px long.
        let symbolWidth = symbol == .circle ? max(8, 2 * largest) : 24
        let labelHeight = max(lineHeight, style.size * 1.2)
        switch direction {
        case .rows:
            // One center line for every symbol: the largest dot's middle (or the label's, if taller).
            let rowHeight = max(symbol == .circle ? 2 * largest : 8, labelHeight)
            let middle = top + rowHeight / 2
            var x = 0.0
            var y = middle
            var rowTop = top
            for entry in entries {
                let label = TextBlock.single(entry.label, style: style)
                let own = symbol == .circle ? max(8, 2 * entry.extent) : symbolWidth
                let entryWidth = own + Legend.symbolGap + label.width
                if x > 0, x + entryWidth > maxWidth {
                    x = 0
                    rowTop += rowHeight + 4
                    y = rowTop + rowHeight / 2
                }
                items.append(Self.entry(entry, label: label, symbol: symbol, left: x, width: own, middle: y, color: color, theme: theme))
                x += entryWidth + Legend.entryGap
                widest = max(widest, x - Legend.entryGap)
            }
            self.height = entries.isEmpty ? top : rowTop + rowHeight
        case .column:
            var y = top
            for entry in entries {
                let label = TextBlock.single(entry.label, style: style)
                let rowHeight = max(symbol == .circle ? 2 * entry.extent : 8, labelHeight)
                items.append(
                    Self.entry(
                        entry, label: label, symbol: symbol, left: 0, width: symbolWidth, middle: y + rowHeight / 2, color: color, theme: theme))
                widest = max(widest, symbolWidth + Legend.symbolGap + label.width)
                y += rowHeight + 4
            }
            self.height = entries.isEmpty ? top : y - 4
        }
        self.items = items
        self.width = widest
    }

    /// One entry: its symbol centred at (`left + width / 2`, `middle`), its label to the right on the same middle.
    private static func entry(
        _ entry: (value: Double, label: String, extent: Double), label: TextBlock, symbol: Symbol, left: Double, width: Double, middle: Double,
        color: String, theme: ChartTheme
    ) -> SceneNode {
        var children: [SceneNode] = []
        switch symbol {
        case .circle:
            children.append(
                .circle(
                    CircleNode(
                        cx: left + width / 2, cy: middle, radius: entry.extent, fill: .color(color),
                        stroke: Stroke(.color(theme.background), width: 0.75),
                        opacity: 0.85, classes: ["chartc-size-symbol"])))
        case .line:
            children.append(
                .line(
                    LineNode(
                        x1: left, y1: middle, x2: left + width, y2: middle, stroke: Stroke(.color(color), width: entry.extent, cap: .butt),
                        classes: ["chartc-size-symbol"])))
        }
        // As `Legend`: the label's lowercase letters centred on the symbol.
        let baseline = middle + theme.legendLabelStyle.size * 0.35
        children.append(.text(TextNode(block: label, x: left + width + Legend.symbolGap, baseline: baseline, fill: theme.legendLabelColor)))
        return .group(GroupNode(classes: ["chartc-legend-size-item"], data: [DataAttribute("value", entry.label)], children: children))
    }

    /// The legend group with its top-left corner at (x, y).
    public func node(x: Double, y: Double) -> SceneNode {
        .group(GroupNode(classes: ["chartc-legend", "chartc-legend-size"], translate: (dx: x, dy: y), role: .legend, children: items))
    }
}
