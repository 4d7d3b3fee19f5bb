import ChartLayout

/// A scene's rectangle, circle, line or path as the outline both the PDF writer and the rasterizer paint: its
/// path in scene px, its fill and stroke, its own opacity and the box gradients in bounding-box units map to. One
/// place decides the geometry, so the PDF and the PNG draw the same shapes.
struct SceneShape {
    var path: PDFPath
    var fill: Paint
    var stroke: Stroke?
    var opacity: Double
    var bounds: Box

    /// Nil for a group or text, and for a shape with nothing to draw (an empty box, a zero radius, an empty path).
    init?(_ node: SceneNode) {
        switch node {
        case .rect(let rect):
            let box = rect.box
            guard box.width > 0, box.height > 0 else { return nil }
            if rect.cornerRadius > 0 {
                path = .roundedRectangle(x: box.x, y: box.y, width: box.width, height: box.height, radius: rect.cornerRadius)
            } else {
                var plain = PDFPath()
                plain.move(box.x, box.y)
                plain.line(box.maxX, box.y)
                plain.line(box.maxX, box.maxY)
                plain.line(box.x, box.maxY)
                plain.close()
                path = plain
            }
            (fill, stroke, opacity, bounds) = (rect.fill, rect.stroke, rect.opacity ?? 1, box)
        case .circle(let circle):
            guard circle.radius > 0 else { return nil }
            path = PDFPath.circle(cx: circle.cx, cy: circle.cy, r: circle.radius)
            let box = Box(x: circle.cx - circle.radius, y: circle.cy - circle.radius, width: 2 * circle.radius, height: 2 * circle.radius)
            (fill, stroke, opacity, bounds) = (circle.fill, circle.stroke, circle.opacity ?? 1, box)
        case .line(let line):
            var segment = PDFPath()
            segment.move(line.x1, line.y1)
            segment.line(line.x2, line.y2)
            path = segment
            let box = Box(minX: line.x1, minY: line.y1, maxX: line.x2, maxY: line.y2)
            (fill, stroke, opacity, bounds) = (.none, line.stroke, line.opacity ?? 1, box)
        case .path(let node):
            let parsed = PDFPath(svg: node.d)
            guard !parsed.isEmpty else { return nil }
            path = parsed
            let box = Box(minX: parsed.minX, minY: parsed.minY, maxX: parsed.maxX, maxY: parsed.maxY)
            (fill, stroke, opacity, bounds) = (node.fill, node.stroke, node.opacity ?? 1, box)
        case .group, .text:
            return nil
        }
    }
}
