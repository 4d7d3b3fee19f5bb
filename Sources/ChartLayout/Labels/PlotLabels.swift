/// All text printed on the plot besides the axes — direct series names, values on marks, `text` marks — placed
/// so that none collides with another or with the axes' labels and titles. Before the scales exist it says how
/// much room the labels need (kept free inside the plot at the ends of bars, or beside it for names); once the
/// marks are drawn it places every label, most important first: series names, then `text` marks, then values.
/// A name or value label with no free spot is dropped, never overlapped; a `text` mark is data and always drawn.
struct PlotLabels: Sendable {
    let model: PlotModel
    private(set) var values: ValueLabelContent?
    /// Whether series are named at their ends (in a layered chart, by the first layer that can only).
    var direct: Bool

    init(model: PlotModel) {
        self.model = model
        self.values = ValueLabelContent(model: model)
        self.direct = DirectLabels.applies(to: model)
    }

    /// The most a direct name may be wide, in a region `regionWidth` wide.
    func directMaxWidth(regionWidth: Double) -> Double {
        max(60, min(160, regionWidth * 0.22))
    }

    /// Room outside the plot rectangle: the direct names' column.
    func margins(regionWidth: Double) -> Margins {
        direct ? DirectLabels.margins(model, maxWidth: directMaxWidth(regionWidth: regionWidth)) : .zero
    }

    /// Turns value labels upright (−90°) when the spec gave no angle and they are wider than the columns they
    /// sit on but an upright one fits, so grouped columns keep their labels instead of dropping them. `scales`
    /// are a first guess at the plot's scales.
    mutating func fitAngle(to scales: PlotScales) {
        guard var values, !values.angleIsWritten, model.markKind.labelsMayTurnUpright(model) else { return }
        let style = model.theme.valueLabelStyle
        let thickness = columnThickness(scales)
        let lineHeight = TextMeasurer.ascent(style) + TextMeasurer.descent(style)
        guard thickness > 0, values.widestText(style: style) > thickness - 2, lineHeight <= thickness - 2 else { return }
        values.angle = -90
        self.values = values
    }

    /// How wide a column is: its band (its share of it when grouped), or its width on a continuous axis. The
    /// margins the axes take are not known yet, so the plot is taken as 90% of the region.
    private func columnThickness(_ scales: PlotScales) -> Double {
        guard let scale = scales.x else { return 0 }
        var thickness: Double
        if let offset = scales.offset {
            thickness = offset.bandwidth
        } else if scale.bandwidth > 0 {
            thickness = scale.bandwidth
        } else if let channel = model.x {
            thickness = MarkContext(model: model, scales: scales).continuousBarWidth(along: scale, channel: channel)
        } else {
            return 0
        }
        if let requested = model.mark.width?.value, requested > 0 { thickness = min(thickness, requested) }
        return thickness * 0.9
    }

    /// Room inside the plot that the scales leave free at each edge for labels past the marks.
    var insets: Margins {
        var insets = Margins.zero
        if let values { insets = insets.union(ValueLabels.insets(values, model: model)) }
        if direct { insets = insets.union(DirectLabels.insets(model)) }
        return insets
    }

    /// Each series' marks (`text` marks that would collide left out) and its placed labels, by index in
    /// `model.series`.
    /// - Parameters:
    ///   - markNodes: each series' mark nodes.
    ///   - obstacles: text already on the plot (axis labels and titles), in plot coordinates.
    ///   - bounds: where labels may go, in plot coordinates.
    func place(context: MarkContext, markNodes: [[SceneNode]], obstacles: [Box], bounds: Box, regionWidth: Double) -> (
        marks: [[SceneNode]], labels: [[SceneNode]]
    ) {
        var placer = LabelPlacer(bounds: bounds, padding: 1, obstacles: obstacles)
        var marks = markNodes
        var output: [[SceneNode]] = markNodes.map { _ in [] }
        placeNames(context: context, placer: &placer, labels: &output, regionWidth: regionWidth)
        placeTextMarks(placer: &placer, marks: &marks, plot: Box(x: 0, y: 0, width: context.scales.width, height: context.scales.height))
        guard values != nil else { return (marks, output) }
        addObstacles(to: &placer, context: context)
        placeValues(context: context, placer: &placer, labels: &output)
        return (marks, output)
    }

    /// Direct series names (first: they matter most), into each series' `labels`.
    func placeNames(context: MarkContext, placer: inout LabelPlacer, labels output: inout [[SceneNode]], regionWidth: Double) {
        if direct {
            let names = DirectLabels.layout(context: context, maxWidth: directMaxWidth(regionWidth: regionWidth))
            for index in model.series.indices {
                guard let node = names[index], placer.place([node.box], ignoringMarks: true) != nil else { continue }
                output[index].append(.text(node))
            }
        }
    }

