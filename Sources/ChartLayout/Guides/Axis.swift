import ChartFormat
import ChartSpec

/// One tick of an axis: where it sits along the axis (px from the plot's left or top edge) and its label.
public struct AxisTick: Sendable, Equatable {
    public var position: Double
    public var label: String

    public init(position: Double, label: String) {
        self.position = position
        self.label = label
    }
}

/// What an axis should show, decided by the engine from the scale and the spec: ticks with formatted labels,
/// the title, and which lines to draw. `AxisLayout` turns it into measured, positioned nodes.
public struct Axis: Sendable {
    public var position: AxisPosition
    public var ticks: [AxisTick]
    public var title: String?
    /// Gridlines across the plot at each labeled tick.
    public var grid: Bool
    /// Short tick marks outside the plot.
    public var tickMarks: Bool
    /// A line along the plot edge (categorical axes).
    public var domainLine: Bool
    /// A darker line across the plot at this position (the zero of a bar chart's measure).
    public var baseline: Double?
    /// Bars and areas stand on the baseline: draw it dark. Otherwise it only marks zero: medium gray.
    public var strongBaseline: Bool
    /// For band axes: the width a label may wrap to.
    public var bandWidth: Double?

    public init(
        position: AxisPosition, ticks: [AxisTick], title: String? = nil, grid: Bool = false, tickMarks: Bool = false, domainLine: Bool = false,
        baseline: Double? = nil, strongBaseline: Bool = true, bandWidth: Double? = nil
    ) {
        self.position = position
        self.ticks = ticks
        self.title = title
        self.grid = grid
        self.tickMarks = tickMarks
        self.domainLine = domainLine
        self.baseline = baseline
        self.strongBaseline = strongBaseline
        self.bandWidth = bandWidth
    }

    public var isVertical: Bool { position == .left || position == .right }
}

/// Room an axis needs outside the plot rectangle on each side, in px.
public struct Margins: Sendable, Equatable {
    public var top: Double
    public var right: Double
    public var bottom: Double
    public var left: Double

    public init(top: Double = 0, right: Double = 0, bottom: Double = 0, left: Double = 0) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }

    public static let zero = Margins()

    /// The larger of each side.
    public func union(_ other: Margins) -> Margins {
        Margins(top: max(top, other.top), right: max(right, other.right), bottom: max(bottom, other.bottom), left: max(left, other.left))
    }
}

/// An axis measured and placed around a plot of a given size: tick labels thinned until they do not collide,
/// long category names wrapped, the title placed (horizontally above a vertical axis, newsroom style, and
/// centered under or over a horizontal one), and the margins all that needs.
public struct AxisLayout: Sendable {
    public var axis: Axis
    public var plotWidth: Double
    public var plotHeight: Double
    /// The labels kept after thinning, with their blocks.
    public private(set) var labels: [(tick: AxisTick, block: TextBlock)]
    public private(set) var titleBlock: TextBlock?
    let theme: ChartTheme
    /// False for an inner panel of small multiples with a shared scale (SPEC §13): its gridlines stay, the tick
    /// labels are printed by the outer panels only.
    var drawsLabels = true
    /// The title's color when it is not the theme's: a dual-axis chart's titles in their layers' colors (SPEC §20).
    var titleColor: String?
    /// The second axis of a channel `resolve` makes independent (SPEC §20): its group is `chartc-axis-y2`
    /// (`chartc-axis-x2`) rather than `chartc-axis-y` (`-x`).
    var isSecondary = false
    /// Room above the plot a top axis takes (a second x axis, SPEC §20): a vertical axis's title goes above it.
    var titleLift = 0.0

    /// An axis of an inner view of a repeat grid (SPEC §20, `AxisSpec.printsLabels`): its gridlines stay, it
    /// prints no tick labels and no title, and keeps no room for them.
    mutating func omitLabels() {
        drawsLabels = false
        titleBlock = nil
        omitsLabels = true
    }
    private var omitsLabels = false

