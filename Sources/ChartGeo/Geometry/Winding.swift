#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Polygon winding as d3-geo reads it: on the sphere a ring encloses the area to its right when walked in order
/// (clockwise exteriors), the opposite of RFC 7946's counter-clockwise rule. A GeoJSON file that follows the RFC
/// would otherwise fill the whole world except each country; so a polygon whose exterior ring encloses more than
/// a hemisphere is taken as wound the other way and reversed, ring by ring (a shape larger than a hemisphere is
/// not a region anyone colours on a choropleth).
enum Winding {
    /// The area the ring encloses on the unit sphere (steradians, 0 to 4π), as d3-geo's `geoArea` measures it.
    static func area(of ring: [GeoPosition]) -> Double {
        guard ring.count > 2 else { return 0 }
        var sum = NeumaierSum()
        // d3 streams a ring without its closing position, then closes it back to the first.
        let count = ring.first == ring.last ? ring.count - 1 : ring.count
        guard count > 0 else { return 0 }
        var lambda0 = ring[count - 1].longitude * GeoMath.radians
        var phi0 = ring[count - 1].latitude * GeoMath.radians / 2 + GeoMath.quarterPi
        var cosPhi0 = cos(phi0)
        var sinPhi0 = sin(phi0)
        for i in 0..<count {
            let lambda = ring[i].longitude * GeoMath.radians
            let phi = ring[i].latitude * GeoMath.radians / 2 + GeoMath.quarterPi
            let dLambda = lambda - lambda0
            let sdLambda: Double = dLambda >= 0 ? 1 : -1
            let adLambda = sdLambda * dLambda
            let cosPhi = cos(phi)
            let sinPhi = sin(phi)
            let k = sinPhi0 * sinPhi
            let u = cosPhi0 * cosPhi + k * cos(adLambda)
            let v = k * sdLambda * sin(adLambda)
            sum.add(atan2(v, u))
            lambda0 = lambda
            phi0 = phi
            cosPhi0 = cosPhi
            sinPhi0 = sinPhi
        }
        let total = sum.value
        return 2 * (total < 0 ? GeoMath.tau + total : total)
    }

    /// The rings in d3-geo's winding: reversed when the exterior encloses more than a hemisphere.
    static func normalized(_ rings: [[GeoPosition]]) -> [[GeoPosition]] {
        guard let exterior = rings.first, area(of: exterior) > GeoMath.tau + GeoMath.epsilon else { return rings }
        return rings.map { Array($0.reversed()) }
    }

    static func normalized(_ geometry: GeoGeometry) -> GeoGeometry {
        switch geometry {
        case .polygon(let rings): .polygon(normalized(rings))
        case .multiPolygon(let polygons): .multiPolygon(polygons.map(normalized))
        case .collection(let members): .collection(members.map(normalized))
        default: geometry
        }
    }
}
