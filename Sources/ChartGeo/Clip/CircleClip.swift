#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Clips geometry to a small circle of `radius` (radians) around the projection's centre, as d3-geo's
/// `clipCircle` does: an orthographic globe (radius 90°) shows only the hemisphere that faces the reader, its
/// polygons closed along the horizon.
struct CircleClip: SphereClipEdge {
    let radius: Double
    let cr: Double
    let smallRadius: Bool
    let notHemisphere: Bool
    static let delta = 2 * GeoMath.radians

    init(radius: Double) {
        self.radius = radius
        cr = cos(radius)
        smallRadius = cr > 0
        notHemisphere = abs(cr) > GeoMath.epsilon
    }

    var start: (Double, Double) { smallRadius ? (0, -radius) : (-GeoMath.pi, radius - GeoMath.pi) }

    func visible(_ lambda: Double, _ phi: Double) -> Bool { cos(lambda) * cos(phi) > cr }

    func cutter(into stream: GeoStream) -> ClipLineCutter { CircleCutter(clip: self, stream: stream) }

    func interpolate(from: ClipPoint?, to: ClipPoint?, direction: Int, stream: GeoStream) {
        CircleStream.stream(stream, radius: radius, delta: Self.delta, direction: Double(direction), from: from, to: to)
    }

    /// Where the great circle from `a` to `b` meets the clip circle: the first meeting point, or with `two` both
    /// when both lie between `a` and `b`.
    func intersect(_ a: ClipPoint, _ b: ClipPoint, two: Bool) -> [ClipPoint]? {
        let pa = Vector3(spherical: a.x, a.y)
        let pb = Vector3(spherical: b.x, b.y)
        let n1 = Vector3(1, 0, 0)
        let n2 = pa.cross(pb)
        let n2n2 = n2.dot(n2)
        let n1n2 = n2.x
        let determinant = n2n2 - n1n2 * n1n2
        if determinant == 0 { return two ? nil : [a] }
        let c1 = cr * n2n2 / determinant
        let c2 = -cr * n1n2 / determinant
        let u = n1.cross(n2)
        let aPoint = n1.scaled(c1) + n2.scaled(c2)
        let w = aPoint.dot(u)
        let uu = u.dot(u)
        let t2 = w * w - uu * (aPoint.dot(aPoint) - 1)
        if t2 < 0 { return nil }
        let t = t2.squareRoot()
        let q = (u.scaled((-w - t) / uu) + aPoint).spherical
        if !two { return [ClipPoint(x: q.0, y: q.1)] }
        var lambda0 = a.x
        var lambda1 = b.x
        var phi0 = a.y
        var phi1 = b.y
        if lambda1 < lambda0 { swap(&lambda0, &lambda1) }
        let delta = lambda1 - lambda0
        let polar = abs(delta - GeoMath.pi) < GeoMath.epsilon
        let meridian = polar || delta < GeoMath.epsilon
        if !polar && phi1 < phi0 { swap(&phi0, &phi1) }
        let between: Bool
        if meridian {
            if polar {
                between = (phi0 + phi1 > 0) != (q.1 < (abs(q.0 - lambda0) < GeoMath.epsilon ? phi0 : phi1))
            } else {
                between = phi0 <= q.1 && q.1 <= phi1
            }
        } else {
            between = (delta > GeoMath.pi) != (lambda0 <= q.0 && q.0 <= lambda1)
        }
        guard between else { return nil }
        let q1 = (u.scaled((-w + t) / uu) + aPoint).spherical
        return [ClipPoint(x: q.0, y: q.1), ClipPoint(x: q1.0, y: q1.1)]
    }

    /// Four bits placing a point against the small circle's bounding box (left, right, below, above).
    func code(_ lambda: Double, _ phi: Double) -> Int {
        let r = smallRadius ? radius : GeoMath.pi - radius
        var code = 0
        if lambda < -r {
            code |= 1
        } else if lambda > r {
            code |= 2
        }
        if phi < -r {
            code |= 4
        } else if phi > r {
            code |= 8
        }
        return code
    }
}

