#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ChartFormat
import ChartSpec

/// An arc's labels (SPEC §21), placed by the label engine: each inside its slice when its text fits there (clear of
/// the slice's edges), else outside, in a column beside the pie on the slice's side, joined to the slice by a
/// leader line. Outside labels of one side are stacked in the order of their slices and spread vertically so none
/// overlaps another (as Datawrapper's and d3-pie's do): each starts level with its slice, then the column is pushed
/// down and back up inside the plot. When a side holds more labels than its height, the smallest slices' labels are
/// left out (the legend still names them) and the build says which (`labels-left-out`). Every label stays inside the plot, which the title and legend are
/// outside of, and is marked taken in the placer, so annotations keep clear of it.
enum ArcLabels {
    /// The gap between stacked outside labels.
    static let spacing = 2.0

    /// Row → its label's text: `labels.text` with `{color}`, `{text}` (the text channel), `{theta}` (or `{value}`),
    /// `{percent}` and any field of the row filled in; by default the text channel, else the color's value and the
    /// percentage (the percentage alone without color).
    static func texts(model: PlotModel) -> [Int: String] {
        guard let options = model.mark.labels, let theta = model.theta else { return [:] }
        let template =
            options.text?.value
            ?? (model.text != nil ? "{text}" : model.color != nil && model.hasCategoricalColor ? "{color}: {percent}" : "{percent}")
        let geometryRows = visibleRows(model)
        let total = geometryRows.reduce(0.0) { $0 + $1.value }
        let format = options.format ?? theta.definition.format
        let formatter = TickLabels(kind: .number, format: format, locale: model.locale)
        let values = formatter.valueLabels(geometryRows.map(\.value))
        let percent = TickLabels(kind: .percent, format: nil, locale: model.locale)
        var texts: [Int: String] = [:]
        // Read as a note's text is (`{{` writes a brace), so the checks and the drawing agree on the placeholders.
        let filling = NoteTemplate(template)
        for (index, item) in geometryRows.enumerated() {
            let share = total > 0 ? item.value / total : 0
            let percentText = percent.valueLabels([share]).first ?? ""
            texts[item.row] = filling.filled { name in
                switch name {
                case "color": return model.color?.key(item.row) ?? ""
                case "text": return model.text?.key(item.row) ?? ""
                case "theta", "value": return values[index]
                case "percent": return percentText
                default:
                    // A field's null prints as nothing; a name that is no field cannot pass the checks
                    // (`ArcLabelTextCheck`), and stays as written.
                    guard let column = model.table.column(named: name) else { return nil }
                    return column.valid[item.row] ? column[item.row].text ?? "" : ""
                }
            }
        }
        return texts
    }

    /// The rows drawn as slices (visible series, a positive theta), in drawing order.
    static func visibleRows(_ model: PlotModel) -> [(row: Int, value: Double)] {
        var rows: [(row: Int, value: Double)] = []
        for series in model.series where !series.startsHidden {
            for row in series.rows {
                guard let value = model.theta?.number(row), value.isFinite, value > 0 else { continue }
                rows.append((row, value))
            }
        }
        return rows
    }

    /// A label's text block.
    static func block(_ text: String, model: PlotModel) -> TextBlock {
        TextBlock.single(text, style: model.theme.valueLabelStyle)
    }

    /// The label of `slice` centered in it, if its box lies inside the slice clear of its edges.
    static func inside(_ slice: ArcSlice, block: TextBlock, geometry: ArcGeometry) -> Box? {
        let distance = slice.inner > 0 ? (slice.inner + slice.outer) / 2 : slice.outer * 0.62
        let center = geometry.point(slice.middle, distance)
        let box = Box(x: center.x - block.width / 2, y: center.y - block.height / 2, width: block.width, height: block.height)
        let corners = [
            Point(box.minX, box.minY), Point(box.maxX, box.minY), Point(box.minX, box.maxY), Point(box.maxX, box.maxY)
        ]
        return corners.allSatisfy { geometry.contains($0, in: slice, margin: 2) } ? box : nil
    }

    /// The widest label on each side, and the tallest, of those that do not fit inside their slices, so the pie
    /// can leave room for them beside itself; nil when every label fits inside (or there are none).
    static func room(context: MarkContext) -> ArcLabelRoom? {
        let model = context.model
        guard model.mark.labels != nil else { return nil }
        let texts = texts(model: model)
        guard !texts.isEmpty else { return nil }
        var blocks: [Int: TextBlock] = [:]
        for (row, text) in texts { blocks[row] = block(text, model: model) }
        func outside(_ geometry: ArcGeometry) -> ArcLabelRoom? {
            var room: ArcLabelRoom?
            for slice in geometry.slices {
                guard let block = blocks[slice.row], inside(slice, block: block, geometry: geometry) == nil else { continue }
                let right = sin(slice.middle) >= 0
                let one = ArcLabelRoom(left: right ? 0 : block.width, right: right ? block.width : 0, height: block.height)
                room = room.map { $0.union(one) } ?? one
            }
            return room
        }
        // The labels that must go outside depend on the radius, which depends on their room: twice settles it.
        guard let first = outside(ArcGeometry(context: context, room: nil)) else { return nil }
        guard let second = outside(ArcGeometry(context: context, room: first)) else { return first }
        return first.union(second)
    }

    /// One label going outside: its slice, its text and where it would sit with nothing in the way.
    private struct Outside {
        var slice: ArcSlice
        var text: String
        var block: TextBlock
        var ideal: Double
        var y: Double = 0
    }

