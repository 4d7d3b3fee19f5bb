/// A projection as d3-geo configures one (`geoProjection`): a raw formula with a scale k (150), a translation
/// (480, 250), a centre [λ, φ] that lands on the translation, a three-angle rotation, the clip before projection
/// (the antimeridian, or a small circle of `clipAngle`), the rectangle clip after it, and adaptive resampling
/// (δ² = 0.5). `project` places one point; `stream` draws geometry with every stage.
public struct Projection: Sendable {
    /// Mercator-family projections clip to a square of side 2πk around the map's centre (the poles are at
    /// infinity); which of the two decides how the square follows the rotation.
    enum AutomaticClip: Sendable {
        case mercator
        case transverseMercator
    }

    let raw: any RawProjection
    public var scale: Double = 150
    public var translate: (x: Double, y: Double) = (480, 250)
    /// Degrees.
    public var center: (longitude: Double, latitude: Double) = (0, 0)
    /// Degrees: λ, φ, γ.
    public var rotate: (Double, Double, Double) = (0, 0, 0)
    /// Degrees; nil cuts at the antimeridian instead.
    public var clipAngle: Double?
    /// A rectangle in pixels the projected geometry is clipped to.
    public var clipExtent: (x0: Double, y0: Double, x1: Double, y1: Double)?
    /// The square of the resampling tolerance in pixels (0: no resampling).
    public var delta2: Double = 0.5
    var automaticClip: AutomaticClip?

    init(raw: any RawProjection) {
        self.raw = raw
    }

    /// The rotation as the stream applies it (transverse Mercator turns the sphere a further 90° about its axis).
    var rotation: Rotation {
        Rotation(
            GeoMath.remainder(rotate.0, 360) * GeoMath.radians, GeoMath.remainder(rotate.1, 360) * GeoMath.radians,
            GeoMath.remainder(rotate.2, 360) * GeoMath.radians)
    }

    /// The offset that puts `center` on `translate`.
    var offset: (dx: Double, dy: Double) {
        let c = raw.project(
            GeoMath.remainder(center.longitude, 360) * GeoMath.radians, GeoMath.remainder(center.latitude, 360) * GeoMath.radians)
        return (translate.x - scale * c.x, translate.y + scale * c.y)
    }

    /// The projected point of λ, φ in radians, after rotation: scaled and translated (y down).
    func projectRotated(_ lambda: Double, _ phi: Double, dx: Double, dy: Double) -> (x: Double, y: Double) {
        let p = raw.project(lambda, phi)
        return (dx + scale * p.x, dy - scale * p.y)
    }

    /// Where a longitude/latitude (degrees) lands in pixels, without clipping (d3-geo's `projection(point)`).
    public func project(_ longitude: Double, _ latitude: Double) -> (x: Double, y: Double) {
        let r = rotation(longitude * GeoMath.radians, latitude * GeoMath.radians)
        let o = offset
        return projectRotated(r.0, r.1, dx: o.dx, dy: o.dy)
    }

    /// The rectangle clip in effect: the given extent, for Mercator intersected with its automatic square.
    var effectiveClipExtent: (x0: Double, y0: Double, x1: Double, y1: Double)? {
        guard let automaticClip else { return clipExtent }
        let k = GeoMath.pi * scale
        // The map's centre: the point the rotation takes to [0, 0].
        let userRotation: Rotation
        switch automaticClip {
        case .mercator: userRotation = rotation
        case .transverseMercator:
            userRotation = Rotation(
                GeoMath.remainder(rotate.0, 360) * GeoMath.radians, GeoMath.remainder(rotate.1, 360) * GeoMath.radians,
                GeoMath.remainder(rotate.2 - 90, 360) * GeoMath.radians)
        }
        let inverse = userRotation.invert(0, 0)
        let t = project(inverse.0 * GeoMath.degrees, inverse.1 * GeoMath.degrees)
        guard let given = clipExtent else { return (t.x - k, t.y - k, t.x + k, t.y + k) }
        switch automaticClip {
        case .mercator: return (max(t.x - k, given.x0), given.y0, min(t.x + k, given.x1), given.y1)
        case .transverseMercator: return (given.x0, max(t.y - k, given.y0), given.x1, min(t.y + k, given.y1))
        }
    }

    /// The stream that draws geometry given in degrees into `sink` in pixels: radians, rotation, the clip on the
    /// sphere, resampling with projection, the rectangle clip.
    func stream(into sink: GeoStream) -> GeoStream {
        var next: GeoStream = sink
        if let extent = effectiveClipExtent {
            next = RectangleClipStream(x0: extent.x0, y0: extent.y0, x1: extent.x1, y1: extent.y1, sink: next)
        }
        let o = offset
        let raw = self.raw
        let scale = self.scale
        let project: (Double, Double) -> (x: Double, y: Double) = { lambda, phi in
            let p = raw.project(lambda, phi)
            return (o.dx + scale * p.x, o.dy - scale * p.y)
        }
        next = ResampleStream(project: project, delta2: delta2, sink: next)
        let edge: any SphereClipEdge =
            if let clipAngle, clipAngle != 0 { CircleClip(radius: clipAngle * GeoMath.radians) } else { AntimeridianClip() }
        next = SphereClipStream(edge: edge, sink: next)
        return RotateStream(rotation: rotation, sink: next)
    }
}

/// The first stage of a projection's stream: degrees to radians, then the rotation.
final class RotateStream: GeoStream {
    private let rotation: Rotation
    private let sink: GeoStream

    init(rotation: Rotation, sink: GeoStream) {
        self.rotation = rotation
        self.sink = sink
    }

    func point(_ x: Double, _ y: Double, mark: Int) {
        let r = rotation(x * GeoMath.radians, y * GeoMath.radians)
        sink.point(r.0, r.1)
    }

    func lineStart() { sink.lineStart() }
    func lineEnd() { sink.lineEnd() }
    func polygonStart() { sink.polygonStart() }
    func polygonEnd() { sink.polygonEnd() }
    func sphere() { sink.sphere() }
}
