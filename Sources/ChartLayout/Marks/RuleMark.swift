import ChartSpec

/// `rule`: a line per row — across the whole plot at an x or y value (reference lines), between `x` and `x2`
/// or `y` and `y2` (ranges), or from zero to the value along the measure (lollipop stems). On a map (SPEC §22) it
/// runs along the great circle from `longitude`/`latitude` to `longitude2`/`latitude2`, through the chart's
/// projection and resampled as d3-geo's `geoPath` draws a LineString, so a long route curves as it does on the
/// globe (and is cut where the projection cuts it: at the antimeridian, the edge of an orthographic globe).
enum RuleMark: Mark {
    static func render(_ series: Series, context: MarkContext) -> [SceneNode] {
        let model = context.model
        var children: [SceneNode] = []
        // A constant size is the stroke width (SPEC §19.3).
        let stroke = Stroke(.color(series.color), width: model.constants.size ?? model.mark.strokeWidth?.value ?? 1.5, cap: .butt)
        if model.longitude != nil, model.latitude != nil {
            guard let projection = context.scales.map else { return [] }
            for row in series.rows {
                guard let route = MapFrame.route(model, row) else { continue }
                let d = MapFrame.svgPath(projection.path(route))
                guard !d.isEmpty else { continue }
                var rowStroke = stroke
                rowStroke.paint = context.paint(row, series: series)
                rowStroke.join = .round
                children.append(
                    .path(
                        PathNode(
                            d: d, fill: .none, stroke: rowStroke, opacity: context.opacity(), classes: ["chartc-rule"], data: context.rowData(row))))
            }
            return children
        }
        for row in series.rows {
            guard let (start, end) = segment(row, context: context) else { continue }
            var rowStroke = stroke
            rowStroke.paint = context.paint(row, series: series)
            children.append(
                .line(
                    LineNode(
                        x1: start.x, y1: start.y, x2: end.x, y2: end.y, stroke: rowStroke, opacity: context.opacity(),
                        classes: ["chartc-rule"], data: context.rowData(row))))
        }
        return children
    }

    static func segment(_ row: Int, context: MarkContext) -> (Point, Point)? {
        let model = context.model
        // A constant position (SPEC §19.3) counts as a position: `y: { "value": 40 }` alone is a rule across at 40 px.
        switch (context.hasX, context.hasY) {
        case (true, false):
            guard let x = context.x(row) else { return nil }
            if context.hasX2, let x2 = context.x2(row) {
                return (Point(x, context.height / 2), Point(x2, context.height / 2))
            }
            return (Point(x, 0), Point(x, context.height))
        case (false, true):
            guard let y = context.y(row) else { return nil }
            if context.hasY2, let y2 = context.y2(row) {
                return (Point(context.width / 2, y), Point(context.width / 2, y2))
            }
            return (Point(0, y), Point(context.width, y))
        case (true, true):
            guard let x = context.x(row), let y = context.y(row) else { return nil }
            if context.hasX2 {
                guard let x2 = context.x2(row) else { return nil }
                return (Point(x, y), Point(x2, y))
            }
            if context.hasY2 {
                guard let y2 = context.y2(row) else { return nil }
                return (Point(x, y), Point(x, y2))
            }
            // A constant y with an x field: a stem up from the plot's bottom edge to that px, as a bar with a
            // constant y grows (a constant x: from the left edge). A line across needs the other position removed.
            if model.y == nil { return (Point(x, context.height), Point(x, y)) }
            if model.x == nil { return (Point(0, y), Point(x, y)) }
            // A stem from the baseline to the value.
            if model.orientation == .vertical {
                guard let base = context.scales.y?.zeroPosition else { return nil }
                return (Point(x, base), Point(x, y))
            }
            guard let base = context.scales.x?.zeroPosition else { return nil }
            return (Point(base, y), Point(x, y))
        case (false, false):
            return nil
        }
    }
}

extension RuleMark {
    static var type: MarkType { .rule }

    /// Labels of other layers (SPEC §11) keep off the rules: a value must not sit on a reference line.
    static func addLabelObstacles(to placer: inout LabelPlacer, context: MarkContext) {
        for series in context.model.series {
            for row in series.rows {
                guard let (start, end) = segment(row, context: context) else { continue }
                placer.addSegment(from: start, to: end)
            }
        }
    }
}
