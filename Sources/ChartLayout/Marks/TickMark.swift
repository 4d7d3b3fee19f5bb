import ChartSpec

/// `tick`: a short line across the category at each value (strip plots), `mark.width` thick.
enum TickMark: Mark {
    static func render(_ series: Series, context: MarkContext) -> [SceneNode] {
        let model = context.model
        let vertical = model.orientation == .vertical
        let thickness = model.constants.size ?? model.mark.width?.value ?? model.mark.strokeWidth?.value ?? 2
        var children: [SceneNode] = []
        for row in series.rows {
            guard let x = context.x(row), let y = context.y(row) else { continue }
            let acrossScale = vertical ? context.scales.x : context.scales.y
            let length = acrossScale.map { $0.isDiscrete ? max(6, min(($0.bandwidth > 0 ? $0.bandwidth : $0.step) * 0.7, 40)) : 16 } ?? 16
            let stroke = Stroke(context.paint(row, series: series), width: thickness)
            let node: LineNode =
                vertical
                ? LineNode(
                    x1: x - length / 2, y1: y, x2: x + length / 2, y2: y, stroke: stroke, opacity: context.opacity(default: 0.8),
                    classes: ["chartc-tick"], data: context.rowData(row))
                : LineNode(
                    x1: x, y1: y - length / 2, x2: x, y2: y + length / 2, stroke: stroke, opacity: context.opacity(default: 0.8),
                    classes: ["chartc-tick"], data: context.rowData(row))
            children.append(.line(node))
        }
        return children
    }
}

extension TickMark {
    static var type: MarkType { .tick }
}
