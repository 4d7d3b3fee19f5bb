#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Cuts geometry at the antimeridian (±180°) before projection, as d3-geo's `clipAntimeridian` does, so a
/// polygon that crosses it (Russia, Fiji, Antarctica) is drawn as pieces at both edges of the map, never as a
/// band across the whole map.
struct AntimeridianClip: SphereClipEdge {
    var start: (Double, Double) { (-GeoMath.pi, -GeoMath.halfPi) }

    func visible(_ lambda: Double, _ phi: Double) -> Bool { true }

    func cutter(into stream: GeoStream) -> ClipLineCutter { AntimeridianCutter(stream: stream) }

    func interpolate(from: ClipPoint?, to: ClipPoint?, direction: Int, stream: GeoStream) {
        let pi = GeoMath.pi
        guard let from, let to else {
            let phi = Double(direction) * GeoMath.halfPi
            stream.point(-pi, phi)
            stream.point(0, phi)
            stream.point(pi, phi)
            stream.point(pi, 0)
            stream.point(pi, -phi)
            stream.point(0, -phi)
            stream.point(-pi, -phi)
            stream.point(-pi, 0)
            stream.point(-pi, phi)
            return
        }
        if abs(from.x - to.x) > GeoMath.epsilon {
            let lambda = from.x < to.x ? pi : -pi
            let phi = Double(direction) * lambda / 2
            stream.point(-lambda, phi)
            stream.point(0, phi)
            stream.point(lambda, phi)
        } else {
            stream.point(to.x, to.y)
        }
    }

    /// The latitude where the great circle from (λ0, φ0) to (λ1, φ1) meets the antimeridian.
    static func intersect(_ lambda0: Double, _ phi0: Double, _ lambda1: Double, _ phi1: Double) -> Double {
        let sinLambda0Lambda1 = sin(lambda0 - lambda1)
        guard abs(sinLambda0Lambda1) > GeoMath.epsilon else { return (phi0 + phi1) / 2 }
        let cosPhi0 = cos(phi0)
        let cosPhi1 = cos(phi1)
        return atan((sin(phi0) * cosPhi1 * sin(lambda1) - sin(phi1) * cosPhi0 * sin(lambda0)) / (cosPhi0 * cosPhi1 * sinLambda0Lambda1))
    }
}

/// The line cutter of `AntimeridianClip`: a segment whose longitudes jump by π or more crosses the antimeridian
/// (or, by exactly π, a pole) and is split there.
final class AntimeridianCutter: ClipLineCutter {
    private let stream: GeoStream
    private var lambda0 = Double.nan
    private var phi0 = Double.nan
    private var sign0 = Double.nan
    private var cleanFlag = 1

    init(stream: GeoStream) { self.stream = stream }

    var clean: Int { 2 - cleanFlag }

    func lineStart() {
        stream.lineStart()
        cleanFlag = 1
    }

    func point(_ lambda: Double, _ phi1: Double) {
        var lambda1 = lambda
        let pi = GeoMath.pi
        let sign1 = lambda1 > 0 ? pi : -pi
        let delta = abs(lambda1 - lambda0)
        if abs(delta - pi) < GeoMath.epsilon {
            // Through a pole.
            phi0 = (phi0 + phi1) / 2 > 0 ? GeoMath.halfPi : -GeoMath.halfPi
            stream.point(lambda0, phi0)
            stream.point(sign0, phi0)
            stream.lineEnd()
            stream.lineStart()
            stream.point(sign1, phi0)
            stream.point(lambda1, phi0)
            cleanFlag = 0
        } else if sign0 != sign1 && delta >= pi {
            // Across the antimeridian.
            if abs(lambda0 - sign0) < GeoMath.epsilon { lambda0 -= sign0 * GeoMath.epsilon }
            if abs(lambda1 - sign1) < GeoMath.epsilon { lambda1 -= sign1 * GeoMath.epsilon }
            phi0 = AntimeridianClip.intersect(lambda0, phi0, lambda1, phi1)
            stream.point(sign0, phi0)
            stream.lineEnd()
            stream.lineStart()
            stream.point(sign1, phi0)
            cleanFlag = 0
        }
        lambda0 = lambda1
        phi0 = phi1
        stream.point(lambda0, phi0)
        sign0 = sign1
    }

    func lineEnd() {
        stream.lineEnd()
        lambda0 = .nan
        phi0 = .nan
    }
}
