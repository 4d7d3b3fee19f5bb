import ChartSpec

/// `area`: the region between a series' values and its baseline (zero, or the series below when stacked), one
/// region per `detail` value (SPEC §20),
/// using the line's interpolation for both edges. A lone area gets a light fill under a solid line; stacked
/// areas are filled solid so each band reads as a share.
enum AreaMark: Mark {
    static func render(_ series: Series, context: MarkContext) -> [SceneNode] {
        let model = context.model
        let along = joiningAxis(model)
        let interpolation = model.mark.interpolate?.value ?? .linear
        let curve = Curve(interpolation, along: along)
        // The lower edge is drawn backwards, so steps that change after a point change before it there.
        let reversedInterpolation: Interpolation =
            switch interpolation {
            case .stepAfter: .stepBefore
            case .stepBefore: .stepAfter
            default: interpolation
            }
        let lowerCurve = Curve(reversedInterpolation, along: along)
        let measureScale = along == .x ? context.scales.y : context.scales.x
        // A constant measure or partner (SPEC §19.3) is px: an area up to a constant y grows from the plot's bottom
        // edge (from the left edge along y), as a bar does.
        let constantMeasure = along == .x ? model.constants.y : model.constants.x
        let constantBase = along == .x ? model.constants.y2 : model.constants.x2
        guard measureScale != nil || constantMeasure != nil else { return [] }
        let stacked = model.stack != .none
        var fill = PathBuilder()
        var top = PathBuilder()
        // A band (y to y2) is outlined on both edges; an area on a baseline only on top.
        let isBand = !stacked && ((along == .x ? model.y2 : model.x2) != nil || constantBase != nil)
        var bottom = PathBuilder()
        var hoverItems: [(row: Int, point: Point)] = []
        for segment in LineMark.segments(series, context: context, along: along) {
            var upper: [Point] = []
            var lower: [Point] = []
            for (row, point) in segment {
                let base: Double?
                var edge = point
                if let slice = model.stacked[row], let measureScale {
                    base = measureScale.position(slice.start)
                    if let end = measureScale.position(slice.end) {
                        edge = along == .x ? Point(point.x, end) : Point(end, point.y)
                    }
                } else if let partner = along == .x ? model.y2 : model.x2, let other = partner.number(row) {
                    base = measureScale?.position(other)
                } else if let constantBase {
                    base = constantBase
                } else if let zero = measureScale?.zeroPosition {
                    base = zero
                } else {
                    // No zero (categories on the measure axis, or a constant px): the plot's edge.
                    base = along == .x ? context.height : 0
                }
                guard let base else { continue }
                upper.append(edge)
                if model.options.interactive { hoverItems.append((row, edge)) }
                lower.append(along == .x ? Point(point.x, base) : Point(base, point.y))
            }
            guard !upper.isEmpty else { continue }
            curve.append(upper, to: &fill)
            lowerCurve.append(lower.reversed(), to: &fill, connect: true)
            fill.close()
            curve.append(upper, to: &top)
            if isBand { curve.append(lower, to: &bottom) }
            // A value alone between two gaps has no width to fill: its outline is a dot, as on a line (SPEC §19.9).
            if upper.count == 1, let point = upper.first {
                top.line(to: point.x, point.y)
                if isBand, let point = lower.first { bottom.line(to: point.x, point.y) }
            }
        }
        guard !fill.isEmpty else { return [] }
        let paint = context.seriesPaint(series)
        var children: [SceneNode] = [
            .path(
                PathNode(
                    d: fill.d, fill: paint, opacity: context.opacity(default: stacked ? 0.9 : isBand ? 0.3 : 0.25), classes: ["chartc-area"]
                ))
        ]
        // A constant size is the outline's width (SPEC §19.3), stacked areas outlined too then.
        if !stacked || model.constants.size != nil {
            let stroke = Stroke(paint, width: model.constants.size ?? model.mark.strokeWidth?.value ?? (isBand ? 1.5 : 2), cap: .round, join: .round)
            children.append(.path(PathNode(d: top.d, stroke: stroke, classes: ["chartc-line"])))
            if isBand { children.append(.path(PathNode(d: bottom.d, stroke: stroke, classes: ["chartc-line"]))) }
        }
        // Stacked `detail` areas share their series' color (SPEC §20): a hairline in the background's color parts
        // them, as the gaps between stacked bars do.
        if stacked, model.detail != nil, model.constants.size == nil {
            let parting = Stroke(.color(context.theme.background), width: 0.75, cap: .round, join: .round)
            children.append(.path(PathNode(d: top.d, stroke: parting, classes: ["chartc-line"])))
        }
        if model.options.interactive {
            children.append(contentsOf: LineMark.hoverPoints([hoverItems], series: series, context: context))
        }
        return children
    }
}

extension AreaMark {
    /// Labels of other layers (SPEC §11) keep off the area's outlines (its top edge, and a band's lower edge
    /// too), taken as straight lines between its points; its fill may sit under them.
    static func addLabelObstacles(to placer: inout LabelPlacer, context: MarkContext) {
        let model = context.model
        let along = joiningAxis(model)
        guard let measureScale = along == .x ? context.scales.y : context.scales.x else { return }
        for series in model.series {
            for segment in LineMark.segments(series, context: context, along: along) {
                var upper: [Point] = []
                var lower: [Point] = []
                for (row, point) in segment {
                    if let slice = model.stacked[row], let end = measureScale.position(slice.end) {
                        upper.append(along == .x ? Point(point.x, end) : Point(end, point.y))
                        continue
                    }
                    upper.append(point)
                    if let partner = along == .x ? model.y2 : model.x2, let other = partner.number(row), let base = measureScale.position(other) {
                        lower.append(along == .x ? Point(point.x, base) : Point(base, point.y))
                    }
                }
                for edge in [upper, lower] {
                    for (first, second) in zip(edge, edge.dropFirst()) { placer.addSegment(from: first, to: second) }
                }
            }
        }
    }

    /// SPEC §19.4: an area on a temporal channel joins its points in time order whatever the orientation (on a
    /// temporal x and a nominal y it runs left to right, filled down to the plot's bottom edge); otherwise along
    /// the orientation's independent axis (a horizontal area over categories fills out from the y axis, and
    /// stacked areas stack along the measure).
    static func joiningAxis(_ model: PlotModel) -> Curve.Axis {
        let byOrientation: Curve.Axis = model.orientation == .vertical ? .x : .y
        guard model.stack == .none, let order = model.view.lineOrder, model.view[order]?.isTemporal == true else { return byOrientation }
        return order == .y ? .y : .x
    }

    static var type: MarkType { .area }
    static var canNameSeriesAtEnds: Bool { true }
}
