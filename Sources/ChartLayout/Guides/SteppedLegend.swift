import ChartFormat

/// The legend of a stepped color (SPEC §22: `quantize`, `quantile`, `threshold`), as Datawrapper draws one: a row
/// of equal swatches, one per step, with the edge values printed at the joins between them (the outer ends too,
/// when known), formatted with the channel's `format`. No label is ever dropped or overlaps another: the swatches
/// widen until neighbouring labels clear each other; if that row would be wider than the space, the labels
/// alternate between two lines; if it still would be, the swatches wrap onto further rows. Beside the plot the
/// swatches stand in a column, the highest step on top, the edges to their right.
///
/// Each swatch carries `data-step` (its index, lowest first): the HTML page's script toggles the marks of a step.
///
/// When some drawn marks have no value (a choropleth's countries without data), a last swatch in the theme's
/// missing color says so ("No data"), set apart from the steps: grey regions on a map otherwise read as a step.
public struct SteppedLegend: Sendable {
    public var width: Double
    public var height: Double
    private var items: [SceneNode]

    /// A swatch's height in a row, and its width in a column.
    static let swatchThickness = 12.0
    /// The narrowest swatch in a row.
    static let minimumSwatchWidth = 36.0
    /// The widest swatch a row gets when there is room.
    static let preferredSwatchWidth = 48.0
    /// The least space between two labels on one line.
    static let labelGap = 6.0

    /// How a row of swatches was laid out: how many swatches a row holds, each one's width, and whether labels
    /// alternate between two lines. (Exposed for tests.)
    public struct Arrangement: Sendable, Equatable {
        public var perRow: Int
        public var swatchWidth: Double
        public var staggered: Bool
    }

    public private(set) var arrangement: Arrangement?

    /// The edge labels as printed, lowest first (nil where an edge is not labelled: a threshold scale's open end
    /// whose step holds no value).
    public let labels: [String?]

