import ChartFormat
import ChartSpec

/// The annotations of one plot (SPEC §12), drawn in plot coordinates: ranges as shaded bands below the marks,
/// rules and notes above them. It asks the plot only for its channels and scales (`AnnotationPositions`), its
/// size, and the one label placer every text on the plot goes through, so its labels and notes never overlap
/// axis labels, value labels, series names or each other. Several layers (SPEC §11) share one plot, so they
/// share its annotations: this does not look at marks beyond the obstacles the placer already holds.
struct AnnotationLayout: Sendable {
    let annotations: [Annotation]
    let positions: AnnotationPositions
    let width: Double
    let height: Double
    let theme: ChartTheme

    let locale: ChartLocale

    init(annotations: [Annotation], positions: AnnotationPositions, theme: ChartTheme, locale: ChartLocale) {
        self.locale = locale
        self.annotations = annotations
        self.positions = positions
        self.width = positions.scales.width
        self.height = positions.scales.height
        self.theme = theme
    }

    /// The `chartc-annotations` groups: below the marks (ranges) and above them (rules and notes); nil when
    /// there is nothing to draw there.
    struct Drawing: Sendable {
        var below: SceneNode?
        var above: SceneNode?
    }

    /// Default shading of a range, and its opacity (with or without a `color`).
    static let rangeColor = "#000000"
    static let rangeOpacity = 0.07
    static let coloredRangeOpacity = 0.18
    /// Space a note keeps from other text.
    static let noteClearance = 5.0
    /// Space between a label and the line or edge it names.
    static let labelGap = 4.0

    /// Lays every annotation out, placing its text through `placer` (rules' labels, then notes, then ranges'
    /// labels, each in spec order).
    /// - Parameters:
    ///   - placer: the plot's one label placer, holding every text placed so far; annotation text joins it.
    ///   - markObstacles: adds the marks annotation text should keep clear of (what a reader sees at first: the
    ///     interactive page's hidden series are left out, so the page places notes as the SVG does).
    func draw(placer: inout LabelPlacer, markObstacles: (inout LabelPlacer) -> Void) -> Drawing {
        guard !annotations.isEmpty else { return Drawing() }
        // Marks in a placer of their own: text collisions are the shared placer's, marks these.
        var marks = LabelPlacer(bounds: placer.bounds)
        markObstacles(&marks)
        let style = theme.annotationStyle
        let plot = Box(x: 0, y: 0, width: width, height: height)
        var shapes: [[SceneNode]] = annotations.map { _ in [] }
        var texts: [[SceneNode]] = annotations.map { _ in [] }
        var drawn = annotations.map { _ in false }

        // Shapes first: the lines of rules are obstacles for the notes placed after them.
        var ruleLabels: [(index: Int, candidates: [TextNode])] = []
        var rangeLabels: [(index: Int, candidates: [TextNode])] = []
        var notes: [(index: Int, point: Point)] = []
        for (index, annotation) in annotations.enumerated() {
            let color = annotation.color?.value
            switch annotation.kind.value {
            case .range:
                let axis: ChannelName = annotation.x.isEmpty ? .y : .x
                guard let span = positions.span(annotation.values(on: axis), axis: axis) else { continue }
                let box =
                    axis == .x
                    ? Box(x: span.low, y: 0, width: span.high - span.low, height: height)
                    : Box(x: 0, y: span.low, width: width, height: span.high - span.low)
                shapes[index].append(
                    .rect(
                        RectNode(
                            box: box, fill: .color(color ?? Self.rangeColor),
                            opacity: color == nil ? Self.rangeOpacity : Self.coloredRangeOpacity, classes: ["chartc-annotation-range"])))
                drawn[index] = true
                if let label = labelText(annotation, axis: axis) {
                    rangeLabels.append((index, rangeLabelCandidates(label, band: box, style: style)))
                }
            case .rule:
                let axis: ChannelName = annotation.x.isEmpty ? .y : .x
                guard let value = annotation.values(on: axis).first, let pixel = positions.position(value, axis: axis) else { continue }
                let dash: [Double] = annotation.style?.value == .dashed ? [4, 3] : []
                let stroke = Stroke(.color(color ?? theme.annotationColor), width: 1, dash: dash)
                let line =
                    axis == .x
                    ? LineNode(x1: pixel, y1: 0, x2: pixel, y2: height, stroke: stroke, classes: ["chartc-annotation-rule"])
                    : LineNode(x1: 0, y1: pixel, x2: width, y2: pixel, stroke: stroke, classes: ["chartc-annotation-rule"])
                shapes[index].append(.line(line))
                drawn[index] = true
                marks.addSegment(from: Point(line.x1, line.y1), to: Point(line.x2, line.y2))
                if let label = labelText(annotation, axis: axis) {
                    ruleLabels.append((index, ruleLabelCandidates(label, axis: axis, pixel: pixel, style: style, color: color)))
                }
            case .text:
                guard let xValue = annotation.x.first, let yValue = annotation.y.first,
                    let x = positions.position(xValue, axis: .x), let y = positions.position(yValue, axis: .y),
                    let text = annotation.text?.value, !text.isEmpty
                else { continue }
                notes.append((index, Point(x, y)))
            }
        }

        // A note never covers another note's point.
        for note in notes {
            marks.addMark(Box(x: note.point.x - 3, y: note.point.y - 3, width: 6, height: 6), owner: -1 - note.index)
        }

        // Rules' labels are drawn above the marks: clear of them if possible, else over them.
        for request in ruleLabels {
            if let chosen = request.candidates.first(where: { placer.fits($0.box, ignoringMarks: true) && marks.fits($0.box) }) {
                placer.occupy(chosen.box)
                texts[request.index].append(.text(chosen))
            } else if let chosen = request.candidates.first(where: { placer.fits($0.box, ignoringMarks: true) }) {
                // Over the marks: on a halo of the background, so it reads on a bar.
                placer.occupy(chosen.box)
                texts[request.index] += [halo(chosen.box), .text(chosen)]
            }
        }
        // Notes say what the chart is about: they take their spots before ranges' labels, which can sit anywhere
        // in their band.
        for note in notes {
            let annotation = annotations[note.index]
            guard let nodes = placeNote(annotation, point: note.point, owner: -1 - note.index, plot: plot, placer: &placer, marks: &marks) else {
                continue
            }
            texts[note.index] = nodes
            drawn[note.index] = true
        }
        // Ranges' labels sit below the marks, so only where no mark covers them.
        for request in rangeLabels {
            if let chosen = request.candidates.first(where: { placer.fits($0.box, ignoringMarks: true) && marks.fits($0.box) }) {
                placer.occupy(chosen.box)
                texts[request.index].append(.text(chosen))
            }
        }

        var below: [SceneNode] = []
        var above: [SceneNode] = []
        for (index, annotation) in annotations.enumerated() where drawn[index] {
            let kind = annotation.kind.value
            let group = SceneNode.group(
                GroupNode(
                    classes: ["chartc-annotation"], data: [DataAttribute("type", kind.rawValue)],
                    children: shapes[index] + texts[index]))
            if kind == .range { below.append(group) } else { above.append(group) }
        }
        func layer(_ children: [SceneNode], _ place: String) -> SceneNode? {
            children.isEmpty ? nil : .group(GroupNode(classes: ["chartc-annotations"], data: [DataAttribute("place", place)], children: children))
        }
        return Drawing(below: layer(below, "below"), above: layer(above, "above"))
    }

