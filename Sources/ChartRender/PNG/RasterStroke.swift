import ChartFormat

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A stroke's geometry as SVG draws it: width, caps, joins (miter limit 4), dashes.
struct RasterStrokeStyle {
    var width: Double
    var cap: LineCapKind = .butt
    var join: LineJoinKind = .miter
    var dash: [Double] = []
    var dashOffset = 0.0
    var miterLimit = 4.0

    enum LineCapKind { case butt, round, square }
    enum LineJoinKind { case miter, round, bevel }
}

/// Turns polylines into the outline of their stroke: a quadrilateral per segment, a join shape at each corner,
/// a cap at each open end, every piece wound the same way, so filling them all with the non-zero rule paints
/// their union once (no seams, no double coverage). Dashes cut the polylines first, each dash an open piece.
enum RasterStroker {
    static func outline(_ lines: RasterPolylines, style: RasterStrokeStyle, tolerance: Double) -> RasterPolylines {
        var result = RasterPolylines()
        let half = style.width / 2
        guard half > 0, half.isFinite else { return result }
        var pieces: [(points: [RasterPoint], closed: Bool)] = []
        for subpath in lines.subpaths {
            var points: [RasterPoint] = []
            for point in subpath.points where points.last != point { points.append(point) }
            if subpath.closed, points.count > 2, points.first == points.last { points.removeLast() }
            if style.dash.contains(where: { $0 > 0 }) {
                pieces += dashes(points, closed: subpath.closed, pattern: style.dash, offset: style.dashOffset)
            } else {
                pieces.append((points, subpath.closed && points.count > 2))
            }
        }
        for piece in pieces {
            stroke(piece.points, closed: piece.closed, half: half, style: style, tolerance: tolerance, into: &result)
        }
        return result
    }

    /// The dashes of a polyline, as open pieces.
    static func dashes(_ points: [RasterPoint], closed: Bool, pattern raw: [Double], offset: Double) -> [(points: [RasterPoint], closed: Bool)] {
        let pattern = raw.count % 2 == 1 ? raw + raw : raw
        let total = pattern.reduce(0, +)
        guard total > 0, points.count >= 1 else { return [] }
        var path = points
        if closed, let first = points.first { path.append(first) }
        var result: [(points: [RasterPoint], closed: Bool)] = []
        var index = 0
        var remaining = pattern[0]
        var on = true
        // The offset moves the pattern's start.
        var skip = offset.truncatingRemainder(dividingBy: total)
        if skip < 0 { skip += total }
        while skip > 0 {
            if skip >= remaining {
                skip -= remaining
                index = (index + 1) % pattern.count
                remaining = pattern[index]
                on.toggle()
            } else {
                remaining -= skip
                skip = 0
            }
        }
        var current: [RasterPoint] = on ? [path[0]] : []
        if path.count == 1 {
            return on ? [([path[0], path[0]], false)] : []
        }
        var guardCount = 0
        for segment in 1..<path.count {
            var start = path[segment - 1]
            let end = path[segment]
            var length = hypot(end.x - start.x, end.y - start.y)
            while length > 0, guardCount < 1_000_000 {
                guardCount += 1
                if remaining >= length {
                    remaining -= length
                    if on { current.append(end) }
                    length = 0
                } else {
                    let t = remaining / length
                    let cut = RasterPoint(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t)
                    if on {
                        current.append(cut)
                        result.append((current, false))
                        current = []
                    } else {
                        current = [cut]
                    }
                    on.toggle()
                    length -= remaining
                    start = cut
                    index = (index + 1) % pattern.count
                    remaining = pattern[index]
                }
            }
        }
        if on, current.count >= 2 { result.append((current, false)) }
        return result
    }

    private static func stroke(
        _ points: [RasterPoint], closed: Bool, half: Double, style: RasterStrokeStyle, tolerance: Double, into result: inout RasterPolylines
    ) {
        guard let first = points.first else { return }
        if points.count == 1 {
            // A zero-length subpath: round and square caps draw a dot, butt nothing (SVG 2).
            switch style.cap {
            case .round: add(circle(first, half, tolerance: tolerance), to: &result)
            case .square:
                add(
                    [
                        RasterPoint(x: first.x - half, y: first.y - half), RasterPoint(x: first.x + half, y: first.y - half),
                        RasterPoint(x: first.x + half, y: first.y + half), RasterPoint(x: first.x - half, y: first.y + half)
                    ], to: &result)
            case .butt: break
            }
            return
        }
        let count = points.count
        let segmentCount = closed ? count : count - 1
        for index in 0..<segmentCount {
            let p = points[index], q = points[(index + 1) % count]
            let (nx, ny) = normal(p, q, half)
            add(
                [
                    RasterPoint(x: p.x + nx, y: p.y + ny), RasterPoint(x: q.x + nx, y: q.y + ny),
                    RasterPoint(x: q.x - nx, y: q.y - ny), RasterPoint(x: p.x - nx, y: p.y - ny)
                ], to: &result)
        }
        // Joins at the inner vertices (every vertex of a closed polyline).
        let joinRange = closed ? 0..<count : 1..<(count - 1)
        for index in joinRange {
            let previous = points[(index - 1 + count) % count], vertex = points[index], next = points[(index + 1) % count]
            join(previous, vertex, next, half: half, style: style, tolerance: tolerance, into: &result)
        }
        if !closed {
            cap(points[1], points[0], half: half, style: style, tolerance: tolerance, into: &result)
            cap(points[count - 2], points[count - 1], half: half, style: style, tolerance: tolerance, into: &result)
        }
    }