    public init(
        scale: SteppedColorScale, title: String?, labels formatter: TickLabels, maxWidth: Double, vertical: Bool = false,
        theme: ChartTheme = .standard, missing: String? = nil
    ) {
        let edges = scale.edges
        let known = edges.compactMap { $0 }
        let texts = formatter.valueLabels(known)
        var next = texts.makeIterator()
        let labels: [String?] = edges.map { $0 == nil ? nil : next.next() }
        self.labels = labels
        var items: [SceneNode] = []
        var top = 0.0
        let limit = max(60, maxWidth.isFinite ? maxWidth : 240)
        if let title, !title.isEmpty {
            let block = TextBlock(
                lines: RichTextWrapper.wrap([TextRun(title, style: theme.legendTitleStyle)], width: limit), style: theme.legendTitleStyle)
            items.append(.text(TextNode(block: block, x: 0, top: 0, fill: theme.legendTitleColor, maxWidth: limit, classes: ["chartc-legend-title"])))
            top = block.height + 6
        }
        let style = theme.axisLabelStyle
        let blocks = labels.map { $0.map { TextBlock.single($0, style: style) } }
        var right = 0.0
        var bottom = top
        let steps = scale.colors.count
        func swatch(_ step: Int, _ box: Box) -> SceneNode {
            let rect = SceneNode.rect(
                RectNode(
                    box: box, fill: .color(scale.colors[step].hex), classes: ["chartc-legend-step"],
                    data: [DataAttribute("step", String(step))]))
            return .group(GroupNode(role: .legendStep(step: step, label: Self.stepLabel(step, labels: labels)), children: [rect]))
        }
        if vertical {
            // A column: the highest step on top; each edge's label beside the join it names.
            let lineHeight = blocks.compactMap { $0?.height }.max() ?? 12
            let height = max(20, lineHeight + 4)
            for step in 0..<steps {
                let y = top + Double(steps - 1 - step) * height
                items.append(swatch(step, Box(x: 0, y: y, width: Self.swatchThickness, height: height)))
            }
            for (index, block) in blocks.enumerated() {
                guard let block else { continue }
                let joinY = top + Double(steps - index) * height
                items.append(
                    .line(
                        LineNode(
                            x1: Self.swatchThickness, y1: joinY, x2: Self.swatchThickness + 3, y2: joinY, stroke: .color(theme.tickColor))))
                let node = TextNode(
                    block: block, x: Self.swatchThickness + 6, top: joinY - block.height / 2, anchor: .start, fill: theme.axisLabelColor,
                    classes: ["chartc-legend-edge"])
                right = max(right, node.box.maxX)
                bottom = max(bottom, node.box.maxY)
                items.append(.text(node))
            }
            bottom = max(bottom, top + Double(steps) * height)
            right = max(right, Self.swatchThickness)
            if let missing {
                // Under the column, apart from the steps: a square and its label beside it.
                let block = TextBlock.single(missing, style: style)
                let swatchTop = bottom + Self.missingGap / 2
                items.append(Self.missingSwatch(Box(x: 0, y: swatchTop, width: Self.swatchThickness, height: Self.swatchThickness), theme: theme))
                let node = TextNode(
                    block: block, x: Self.swatchThickness + 6, top: swatchTop + (Self.swatchThickness - block.height) / 2, anchor: .start,
                    fill: theme.axisLabelColor, classes: ["chartc-legend-missing-label"])
                items.append(.text(node))
                right = max(right, node.box.maxX)
                bottom = max(swatchTop + Self.swatchThickness, node.box.maxY)
            }
        } else {
            let widths = blocks.map { $0?.width }
            let arrangement = Self.arrange(labelWidths: widths, maxWidth: limit)
            self.arrangement = arrangement
            let lineHeight = blocks.compactMap { $0?.height }.max() ?? 12
            var rowTop = top
            var start = 0
            var lastRow = (top: top, right: 0.0)
            while start < steps {
                let end = min(steps, start + arrangement.perRow)
                for step in start..<end {
                    let box = Box(
                        x: Double(step - start) * arrangement.swatchWidth, y: rowTop, width: arrangement.swatchWidth, height: Self.swatchThickness)
                    items.append(swatch(step, box))
                }
                let rowWidth = Double(end - start) * arrangement.swatchWidth
                right = max(right, rowWidth)
                var rowBottom = rowTop + Self.swatchThickness
                for edge in start...end {
                    guard let block = blocks[edge] else { continue }
                    let x = Double(edge - start) * arrangement.swatchWidth
                    let line = arrangement.staggered && (edge - start) % 2 == 1 ? 1.0 : 0.0
                    let labelTop = rowTop + Self.swatchThickness + 4 + line * (lineHeight + 2)
                    items.append(
                        .line(
                            LineNode(
                                x1: x, y1: rowTop + Self.swatchThickness, x2: x, y2: labelTop - 1, stroke: .color(theme.tickColor))))
                    let anchor = Self.anchor(edge: edge - start, count: end - start)
                    let node = TextNode(
                        block: block, x: x, top: labelTop, anchor: anchor, fill: theme.axisLabelColor, classes: ["chartc-legend-edge"])
                    right = max(right, node.box.maxX)
                    rowBottom = max(rowBottom, node.box.maxY)
                    items.append(.text(node))
                }
                lastRow = (
                    rowTop,
                    items.reduce(rowWidth) { reach, item in
                        if case .text(let node) = item, node.box.minY >= rowTop { return max(reach, node.box.maxX) }
                        return reach
                    }
                )
                bottom = rowBottom
                rowTop = rowBottom + 8
                start = end
            }
            if let missing {
                // After the last row's labels, or on a row of its own when it does not fit there: a swatch with
                // its label under it, as the edges' labels are.
                let block = TextBlock.single(missing, style: style)
                let width = Self.missingSwatchWidth
                var x = lastRow.right + Self.missingGap
                var y = lastRow.top
                if x + max(width, block.width) > limit {
                    x = 0
                    y = bottom + 8
                }
                items.append(Self.missingSwatch(Box(x: x, y: y, width: width, height: Self.swatchThickness), theme: theme))
                let node = TextNode(
                    block: block, x: x, top: y + Self.swatchThickness + 4, anchor: .start, fill: theme.axisLabelColor,
                    classes: ["chartc-legend-missing-label"])
                items.append(.text(node))
                right = max(right, x + width, node.box.maxX)
                bottom = max(bottom, node.box.maxY)
            }
        }
        for item in items {
            if case .text(let node) = item { right = max(right, node.box.maxX) }
        }
        self.items = items
        self.width = right
        self.height = bottom
    }

