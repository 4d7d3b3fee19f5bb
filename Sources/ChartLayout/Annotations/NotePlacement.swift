#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ChartSpec

/// Where a `text` note (SPEC §12) may sit around its point, and the connector that joins them. The note wants
/// its `position` at `offset` px from the point; when that spot is taken or outside the plot, the candidates are
/// every spot around the point at growing distances, tried nearest to the wanted spot first, so the note moves
/// as little as it can and its connector follows it.
enum NotePlacement {
    /// The unit direction from the point towards a position.
    static func direction(_ position: Annotation.NotePosition) -> (dx: Double, dy: Double) {
        let d = 1 / 2.0.squareRoot()
        switch position {
        case .top: return (0, -1)
        case .bottom: return (0, 1)
        case .left: return (-1, 0)
        case .right: return (1, 0)
        case .topLeft: return (-d, -d)
        case .topRight: return (d, -d)
        case .bottomLeft: return (-d, d)
        case .bottomRight: return (d, d)
        }
    }

    /// The box a note of `size` takes at `position`: its nearest edge (or corner, for the diagonals) at `offset`
    /// px from the point.
    static func box(at position: Annotation.NotePosition, point: Point, size: (width: Double, height: Double), offset: Double) -> Box {
        let u = direction(position)
        let ax = point.x + u.dx * offset, ay = point.y + u.dy * offset
        let w = size.width, h = size.height
        switch position {
        case .top: return Box(x: ax - w / 2, y: ay - h, width: w, height: h)
        case .bottom: return Box(x: ax - w / 2, y: ay, width: w, height: h)
        case .left: return Box(x: ax - w, y: ay - h / 2, width: w, height: h)
        case .right: return Box(x: ax, y: ay - h / 2, width: w, height: h)
        case .topLeft: return Box(x: ax - w, y: ay - h, width: w, height: h)
        case .topRight: return Box(x: ax, y: ay - h, width: w, height: h)
        case .bottomLeft: return Box(x: ax - w, y: ay, width: w, height: h)
        case .bottomRight: return Box(x: ax, y: ay, width: w, height: h)
        }
    }

    /// Every box to try, best first: the wanted one, then spots all around the point at growing distances
    /// (every 15°, from `offset` out to `reach`), nearest to the wanted spot first. Only boxes inside `bounds`.
    static func candidates(
        point: Point, size: (width: Double, height: Double), position: Annotation.NotePosition, offset: Double, bounds: Box, reach: Double
    ) -> [Box] {
        let wanted = box(at: position, point: point, size: size, offset: offset)
        var others: [(distance: Double, order: Int, box: Box)] = []
        var order = 0
        // The eight named positions at the wanted offset come first among equals.
        for other in Annotation.NotePosition.allCases where other != position {
            let candidate = box(at: other, point: point, size: size, offset: offset)
            others.append((distance(candidate, wanted), order, candidate))
            order += 1
        }
        let step = 8.0
        let directions = 24
        // A note that moves keeps enough distance for its connector to show.
        var radius = Swift.max(0, Swift.min(offset, 20))
        while radius <= reach {
            for index in 0..<directions {
                let angle = Double(index) * 2 * Double.pi / Double(directions)
                let ux = cos(angle), uy = sin(angle)
                let support = abs(ux) * size.width / 2 + abs(uy) * size.height / 2
                let cx = point.x + ux * (radius + support), cy = point.y + uy * (radius + support)
                let candidate = Box(x: cx - size.width / 2, y: cy - size.height / 2, width: size.width, height: size.height)
                others.append((distance(candidate, wanted), order, candidate))
                order += 1
            }
            radius += step
        }
        // A spot partly outside the bounds slides inside them: the nearest spot inside the graphic.
        others = others.map { item in
            let moved = slid(item.box, into: bounds)
            return (distance(moved, wanted), item.order, moved)
        }
        others.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.order < $1.order }
        return ([wanted] + others.map(\.box)).filter { bounds.contains($0, tolerance: 0.01) && !contains($0, point) }
    }

    /// The box moved the least to lie inside `bounds` (when it can).
    static func slid(_ box: Box, into bounds: Box) -> Box {
        var moved = box
        if moved.width <= bounds.width { moved.x = Swift.min(Swift.max(moved.x, bounds.minX), bounds.maxX - moved.width) }
        if moved.height <= bounds.height { moved.y = Swift.min(Swift.max(moved.y, bounds.minY), bounds.maxY - moved.height) }
        return moved
    }

    private static func distance(_ a: Box, _ b: Box) -> Double {
        let dx = a.midX - b.midX, dy = a.midY - b.midY
        return (dx * dx + dy * dy).squareRoot()
    }

    private static func contains(_ box: Box, _ point: Point) -> Bool {
        point.x > box.minX && point.x < box.maxX && point.y > box.minY && point.y < box.maxY
    }

    /// Space between a note's box and the start of its connector.
    static let startGap = 2.0
    /// How far short of its point a connector stops.
    static let endGap = 4.0

    /// The connector from the edge of `box` (grown by `startGap`) towards `point`, stopping `endGap` px short
    /// of it; nil when the note is too close to its point for one to show.
    static func connector(from box: Box, to point: Point) -> (start: Point, end: Point)? {
        let grown = box.insetBy(-startGap)
        // Where the segment from the box's centre to the point leaves the box.
        let cx = grown.midX, cy = grown.midY
        let dx = point.x - cx, dy = point.y - cy
        var t = 1.0
        if dx != 0 { t = Swift.min(t, (dx > 0 ? grown.maxX - cx : grown.minX - cx) / dx) }
        if dy != 0 { t = Swift.min(t, (dy > 0 ? grown.maxY - cy : grown.minY - cy) / dy) }
        let start = Point(cx + dx * t, cy + dy * t)
        let length = ((point.x - start.x) * (point.x - start.x) + (point.y - start.y) * (point.y - start.y)).squareRoot()
        guard length > endGap + 6 else { return nil }
        let end = Point(point.x - (point.x - start.x) / length * endGap, point.y - (point.y - start.y) / length * endGap)
        return (start, end)
    }

    /// An arrow head with its tip at `end`, pointing away from `start`: a closed triangle path.
    static func arrowHead(from start: Point, to end: Point, length: Double = 7, halfWidth: Double = 3.2) -> String {
        let dx = end.x - start.x, dy = end.y - start.y
        let norm = (dx * dx + dy * dy).squareRoot()
        guard norm > 0 else { return "" }
        let ux = dx / norm, uy = dy / norm
        let bx = end.x - ux * length, by = end.y - uy * length
        var path = PathBuilder()
        path.move(to: end.x, end.y)
        path.line(to: bx - uy * halfWidth, by + ux * halfWidth)
        path.line(to: bx + uy * halfWidth, by - ux * halfWidth)
        path.close()
        return path.d
    }
}
