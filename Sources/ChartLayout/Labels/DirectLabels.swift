import ChartColor
import ChartSpec

/// `legend.position: "direct"` (SPEC §2): instead of a legend, each line (or area) is named at its end, in its
/// own color. On a chart whose lines run left to right the names go to the right of the last values, in a
/// margin kept for them; on one whose lines run upwards (years on y), above the last values. Names that would
/// overlap are nudged apart along the other axis (`LabelNudger`); one that cannot fit is dropped rather than
/// printed over another.
enum DirectLabels {
    /// Whether the chart labels its series directly: `direct` was asked for, and the marks are lines or areas
    /// split into series by a categorical color. Other charts fall back to a legend on top.
    static func applies(to model: PlotModel) -> Bool {
        guard model.spec.legend.position?.value == .direct, model.hasCategoricalColor else { return false }
        return model.markKind.canNameSeriesAtEnds
    }

    /// Whether lines run along x (names on the right) or along y (names on top).
    static func runsAlongX(_ model: PlotModel) -> Bool { model.orientation == .vertical }

    /// The series names as they will be printed, wrapped to `maxWidth`.
    static func blocks(_ model: PlotModel, maxWidth: Double) -> [TextBlock] {
        let style = model.theme.directLabelStyle
        return model.series.map { series in
            TextBlock(lines: RichTextWrapper.wrap([TextRun(series.name, style: style)], width: max(20, maxWidth)), style: style)
        }
    }

    /// Room the names need beside the plot: the widest name and a gap on the right, or one line on top.
    static func margins(_ model: PlotModel, maxWidth: Double) -> Margins {
        let blocks = blocks(model, maxWidth: maxWidth)
        guard !blocks.isEmpty else { return .zero }
        let gap = model.theme.labelGap + 2
        if runsAlongX(model) {
            return Margins(right: (blocks.map(\.width).max() ?? 0) + gap)
        }
        return .zero
    }

    /// Room inside the plot kept free at the top for names above lines that run upwards.
    static func insets(_ model: PlotModel) -> Margins {
        guard !runsAlongX(model) else { return .zero }
        let height = TextMeasurer.ascent(model.theme.directLabelStyle) + TextMeasurer.descent(model.theme.directLabelStyle)
        return Margins(top: height + model.theme.labelGap + 2)
    }

    /// The placed names, by series index; a series whose name could not be placed has none.
    static func layout(context: MarkContext, maxWidth: Double) -> [Int: TextNode] {
        let model = context.model
        let theme = context.theme
        let alongX = runsAlongX(model)
        let blocks = blocks(model, maxWidth: maxWidth)
        let gap = theme.labelGap + 2
        // Each series' last point in drawing order (the middle of its band when areas stack).
        var anchors: [(series: Int, point: Point)] = []
        for (index, series) in model.series.enumerated() {
            guard let end = endPoint(series, context: context) else { continue }
            anchors.append((index, end))
        }
        let items = anchors.map { anchor in
            LabelNudger.Item(
                desired: alongX ? anchor.point.y : anchor.point.x, size: alongX ? blocks[anchor.series].height : blocks[anchor.series].width)
        }
        let upper = alongX ? context.height : context.width
        let centers = LabelNudger.nudge(items, gap: 2, lower: 0, upper: upper)
        var result: [Int: TextNode] = [:]
        for (anchor, center) in zip(anchors, centers) {
            guard let center else { continue }
            let block = blocks[anchor.series]
            let fill = readable(model.series[anchor.series].color, on: theme.background)
            let node: TextNode
            if alongX {
                node = TextNode(
                    block: block, x: anchor.point.x + gap, top: center - block.height / 2, anchor: .start, fill: fill,
                    classes: ["chartc-direct-label"])
            } else {
                node = TextNode(
                    block: block, x: center, top: anchor.point.y - gap - block.height, anchor: .middle, fill: fill, classes: ["chartc-direct-label"])
            }
            result[anchor.series] = node
        }
        return result
    }

    /// Where a series ends: the last point of its last unbroken run.
    private static func endPoint(_ series: Series, context: MarkContext) -> Point? {
        let model = context.model
        // A line ends where it is joined to last (SPEC §19.4); an area, at the end of its independent axis.
        let along: Curve.Axis = model.markType == .line ? LineMark.joiningAxis(model) : model.orientation == .vertical ? .x : .y
        guard let last = LineMark.segments(series, context: context, along: along).last?.last else { return nil }
        // A stacked area is named at the middle of its last slice.
        if let slice = model.stacked[last.row],
            let scale = along == .x ? context.scales.y : context.scales.x,
            let a = scale.position(slice.start), let b = scale.position(slice.end)
        {
            let middle = (a + b) / 2
            return along == .x ? Point(last.point.x, middle) : Point(middle, last.point.y)
        }
        return last.point
    }

    /// The series color, darkened until it reads as text on the background (3:1, bold text).
    static func readable(_ css: String, on background: String) -> String {
        guard var color = Color(css: css) else { return css }
        let backdrop = Color(css: background) ?? .white
        var steps = 0
        while color.contrastRatio(with: backdrop) < 3, steps < 20 {
            color = Color(red: color.red * 0.9, green: color.green * 0.9, blue: color.blue * 0.9, alpha: color.alpha)
            steps += 1
        }
        return color.hex
    }
}