    /// The left normal of p→q, `half` long.
    private static func normal(_ p: RasterPoint, _ q: RasterPoint, _ half: Double) -> (Double, Double) {
        let dx = q.x - p.x, dy = q.y - p.y
        let length = hypot(dx, dy)
        guard length > 0 else { return (0, 0) }
        return (-dy / length * half, dx / length * half)
    }

    private static func join(
        _ a: RasterPoint, _ vertex: RasterPoint, _ b: RasterPoint, half: Double, style: RasterStrokeStyle, tolerance: Double,
        into result: inout RasterPolylines
    ) {
        let (n1x, n1y) = normal(a, vertex, half)
        let (n2x, n2y) = normal(vertex, b, half)
        let cross = (vertex.x - a.x) * (b.y - vertex.y) - (vertex.y - a.y) * (b.x - vertex.x)
        guard cross != 0 || (n1x * n2x + n1y * n2y) < 0 else { return } // straight on: nothing to fill
        if style.join == .round {
            add(circle(vertex, half, tolerance: tolerance), to: &result)
            return
        }
        // The outer side is opposite the turn.
        let sign: Double = cross > 0 ? -1 : 1
        let o1 = RasterPoint(x: vertex.x + sign * n1x, y: vertex.y + sign * n1y)
        let o2 = RasterPoint(x: vertex.x + sign * n2x, y: vertex.y + sign * n2y)
        if style.join == .miter {
            // The miter tip lies on the bisector of the two normals, half / cos(φ/2) from the vertex (φ the angle
            // between the normals); that ratio is SVG's miter ratio 1 / sin(θ/2), θ the angle between the segments.
            let mx = (n1x + n2x) / 2, my = (n1y + n2y) / 2
            let ml = hypot(mx, my)
            if ml > 0, half / ml <= style.miterLimit {
                let reach = half * half / ml
                let tip = RasterPoint(x: vertex.x + sign * mx / ml * reach, y: vertex.y + sign * my / ml * reach)
                add([vertex, o1, tip, o2], to: &result)
                return
            }
        }
        add([vertex, o1, o2], to: &result)
    }

    /// The cap at `end`, the segment arriving from `from`.
    private static func cap(
        _ from: RasterPoint, _ end: RasterPoint, half: Double, style: RasterStrokeStyle, tolerance: Double, into result: inout RasterPolylines
    ) {
        switch style.cap {
        case .butt:
            return
        case .round:
            add(circle(end, half, tolerance: tolerance), to: &result)
        case .square:
            let dx = end.x - from.x, dy = end.y - from.y
            let length = hypot(dx, dy)
            guard length > 0 else { return }
            let ux = dx / length * half, uy = dy / length * half
            let (nx, ny) = (-uy, ux)
            add(
                [
                    RasterPoint(x: end.x + nx, y: end.y + ny), RasterPoint(x: end.x + nx + ux, y: end.y + ny + uy),
                    RasterPoint(x: end.x - nx + ux, y: end.y - ny + uy), RasterPoint(x: end.x - nx, y: end.y - ny)
                ], to: &result)
        }
    }

    /// A circle as a polygon whose chords stay within `tolerance` of it.
    static func circle(_ centre: RasterPoint, _ radius: Double, tolerance: Double) -> [RasterPoint] {
        let steps = max(
            8, min(256, NumberConversion.clamped(Double.pi / acos(max(-1, min(1, 1 - tolerance / max(radius, tolerance)))), rounding: .up)))
        return (0..<steps).map { step in
            let angle = Double(step) / Double(steps) * 2 * Double.pi
            return RasterPoint(x: centre.x + radius * cos(angle), y: centre.y + radius * sin(angle))
        }
    }

    /// Adds a polygon wound positively (reversed if needed); a polygon with no area adds nothing.
    private static func add(_ polygon: [RasterPoint], to result: inout RasterPolylines) {
        var area = 0.0
        for index in 0..<polygon.count {
            let p = polygon[index], q = polygon[(index + 1) % polygon.count]
            area += p.x * q.y - q.x * p.y
        }
        guard area != 0, area.isFinite else { return }
        result.subpaths.append((area > 0 ? polygon : polygon.reversed(), true))
    }
}