    /// Between tick labels and the plot edge.
    static let labelGap = 8.0
    /// Between the labels and the axis title.
    static let titleGap = 8.0
    static let tickLength = 5.0

    public init(axis: Axis, plotWidth: Double, plotHeight: Double, maxLabelWidth: Double, titleWidth: Double, theme: ChartTheme = .standard) {
        self.axis = axis
        self.plotWidth = plotWidth
        self.plotHeight = plotHeight
        self.theme = theme
        let style = theme.axisLabelStyle
        if let step = axis.bandWidth {
            // A band or point axis names every category (SPEC §19.8): no thinning; wrapped at spaces only, and
            // shortened with "…" (the full name kept for the SVG's `<title>`) only when it cannot fit.
            let fitted = Self.categoryLabels(
                axis.ticks, step: step, vertical: axis.isVertical, maxLabelWidth: maxLabelWidth, uprightLength: Self.uprightLabelLength, style: style)
            labels = fitted.labels.map { (tick: $0.tick, block: $0.block) }
            rotatesLabels = fitted.rotated
            if axis.isVertical {
                categoryStepNeeded = Self.categoryStepNeeded(axis.ticks, maxLabelWidth: maxLabelWidth, style: style)
            }
            for (index, label) in fitted.labels.enumerated() { if let full = label.full { fullTexts[index] = full } }
        } else {
            let blocks: [(AxisTick, TextBlock)] = axis.ticks.map { tick in
                let lines = RichTextWrapper.wrap([TextRun(tick.label, style: style)], width: maxLabelWidth)
                return (tick, TextBlock(lines: lines, style: style))
            }
            labels = Self.thin(blocks, vertical: axis.isVertical)
        }
        if let title = axis.title, !title.isEmpty {
            titleBlock = TextBlock(
                lines: RichTextWrapper.wrap([TextRun(title, style: theme.axisTitleStyle)], width: max(40, titleWidth)), style: theme.axisTitleStyle)
        }
    }

    /// Labels of a horizontal category axis stand upright (read bottom to top) when some name would not fit
    /// across its band even on three lines.
    public private(set) var rotatesLabels = false
    /// The full names of the labels that are shown shortened, by tick index.
    private var fullTexts: [Int: String] = [:]

    /// The step a vertical category axis needs so every name fits whole, wrapped at spaces on up to
    /// `verticalCategoryLines` lines (SPEC §19.8: "…" only when even that is too short); nil on other axes. A plot
    /// whose step is not exact grows to it.
    public private(set) var categoryStepNeeded: Double?

    /// Lines a category label may take beside a vertical band whose plot can grow.
    static let verticalCategoryLines = 3

    /// The smallest step at which `categoryLabels` gives each of `ticks` the lines it needs at `maxLabelWidth`.
    static func categoryStepNeeded(_ ticks: [AxisTick], maxLabelWidth: Double, style: TextStyle) -> Double {
        let probe = TextBlock(lines: [TextBlockLine(runs: [TextRun("X", style: style)])], style: style)
        let lines = ticks.reduce(1) { most, tick in
            max(most, CategoryLabel(tick.label, width: maxLabelWidth, maxLines: verticalCategoryLines, style: style).lines.count)
        }
        return probe.ascent + probe.descent + Double(lines - 1) * max(1, probe.lineHeight)
    }

    /// Lines a category label may take across a horizontal band.
    static let horizontalCategoryLines = 3
    /// The longest an upright category label may be before it wraps (when its step holds two lines) or, as the
    /// last resort, is shortened with "…": the bottom margin grows to hold it (SPEC §19.8: never thinned or cut).
    static let uprightLabelLength = 300.0
    /// The smallest font size upright labels are set in to fit a step below one line of text.
    static let smallestUprightSize = 6.0