    // MARK: labels of rules and ranges

    /// The label as written, with `{value}` replaced by the value as its axis prints it (`{from}` and `{to}` for
    /// a range's ends). A date names its year when a range's ends lie in different years (SPEC §19.7), and a
    /// rule's date when the axis spans more than one year, as a note's `{x}` does ("Feb 10" alone would not say
    /// which February).
    private func labelText(_ annotation: Annotation, axis: ChannelName) -> String? {
        guard var text = annotation.label?.value, !text.isEmpty else { return nil }
        let values = annotation.values(on: axis)
        let withYear = values.count == 1 ? positions.domainCrossesYears(axis) : positions.crossesYears(values, axis: axis)
        for (token, value) in [("{value}", values.first), ("{from}", values.first), ("{to}", values.last)] {
            guard text.contains(token), let value, let printed = positions.text(value, axis: axis, locale: locale, withYear: withYear) else {
                continue
            }
            text = text.split(separator: token, omittingEmptySubsequences: false).joined(separator: printed)
        }
        return text
    }

    /// A rule's label at the line's end inside the plot: above a horizontal line at its right end (else below
    /// it, else at the left end); beside a vertical line at its top (right of it, else left, else at the bottom).
    /// Each spot also with the label on two or three lines, which often clears the marks on a narrow plot.
    private func ruleLabelCandidates(_ text: String, axis: ChannelName, pixel: Double, style: TextStyle, color: String?) -> [TextNode] {
        let gap = Self.labelGap
        // In the rule's own color when it has one.
        let fill = color ?? theme.annotationColor
        let full = Swift.max(40, width - 2 * gap)
        let single = TextBlock.wrapped(text, style: style, width: full)
        var wraps = [full]
        // Beside a vertical line: as wide as the room on either side.
        if axis == .x {
            for room in [width - pixel - 2 * gap, pixel - 2 * gap] where room >= 40 && room < full { wraps.append(room) }
        }
        // The narrowest wraps that keep it to two lines, then three.
        if single.lines.count == 1, single.width > 60 {
            let widths = stride(from: 0.3, through: 0.95, by: 0.05).map { Swift.max(30, single.width * $0) }
            for lines in [2, 3] {
                // Whole words only: a wrap that splits a word is no good.
                if let wrap = widths.first(where: { width in
                    let block = TextBlock.wrapped(text, style: style, width: width)
                    return block.lines.count == lines && block.text == text
                }) {
                    wraps.append(wrap)
                }
            }
        }
        var nodes: [TextNode] = []
        for wrap in wraps {
            let block = TextBlock.wrapped(text, style: style, width: wrap)
            func node(x: Double, top: Double, anchor: TextAnchor) -> TextNode {
                TextNode(block: block, x: x, top: top, anchor: anchor, style: style, fill: fill, maxWidth: wrap, classes: ["chartc-annotation-label"])
            }
            if axis == .y {
                nodes.append(node(x: width - gap, top: pixel - gap / 2 - block.height, anchor: .end))
                nodes.append(node(x: width - gap, top: pixel + gap / 2, anchor: .end))
                nodes.append(node(x: gap, top: pixel - gap / 2 - block.height, anchor: .start))
                nodes.append(node(x: gap, top: pixel + gap / 2, anchor: .start))
            } else {
                nodes.append(node(x: pixel + gap, top: gap, anchor: .start))
                nodes.append(node(x: pixel - gap, top: gap, anchor: .end))
                nodes.append(node(x: pixel + gap, top: height - gap - block.height, anchor: .start))
                nodes.append(node(x: pixel - gap, top: height - gap - block.height, anchor: .end))
            }
        }
        let plot = Box(x: 0, y: 0, width: width, height: height)
        return nodes.filter { plot.contains($0.box, tolerance: 0.01) }
    }