/// The line cutter of `CircleClip`.
final class CircleCutter: ClipLineCutter {
    private let clip: CircleClip
    private let stream: GeoStream
    private var point0: ClipPoint?
    private var c0 = 0
    private var v0 = false
    private var v00 = false
    private var cleanFlag = 1

    init(clip: CircleClip, stream: GeoStream) {
        self.clip = clip
        self.stream = stream
    }

    /// 1 without intersections; 2 added when the first and last points were visible (their pieces are one).
    var clean: Int { cleanFlag | ((v00 && v0) ? 2 : 0) }

    func lineStart() {
        v00 = false
        v0 = false
        cleanFlag = 1
    }

    func point(_ lambda: Double, _ phi: Double) {
        var point1 = ClipPoint(x: lambda, y: phi)
        let v = clip.visible(lambda, phi)
        let c =
            clip.smallRadius
            ? (v ? 0 : clip.code(lambda, phi))
            : (v ? clip.code(lambda + (lambda < 0 ? GeoMath.pi : -GeoMath.pi), phi) : 0)
        if point0 == nil {
            v00 = v
            v0 = v
            if v { stream.lineStart() }
        }
        if v != v0, let previous = point0 {
            let crossing = clip.intersect(previous, point1, two: false)?.first
            if let crossing {
                if previous.equals(crossing) || point1.equals(crossing) { point1.mark = 1 }
            } else {
                point1.mark = 1
            }
            cleanFlag = 0
            if v {
                // Outside going in.
                stream.lineStart()
                let entry = clip.intersect(point1, previous, two: false)?.first ?? point1
                stream.point(entry.x, entry.y)
                point0 = entry
            } else {
                // Inside going out.
                let exit = crossing ?? previous
                stream.point(exit.x, exit.y, mark: 2)
                stream.lineEnd()
                point0 = exit
            }
        } else if clip.notHemisphere, let previous = point0, clip.smallRadius != v {
            // Both ends on one side, but the segment may still pass through the circle.
            if c & c0 == 0, let t = clip.intersect(point1, previous, two: true), t.count == 2 {
                cleanFlag = 0
                if clip.smallRadius {
                    stream.lineStart()
                    stream.point(t[0].x, t[0].y)
                    stream.point(t[1].x, t[1].y)
                    stream.lineEnd()
                } else {
                    stream.point(t[1].x, t[1].y)
                    stream.lineEnd()
                    stream.lineStart()
                    stream.point(t[0].x, t[0].y, mark: 3)
                }
            }
        }
        if v, point0.map({ !$0.equals(point1) }) ?? true {
            stream.point(point1.x, point1.y)
        }
        point0 = point1
        v0 = v
        c0 = c
    }

    func lineEnd() {
        if v0 { stream.lineEnd() }
        point0 = nil
    }
}

/// Points along a circle of `radius` around [0°, 0°] (d3-geo's `circleStream`): the edge a circle clip walks.
enum CircleStream {
    static func stream(_ stream: GeoStream, radius: Double, delta: Double, direction: Double, from: ClipPoint?, to: ClipPoint?) {
        if delta == 0 { return }
        let cosRadius = cos(radius)
        let sinRadius = sin(radius)
        let step = direction * delta
        var t0: Double
        let t1: Double
        if let from, let to {
            t0 = circleRadius(cosRadius, from)
            t1 = circleRadius(cosRadius, to)
            if direction > 0 ? t0 < t1 : t0 > t1 { t0 += direction * GeoMath.tau }
        } else {
            t0 = radius + direction * GeoMath.tau
            t1 = radius - step / 2
        }
        var t = t0
        while direction > 0 ? t > t1 : t < t1 {
            let p = Vector3(cosRadius, -sinRadius * cos(t), -sinRadius * sin(t)).spherical
            stream.point(p.0, p.1)
            t -= step
        }
    }

    /// The signed angle of a point around the circle, from [cos r, 0, 0].
    static func circleRadius(_ cosRadius: Double, _ point: ClipPoint) -> Double {
        var v = Vector3(spherical: point.x, point.y)
        v.x -= cosRadius
        v = v.normalized
        let radius = GeoMath.acosClamped(-v.y)
        return GeoMath.remainder((-v.z < 0 ? -radius : radius) + GeoMath.tau - GeoMath.epsilon, GeoMath.tau)
    }
}