    /// `text` marks are data, and what is accepted is drawn (issue 24: nothing vanishes). Each stays on its point
    /// when that is clear of the text placed before it (axis labels and titles, series names, earlier text marks)
    /// and, `besideMarks` (a chart with other layers, SPEC §11), of the marks in `placer`; else it moves just
    /// above, below, right or left of the point (or a line further up or down); else the same from the spot inside
    /// `plot` nearest its point (when it crosses the plot's edge, where the axes' labels are): the first that is
    /// clear. When none is, it is drawn moved inside the plot, where no axis label is, over whatever else is there.
    func placeTextMarks(placer: inout LabelPlacer, marks: inout [[SceneNode]], plot: Box, besideMarks: Bool = false) {
        guard model.markKind.isText else { return }
        let gap = model.theme.labelGap + 2
        // Labels on a map (SPEC §22) are never drawn over each other or the points: one without room is left
        // out and said (`labels-left-out`).
        let onMap = model.longitude != nil && model.latitude != nil
        for index in marks.indices {
            marks[index] = marks[index].compactMap { node -> SceneNode? in
                guard case .text(let text) = node else { return node }
                let inside = Self.moved(text, into: plot)
                // Beside other layers' marks (issue 24): near its point on one line, else on two lines broken at a
                // space, else beside its point anywhere along the plot (a label on a rule slides along the rule).
                var forms = [(text, Self.textShifts(box: text.box, gap: gap, farther: besideMarks))]
                if besideMarks {
                    let wrapped = Self.wrappedInTwo(text)
                    if let wrapped { forms.append((wrapped, Self.textShifts(box: wrapped.box, gap: gap, farther: true))) }
                    // A map's label far from its place would name another place: it stays near or is left out.
                    for form in [text] + (wrapped.map { [$0] } ?? []) where !onMap {
                        forms.append((form, Self.slides(box: form.box, gap: gap, plot: plot)))
                    }
                }
                for (form, shifts) in forms {
                    let formInside = Self.moved(form, into: plot)
                    for base in formInside.x == form.x && formInside.y == form.y ? [form] : [form, formInside] {
                        for shift in shifts {
                            var moved = base
                            moved.x += shift.dx
                            moved.y += shift.dy
                            guard placer.fits(moved.box, ignoringMarks: !besideMarks) else { continue }
                            placer.occupy(moved.box)
                            return .text(moved)
                        }
                    }
                }
                if onMap {
                    placer.mapLabelsLeftOut.append((text.block.lines.map(\.text).joined(separator: " "), model.spec.encoding.text?.span))
                    return nil
                }
                // On its point over marks only, as before; else inside the plot, clear of the axes.
                if besideMarks, placer.fits(text.box, ignoringMarks: true) {
                    placer.occupy(text.box)
                    return node
                }
                placer.occupy(inside.box)
                return .text(inside)
            }
        }
    }

    /// Where a `text` mark may move from its point, nearest first: on it; just above, below, right or left of it;
    /// then further along each way and diagonally, a line (or half a label's width) at a time, up to four lines or
    /// one label's width beyond — so a label crowded by other layers' rules and points (issue 24) finds the free
    /// place nearest its point before it is drawn over them.
    /// Without `farther` (a one-layer chart: only text to avoid) the first five and a line further up or down.
    static func textShifts(box: Box, gap: Double, farther wanted: Bool) -> [(dx: Double, dy: Double)] {
        let up = box.height / 2 + gap, side = box.width / 2 + gap
        var shifts: [(dx: Double, dy: Double)] = [(0, 0), (0, -up), (0, up), (side, 0), (-side, 0)]
        guard wanted else { return shifts + [(0, -up - box.height), (0, up + box.height)] }
        var farther: [(dx: Double, dy: Double)] = []
        var verticals: [Double] = [0]
        for step in 0...4 {
            let dy: Double = up + Double(step) * box.height / 2
            verticals += [-dy, dy]
        }
        var horizontals: [Double] = [0]
        for step in 0...2 {
            let dx: Double = side + Double(step) * box.width / 2
            horizontals += [dx, -dx]
        }
        for dy in verticals {
            for dx in horizontals where !shifts.contains(where: { $0.dx == dx && $0.dy == dy }) { farther.append((dx, dy)) }
        }
        // Nearest first; ties keep the order above (up before down, right before left).
        let ordered = farther.enumerated().sorted { a, b in
            let da = a.element.dx * a.element.dx + a.element.dy * a.element.dy
            let db = b.element.dx * b.element.dx + b.element.dy * b.element.dy
            return da != db ? da < db : a.offset < b.offset
        }
        shifts += ordered.map(\.element)
        return shifts
    }

