#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ChartColor
import ChartFormat
import ChartSpec

/// One column of the static table as measured: its width, alignment, the decimal line of its numbers, and the
/// scale of a bar or heat column (one per column, over all the table's rows, so every page agrees).
struct TableColumnPlan {
    let index: Int
    let column: TableColumn
    let kind: TableDisplay
    /// The column's width, cell padding included.
    var width: Double
    /// Whether its cells are text that may wrap (strings, not numbers).
    let wraps: Bool
    let numeric: Bool
    /// The widest integer part and the widest fraction part (with the suffix) of its numbers among the rows
    /// shown: the decimal line lies `fractionWidth` left of the numbers' right edge.
    let integerWidth: Double
    let fractionWidth: Double
    /// A bar column's scale: zero-based over every row's value.
    let bar: BarScale?
    /// A heat column's color scale.
    let heat: HeatScale?
    /// A sparkline column's lines.
    let sparkline: SparklineSet?
    /// The widest value text (a bar's label, a sparkline's last value).
    let labelWidth: Double
    /// How a number of this column is written (legend labels).
    let formatNumber: @Sendable (Double) -> String

    /// The narrowest a wrapping column gets: its longest word (of the title or of a cell, up to 160 px) fits.
    let minimumWidth: Double

    var innerWidth: Double { max(1, width - 2 * TableLayout.paddingX) }

    /// The alignment: as written, else numbers right (a bar column's bars start at the left) and the rest left.
    var align: TableAlign { column.align?.value ?? (numeric && kind != .bar ? .right : .left) }

    init(index: Int, column: TableColumn, model: TableModel) {
        self.index = index
        self.column = column
        kind = column.kind
        let style = model.bodyStyle
        let texts = model.cells.texts[index]
        numeric = model.cells.numeric[index]
        wraps = !numeric && (kind == .text || kind == .heat)
        sparkline = kind == .sparkline ? model.sparklines[index] : nil
        var integerWidth = 0.0
        var fractionWidth = 0.0
        var widest = 0.0
        let decimal = model.locale.decimalSeparator
        for row in model.shown {
            guard let text = texts[row] else { continue }
            let whole = TextMeasurer.width(text, style: style)
            widest = max(widest, whole)
            if numeric {
                let fraction = TextMeasurer.width(TableCells.fractionPart(of: text, decimal: decimal), style: style)
                fractionWidth = max(fractionWidth, fraction)
                integerWidth = max(integerWidth, whole - fraction)
            }
        }
        if let sparkline {
            for row in model.shown { if let text = sparkline.lastTexts[row] { widest = max(widest, TextMeasurer.width(text, style: style)) } }
        }
        self.integerWidth = integerWidth
        self.fractionWidth = fractionWidth
        labelWidth = widest
        let values = model.cells.numbers[index].compactMap { $0 }
        bar = kind == .bar && numeric ? BarScale(values: values) : nil
        heat =
            kind == .heat && numeric
            ? HeatScale(values: values, scheme: column.scheme.flatMap { ColorScheme.named($0.value) }, theme: model.theme) : nil
        let locale = model.locale
        let pattern = column.format?.patternText.flatMap { try? NumberFormat(parsing: $0) }
        let affixes = column.format?.affixes ?? .none
        formatNumber = { value in
            affixes.apply(pattern?.format(value, locale: locale) ?? TooltipData.defaultNumber(value, locale: locale))
        }

        let header = TextMeasurer.width(column.heading, style: model.headerStyle)
        var content: Double
        switch kind {
        case .bar where bar != nil:
            content = TableLayout.barWidth
        case .sparkline where sparkline != nil:
            content = TableLayout.sparklineWidth + TableLayout.sparklineGap + widest
        case .text, .heat, .bar, .image, .sparkline:
            content = numeric ? integerWidth + fractionWidth : widest
            if kind == .heat { content = max(content + 8, 48) }
        }
        // A long header wraps rather than widen a narrow column past what its title's words need.
        let headerRoom = min(header, max(content, Self.longestWord(column.heading, style: model.headerStyle), 96))
        width = column.width?.value ?? (max(content, headerRoom) + 2 * TableLayout.paddingX).rounded(.up)
        var longest = Self.longestWord(column.heading, style: model.headerStyle)
        if wraps {
            for row in model.shown { if let text = texts[row] { longest = max(longest, min(160, Self.longestWord(text, style: style))) } }
        }
        minimumWidth = max(TableLayout.minimumTextWidth, (longest + 2 * TableLayout.paddingX).rounded(.up))
    }

