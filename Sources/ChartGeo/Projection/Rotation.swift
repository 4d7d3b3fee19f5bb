#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A rotation of the sphere by three angles (radians): λ about the polar axis, then φ and γ (d3-geo's
/// `rotateRadians`), so the projection's centre of interest can be any point and any heading.
struct Rotation: Sendable {
    let deltaLambda: Double
    let rotatesLambda: Bool
    let rotatesPhiGamma: Bool
    let cosDeltaPhi: Double
    let sinDeltaPhi: Double
    let cosDeltaGamma: Double
    let sinDeltaGamma: Double

    init(_ deltaLambda: Double, _ deltaPhi: Double, _ deltaGamma: Double) {
        let lambda = GeoMath.remainder(deltaLambda, GeoMath.tau)
        self.deltaLambda = lambda
        rotatesLambda = lambda != 0
        rotatesPhiGamma = deltaPhi != 0 || deltaGamma != 0
        cosDeltaPhi = cos(deltaPhi)
        sinDeltaPhi = sin(deltaPhi)
        cosDeltaGamma = cos(deltaGamma)
        sinDeltaGamma = sin(deltaGamma)
    }

    /// JavaScript's `Math.round`: halves go up.
    static func jsRound(_ x: Double) -> Double { (x + 0.5).rounded(.down) }

    func callAsFunction(_ lambda: Double, _ phi: Double) -> (Double, Double) {
        var l = lambda
        var p = phi
        if rotatesLambda {
            l += deltaLambda
            if abs(l) > GeoMath.pi { l -= Self.jsRound(l / GeoMath.tau) * GeoMath.tau }
        } else if !rotatesPhiGamma {
            if abs(l) > GeoMath.pi { l -= Self.jsRound(l / GeoMath.tau) * GeoMath.tau }
            return (l, p)
        }
        if rotatesPhiGamma {
            let cosPhi = cos(p)
            let x = cos(l) * cosPhi
            let y = sin(l) * cosPhi
            let z = sin(p)
            let k = z * cosDeltaPhi + x * sinDeltaPhi
            l = atan2(y * cosDeltaGamma - k * sinDeltaGamma, x * cosDeltaPhi - z * sinDeltaPhi)
            p = GeoMath.asinClamped(k * cosDeltaGamma + y * sinDeltaGamma)
        }
        return (l, p)
    }

    /// The inverse rotation (used to find where the map's centre sits on the sphere).
    func invert(_ lambda: Double, _ phi: Double) -> (Double, Double) {
        var l = lambda
        var p = phi
        if rotatesPhiGamma {
            let cosPhi = cos(p)
            let x = cos(l) * cosPhi
            let y = sin(l) * cosPhi
            let z = sin(p)
            let k = z * cosDeltaGamma - y * sinDeltaGamma
            l = atan2(y * cosDeltaGamma + z * sinDeltaGamma, x * cosDeltaPhi + k * sinDeltaPhi)
            p = GeoMath.asinClamped(k * cosDeltaPhi - x * sinDeltaPhi)
        }
        if rotatesLambda {
            l -= deltaLambda
            if abs(l) > GeoMath.pi { l -= Self.jsRound(l / GeoMath.tau) * GeoMath.tau }
        } else if !rotatesPhiGamma {
            if abs(l) > GeoMath.pi { l -= Self.jsRound(l / GeoMath.tau) * GeoMath.tau }
        }
        return (l, p)
    }
}
