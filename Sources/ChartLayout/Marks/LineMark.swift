import ChartSpec

/// `line`: one path per series — per `detail` value within a color (SPEC §20) — through its values, drawn in the
/// order of the `order` channel when there is one (a connected scatter plot), else of the temporal or ordinal
/// channel (a line with years on y runs bottom to top), or in x order when both channels are quantitative (SPEC
/// §6). A null value breaks the line rather than bridging the gap; a value alone between two gaps is a dot.
enum LineMark: Mark {
    static func render(_ series: Series, context: MarkContext) -> [SceneNode] {
        let model = context.model
        let along = joiningAxis(model)
        let interpolation = model.mark.interpolate?.value ?? .linear
        let curve = Curve(interpolation, along: along)
        var children: [SceneNode] = []
        var segments: [[(row: Int, point: Point)]] = []
        let strokeWidth = strokeWidth(series, context: context)
        // One path per `detail` value (one for the series without it), all in the series' color.
        for group in model.detailGroups(series) {
            let groupSegments = Self.segments(rows: group, context: context, along: along)
            segments += groupSegments
            var path = PathBuilder()
            for segment in groupSegments {
                curve.append(segment.map(\.point), to: &path)
                // A value with a gap on each side is a run of one point: drawn as a dot (a zero-length stroke with
                // round caps), not left out (SPEC §19.9: the gap is visible, the value too).
                if segment.count == 1, let point = segment.first?.point { path.line(to: point.x, point.y) }
            }
            guard !path.isEmpty else { continue }
            children.append(
                .path(
                    PathNode(
                        d: path.d, fill: .none,
                        stroke: Stroke(context.seriesPaint(series), width: strokeWidth, cap: .round, join: .round),
                        opacity: context.opacity(), classes: ["chartc-line"]
                    )))
        }
        if model.mark.points {
            for segment in segments {
                for item in segment {
                    children.append(
                        .circle(
                            CircleNode(
                                cx: item.point.x, cy: item.point.y, radius: max(2.5, strokeWidth * 1.3),
                                fill: .color(series.color), stroke: Stroke(.color(context.theme.background), width: 1), classes: ["chartc-point"],
                                data: context.rowData(item.row)
                            )))
                }
            }
        } else if model.options.interactive {
            children.append(contentsOf: hoverPoints(segments, series: series, context: context))
        }
        return children
    }

    /// The line's stroke width: `size` when the line has it (SPEC §19.3: a line's size is its stroke width; from a
    /// field, the series' mean on the size scale, 1 to 8 px), else `mark.strokeWidth`, else 2.5 px.
    static func strokeWidth(_ series: Series, context: MarkContext) -> Double {
        // A constant size is the stroke width in px.
        if let constant = context.model.constants.size { return constant }
        let standard = context.model.mark.strokeWidth?.value ?? 2.5
        guard let channel = context.model.size, let scale = context.scales.size else { return standard }
        let values = series.rows.compactMap { channel.number($0) }.filter { $0 >= 0 }
        guard !values.isEmpty, let radius = scale(values.reduce(0, +) / Double(values.count)) else { return standard }
        // The size scale gives a dot's radius (0–14 px, area-proportional); a line maps the same share to 1–8 px.
        return 1 + 7 * min(1, max(0, radius / max(scale.maximumRadius, 1e-9)))
    }

    /// Invisible dots at each value of an interactive line or area: what the HTML page's tooltips attach to
    /// and show while one is the tooltip's subject.
    static func hoverPoints(_ segments: [[(row: Int, point: Point)]], series: Series, context: MarkContext) -> [SceneNode] {
        let strokeWidth = context.model.constants.size ?? context.mark.strokeWidth?.value ?? 2.5
        return segments.flatMap { segment in
            segment.map { item in
                .circle(
                    CircleNode(
                        cx: item.point.x, cy: item.point.y, radius: max(3.5, strokeWidth * 1.5),
                        fill: .color(series.color), stroke: Stroke(.color(context.theme.background), width: 1.5), opacity: 0,
                        classes: ["chartc-hover-point"], data: context.rowData(item.row)
                    ))
            }
        }
    }