    static func longestWord(_ text: String, style: TextStyle) -> Double {
        text.split(separator: " ").map { TextMeasurer.width($0, style: style) }.max() ?? 0
    }

    /// Where a block of `width` starts in a cell at `cellLeft`, for the header (aligned as the column).
    func anchorX(cellLeft: Double, width: Double) -> (x: Double, anchor: TextAnchor) {
        switch align {
        case .left: (cellLeft + TableLayout.paddingX, .start)
        case .center: (cellLeft + self.width / 2, .middle)
        case .right: (cellLeft + self.width - TableLayout.paddingX, .end)
        }
    }

    /// The text block of a cell: wrapped to the column when it is text.
    func block(row: Int, model: TableModel) -> TextBlock? {
        guard let text = model.cells.texts[index][row] else { return nil }
        if wraps { return TextBlock.wrapped(text, style: model.bodyStyle, width: innerWidth) }
        return TextBlock.single(text, style: model.bodyStyle)
    }

    /// The height a row needs for this cell's contents.
    func contentHeight(row: Int, model: TableModel) -> Double {
        // A sparkline gets a little more height than a line of text, so its shape reads.
        if sparkline != nil { return model.lineHeight + TableLayout.sparklineExtra }
        guard let block = block(row: row, model: model) else { return model.lineHeight }
        return max(model.lineHeight, Double(block.lines.count) * block.lineHeight)
    }

    /// The nodes of one cell in `box` (the row's height, the column's width).
    func cell(row: Int, box: Box, model: TableModel) -> [SceneNode] {
        let theme = model.theme
        let style = model.bodyStyle
        let contentTop = box.y + TableLayout.paddingY
        // The first line's text sits in a line box of `lineHeight`, centred on it.
        let lineTop = contentTop + (model.lineHeight - (TextMeasurer.ascent(style) + TextMeasurer.descent(style))) / 2
        let data = [DataAttribute("column", "\(index)")]
        if let sparkline {
            return sparklineCell(sparkline, row: row, box: box, contentTop: contentTop, lineTop: lineTop, model: model)
        }
        var nodes: [SceneNode] = []
        var textColor = theme.legendLabelColor
        let value = model.cells.numbers[index][row]

        if let heat, let value, let color = heat.color(for: value) {
            nodes.append(
                .rect(RectNode(box: box, fill: .color(color.hex), classes: ["chartc-table-heat"], data: data + [DataAttribute("value", "\(value)")])))
            textColor = HeatScale.textColor(on: color, dark: theme.legendLabelColor).hex
        }
        guard let text = model.cells.texts[index][row], let block = block(row: row, model: model) else {
            // A missing value: a dash, in the axis color.
            let dash = TextBlock.single("–", style: style)
            let anchor = anchorX(cellLeft: box.x, width: dash.width)
            nodes.append(
                .text(
                    TextNode(
                        block: dash, x: anchor.x, top: lineTop, anchor: anchor.anchor, fill: theme.axisLabelColor,
                        classes: ["chartc-table-cell", "chartc-table-missing"], data: data)))
            return nodes
        }

        if let bar, let value {
            let inner = innerWidth - labelWidth - TableLayout.barGap
            let geometry = bar.geometry(value, left: box.x + TableLayout.paddingX, width: max(8, inner))
            let barHeight = min(14, model.lineHeight * 0.75)
            let barTop = contentTop + (model.lineHeight - barHeight) / 2
            nodes.append(
                .rect(
                    RectNode(
                        box: Box(x: geometry.start, y: barTop, width: geometry.length, height: barHeight), fill: .color(theme.markColor),
                        classes: ["chartc-table-bar"], data: data + [DataAttribute("value", "\(value)")])))
            if bar.hasNegative {
                nodes.append(
                    .line(
                        LineNode(
                            x1: geometry.zero, y1: contentTop, x2: geometry.zero, y2: contentTop + model.lineHeight,
                            stroke: .color(theme.baselineColor, width: 1), classes: ["chartc-table-zero"])))
            }
            // The value beside the bar: after its end, or right of zero for a bar below zero.
            let labelX = (value < 0 ? geometry.zero : geometry.start + geometry.length) + TableLayout.barGap
            nodes.append(
                .text(TextNode(block: block, x: labelX, top: lineTop, anchor: .start, fill: textColor, classes: ["chartc-table-cell"], data: data)))
            return nodes
        }

        if numeric {
            // Right-aligned on the decimal point: the fraction (and suffix) runs right of the line.
            let fraction = TextMeasurer.width(TableCells.fractionPart(of: text, decimal: model.locale.decimalSeparator), style: style)
            let span = integerWidth + fractionWidth
            let spanLeft: Double
            switch align {
            case .left: spanLeft = box.x + TableLayout.paddingX
            case .center: spanLeft = box.x + (box.width - span) / 2
            case .right: spanLeft = box.maxX - TableLayout.paddingX - span
            }
            let decimalX = spanLeft + integerWidth
            nodes.append(
                .text(
                    TextNode(
                        block: block, x: decimalX + fraction, top: lineTop, anchor: .end, fill: textColor, classes: ["chartc-table-cell"],
                        data: data + [DataAttribute("decimal", SceneNumber.format(decimalX))])))
            return nodes
        }
        let anchor = anchorX(cellLeft: box.x, width: block.width)
        nodes.append(
            .text(
                TextNode(block: block, x: anchor.x, top: lineTop, anchor: anchor.anchor, fill: textColor, classes: ["chartc-table-cell"], data: data))
        )
        return nodes
    }
}

