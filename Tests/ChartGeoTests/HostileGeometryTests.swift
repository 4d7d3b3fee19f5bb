import ChartGeo
import ChartTestSupport
import Testing

/// Malformed and degenerate geometry through every projection's stream — rings on the poles and the
/// antimeridian, repeated and collinear positions, rings that fold back, single points — ends, and draws only
/// finite pixels: bad shapes are drawn or dropped, never a hang or a NaN in the path.
@Suite struct HostileGeometryTests {
    static let special: [Double] = [0, 180, -180, 90, -90, 179.999999, -179.999999, 89.999999, 1e-9, 45]

    static func coordinate(_ random: inout SeededRandom, limit: Double) -> Double {
        if random.below(3) == 0 {
            let value = special[random.below(special.count)]
            return max(-limit, min(limit, value))
        }
        return (Double(random.below(2_000_001)) / 1_000_000 - 1) * limit
    }

    static func ring(_ random: inout SeededRandom) -> [GeoPosition] {
        var ring: [GeoPosition] = []
        for _ in 0..<(1 + random.below(9)) {
            if let last = ring.last, random.below(5) == 0 {
                ring.append(last)
            } else {
                ring.append(GeoPosition(coordinate(&random, limit: 180), coordinate(&random, limit: 90)))
            }
        }
        if let first = ring.first { ring.append(first) }
        while ring.count < 4, let first = ring.first { ring.append(first) }
        return ring
    }

    @Test func randomShapesEndWithFinitePaths() {
        var random = SeededRandom(seed: 27)
        for iteration in 0..<400 {
            let type = ProjectionType.allCases[iteration % ProjectionType.allCases.count]
            var options = ProjectionOptions(type: type)
            if random.below(2) == 0 {
                options.rotate = [Self.coordinate(&random, limit: 180), Self.coordinate(&random, limit: 90), Self.coordinate(&random, limit: 180)]
            }
            let projection = MapProjection(options)
            let geometry: GeoGeometry
            switch random.below(4) {
            case 0: geometry = .polygon([Self.ring(&random)])
            case 1: geometry = .multiPolygon([[Self.ring(&random), Self.ring(&random)], [Self.ring(&random)]])
            case 2: geometry = .lineString(Array(Self.ring(&random).dropLast()))
            default: geometry = .collection([.point(Self.ring(&random)[0]), .sphere, .multiLineString([Self.ring(&random)])])
            }
            let path = projection.path(geometry)
            let points = path.parts.flatMap(\.points) + path.points
            #expect(points.allSatisfy { $0.x.isFinite && $0.y.isFinite }, "iteration \(iteration): \(type) draws a non-finite point")
            #expect(!path.svgData().contains("nan"), "iteration \(iteration)")
        }
    }

    /// A polygon around the north pole becomes a band to the map's top edge, not a hole in the world.
    @Test func polygonAroundThePoleFillsToTheEdge() throws {
        let ring = stride(from: 180.0, through: -180, by: -30).map { GeoPosition($0, 70) }
        let projection = MapProjection(ProjectionOptions(type: .equirectangular, scale: 1, translate: (0, 0)))
        let path = projection.path(.polygon([ring]))
        let part = try #require(path.parts.first)
        // From 70°N up to the pole: y from -1.22 to -π/2, across the whole width.
        let ys = part.points.map(\.y)
        #expect(path.parts.count == 1)
        #expect(abs((ys.min() ?? 0) + Double.pi / 2) < 1e-6)
        #expect(abs((ys.max() ?? 0) + 70 * Double.pi / 180) < 1e-6)
    }
}
