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