    /// Every category's label fitted to its band (SPEC §19.8): a vertical axis wraps to `maxLabelWidth` on as
    /// many lines as one step holds; a horizontal one wraps to the step, or turns the labels upright (−90°, read
    /// bottom to top, as Vega-Lite and Datawrapper do) when a name would have to be shortened across it. Upright
    /// labels take as many lines as the step holds; a step below one line of text sets them smaller, to fit it.
    private static func categoryLabels(
        _ ticks: [AxisTick], step: Double, vertical: Bool, maxLabelWidth: Double, uprightLength: Double, style: TextStyle
    ) -> (
        labels: [(tick: AxisTick, block: TextBlock, full: String?)], rotated: Bool
    ) {
        func linesIn(_ step: Double, style: TextStyle) -> Int {
            let probe = TextBlock(lines: [TextBlockLine(runs: [TextRun("X", style: style)])], style: style)
            let oneLine = probe.ascent + probe.descent
            guard step >= oneLine else { return 1 }
            return max(1, 1 + NumberConversion.clamped((step + 2 - oneLine) / max(1, probe.lineHeight), rounding: .down))
        }
        func fitted(width: Double, lines: Int, style: TextStyle) -> [(tick: AxisTick, block: TextBlock, full: String?)] {
            ticks.map { tick in
                let label = CategoryLabel(tick.label, width: width, maxLines: lines, style: style)
                return (tick, TextBlock(lines: label.lines, style: style), label.fullText)
            }
        }
        var rotated = false
        var result: [(tick: AxisTick, block: TextBlock, full: String?)]
        if vertical {
            result = fitted(width: maxLabelWidth, lines: linesIn(step, style: style), style: style)
        } else {
            let across = max(1, step - 4)
            result = fitted(width: across, lines: horizontalCategoryLines, style: style)
            let shortened = result.filter { $0.full != nil }.count
            if shortened > 0 {
                // Upright when that shortens fewer names than across the band; in a smaller size when the step is
                // below one line of text, so that neighbours do not cover each other.
                var upright = style
                let oneLine = TextMeasurer.ascent(style) + TextMeasurer.descent(style)
                if step < oneLine { upright.size = max(smallestUprightSize, style.size * step / oneLine) }
                let candidates = fitted(width: uprightLength, lines: linesIn(step, style: upright), style: upright)
                if candidates.filter({ $0.full != nil }).count < shortened {
                    rotated = true
                    result = candidates
                }
            }
        }
        return (result, rotated)
    }

    /// Drops every other label (then every third, …) until neighbours keep a minimum gap. The first label is
    /// always kept, so a thinned axis still starts where the data starts.
    static func thin(_ labels: [(AxisTick, TextBlock)], vertical: Bool) -> [(tick: AxisTick, block: TextBlock)] {
        guard labels.count > 2 else { return labels.map { (tick: $0.0, block: $0.1) } }
        let minimumGap = vertical ? 2.0 : 10.0
        // Start from the stride the average label needs, so thousands of categories do not take thousands of
        // passes.
        let span = abs((labels.last?.0.position ?? 0) - (labels.first?.0.position ?? 0))
        let averageSize = labels.reduce(0.0) { $0 + (vertical ? $1.1.height : $1.1.width) } / Double(labels.count)
        let spacing = span / Double(labels.count - 1)
        let estimate = spacing > 0 ? NumberConversion.clamped((averageSize + minimumGap) / spacing, rounding: .down) : 1
        let first = max(1, min(labels.count, estimate / 2))
        for stride in first...labels.count {
            let kept = Swift.stride(from: 0, to: labels.count, by: stride).map { labels[$0] }
            var fits = true
            for index in kept.indices.dropFirst() {
                let a = kept[index - 1]
                let b = kept[index]
                let distance = abs(b.0.position - a.0.position)
                let needed = vertical ? (a.1.height + b.1.height) / 2 + minimumGap : (a.1.width + b.1.width) / 2 + minimumGap
                if distance < needed {
                    fits = false
                    break
                }
            }
            if fits { return kept.map { (tick: $0.0, block: $0.1) } }
        }
        return [labels[0]].map { (tick: $0.0, block: $0.1) }
    }