    /// The text on two lines broken at the space that makes the wider line narrowest, centered where the one line
    /// was; nil for a text without a space. Never inside a word (SPEC §19.8).
    static func wrappedInTwo(_ text: TextNode) -> TextNode? {
        let whole = text.block.text
        let style = text.style
        var best: (first: String, second: String, width: Double)?
        for index in whole.indices where whole[index] == " " {
            let first = String(whole[..<index]), second = String(whole[whole.index(after: index)...])
            guard !first.isEmpty, !second.isEmpty else { continue }
            let width = max(TextMeasurer.width(first, style: style), TextMeasurer.width(second, style: style))
            if best == nil || width < (best?.width ?? 0) { best = (first, second, width) }
        }
        guard let best else { return nil }
        let block = TextBlock(lines: [best.first, best.second].map { TextBlockLine(runs: [TextRun($0, style: style)]) }, style: style)
        let center = text.box.minY + text.box.height / 2
        var wrapped = TextNode(
            block: block, x: text.x, top: center - block.height / 2, anchor: text.anchor, style: style, fill: text.fill, classes: text.classes,
            data: text.data)
        wrapped.link = text.link
        return wrapped
    }

    /// Just right or left of the point, at every half line up and down the plot, nearest first: the last places
    /// a `text` mark tries among other layers' marks before it is drawn over them.
    static func slides(box: Box, gap: Double, plot: Box) -> [(dx: Double, dy: Double)] {
        let side = box.width / 2 + gap
        let step = max(2, box.height / 2)
        var shifts: [(dx: Double, dy: Double)] = []
        var dy = step
        while box.minY - dy >= plot.minY - box.height || box.maxY + dy <= plot.maxY + box.height {
            let ring: [(dx: Double, dy: Double)] = [(side, -dy), (-side, -dy), (side, dy), (-side, dy), (0, -dy), (0, dy)]
            shifts += ring
            dy += step
        }
        return shifts
    }

    /// `text` moved the least that puts its box inside `plot` (left and top edges first when it is the larger).
    static func moved(_ text: TextNode, into plot: Box) -> TextNode {
        let box = text.box
        var dx = 0.0, dy = 0.0
        if box.maxX > plot.maxX { dx = plot.maxX - box.maxX }
        if box.minX + dx < plot.minX { dx = plot.minX - box.minX }
        if box.maxY > plot.maxY { dy = plot.maxY - box.maxY }
        if box.minY + dy < plot.minY { dy = plot.minY - box.minY }
        var moved = text
        moved.x += dx
        moved.y += dy
        return moved
    }

    /// Values on marks (last: a value that finds no free spot is left out), into each series' `labels`. The
    /// marks' obstacles must be in `placer` already.
    func placeValues(context: MarkContext, placer: inout LabelPlacer, labels output: inout [[SceneNode]]) {
        if model.markKind.placeOwnLabels(context: context, placer: &placer, labels: &output) { return }
        guard let values else { return }
        for (index, series) in model.series.enumerated() {
            for request in ValueLabels.requests(series, content: values, context: context) {
                // Inside options may cover their own layer's marks; outside ones must also stay clear of other marks.
                // Neither may sit on another layer's rule, line or bar (issue 24).
                for option in request.options {
                    let box = option.node.box
                    guard placer.fits(box, owner: request.row, onOwnLayer: option.onMark) else { continue }
                    placer.occupy(box)
                    output[index].append(.text(option.node))
                    break
                }
            }
        }
    }
}

extension PlotLabels {
    /// The marks value labels must keep clear of: other bars (outside labels), other points, and every line.
    func addObstacles(to placer: inout LabelPlacer, context: MarkContext) {
        model.markKind.addLabelObstacles(to: &placer, context: context)
    }
}

extension SceneNode {
    /// The boxes of every text node in this subtree, with group translations applied.
    func textBoxes(dx: Double = 0, dy: Double = 0) -> [Box] {
        switch self {
        case .text(let node):
            return [node.box.offsetBy(dx: dx, dy: dy)]
        case .group(let group):
            let shift = group.translate ?? (0, 0)
            return group.children.flatMap { $0.textBoxes(dx: dx + shift.dx, dy: dy + shift.dy) }
        default:
            return []
        }
    }
}