extension TableColumnPlan {
    /// A sparkline: the row's line over the column's x scale and its (shared) y scale, a dot at its end and
    /// the last value beside it; a row without points shows a dash.
    func sparklineCell(_ set: SparklineSet, row: Int, box: Box, contentTop: Double, lineTop: Double, model: TableModel) -> [SceneNode] {
        let theme = model.theme
        let data = [DataAttribute("column", "\(index)"), DataAttribute("row", "\(row)")]
        let area = Box(
            x: box.x + TableLayout.paddingX + 2, y: contentTop + 2,
            width: max(8, innerWidth - labelWidth - TableLayout.sparklineGap - 4), height: model.lineHeight + TableLayout.sparklineExtra - 4)
        let textTop = lineTop + TableLayout.sparklineExtra / 2
        guard let line = set.line(row: row, box: area), let last = set.lastTexts[row] else {
            let dash = TextBlock.single("–", style: model.bodyStyle)
            return [
                .text(
                    TextNode(
                        block: dash, x: box.x + TableLayout.paddingX, top: textTop, fill: theme.axisLabelColor,
                        classes: ["chartc-table-cell", "chartc-table-missing"], data: data))
            ]
        }
        var stroke = Stroke.color(theme.markColor, width: 1.5)
        stroke.join = .round
        stroke.cap = .round
        return [
            .path(PathNode(d: line.path, stroke: stroke, classes: ["chartc-table-sparkline"], data: data)),
            .circle(
                CircleNode(
                    cx: line.end.x, cy: line.end.y, radius: 2.5, fill: .color(theme.markColor), classes: ["chartc-table-sparkline-end"], data: data)),
            .text(
                TextNode(
                    block: TextBlock.single(last, style: model.bodyStyle), x: area.maxX + TableLayout.sparklineGap + 2, top: textTop,
                    fill: theme.legendLabelColor, classes: ["chartc-table-cell"], data: data))
        ]
    }
}

/// A bar column's scale (SPEC §24): zero-based over every row's value, so lengths compare down the column; a
/// column with values below zero draws them as bars leftward from a zero line.
struct BarScale {
    let low: Double
    let high: Double

