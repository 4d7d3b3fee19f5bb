import ChartSpec

/// How a legend entry shows its series: a short stroke for lines and rules, a square for filled marks, a dot
/// for points.
public enum LegendSymbol: Sendable, Equatable {
    case line
    case square
    case circle
    /// A line with a dot on it: a series drawn as a line layer and a point layer (SPEC §11).
    case lineWithDot

    /// The symbol the table of marks gives a mark (`MarkTraits.legendSymbol`).
    init(_ symbol: MarkSymbol) {
        switch symbol {
        case .line: self = .line
        case .square: self = .square
        case .circle: self = .circle
        case .lineWithDot: self = .lineWithDot
        }
    }

    /// The symbol for a series several layers draw: a line with a dot for a line and points (or a line with
    /// `points`), else a line, else a dot, else a square.
    static func merged(_ symbols: [LegendSymbol]) -> LegendSymbol {
        let line = symbols.contains(.line) || symbols.contains(.lineWithDot)
        let dot = symbols.contains(.circle) || symbols.contains(.lineWithDot)
        if line && dot { return .lineWithDot }
        if line { return .line }
        if dot { return .circle }
        return symbols.first ?? .square
    }
}

/// One series in a legend: its name (written as `data-series`), the label shown, and its color.
public struct LegendEntry: Sendable, Equatable {
    public var series: String
    public var label: String
    public var color: String
    /// The entry of a series an interactive layout keeps but starts hidden: written `data-hidden="true"`.
    public var startsHidden: Bool

    public init(series: String, label: String? = nil, color: String, startsHidden: Bool = false) {
        self.series = series
        self.label = label ?? series
        self.color = color
        self.startsHidden = startsHidden
    }
}

/// A categorical legend laid out either in rows that wrap (top and bottom) or in a column (left and right).
/// Measured before the plot so the plot gets the room that is left; `nodes(x:y:)` places it.
public struct Legend: Sendable {
    public enum Direction: Sendable {
        /// Entries side by side, wrapping to new rows.
        case rows
        /// One entry under the other.
        case column
    }

    public var width: Double
    public var height: Double
    /// Nodes positioned relative to the legend's top-left corner.
    private var items: [SceneNode]

    /// Space between a symbol and its label, and between entries in a row.
    static let symbolGap = 6.0
    static let entryGap = 16.0

    /// - Parameters:
    ///   - maxWidth: rows wrap to it; a column's labels wrap to it.
    public init(entries: [LegendEntry], title: String?, symbol: LegendSymbol, direction: Direction, maxWidth: Double, theme: ChartTheme = .standard) {
        let style = theme.legendLabelStyle
        let lineHeight = TextMeasurer.lineHeight(style)
        let symbolWidth = symbol == .line || symbol == .lineWithDot ? 18.0 : 12.0
        var items: [SceneNode] = []
        var x = 0.0
        var y = 0.0
        var rowHeight = 0.0
        var widest = 0.0

        if let title, !title.isEmpty {
            let block = TextBlock(
                lines: RichTextWrapper.wrap([TextRun(title, style: theme.legendTitleStyle)], width: maxWidth), style: theme.legendTitleStyle,
                lineHeight: lineHeight)
            items.append(
                .text(TextNode(block: block, x: 0, top: 0, fill: theme.legendTitleColor, maxWidth: maxWidth, classes: ["chartc-legend-title"])))
            switch direction {
            case .rows where block.lines.count == 1 && block.width + Self.entryGap < maxWidth / 2:
                x = block.width + Self.entryGap - 4
                rowHeight = block.height
            default:
                y = block.height + 6
            }
            widest = block.width
        }

        for entry in entries {
            let labelRoom = max(20, maxWidth - symbolWidth - Self.symbolGap)
            let wrappedLines = RichTextWrapper.wrap([TextRun(entry.label, style: style)], width: labelRoom)
            let label = TextBlock(lines: wrappedLines, style: style, lineHeight: lineHeight)
            let entryWidth = symbolWidth + Self.symbolGap + label.width
            if direction == .rows && x > 0 && x + entryWidth > maxWidth {
                x = 0
                y += rowHeight + 4
                rowHeight = 0
            }
            let baseline = y + label.ascent
            // Center the symbol on the first line's lowercase letters.
            let middle = baseline - style.size * 0.35
            var children: [SceneNode] = []
            switch symbol {
            case .line:
                children.append(
                    .line(LineNode(x1: x, y1: middle, x2: x + symbolWidth, y2: middle, stroke: Stroke(.color(entry.color), width: 3, cap: .round))))
            case .square:
                children.append(.rect(RectNode(box: Box(x: x, y: middle - 6, width: 12, height: 12), cornerRadius: 2, fill: .color(entry.color))))
            case .circle:
                children.append(.circle(CircleNode(cx: x + 6, cy: middle, radius: 5, fill: .color(entry.color))))
            case .lineWithDot:
                children.append(
                    .line(LineNode(x1: x, y1: middle, x2: x + symbolWidth, y2: middle, stroke: Stroke(.color(entry.color), width: 3, cap: .round))))
                children.append(.circle(CircleNode(cx: x + symbolWidth / 2, cy: middle, radius: 4, fill: .color(entry.color))))
            }
            children.append(
                .text(
                    TextNode(
                        block: label, x: x + symbolWidth + Self.symbolGap, baseline: baseline, fill: theme.legendLabelColor,
                        maxWidth: direction == .column ? labelRoom : nil)))
            var data = [DataAttribute("series", entry.series)]
            if entry.startsHidden { data.append(DataAttribute("hidden", "true")) }
            items.append(
                .group(
                    GroupNode(
                        classes: ["chartc-legend-item"], data: data, role: .legendEntry(series: entry.series, startsHidden: entry.startsHidden),
                        children: children)))
            widest = max(widest, x + entryWidth)
            switch direction {
            case .rows:
                x += entryWidth + Self.entryGap
                rowHeight = max(rowHeight, label.height)
            case .column:
                y += label.height + 6
            }
        }
        self.items = items
        self.width = widest
        switch direction {
        case .rows: self.height = entries.isEmpty && title == nil ? 0 : y + rowHeight
        case .column: self.height = max(0, y - 6)
        }
    }

    /// The legend group with its top-left corner at (x, y).
    public func node(x: Double, y: Double) -> SceneNode {
        .group(GroupNode(classes: ["chartc-legend"], translate: (dx: x, dy: y), role: .legend, children: items))
    }
}
