#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Adaptive resampling (d3-geo's `resample`): a segment between two projected points is split at its great-circle
/// midpoint while the midpoint lands farther than √δ² pixels from the straight line (δ² = 0.5 by default), or
/// near an end, or the ends are more than 30° apart, up to 16 levels deep, so a long edge (a parallel on a conic
/// map, a country's straight border) curves as the projection curves it.
final class ResampleStream: GeoStream {
    static let maxDepth = 16
    static let cosMinDistance = cos(30 * GeoMath.radians)

    private let project: (Double, Double) -> (x: Double, y: Double)
    private let delta2: Double
    private let sink: GeoStream
    private var inLine = false
    private var inPolygon = false
    private var ringFirst = false
    // The previous point: projected, longitude, and unit vector.
    private var x0 = Double.nan
    private var y0 = Double.nan
    private var lambda0 = 0.0
    private var a0 = 0.0
    private var b0 = 0.0
    private var c0 = 0.0
    // A ring's first point.
    private var x00 = 0.0
    private var y00 = 0.0
    private var lambda00 = 0.0
    private var a00 = 0.0
    private var b00 = 0.0
    private var c00 = 0.0

    init(project: @escaping (Double, Double) -> (x: Double, y: Double), delta2: Double, sink: GeoStream) {
        self.project = project
        self.delta2 = delta2
        self.sink = sink
    }

    func point(_ x: Double, _ y: Double, mark: Int) {
        if inLine {
            linePoint(x, y)
            if ringFirst {
                ringFirst = false
                x00 = x0
                y00 = y0
                lambda00 = x
                a00 = a0
                b00 = b0
                c00 = c0
            }
        } else {
            let p = project(x, y)
            sink.point(p.x, p.y)
        }
    }

    func lineStart() {
        x0 = .nan
        inLine = true
        ringFirst = inPolygon
        sink.lineStart()
    }

    func lineEnd() {
        if inPolygon && !ringFirst && delta2 > 0 {
            resampleLine(x0, y0, lambda0, a0, b0, c0, x00, y00, lambda00, a00, b00, c00, depth: Self.maxDepth)
        }
        inLine = false
        ringFirst = false
        sink.lineEnd()
    }

    func polygonStart() {
        sink.polygonStart()
        inPolygon = true
    }

    func polygonEnd() {
        sink.polygonEnd()
        inPolygon = false
    }

    func sphere() { sink.sphere() }

    private func linePoint(_ lambda: Double, _ phi: Double) {
        let c = Vector3(spherical: lambda, phi)
        let p = project(lambda, phi)
        if delta2 > 0 {
            resampleLine(x0, y0, lambda0, a0, b0, c0, p.x, p.y, lambda, c.x, c.y, c.z, depth: Self.maxDepth)
        }
        x0 = p.x
        y0 = p.y
        lambda0 = lambda
        a0 = c.x
        b0 = c.y
        c0 = c.z
        sink.point(x0, y0)
    }

    private func resampleLine(
        _ x0: Double, _ y0: Double, _ lambda0: Double, _ a0: Double, _ b0: Double, _ c0: Double,
        _ x1: Double, _ y1: Double, _ lambda1: Double, _ a1: Double, _ b1: Double, _ c1: Double, depth: Int
    ) {
        let dx = x1 - x0
        let dy = y1 - y0
        let d2 = dx * dx + dy * dy
        guard d2 > 4 * delta2, depth > 0 else { return }
        let a = a0 + a1
        let b = b0 + b1
        var c = c0 + c1
        let m = (a * a + b * b + c * c).squareRoot()
        c /= m
        let phi2 = GeoMath.asinClamped(c)
        let lambda2 =
            abs(abs(c) - 1) < GeoMath.epsilon || abs(lambda0 - lambda1) < GeoMath.epsilon ? (lambda0 + lambda1) / 2 : atan2(b, a)
        let p = project(lambda2, phi2)
        let x2 = p.x
        let y2 = p.y
        let dx2 = x2 - x0
        let dy2 = y2 - y0
        let dz = dy * dx2 - dx * dy2
        if dz * dz / d2 > delta2 || abs((dx * dx2 + dy * dy2) / d2 - 0.5) > 0.3 || a0 * a1 + b0 * b1 + c0 * c1 < Self.cosMinDistance {
            let am = a / m
            let bm = b / m
            resampleLine(x0, y0, lambda0, a0, b0, c0, x2, y2, lambda2, am, bm, c, depth: depth - 1)
            sink.point(x2, y2)
            resampleLine(x2, y2, lambda2, am, bm, c, x1, y1, lambda1, a1, b1, c1, depth: depth - 1)
        }
    }
}
