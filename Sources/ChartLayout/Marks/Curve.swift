#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ChartSpec

/// A point in pixels.
public struct Point: Sendable, Equatable {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
}

/// Turns an ordered list of points into path commands for `mark.interpolate` (SPEC §6). Points arrive in
/// drawing order along the line's independent axis: x for ordinary series, y when the line runs bottom to top
/// (years on y), so monotone and step curves bend along the right axis.
public struct Curve: Sendable {
    public enum Axis: Sendable {
        /// The independent variable runs along x (the usual time series).
        case x
        /// It runs along y (a line with years on the vertical axis).
        case y
    }

    public var interpolation: Interpolation
    public var axis: Axis

    public init(_ interpolation: Interpolation, along axis: Axis = .x) {
        self.interpolation = interpolation
        self.axis = axis
    }

    /// Adds the curve through `points` to `path`, starting with a move (or, with `connect`, a line from where
    /// the path is, as an area's lower edge needs).
    public func append(_ points: [Point], to path: inout PathBuilder, connect: Bool = false) {
        guard !points.isEmpty else { return }
        // Work in a frame where the independent axis is x; flip back when writing.
        let frame = axis == .x ? points : points.map { Point($0.y, $0.x) }
        var writer = FrameWriter(swap: axis == .y, path: path)
        if connect { writer.line(frame[0]) } else { writer.move(frame[0]) }
        if frame.count > 1 {
            switch interpolation {
            case .linear: for point in frame.dropFirst() { writer.line(point) }
            case .step: step(frame, fraction: 0.5, writer: &writer)
            case .stepBefore: step(frame, fraction: 0, writer: &writer)
            case .stepAfter: step(frame, fraction: 1, writer: &writer)
            case .monotone: monotone(frame, writer: &writer)
            case .catmullRom: catmullRom(frame, writer: &writer)
            }
        }
        path = writer.path
    }

    /// The path data of a single open curve.
    public func path(_ points: [Point]) -> String {
        var path = PathBuilder()
        append(points, to: &path)
        return path.d
    }

    // MARK: - Interpolations (in the x-independent frame)

    /// The value changes `fraction` of the way from one point to the next (0: at once, 1: at the next point).
    private func step(_ points: [Point], fraction: Double, writer: inout FrameWriter) {
        for index in 1..<points.count {
            let previous = points[index - 1]
            let point = points[index]
            let turn = previous.x + (point.x - previous.x) * fraction
            if fraction > 0 { writer.line(Point(turn, previous.y)) }
            if fraction < 1 { writer.line(Point(turn, point.y)) }
            writer.line(point)
        }
    }

    /// Fritsch–Carlson monotone cubic interpolation: passes through every point and never overshoots, so a
    /// smoothed series never shows a peak or dip the data does not have.
    private func monotone(_ points: [Point], writer: inout FrameWriter) {
        let n = points.count
        if n == 2 {
            writer.line(points[1])
            return
        }
        var secants = [Double](repeating: 0, count: n - 1)
        for k in 0..<(n - 1) {
            let dx = points[k + 1].x - points[k].x
            secants[k] = dx == 0 ? 0 : (points[k + 1].y - points[k].y) / dx
        }
        var tangents = [Double](repeating: 0, count: n)
        tangents[0] = secants[0]
        tangents[n - 1] = secants[n - 2]
        for k in 1..<(n - 1) {
            tangents[k] = secants[k - 1] * secants[k] <= 0 ? 0 : (secants[k - 1] + secants[k]) / 2
        }
        for k in 0..<(n - 1) {
            if secants[k] == 0 {
                tangents[k] = 0
                tangents[k + 1] = 0
                continue
            }
            let a = tangents[k] / secants[k]
            let b = tangents[k + 1] / secants[k]
            let sum = a * a + b * b
            if sum > 9 {
                let t = 3 / sqrt(sum)
                tangents[k] = t * a * secants[k]
                tangents[k + 1] = t * b * secants[k]
            }
        }
        for k in 0..<(n - 1) {
            let p0 = points[k]
            let p1 = points[k + 1]
            let third = (p1.x - p0.x) / 3
            if third == 0 {
                writer.line(p1)
                continue
            }
            writer.curve(
                to: p1,
                Point(p0.x + third, p0.y + tangents[k] * third),
                Point(p1.x - third, p1.y - tangents[k + 1] * third)
            )
        }
    }

    /// Centripetal Catmull–Rom (α = ½) converted to cubic Béziers: smooth through every point, without the
    /// loops and cusps of the uniform variant.
    private func catmullRom(_ points: [Point], writer: inout FrameWriter) {
        let n = points.count
        let alpha = 0.5
        func distance(_ a: Point, _ b: Point) -> Double {
            pow((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y), alpha / 2)
        }
        let epsilon = 1e-9
        for k in 0..<(n - 1) {
            let p1 = points[k]
            let p2 = points[k + 1]
            let p0 = k > 0 ? points[k - 1] : p1
            let p3 = k + 2 < n ? points[k + 2] : p2
            let d1 = distance(p0, p1)
            let d2 = distance(p1, p2)
            let d3 = distance(p2, p3)
            var c1 = p1
            var c2 = p2
            if d1 > epsilon {
                let weight = 2 * d1 * d1 + 3 * d1 * d2 + d2 * d2
                let denominator = 3 * d1 * (d1 + d2)
                c1 = Point(
                    (d1 * d1 * p2.x - d2 * d2 * p0.x + weight * p1.x) / denominator,
                    (d1 * d1 * p2.y - d2 * d2 * p0.y + weight * p1.y) / denominator
                )
            }
            if d3 > epsilon {
                let weight = 2 * d3 * d3 + 3 * d3 * d2 + d2 * d2
                let denominator = 3 * d3 * (d3 + d2)
                c2 = Point(
                    (d3 * d3 * p1.x - d2 * d2 * p3.x + weight * p2.x) / denominator,
                    (d3 * d3 * p1.y - d2 * d2 * p3.y + weight * p2.y) / denominator
                )
            }
            writer.curve(to: p2, c1, c2)
        }
    }
}

/// Writes points of the x-independent frame into a path, swapping coordinates back when the curve runs along y.
private struct FrameWriter {
    let swap: Bool
    var path: PathBuilder

    mutating func move(_ p: Point) {
        swap ? path.move(to: p.y, p.x) : path.move(to: p.x, p.y)
    }

    mutating func line(_ p: Point) {
        swap ? path.line(to: p.y, p.x) : path.line(to: p.x, p.y)
    }

    mutating func curve(to p: Point, _ c1: Point, _ c2: Point) {
        if swap {
            path.curve(to: p.y, p.x, control1: c1.y, c1.x, control2: c2.y, c2.x)
        } else {
            path.curve(to: p.x, p.y, control1: c1.x, c1.y, control2: c2.x, c2.y)
        }
    }
}