    /// The axis a line joins its points along (SPEC §19.4): the checking stage's `ResolvedView.lineOrder` (a line
    /// on a temporal x and a nominal y runs left to right, not in y order), else the orientation's (also for
    /// `order`, which joins points in its own order: the axis only steers a `monotone` or `step` curve).
    static func joiningAxis(_ model: PlotModel) -> Curve.Axis {
        switch model.view.lineOrder {
        case .x?: return .x
        case .y?: return .y
        default: return model.orientation == .vertical ? .x : .y
        }
    }

    /// The series' points in drawing order, each `detail` value's after the one before (SPEC §20), split where a
    /// value is missing.
    static func segments(_ series: Series, context: MarkContext, along: Curve.Axis) -> [[(row: Int, point: Point)]] {
        context.model.detailGroups(series).flatMap { segments(rows: $0, context: context, along: along) }
    }

    /// `rows` (one line) in drawing order — by `order` when the view resolved it so (SPEC §20), else along
    /// `along` — split where a value is missing.
    static func segments(rows: [Int], context: MarkContext, along: Curve.Axis) -> [[(row: Int, point: Point)]] {
        let model = context.model
        let keys: [Double?]
        if model.view.lineOrder == .order, let order = model.order {
            keys = PlotModel.orderKeys(order, rows: rows, table: model.table)
        } else {
            let orderChannel = along == .x ? model.x : model.y
            let orderScale = along == .x ? context.scales.x : context.scales.y
            let categories = orderScale?.categories ?? []
            var categoryIndex: [String: Int] = [:]
            for (index, key) in categories.enumerated() { categoryIndex[key] = index }
            keys = rows.map { row in
                guard let orderChannel else { return Double(row) }
                if orderChannel.isContinuous { return orderChannel.number(row) }
                return orderChannel.key(row).flatMap { categoryIndex[$0] }.map(Double.init)
            }
        }
        // Stable sort by the ordering channel; rows without an order key go last and are skipped.
        let ordered = rows.enumerated()
            .map { (position: $0.offset, row: $0.element, key: keys[$0.offset]) }
            .sorted { a, b in
                switch (a.key, b.key) {
                case (let x?, let y?): x < y || (x == y && a.position < b.position)
                case (nil, nil): a.position < b.position
                case (_?, nil): true
                case (nil, _?): false
                }
            }
        var segments: [[(row: Int, point: Point)]] = []
        var current: [(row: Int, point: Point)] = []
        for item in ordered {
            if item.key != nil, let x = context.x(item.row), let y = context.y(item.row) {
                current.append((item.row, Point(x, y)))
            } else if !current.isEmpty {
                segments.append(current)
                current = []
            }
        }
        if !current.isEmpty { segments.append(current) }
        return segments
    }
}

extension LineMark {
    static var type: MarkType { .line }
    static func defaultLabelPosition(stacked: Bool, vertical: Bool) -> LabelPosition? { .top }
    static var canNameSeriesAtEnds: Bool { true }

    static func valueLabelOptions(_ row: Int, block: TextBlock, series: Series, content: ValueLabelContent, context: MarkContext) -> [LabelOption] {
        ValueLabels.pointOptions(row, block: block, content: content, context: context)
    }

    static func valueLabelInsets(_ content: ValueLabelContent, model: PlotModel, size: (width: Double, height: Double)) -> Margins {
        ValueLabels.pointInsets(content, model: model, size: size)
    }

    /// Labels keep their distance from the line's dot, or from the stroke when it has none.
    static func labelRadius(_ row: Int, context: MarkContext) -> Double? {
        let mark = context.model.mark
        let stroke = context.model.constants.size ?? mark.strokeWidth?.value ?? 2.5
        return mark.points ? max(2.5, stroke * 1.3) : stroke / 2
    }

    /// Every segment of every line, and its dots: a label must not sit on a line.
    static func addLabelObstacles(to placer: inout LabelPlacer, context: MarkContext) {
        let model = context.model
        let along = joiningAxis(model)
        for series in model.series {
            for segment in segments(series, context: context, along: along) {
                for (first, second) in zip(segment, segment.dropFirst()) {
                    placer.addSegment(from: first.point, to: second.point)
                }
                if model.mark.points {
                    for item in segment { placer.addMark(Box(x: item.point.x - 3.5, y: item.point.y - 3.5, width: 7, height: 7), owner: item.row) }
                }
            }
        }
    }
}