    /// A range's label at its top left inside the band; where a mark covers that, the nearest free spot inside
    /// the band (its left edge inside it), nearest to the top left first.
    private func rangeLabelCandidates(_ text: String, band: Box, style: TextStyle) -> [TextNode] {
        let gap = Self.labelGap
        // A label may run past a narrow band, but not out of the plot.
        let wrap = Swift.max(40, Swift.min(width - band.minX - gap, Swift.max(band.width - 2 * gap, 140)))
        let block = TextBlock.wrapped(text, style: style, width: wrap)
        func node(x: Double, top: Double) -> TextNode {
            TextNode(
                block: block, x: x, top: top, anchor: .start, style: style, fill: theme.annotationColor, maxWidth: wrap,
                classes: ["chartc-annotation-label"])
        }
        var spots: [(distance: Double, x: Double, top: Double)] = []
        let down = Swift.max(2, block.lineHeight / 2), across = 12.0
        let rows = Swift.min(40, NumberConversion.clamped(Swift.max(0, band.height - 2 * gap - block.height) / down, as: Int32.self).advanced(by: 1))
        let columns = Swift.min(40, NumberConversion.clamped(Swift.max(0, band.width - 2 * gap) / across, as: Int32.self).advanced(by: 1))
        for row in 0..<rows {
            for column in 0..<columns {
                let dx = Double(column) * across, dy = Double(row) * down
                spots.append(((dx * dx + dy * dy).squareRoot(), band.minX + gap + dx, band.minY + gap + dy))
            }
        }
        spots.sort { $0.distance != $1.distance ? $0.distance < $1.distance : ($0.top != $1.top ? $0.top < $1.top : $0.x < $1.x) }
        let plot = Box(x: 0, y: 0, width: width, height: height)
        return spots.map { node(x: $0.x, top: $0.top) }.filter { plot.contains($0.box, tolerance: 0.01) }
    }

    /// A patch of the background behind text that had to go over marks.
    private func halo(_ box: Box) -> SceneNode {
        .rect(
            RectNode(
                box: box.insetBy(-2), cornerRadius: 2, fill: .color(theme.background), opacity: Self.haloOpacity, classes: ["chartc-annotation-halo"])
        )
    }

    /// How much of the marks a halo hides.
    static let haloOpacity = 0.85

    // MARK: notes

