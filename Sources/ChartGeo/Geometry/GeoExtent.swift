#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A longitude/latitude box (degrees) that holds every point a projection's stream can reach from a geometry:
/// its positions and the great-circle arcs between them, which resampling follows. It lets albersUsa skip an
/// inset that provably draws nothing (`AlbersUsaProjection`), so only shapes the box can vouch for have one:
/// - the longitudes span less than 179° without wrapping, so every arc stays between its ends' longitudes;
/// - the latitudes, widened by half the longest step (no point of an arc is farther than that from an end),
///   stay within ±89°, so no arc passes a pole;
/// - every polygon winds clockwise by a clear margin (d3-geo's winding sum), so none holds a pole, which the clip
///   on the sphere would draw as the whole map's outline.
/// A shape that fails any of these (a ring across the antimeridian, Antarctica, a ring wound the other way, a
/// sliver) has no extent and is streamed through every inset, as d3-geo streams everything.
public struct GeoExtent: Sendable, Equatable {
    public var west: Double
    public var east: Double
    public var south: Double
    public var north: Double

    public init(west: Double, east: Double, south: Double, north: Double) {
        self.west = west
        self.east = east
        self.south = south
        self.north = north
    }

    /// The extent of a geometry, or nil when the box cannot vouch for its stream (see the type's comment).
    public init?(_ geometry: GeoGeometry) {
        var measure = Measure()
        guard measure.add(geometry), measure.west <= measure.east, measure.south <= measure.north else { return nil }
        let pad = measure.longestStep / 2 + 1e-9
        guard measure.east - measure.west < 179, measure.south - pad > -89, measure.north + pad < 89 else { return nil }
        self.init(west: measure.west, east: measure.east, south: measure.south - pad, north: measure.north + pad)
    }

    /// The walk over a geometry's positions: the box, the longest step, and whether every polygon is clockwise.
    private struct Measure {
        var west = Double.infinity
        var east = -Double.infinity
        var south = Double.infinity
        var north = -Double.infinity
        /// The longest |Δλ| + |Δφ| between neighbours (degrees): at least the arc's length.
        var longestStep = 0.0

        /// False when the geometry cannot have an extent.
        mutating func add(_ geometry: GeoGeometry) -> Bool {
            switch geometry {
            case .point(let p): return include(p)
            case .multiPoint(let points): return points.allSatisfy { include($0) }
            case .lineString(let points): return run(points, ring: false)
            case .multiLineString(let lines): return lines.allSatisfy { run($0, ring: false) }
            case .polygon(let rings): return polygon(rings)
            case .multiPolygon(let polygons): return polygons.allSatisfy { polygon($0) }
            case .collection(let members): return members.allSatisfy { add($0) }
            case .sphere: return false
            }
        }

        mutating func include(_ p: GeoPosition) -> Bool {
            guard p.longitude.isFinite, p.latitude.isFinite else { return false }
            west = min(west, p.longitude)
            east = max(east, p.longitude)
            south = min(south, p.latitude)
            north = max(north, p.latitude)
            return true
        }

        mutating func step(_ a: GeoPosition, _ b: GeoPosition) {
            longestStep = max(longestStep, abs(b.longitude - a.longitude) + abs(b.latitude - a.latitude))
        }

        /// A line's positions and the steps between them; a ring also has the edge resampling closes it with,
        /// from its last position but one (the stream leaves out the closing position) back to its first.
        mutating func run(_ points: [GeoPosition], ring: Bool) -> Bool {
            for (i, p) in points.enumerated() {
                guard include(p) else { return false }
                if i > 0 { step(points[i - 1], p) }
            }
            if ring, points.count >= 2 { step(points[points.count - 2], points[0]) }
            return true
        }

        mutating func polygon(_ rings: [[GeoPosition]]) -> Bool {
            guard rings.allSatisfy({ run($0, ring: true) }) else { return false }
            return Self.isClockwise(rings)
        }

        /// Whether the polygon's winding sum (d3-geo's `polygonContains` sum, taken here before the rotation) is
        /// positive by far more than the rotation's rounding can move it: then the clip finds the south pole
        /// outside. The rings go as the stream tells them, without their closing position.
        static func isClockwise(_ rings: [[GeoPosition]]) -> Bool {
            var sum = NeumaierSum()
            var count = 0
            for ring in rings {
                let points = ring.dropLast()
                guard let last = points.last else { continue }
                var lambda0 = last.longitude * GeoMath.radians
                let phi0 = last.latitude * GeoMath.radians / 2 + GeoMath.quarterPi
                var sinPhi0 = sin(phi0)
                var cosPhi0 = cos(phi0)
                for p in points {
                    let lambda1 = p.longitude * GeoMath.radians
                    let phi1 = p.latitude * GeoMath.radians / 2 + GeoMath.quarterPi
                    let sinPhi1 = sin(phi1)
                    let cosPhi1 = cos(phi1)
                    let delta = lambda1 - lambda0
                    let sign: Double = delta >= 0 ? 1 : -1
                    let absDelta = sign * delta
                    let k = sinPhi0 * sinPhi1
                    sum.add(atan2(k * sign * sin(absDelta), cosPhi0 * cosPhi1 + k * cos(absDelta)))
                    lambda0 = lambda1
                    sinPhi0 = sinPhi1
                    cosPhi0 = cosPhi1
                }
                count += points.count
            }
            // Each term moves by at most about 1e-15 when the longitudes are rotated first; d3-geo's threshold is
            // -1e-12. The margin is a hundred times the worst drift.
            return sum.value > 1e-12 + Double(count) * 1e-13
        }
    }
}

/// The extents of a map's shapes, measured when first asked for and kept (`ChartSpec.geometries` holds one per
/// shape list): the fit and the drawing of every scene share them. Safe to share between threads.
public final class GeoExtentCache: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var entries: [Int: GeoExtent?] = [:]

    public init() {
        pthread_mutex_init(&mutex, nil)
    }

    deinit { pthread_mutex_destroy(&mutex) }

    /// The extent of shape `index`, which is `geometry`.
    public func extent(_ index: Int, of geometry: GeoGeometry) -> GeoExtent? {
        pthread_mutex_lock(&mutex)
        let known = entries[index]
        pthread_mutex_unlock(&mutex)
        if let known { return known }
        let measured = GeoExtent(geometry)
        pthread_mutex_lock(&mutex)
        entries[index] = measured
        pthread_mutex_unlock(&mutex)
        return measured
    }
}