    private var widestLabel: Double { labels.reduce(0) { max($0, $1.block.width) } }
    private var tallestLabel: Double { labels.reduce(0) { max($0, $1.block.height) } }
    /// How far a horizontal axis's labels reach from it: their height, or their length when upright.
    private var labelExtent: Double { rotatesLabels ? widestLabel : tallestLabel }
    /// A horizontal axis label's size along the axis.
    private func across(_ block: TextBlock) -> Double { rotatesLabels ? block.height : block.width }

    /// The room outside the plot this axis needs, overhanging labels at the ends included.
    public var margins: Margins {
        var margins = Margins()
        if omitsLabels { return margins }
        let tick = axis.tickMarks && theme.drawsTicks ? Self.tickLength : 0
        let titleHeight = titleBlock.map { $0.height + Self.titleGap } ?? 0
        switch axis.position {
        case .left, .right:
            let side = labels.isEmpty ? 0 : widestLabel + Self.labelGap + tick
            if axis.position == .left { margins.left = side } else { margins.right = side }
            let firstOverhang = labels.map { $0.block.height / 2 - $0.tick.position }.max() ?? 0
            let lastOverhang = labels.map { $0.tick.position + $0.block.height / 2 - plotHeight }.max() ?? 0
            margins.top = max(0, firstOverhang) + titleHeight
            margins.bottom = max(0, lastOverhang)
            if titleHeight > 0 {
                // The title sits above the plot, clear of the topmost label (and of a top axis).
                margins.top = max(0, firstOverhang, titleLift) + titleHeight
            }
        case .top, .bottom:
            let side = labels.isEmpty ? 0 : labelExtent + Self.labelGap + tick
            let total = side + titleHeight
            if axis.position == .bottom { margins.bottom = total } else { margins.top = total }
            margins.left = max(0, labels.map { across($0.block) / 2 - $0.tick.position }.max() ?? 0)
            margins.right = max(0, labels.map { $0.tick.position + across($0.block) / 2 - plotWidth }.max() ?? 0)
        }
        return margins
    }

    /// Gridlines and the baseline, in plot coordinates, painted under the marks.
    public func gridNodes() -> [SceneNode] {
        var nodes: [SceneNode] = []
        if axis.grid {
            for (tick, _) in labels {
                let p = crisp(tick.position)
                if axis.isVertical {
                    nodes.append(.line(LineNode(x1: 0, y1: p, x2: plotWidth, y2: p, stroke: .color(theme.gridColor, width: theme.gridWidth))))
                } else {
                    nodes.append(.line(LineNode(x1: p, y1: 0, x2: p, y2: plotHeight, stroke: .color(theme.gridColor, width: theme.gridWidth))))
                }
            }
        }
        return nodes
    }

    /// The zero line, painted over the marks so bars sit on it.
    public func baselineNodes() -> [SceneNode] {
        guard let baseline = axis.baseline else { return [] }
        let p = crisp(baseline)
        let stroke = Stroke.color(axis.strongBaseline ? theme.baselineColor : theme.domainColor)
        if axis.isVertical {
            return [.line(LineNode(x1: 0, y1: p, x2: plotWidth, y2: p, stroke: stroke, classes: ["chartc-baseline"]))]
        }
        return [.line(LineNode(x1: p, y1: 0, x2: p, y2: plotHeight, stroke: stroke, classes: ["chartc-baseline"]))]
    }