    /// How far a box is from a point (0 when the point is inside it).
    static func distance(from point: Point, to box: Box) -> Double {
        let dx = Swift.max(box.minX - point.x, 0, point.x - box.maxX), dy = Swift.max(box.minY - point.y, 0, point.y - box.maxY)
        return (dx * dx + dy * dy).squareRoot()
    }

    /// A note wrapped at its width, at its position and offset from its point or the nearest free spot inside
    /// the plot, with its connector; nil when no spot is free (the note is left out rather than overlapped).
    private func placeNote(_ annotation: Annotation, point: Point, owner: Int, plot: Box, placer: inout LabelPlacer, marks: inout LabelPlacer)
        -> [SceneNode]?
    {
        guard let text = annotation.text?.value else { return nil }
        let style = theme.annotationStyle
        let fill = annotation.color?.value ?? theme.annotationColor
        let written = Swift.max(40, Swift.min(annotation.width?.value ?? Annotation.defaultWidth, width - 2 * Self.labelGap))
        let position = annotation.position?.value ?? .topRight
        let offset = annotation.offset?.value ?? Annotation.defaultOffset
        let connector = annotation.connector?.value ?? .line
        func usable(_ box: Box, ignoringMarks: Bool) -> Bool {
            // A note keeps clear of other text by more than labels do, so it never reads as one paragraph with
            // a neighbour.
            let grown = box.insetBy(-Self.noteClearance)
            guard placer.fits(grown, ignoringMarks: true), ignoringMarks || marks.fits(grown, owner: owner) else { return false }
            guard connector != .none, let line = NotePlacement.connector(from: box, to: point) else { return true }
            return !placer.segmentCrossesText(from: line.start, to: line.end)
        }
        func candidates(_ block: TextBlock) -> [Box] {
            NotePlacement.candidates(
                point: point, size: (block.width, block.height), position: position, offset: offset, bounds: plot.insetBy(1),
                reach: Swift.max(width, height))
        }
        // Clear of the marks at its width or narrower (more lines, the same size: a crowded plot, the narrow
        // page), whichever lands nearest its point (a narrower wrap must be clearly nearer); else over the marks
        // at its width; never over text.
        var chosen: (box: Box, block: TextBlock, wrap: Double)?
        var best = Double.infinity
        for (step, wrap) in [written, written * 0.75, written * 0.55].enumerated() where wrap >= 60 || wrap == written {
            let block = TextBlock.wrapped(text, style: style, width: wrap)
            // Narrower only while no word is split.
            if wrap != written && block.text != TextBlock.wrapped(text, style: style, width: written).text { continue }
            guard let box = candidates(block).first(where: { usable($0, ignoringMarks: false) }) else { continue }
            let reach = Self.distance(from: point, to: box) + Double(step) * 12
            if reach < best {
                best = reach
                chosen = (box, block, wrap)
            }
        }
        var overMarks = false
        if chosen == nil {
            let block = TextBlock.wrapped(text, style: style, width: written)
            if let box = candidates(block).first(where: { usable($0, ignoringMarks: true) }) {
                chosen = (box, block, written)
                overMarks = true
            }
        }
        guard let (box, block, wrap) = chosen else { return nil }
        placer.occupy(box)
        // The text leans towards its point: right-aligned to the left of it, centred above or below it.
        let anchor: TextAnchor = box.maxX <= point.x ? .end : (box.minX >= point.x ? .start : .middle)
        let x = anchor == .end ? box.maxX : (anchor == .start ? box.minX : box.midX)
        var nodes: [SceneNode] = []
        if connector != .none, let line = NotePlacement.connector(from: box, to: point) {
            marks.addSegment(from: line.start, to: line.end)
            nodes.append(
                .line(
                    LineNode(
                        x1: line.start.x, y1: line.start.y, x2: line.end.x, y2: line.end.y,
                        stroke: Stroke(.color(fill), width: 1), classes: ["chartc-annotation-connector"])))
            if connector == .arrow {
                nodes.append(
                    .path(
                        PathNode(d: NotePlacement.arrowHead(from: line.start, to: line.end), fill: .color(fill), classes: ["chartc-annotation-arrow"])
                    ))
            }
        }
        // Over the marks: on a halo of the background, so it reads on a bar or across lines.
        if overMarks { nodes.append(halo(box)) }
        nodes.append(
            .text(
                TextNode(
                    block: block, x: x, top: box.minY, anchor: anchor, style: style, fill: fill, maxWidth: wrap, classes: ["chartc-annotation-note"]))
        )
        return nodes
    }
}
