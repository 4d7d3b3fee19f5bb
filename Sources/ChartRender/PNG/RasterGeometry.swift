import ChartFormat

/// A 2-D affine transform (x' = a x + c y + e, y' = b x + d y + f), as SVG's and PDF's matrices.
struct RasterTransform: Equatable {
    var a = 1.0, b = 0.0, c = 0.0, d = 1.0, e = 0.0, f = 0.0

    static let identity = RasterTransform()

    static func scale(_ s: Double) -> RasterTransform { RasterTransform(a: s, d: s) }

    @inline(__always)
    func apply(_ x: Double, _ y: Double) -> (Double, Double) { (a * x + c * y + e, b * x + d * y + f) }

    /// `other` applied first, then this transform.
    func concatenating(_ other: RasterTransform) -> RasterTransform {
        RasterTransform(
            a: a * other.a + c * other.b, b: b * other.a + d * other.b, c: a * other.c + c * other.d, d: b * other.c + d * other.d,
            e: a * other.e + c * other.f + e, f: b * other.e + d * other.f + f)
    }

    func translated(_ dx: Double, _ dy: Double) -> RasterTransform { concatenating(RasterTransform(e: dx, f: dy)) }

    /// How much the transform enlarges lengths (the square root of its determinant), for flattening tolerances
    /// and stroke widths.
    var scale: Double { abs(a * d - b * c).squareRoot() }
}

/// A point in the rasterizer's coordinates.
struct RasterPoint: Equatable {
    var x: Double
    var y: Double
}

/// A path flattened to polylines: each subpath its points and whether it was closed. Curves become line
/// segments no farther than `tolerance` from the curve.
struct RasterPolylines {
    var subpaths: [(points: [RasterPoint], closed: Bool)] = []

    init() {}

    /// Flattens path segments (in their own coordinates) to polylines, `tolerance` in the same units.
    init(_ segments: [PDFPath.Segment], tolerance: Double) {
        var current: [RasterPoint] = []
        var start = RasterPoint(x: 0, y: 0)
        var last = start
        func finish(closed: Bool) {
            if !current.isEmpty { subpaths.append((current, closed)) }
            current = []
        }
        for segment in segments {
            switch segment {
            case .move(let x, let y):
                finish(closed: false)
                start = RasterPoint(x: x, y: y)
                last = start
                current = [start]
            case .line(let x, let y):
                if current.isEmpty { current = [last] }
                last = RasterPoint(x: x, y: y)
                current.append(last)
            case .curve(let x1, let y1, let x2, let y2, let x, let y):
                if current.isEmpty { current = [last] }
                let end = RasterPoint(x: x, y: y)
                Self.flattenCubic(last, RasterPoint(x: x1, y: y1), RasterPoint(x: x2, y: y2), end, tolerance: tolerance, into: &current)
                last = end
            case .close:
                if !current.isEmpty {
                    finish(closed: true)
                }
                last = start
            }
        }
        finish(closed: false)
    }

    /// Appends the points of a cubic Bézier after `p0` (which is already there).
    static func flattenCubic(
        _ p0: RasterPoint, _ p1: RasterPoint, _ p2: RasterPoint, _ p3: RasterPoint, tolerance: Double, into points: inout [RasterPoint]
    ) {
        // The largest second difference bounds the distance of the chords to the curve.
        let ddx = max(abs(p0.x - 2 * p1.x + p2.x), abs(p1.x - 2 * p2.x + p3.x))
        let ddy = max(abs(p0.y - 2 * p1.y + p2.y), abs(p1.y - 2 * p2.y + p3.y))
        let deviation = (ddx * ddx + ddy * ddy).squareRoot() * 0.75
        let wanted = (deviation / max(tolerance, 1e-6)).squareRoot().rounded(.up)
        let count = max(1, min(256, NumberConversion.clamped(wanted, nanValue: 1)))
        for step in 1...count {
            let t = Double(step) / Double(count)
            let u = 1 - t
            let w0 = u * u * u, w1 = 3 * u * u * t, w2 = 3 * u * t * t, w3 = t * t * t
            points.append(RasterPoint(x: w0 * p0.x + w1 * p1.x + w2 * p2.x + w3 * p3.x, y: w0 * p0.y + w1 * p1.y + w2 * p2.y + w3 * p3.y))
        }
    }

    /// The same polylines, every point transformed.
    func transformed(_ transform: RasterTransform) -> RasterPolylines {
        guard transform != .identity else { return self }
        var result = RasterPolylines()
        result.subpaths = subpaths.map { subpath in
            (
                subpath.points.map { point in
                    let (x, y) = transform.apply(point.x, point.y)
                    return RasterPoint(x: x, y: y)
                }, subpath.closed
            )
        }
        return result
    }
}