    init(values: [Double]) {
        low = min(0, values.min() ?? 0)
        high = max(0, values.max() ?? 0)
    }

    var hasNegative: Bool { low < 0 }

    /// A bar's left edge and length, and where zero lies, in a bar area at `left` of `width`.
    func geometry(_ value: Double, left: Double, width: Double) -> (start: Double, length: Double, zero: Double) {
        let span = high - low
        guard span > 0 else { return (left, 0, left) }
        let perUnit = width / span
        let zero = left + (0 - low) * perUnit
        let length = abs(value) * perUnit
        return (value < 0 ? zero - length : zero, length, zero)
    }
}

/// A heat column's color scale (SPEC §24): the column's `scheme` (else the theme's sequential ramp, or its
/// diverging one when the values cross zero) over the column's values; a diverging scheme is centred on zero
/// when the values cross it.
struct HeatScale: Sendable {
    let scheme: ColorScheme
    let low: Double
    let high: Double

    init(values: [Double], scheme: ColorScheme?, theme: ChartTheme) {
        var low = values.min() ?? 0
        var high = values.max() ?? 0
        let crossesZero = low < 0 && high > 0
        let chosen = scheme ?? (crossesZero ? theme.divergingScheme : theme.sequentialScheme)
        if chosen.kind == .diverging && crossesZero {
            let extent = max(-low, high)
            low = -extent
            high = extent
        }
        self.scheme = chosen
        self.low = low
        self.high = high
    }

    /// Where a value lies along the ramp, 0 to 1.
    func position(_ value: Double) -> Double {
        guard high > low else { return 0.5 }
        return min(1, max(0, (value - low) / (high - low)))
    }

    func color(for value: Double) -> Color? {
        guard value.isFinite else { return nil }
        return scheme.color(at: position(value))
    }

    /// The text color on a cell: the theme's text color or white, whichever contrasts more with the cell.
    static func textColor(on background: Color, dark: String) -> Color {
        let darkColor = Color(css: dark) ?? .black
        return darkColor.contrastRatio(with: background) >= Color.white.contrastRatio(with: background) ? darkColor : .white
    }
}

/// The legend of a heat column, above the table: its title, the ramp, and the low and high values.
struct HeatLegend {
    var width: Double
    var height: Double
    var gradient: LinearGradient
    var items: [SceneNode]

    init(title: String, scale: HeatScale, format: (Double) -> String, id: String, theme: ChartTheme) {
        var items: [SceneNode] = []
        let titleBlock = TextBlock.single(title, style: theme.legendTitleStyle)
        items.append(.text(TextNode(block: titleBlock, x: 0, top: 0, fill: theme.legendTitleColor, classes: ["chartc-legend-title"])))
        let y = titleBlock.height + 6
        let barLength = 140.0
        var stops: [LinearGradient.Stop] = []
        for step in 0...16 {
            let t = Double(step) / 16
            stops.append(LinearGradient.Stop(offset: t, color: scale.scheme.color(at: t).hex))
        }
        gradient = LinearGradient(id: id, x1: 0, y1: 0, x2: 1, y2: 0, units: .objectBoundingBox, stops: stops)
        items.append(.rect(RectNode(box: Box(x: 0, y: y, width: barLength, height: 10), fill: .gradient(id: id), classes: ["chartc-legend-ramp"])))
        let lowBlock = TextBlock.single(format(scale.low), style: theme.axisLabelStyle)
        let highBlock = TextBlock.single(format(scale.high), style: theme.axisLabelStyle)
        items.append(.text(TextNode(block: lowBlock, x: 0, top: y + 14, anchor: .start, fill: theme.axisLabelColor)))
        items.append(.text(TextNode(block: highBlock, x: barLength, top: y + 14, anchor: .end, fill: theme.axisLabelColor)))
        self.items = items
        width = max(barLength, titleBlock.width)
        height = y + 14 + max(lowBlock.height, highBlock.height)
    }

    func node(x: Double, y: Double) -> SceneNode {
        .group(GroupNode(classes: ["chartc-legend"], translate: (dx: x, dy: y), role: .legend, children: items))
    }
}