    /// Space between the last step and the "No data" swatch.
    static let missingGap = 16.0
    /// The "No data" swatch's width in a row.
    static let missingSwatchWidth = 24.0

    /// The swatch of the marks without a value, in the theme's missing color.
    static func missingSwatch(_ box: Box, theme: ChartTheme) -> SceneNode {
        .rect(RectNode(box: box, fill: .color(theme.missingColor), classes: ["chartc-legend-missing"]))
    }

    /// A step's interval in words, for the page's button: "10 to 20", "below 10", "20 and above".
    static func stepLabel(_ step: Int, labels: [String?]) -> String {
        let low = labels.indices.contains(step) ? labels[step] : nil
        let high = labels.indices.contains(step + 1) ? labels[step + 1] : nil
        switch (low, high) {
        case (let low?, let high?): return low + " to " + high
        case (nil, let high?): return "below " + high
        case (let low?, nil): return low + " and above"
        case (nil, nil): return "step " + String(step + 1)
        }
    }

    /// The first edge of a row hangs right of its join, the last left of it, the others centre on it: the
    /// labels stay inside the row.
    static func anchor(edge: Int, count: Int) -> TextAnchor {
        edge == 0 ? .start : edge == count ? .end : .middle
    }

    /// How far a label reaches left and right of its join.
    static func reach(_ width: Double, edge: Int, count: Int) -> (left: Double, right: Double) {
        switch anchor(edge: edge, count: count) {
        case .start: (0, width)
        case .end: (width, 0)
        default: (width / 2, width / 2)
        }
    }

    /// The narrowest swatch that keeps every two labels of one line of a row (`edges` the label widths of the
    /// row's joins, nil for none) at least `labelGap` apart.
    static func swatchWidth(_ edges: [Double?], staggered: Bool) -> Double {
        var needed = minimumSwatchWidth
        let count = edges.count - 1
        for line in 0..<(staggered ? 2 : 1) {
            var previous: (index: Int, right: Double)?
            for (index, width) in edges.enumerated() where !staggered || index % 2 == line {
                guard let width else { continue }
                let reach = Self.reach(width, edge: index, count: count)
                if let previous {
                    needed = max(needed, (previous.right + reach.left + labelGap) / Double(index - previous.index))
                }
                previous = (index, reach.right)
            }
        }
        return needed
    }

    /// The layout of a horizontal legend: one row with labels on one line if it fits `maxWidth`, else labels on
    /// two lines, else as many swatches per row as fit (labels on two lines).
    public static func arrange(labelWidths: [Double?], maxWidth: Double) -> Arrangement {
        let steps = max(1, labelWidths.count - 1)
        func rows(_ perRow: Int, staggered: Bool) -> Double {
            var widest = minimumSwatchWidth
            var start = 0
            while start < steps {
                let end = min(steps, start + perRow)
                widest = max(widest, swatchWidth(Array(labelWidths[start...end]), staggered: staggered))
                start = end
            }
            return widest
        }
        let single = rows(steps, staggered: false)
        if single * Double(steps) <= maxWidth {
            let width = max(single, min(preferredSwatchWidth, maxWidth / Double(steps)))
            return Arrangement(perRow: steps, swatchWidth: width, staggered: false)
        }
        let staggered = rows(steps, staggered: true)
        if staggered * Double(steps) <= maxWidth {
            return Arrangement(perRow: steps, swatchWidth: staggered, staggered: true)
        }
        var perRow = steps - 1
        while perRow > 1 {
            let width = rows(perRow, staggered: true)
            if width * Double(perRow) <= maxWidth { return Arrangement(perRow: perRow, swatchWidth: width, staggered: true) }
            perRow -= 1
        }
        return Arrangement(perRow: 1, swatchWidth: rows(1, staggered: true), staggered: true)
    }

    /// The legend group with its top-left corner at (x, y).
    public func node(x: Double, y: Double) -> SceneNode {
        .group(GroupNode(classes: ["chartc-legend", "chartc-legend-steps"], translate: (dx: x, dy: y), role: .legend, children: items))
    }
}