    /// The axis group (domain line, tick marks, labels, title) in plot coordinates. `titleAnchorX` is where a
    /// vertical axis's title starts (the left edge of the content, relative to the plot).
    public func axisNode(titleAnchorX: Double, titleRightX: Double) -> SceneNode {
        var children: [SceneNode] = []
        let labelColor = theme.axisLabelColor
        let tick = axis.tickMarks && theme.drawsTicks ? Self.tickLength : 0
        let tickStroke = Stroke.color(theme.tickColor)
        switch axis.position {
        case .left, .right:
            let edge = axis.position == .left ? 0.0 : plotWidth
            let direction = axis.position == .left ? -1.0 : 1.0
            if axis.domainLine {
                let x = crisp(edge)
                children.append(.line(LineNode(x1: x, y1: 0, x2: x, y2: plotHeight, stroke: .color(theme.domainColor), classes: ["chartc-domain"])))
            }
            for (index, (tickValue, block)) in labels.enumerated() where drawsLabels {
                if axis.tickMarks && theme.drawsTicks {
                    let y = crisp(tickValue.position)
                    children.append(.line(LineNode(x1: edge, y1: y, x2: edge + direction * tick, y2: y, stroke: tickStroke)))
                }
                let x = edge + direction * (tick + Self.labelGap)
                let top = tickValue.position - block.height / 2
                var node = TextNode(block: block, x: x, top: top, anchor: axis.position == .left ? .end : .start, fill: labelColor)
                node.fullText = fullTexts[index]
                children.append(.text(node))
            }
            if let titleBlock {
                let overhang = labels.map { $0.block.height / 2 - $0.tick.position }.max() ?? 0
                let bottom = -max(0, overhang, titleLift) - Self.titleGap
                let top = bottom - titleBlock.height
                if axis.position == .left {
                    children.append(
                        .text(
                            TextNode(
                                block: titleBlock, x: titleAnchorX, top: top, fill: titleColor ?? theme.axisTitleColor, classes: ["chartc-axis-title"]
                            )))
                } else {
                    children.append(
                        .text(
                            TextNode(
                                block: titleBlock, x: titleRightX, top: top, anchor: .end, fill: titleColor ?? theme.axisTitleColor,
                                classes: ["chartc-axis-title"])
                        ))
                }
            }
        case .top, .bottom:
            let edge = axis.position == .bottom ? plotHeight : 0.0
            let direction = axis.position == .bottom ? 1.0 : -1.0
            if axis.domainLine {
                let y = crisp(edge)
                children.append(.line(LineNode(x1: 0, y1: y, x2: plotWidth, y2: y, stroke: .color(theme.domainColor), classes: ["chartc-domain"])))
            }
            for (index, (tickValue, block)) in labels.enumerated() where drawsLabels {
                if axis.tickMarks && theme.drawsTicks {
                    let x = crisp(tickValue.position)
                    children.append(.line(LineNode(x1: x, y1: edge, x2: x, y2: edge + direction * tick, stroke: tickStroke)))
                }
                let gap = tick + Self.labelGap
                var node: TextNode
                if rotatesLabels {
                    // Upright, read bottom to top, its end at the axis; centred on the tick across the glyphs.
                    let x = tickValue.position + (block.ascent - block.descent) / 2 - Double(block.lines.count - 1) * block.lineHeight / 2
                    let y = axis.position == .bottom ? edge + gap : edge - gap
                    node = TextNode(
                        block: block, x: x, baseline: y, anchor: axis.position == .bottom ? .end : .start, fill: labelColor, rotation: -90)
                } else {
                    let top = axis.position == .bottom ? edge + gap : edge - gap - block.height
                    node = TextNode(block: block, x: tickValue.position, top: top, anchor: .middle, fill: labelColor)
                }
                node.fullText = fullTexts[index]
                children.append(.text(node))
            }
            if let titleBlock {
                let labelsExtent = labels.isEmpty ? 0 : labelExtent + Self.labelGap + tick
                let top =
                    axis.position == .bottom
                    ? edge + labelsExtent + Self.titleGap
                    : edge - labelsExtent - Self.titleGap - titleBlock.height
                children.append(
                    .text(
                        TextNode(
                            block: titleBlock, x: plotWidth / 2, top: top, anchor: .middle, fill: titleColor ?? theme.axisTitleColor,
                            classes: ["chartc-axis-title"]
                        )))
            }
        }
        let orientation = (axis.isVertical ? "chartc-axis-y" : "chartc-axis-x") + (isSecondary ? "2" : "")
        return .group(GroupNode(classes: ["chartc-axis", orientation], children: children))
    }

    /// Half-pixel aligned so 1 px lines are sharp.
    private func crisp(_ value: Double) -> Double {
        (value - 0.5).rounded() + 0.5
    }
}
