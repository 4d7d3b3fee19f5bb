#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether a point lies inside a polygon on the sphere (d3-geo's `polygonContains`): the polygon's winding
/// around the south pole decides which side holds the pole, then the crossings of the meridian from the point to
/// the pole decide the point's side. Rings are in radians, without their closing point.
enum PolygonContains {
    static func longitude(_ lambda: Double) -> Double {
        abs(lambda) <= GeoMath.pi
            ? lambda : GeoMath.sign(lambda) * (GeoMath.remainder(abs(lambda) + GeoMath.pi, GeoMath.tau) - GeoMath.pi)
    }

    static func contains(_ polygon: [[(Double, Double)]], point: (Double, Double)) -> Bool {
        let lambda = longitude(point.0)
        var phi = point.1
        let sinPhi = sin(phi)
        let normal = Vector3(sin(lambda), -cos(lambda), 0)
        var angle = 0.0
        var winding = 0
        var sum = NeumaierSum()
        if sinPhi == 1 {
            phi = GeoMath.halfPi + GeoMath.epsilon
        } else if sinPhi == -1 {
            phi = -GeoMath.halfPi - GeoMath.epsilon
        }
        for ring in polygon {
            guard var point0 = ring.last else { continue }
            var lambda0 = longitude(point0.0)
            let phi0 = point0.1 / 2 + GeoMath.quarterPi
            var sinPhi0 = sin(phi0)
            var cosPhi0 = cos(phi0)
            for point1 in ring {
                let lambda1 = longitude(point1.0)
                let phi1 = point1.1 / 2 + GeoMath.quarterPi
                let sinPhi1 = sin(phi1)
                let cosPhi1 = cos(phi1)
                let delta = lambda1 - lambda0
                let sign: Double = delta >= 0 ? 1 : -1
                let absDelta = sign * delta
                let antimeridian = absDelta > GeoMath.pi
                let k = sinPhi0 * sinPhi1
                sum.add(atan2(k * sign * sin(absDelta), cosPhi0 * cosPhi1 + k * cos(absDelta)))
                angle += antimeridian ? delta + sign * GeoMath.tau : delta
                if (antimeridian != (lambda0 >= lambda)) != (lambda1 >= lambda) {
                    let arc = Vector3(spherical: point0.0, point0.1).cross(Vector3(spherical: point1.0, point1.1)).normalized
                    let intersection = normal.cross(arc).normalized
                    let flip = antimeridian != (delta >= 0)
                    let phiArc = (flip ? -1 : 1) * GeoMath.asinClamped(intersection.z)
                    if phi > phiArc || (phi == phiArc && (arc.x != 0 || arc.y != 0)) {
                        winding += flip ? 1 : -1
                    }
                }
                lambda0 = lambda1
                sinPhi0 = sinPhi1
                cosPhi0 = cosPhi1
                point0 = point1
            }
        }
        let southPoleInside = angle < -GeoMath.epsilon || (angle < GeoMath.epsilon && sum.value < -GeoMath.epsilon2)
        return southPoleInside != (winding & 1 != 0)
    }
}

/// A compensated sum (Neumaier), standing in for d3-array's exact `Adder` where small signed areas decide.
struct NeumaierSum {
    private var sum = 0.0
    private var compensation = 0.0

    mutating func add(_ x: Double) {
        let t = sum + x
        if abs(sum) >= abs(x) {
            compensation += (sum - t) + x
        } else {
            compensation += (x - t) + sum
        }
        sum = t
    }

    var value: Double { sum + compensation }
}
