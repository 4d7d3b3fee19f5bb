/// d3-geo's `geoAlbersUsa`: the lower 48 states in Albers, with Alaska (0.35 × the scale, EPSG:3338's parallels)
/// and Hawaii as insets below, each clipped to its own box so that no shape is drawn twice. Configured for a
/// 960 × 500 map at scale 1070, as d3-geo is.
public struct AlbersUsaProjection: Sendable {
    public var scale: Double = 1070
    public var translate: (x: Double, y: Double) = (480, 250)

    public init() {}

    /// The three projections with the scale, translation and boxes in effect: the lower 48, Alaska, Hawaii.
    var parts: [Projection] {
        let k = scale
        let x = translate.x
        let y = translate.y
        let e = GeoMath.epsilon
        var lower48 = ProjectionType.conic(ConicEqualAreaRaw.make, parallels: (29.5, 45.5))
        lower48.rotate = (96, 0, 0)
        lower48.center = (-0.6, 38.7)
        lower48.scale = k
        lower48.translate = (x, y)
        lower48.clipExtent = (x - 0.455 * k, y - 0.238 * k, x + 0.455 * k, y + 0.238 * k)
        var alaska = ProjectionType.conic(ConicEqualAreaRaw.make, parallels: (55, 65))
        alaska.rotate = (154, 0, 0)
        alaska.center = (-2, 58.5)
        alaska.scale = k * 0.35
        alaska.translate = (x - 0.307 * k, y + 0.201 * k)
        alaska.clipExtent = (x - 0.425 * k + e, y + 0.120 * k + e, x - 0.214 * k - e, y + 0.234 * k - e)
        var hawaii = ProjectionType.conic(ConicEqualAreaRaw.make, parallels: (8, 18))
        hawaii.rotate = (157, 0, 0)
        hawaii.center = (-3, 19.9)
        hawaii.scale = k
        hawaii.translate = (x - 0.205 * k, y + 0.212 * k)
        hawaii.clipExtent = (x - 0.214 * k + e, y + 0.166 * k + e, x - 0.115 * k - e, y + 0.234 * k - e)
        return [lower48, alaska, hawaii]
    }

    /// The point in the first part whose box holds it, or nil (a point outside the United States).
    public func project(_ longitude: Double, _ latitude: Double) -> (x: Double, y: Double)? {
        for part in parts {
            let p = part.project(longitude, latitude)
            if let box = part.clipExtent, box.x0 <= p.x, p.x <= box.x1, box.y0 <= p.y, p.y <= box.y1 { return p }
        }
        return nil
    }

    func stream(into sink: GeoStream) -> GeoStream {
        MultiplexStream(parts.map { $0.stream(into: sink) })
    }

    /// Draws a shape into `sink` as `stream(into:)` would, but only through the parts whose boxes its extent
    /// can reach: a part that provably draws nothing (`ExtentReach.nothing`) tells the sink nothing either, so
    /// leaving it out changes no byte. Without an extent, through all three.
    func stream(_ geometry: GeoGeometry, extent: GeoExtent?, into sink: GeoStream) {
        let parts = self.parts
        let reaching = extent.map { extent in parts.filter { part in if case .nothing = part.reach(of: extent) { false } else { true } } } ?? parts
        switch reaching.count {
        case 0: return
        case 1: GeometryStreamer.stream(geometry, to: reaching[0].stream(into: sink))
        default: GeometryStreamer.stream(geometry, to: MultiplexStream(reaching.map { $0.stream(into: sink) }))
        }
    }

    /// The bounds of the shapes' streams into `sink`, as streaming each through `stream(into:)` finds them, with
    /// less streaming. The bounds are a minimum and a maximum, which do not depend on the order of the points:
    /// shapes that may cross a part's box go first, then those inside the boxes from the farthest out, and a
    /// shape whose proven box lies within the bounds found so far cannot move them and is not streamed.
    func bounds(of geometries: [GeoGeometry], extents: [GeoExtent?]) -> FitBounds {
        let parts = self.parts
        let sink = BoundsSink()
        var later: [(index: Int, parts: [Projection], box: (x0: Double, y0: Double, x1: Double, y1: Double))] = []
        for (index, geometry) in geometries.enumerated() {
            guard index < extents.count, let extent = extents[index] else {
                GeometryStreamer.stream(geometry, to: stream(into: sink))
                continue
            }
            var reaching: [Projection] = []
            var box: (x0: Double, y0: Double, x1: Double, y1: Double)?
            var proven = true
            for part in parts {
                switch part.reach(of: extent) {
                case .nothing: continue
                case .inside(let b):
                    box = box.map { (min($0.x0, b.x0), min($0.y0, b.y0), max($0.x1, b.x1), max($0.y1, b.y1)) } ?? b
                case .unknown: proven = false
                }
                reaching.append(part)
            }
            if reaching.isEmpty { continue }
            if proven, let box {
                later.append((index, reaching, box))
            } else {
                Self.stream(geometry, through: reaching, into: sink)
            }
        }
        guard !later.isEmpty else { return FitBounds(box: sink.bounds) }
        // The farthest out first: how far each proven box reaches past the middle of them all, in its widths.
        var all = later[0].box
        for entry in later {
            all = (min(all.x0, entry.box.x0), min(all.y0, entry.box.y0), max(all.x1, entry.box.x1), max(all.y1, entry.box.y1))
        }
        let (cx, cy) = ((all.x0 + all.x1) / 2, (all.y0 + all.y1) / 2)
        let (w, h) = (max(all.x1 - all.x0, 1e-9), max(all.y1 - all.y0, 1e-9))
        func reach(_ b: (x0: Double, y0: Double, x1: Double, y1: Double)) -> Double {
            max((cx - b.x0) / w, (b.x1 - cx) / w, (cy - b.y0) / h, (b.y1 - cy) / h)
        }
        let order = later.indices.map { (reach(later[$0].box), $0) }.sorted { $0.0 != $1.0 ? $0.0 > $1.0 : $0.1 < $1.1 }
        for (_, position) in order {
            let entry = later[position]
            if let found = sink.bounds, found.x0 <= entry.box.x0, found.y0 <= entry.box.y0, entry.box.x1 <= found.x1,
                entry.box.y1 <= found.y1
            {
                continue
            }
            Self.stream(geometries[entry.index], through: entry.parts, into: sink)
        }
        return FitBounds(box: sink.bounds)
    }

    private static func stream(_ geometry: GeoGeometry, through parts: [Projection], into sink: GeoStream) {
        if parts.count == 1 {
            GeometryStreamer.stream(geometry, to: parts[0].stream(into: sink))
        } else {
            GeometryStreamer.stream(geometry, to: MultiplexStream(parts.map { $0.stream(into: sink) }))
        }
    }
}

/// Tells everything to several streams (albersUsa's three parts, whose boxes do not overlap).
final class MultiplexStream: GeoStream {
    private let streams: [GeoStream]

    init(_ streams: [GeoStream]) { self.streams = streams }

    func point(_ x: Double, _ y: Double, mark: Int) { for s in streams { s.point(x, y, mark: mark) } }
    func lineStart() { for s in streams { s.lineStart() } }
    func lineEnd() { for s in streams { s.lineEnd() } }
    func polygonStart() { for s in streams { s.polygonStart() } }
    func polygonEnd() { for s in streams { s.polygonEnd() } }
    func sphere() { for s in streams { s.sphere() } }
}
