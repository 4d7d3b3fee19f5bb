import ChartSpec

/// `point`: a dot per row, its area proportional to `size` when that channel is set, slightly transparent with
/// a thin white ring so overlapping dots stay readable.
enum PointMark: Mark {
    static func render(_ series: Series, context: MarkContext) -> [SceneNode] {
        var children: [SceneNode] = []
        let defaultRadius = 4.5
        var rows = series.rows
        if context.model.longitude != nil, let sizeChannel = context.model.size, context.model.constants.size == nil {
            // A symbol map (SPEC §22): the bigger circles first, so the smaller ones stay visible on top (ties
            // and rows without a size in table order).
            rows = rows.enumerated().sorted { a, b in
                let sa = sizeChannel.number(a.element) ?? -Double.infinity, sb = sizeChannel.number(b.element) ?? -Double.infinity
                return sa != sb ? sa > sb : a.offset < b.offset
            }.map(\.element)
        }
        for row in rows {
            guard let x = context.x(row), let y = context.y(row) else { continue }
            var radius = defaultRadius
            if let area = context.model.constants.size {
                // A constant size is the dot's area in px² (SPEC §19.3).
                radius = (area / Double.pi).squareRoot()
            } else if let sizeChannel = context.model.size, let scale = context.scales.size {
                guard let value = sizeChannel.number(row), let r = scale(max(0, value)) else { continue }
                radius = max(1.5, r)
            }
            children.append(
                .circle(
                    CircleNode(
                        cx: x, cy: y, radius: radius, fill: context.paint(row, series: series),
                        stroke: Stroke(.color(context.theme.background), width: 0.75),
                        opacity: context.opacity(default: 0.85), classes: ["chartc-point"], data: context.rowData(row)
                    )))
        }
        return children
    }
}

extension PointMark {
    static var type: MarkType { .point }
    static func defaultLabelPosition(stacked: Bool, vertical: Bool) -> LabelPosition? { .top }

    static func valueLabelOptions(_ row: Int, block: TextBlock, series: Series, content: ValueLabelContent, context: MarkContext) -> [LabelOption] {
        ValueLabels.pointOptions(row, block: block, content: content, context: context)
    }

    static func valueLabelInsets(_ content: ValueLabelContent, model: PlotModel, size: (width: Double, height: Double)) -> Margins {
        ValueLabels.pointInsets(content, model: model, size: size)
    }

    /// Every dot: a label must not cover another point.
    static func addLabelObstacles(to placer: inout LabelPlacer, context: MarkContext) {
        for series in context.model.series {
            for row in series.rows {
                guard let x = context.x(row), let y = context.y(row) else { continue }
                let radius = ValueLabels.pointRadius(row, context: context)
                placer.addMark(Box(x: x - radius, y: y - radius, width: 2 * radius, height: 2 * radius), owner: row)
            }
        }
    }
}
