/// `point`: a dot per row, its area proportional to `size` when that channel is set, slightly transparent with
/// a thin white ring so overlapping dots stay readable.
enum PointMark {
    static func render(_ series: Series, context: MarkContext) -> [SceneNode] {
        var children: [SceneNode] = []
        let defaultRadius = 4.5
        for row in series.rows {
            guard let x = context.x(row), let y = context.y(row) else { continue }
            var radius = defaultRadius
            if let sizeChannel = context.model.size, let scale = context.scales.size {
                guard let value = sizeChannel.number(row), let r = scale(max(0, value)) else { continue }
                radius = max(1.5, r)
            }
            children.append(.circle(CircleNode(
                cx: x, cy: y, radius: radius, fill: context.paint(row, series: series),
                stroke: Stroke(.color(context.theme.background), width: 0.75),
                opacity: context.mark.opacity?.value ?? 0.85, classes: ["chartc-point"], data: context.rowData(row)
            )))
        }
        return children
    }
}
