#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A projection's formula alone: longitude λ and latitude φ in radians to a point on a unit-scale plane with y
/// up (d3-geo's "raw" projections). Scale, translation, rotation and clipping are `Projection`'s.
protocol RawProjection: Sendable {
    func project(_ lambda: Double, _ phi: Double) -> (x: Double, y: Double)
}

/// Plate carrée: x = λ, y = φ.
struct EquirectangularRaw: RawProjection {
    func project(_ lambda: Double, _ phi: Double) -> (x: Double, y: Double) { (lambda, phi) }
}

/// Mercator: conformal, y = ln tan(π/4 + φ/2).
struct MercatorRaw: RawProjection {
    func project(_ lambda: Double, _ phi: Double) -> (x: Double, y: Double) {
        (lambda, log(tan((GeoMath.halfPi + phi) / 2)))
    }
}

/// Transverse Mercator: Mercator turned a quarter, so a meridian is its line of true scale.
struct TransverseMercatorRaw: RawProjection {
    func project(_ lambda: Double, _ phi: Double) -> (x: Double, y: Double) {
        (log(tan((GeoMath.halfPi + phi) / 2)), -lambda)
    }
}

/// Lambert's cylindrical equal-area with a standard parallel φ0 (what a conic equal-area becomes when its
/// parallels are symmetric about the equator).
struct CylindricalEqualAreaRaw: RawProjection {
    let cosPhi0: Double

    init(phi0: Double) { cosPhi0 = cos(phi0) }

    func project(_ lambda: Double, _ phi: Double) -> (x: Double, y: Double) {
        (lambda * cosPhi0, sin(phi) / cosPhi0)
    }
}

/// Albers' conic equal-area projection with standard parallels φ0 and φ1.
struct ConicEqualAreaRaw: RawProjection {
    let n: Double
    let c: Double
    let r0: Double

    /// The projection for the parallels: a cylindrical equal-area one when they are symmetric about the equator.
    static func make(_ phi0: Double, _ phi1: Double) -> any RawProjection {
        let sy0 = sin(phi0)
        let n = (sy0 + sin(phi1)) / 2
        if abs(n) < GeoMath.epsilon { return CylindricalEqualAreaRaw(phi0: phi0) }
        let c = 1 + sy0 * (2 * n - sy0)
        return ConicEqualAreaRaw(n: n, c: c, r0: c.squareRoot() / n)
    }

    func project(_ lambda: Double, _ phi: Double) -> (x: Double, y: Double) {
        let r = (c - 2 * n * sin(phi)).squareRoot() / n
        let x = lambda * n
        return (r * sin(x), r0 - r * cos(x))
    }
}

/// Lambert's conformal conic projection with standard parallels φ0 and φ1 (Mercator when n is 0).
struct ConicConformalRaw: RawProjection {
    let n: Double
    let f: Double

    static func tany(_ y: Double) -> Double { tan((GeoMath.halfPi + y) / 2) }

    static func make(_ phi0: Double, _ phi1: Double) -> any RawProjection {
        let cy0 = cos(phi0)
        let n = phi0 == phi1 ? sin(phi0) : log(cy0 / cos(phi1)) / log(tany(phi1) / tany(phi0))
        if n == 0 || n.isNaN { return MercatorRaw() }
        return ConicConformalRaw(n: n, f: cy0 * pow(tany(phi0), n) / n)
    }

    func project(_ lambda: Double, _ phi: Double) -> (x: Double, y: Double) {
        var y = phi
        if f > 0 {
            if y < -GeoMath.halfPi + GeoMath.epsilon { y = -GeoMath.halfPi + GeoMath.epsilon }
        } else if y > GeoMath.halfPi - GeoMath.epsilon {
            y = GeoMath.halfPi - GeoMath.epsilon
        }
        let r = f / pow(Self.tany(y), n)
        return (r * sin(n * lambda), f - r * cos(n * lambda))
    }
}

/// Šavrič, Patterson and Jenny's Equal Earth (2018): equal-area, a world map's default.
struct EqualEarthRaw: RawProjection {
    static let a1 = 1.340264
    static let a2 = -0.081106
    static let a3 = 0.000893
    static let a4 = 0.003796
    static let m = 3.0.squareRoot() / 2

    func project(_ lambda: Double, _ phi: Double) -> (x: Double, y: Double) {
        let l = GeoMath.asinClamped(Self.m * sin(phi))
        let l2 = l * l
        let l6 = l2 * l2 * l2
        return (
            lambda * cos(l) / (Self.m * (Self.a1 + 3 * Self.a2 * l2 + l6 * (7 * Self.a3 + 9 * Self.a4 * l2))),
            l * (Self.a1 + Self.a2 * l2 + l6 * (Self.a3 + Self.a4 * l2))
        )
    }
}

/// Šavrič, Jenny, Patterson and Hurni's Natural Earth (version 1), a polynomial compromise projection.
struct NaturalEarth1Raw: RawProjection {
    func project(_ lambda: Double, _ phi: Double) -> (x: Double, y: Double) {
        let phi2 = phi * phi
        let phi4 = phi2 * phi2
        let x = lambda * (0.8707 - 0.131979 * phi2 + phi4 * (-0.013791 + phi4 * (0.003971 * phi2 - 0.001529 * phi4)))
        let y = phi * (1.007226 + phi2 * (0.015085 + phi4 * (-0.044475 + 0.028874 * phi2 - 0.005916 * phi4)))
        return (x, y)
    }
}

/// The orthographic projection: the globe seen from infinitely far away (only its front half is drawn).
struct OrthographicRaw: RawProjection {
    func project(_ lambda: Double, _ phi: Double) -> (x: Double, y: Double) {
        (cos(phi) * sin(lambda), sin(phi))
    }
}