    static func place(context: MarkContext, placer: inout LabelPlacer, labels output: inout [[SceneNode]]) {
        let model = context.model
        let theme = model.theme
        let geometry = ArcGeometry(context: context)
        let texts = texts(model: model)
        let plot = Box(x: 0, y: 0, width: context.width, height: context.height)
        var outputIndex: [Int: Int] = [:]
        for (position, series) in model.series.enumerated() { outputIndex[series.index] = position }
        let leaderStroke = Stroke(.color(theme.axisLabelColor), width: 0.75)

        var right: [Outside] = []
        var left: [Outside] = []
        for slice in geometry.slices {
            guard let text = texts[slice.row], !text.isEmpty, let position = outputIndex[slice.seriesIndex] else { continue }
            let block = block(text, model: model)
            if let box = inside(slice, block: block, geometry: geometry), placer.fits(box, ignoringMarks: true) {
                let series = model.series[position]
                let fill = ValueLabels.readableFill(context.paint(slice.row, series: series), opacity: context.opacity(), theme: theme)
                let node = TextNode(
                    block: block, x: box.midX, top: box.minY, anchor: .middle, fill: fill, classes: ["chartc-label", "chartc-arc-label"])
                placer.occupy(node.box)
                output[position].append(.text(node))
                continue
            }
            let ideal = geometry.center.y - (geometry.radius + ArcGeometry.leaderLength / 2) * cos(slice.middle)
            let item = Outside(slice: slice, text: text, block: block, ideal: ideal)
            if sin(slice.middle) >= 0 { right.append(item) } else { left.append(item) }
        }
        for (items, isRight) in [(right, true), (left, false)] {
            let column =
                isRight
                ? geometry.center.x + geometry.radius + ArcGeometry.leaderLength : geometry.center.x - geometry.radius - ArcGeometry.leaderLength
            let fitted = shrunk(items, height: plot.height, style: theme.valueLabelStyle)
            let kept = spread(fitted, top: plot.minY, bottom: plot.maxY)
            let keptRows = Set(kept.map(\.slice.row))
            for item in fitted where !keptRows.contains(item.slice.row) { placer.leftOut.append((item.text, model.mark.labels?.span)) }
            for item in kept {
                let top = item.y - item.block.height / 2
                let x = isRight ? column + 2 : column - 2
                let node = TextNode(
                    block: item.block, x: x, top: top, anchor: isRight ? .start : .end, fill: theme.valueLabelColor,
                    classes: ["chartc-label", "chartc-arc-label"])
                guard plot.contains(node.box, tolerance: 0.01), placer.fits(node.box, ignoringMarks: true),
                    let position = outputIndex[item.slice.seriesIndex]
                else {
                    placer.leftOut.append((item.text, model.mark.labels?.span))
                    continue
                }
                placer.occupy(node.box)
                // From the slice's edge out along its middle, then across to the label.
                let edge = geometry.point(item.slice.middle, item.slice.outer + 1)
                let elbow = geometry.point(item.slice.middle, geometry.radius + ArcGeometry.leaderLength / 3)
                var path = PathBuilder()
                path.move(to: edge.x, edge.y)
                path.line(to: elbow.x, elbow.y)
                path.line(to: column, item.y)
                output[position].append(.path(PathNode(d: path.d, stroke: leaderStroke, classes: ["chartc-leader"])))
                output[position].append(.text(node))
            }
        }
    }

    /// The smallest size outside labels shrink to before any is left out.
    static let smallestLabelSize = 7.0

    /// One side's labels in a smaller font when, stacked, they are taller than the plot (many thin slices on one
    /// side): every slice keeps its label as long as a font of `smallestLabelSize` px lets them all fit.
    private static func shrunk(_ items: [Outside], height: Double, style: TextStyle) -> [Outside] {
        let needed = items.reduce(0.0) { $0 + $1.block.height + spacing } - spacing
        guard needed > height, height > 0, style.size > smallestLabelSize else { return items }
        var smaller = style
        // Line heights follow the font size, so the column shrinks in proportion (spacing aside).
        let gaps = spacing * Double(max(0, items.count - 1))
        let factor = max(0, height - gaps) / max(needed - gaps, 1)
        smaller.size = max(smallestLabelSize, (style.size * factor * 10).rounded(.down) / 10)
        return items.map { item in
            var item = item
            item.block = TextBlock.single(item.text, style: smaller)
            return item
        }
    }

    /// One side's labels, top to bottom, each as near its slice as the others allow and none overlapping; only
    /// when even the smallest font leaves the column taller than the plot are the smallest slices' labels left out.
    private static func spread(_ items: [Outside], top: Double, bottom: Double) -> [Outside] {
        var kept = items.sorted { $0.ideal != $1.ideal ? $0.ideal < $1.ideal : $0.slice.start < $1.slice.start }
        while !kept.isEmpty {
            let needed = kept.reduce(0.0) { $0 + $1.block.height + spacing } - spacing
            if needed <= bottom - top { break }
            // Leave out the smallest slice (the later one of equals).
            var smallest = 0
            for index in kept.indices where kept[index].slice.share <= kept[smallest].slice.share { smallest = index }
            kept.remove(at: smallest)
        }
        guard !kept.isEmpty else { return [] }
        // Down: each at its ideal height or just below the one above it.
        for index in kept.indices {
            let half = kept[index].block.height / 2
            var y = max(kept[index].ideal, top + half)
            if index > 0 { y = max(y, kept[index - 1].y + kept[index - 1].block.height / 2 + spacing + half) }
            kept[index].y = y
        }
        // Up: back inside the bottom, each just above the one below it.
        for index in kept.indices.reversed() {
            let half = kept[index].block.height / 2
            var y = min(kept[index].y, bottom - half)
            if index < kept.count - 1 { y = min(y, kept[index + 1].y - kept[index + 1].block.height / 2 - spacing - half) }
            kept[index].y = y
        }
        return kept
    }
}
