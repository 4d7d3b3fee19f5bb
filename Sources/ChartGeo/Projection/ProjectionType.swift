/// The projections a map may name (SPEC §22), each configured with d3-geo's defaults for it.
public enum ProjectionType: String, Sendable, CaseIterable {
    case equalEarth
    case mercator
    case transverseMercator
    case albers
    case albersUsa
    case conicEqualArea
    case conicConformal
    case naturalEarth1
    case orthographic
    case equirectangular

    /// A conic projection on the given standard parallels (degrees).
    static func conic(_ make: (Double, Double) -> any RawProjection, parallels: (Double, Double)) -> Projection {
        Projection(raw: make(parallels.0 * GeoMath.radians, parallels.1 * GeoMath.radians))
    }

    /// d3-geo's default parallels of a conic projection (degrees), or nil for the others.
    var defaultParallels: (Double, Double)? {
        switch self {
        case .conicEqualArea: (0, 60)
        case .conicConformal: (30, 30)
        case .albers: (29.5, 45.5)
        default: nil
        }
    }
}

/// What a spec's `projection` sets (SPEC §22); nil keeps the type's default (scale and translate: fitted).
public struct ProjectionOptions: Sendable {
    public var type: ProjectionType
    /// λ, φ and optionally γ, in degrees.
    public var rotate: [Double]?
    public var center: (longitude: Double, latitude: Double)?
    public var parallels: (Double, Double)?
    public var scale: Double?
    public var translate: (x: Double, y: Double)?

    public init(
        type: ProjectionType = .equalEarth, rotate: [Double]? = nil, center: (longitude: Double, latitude: Double)? = nil,
        parallels: (Double, Double)? = nil, scale: Double? = nil, translate: (x: Double, y: Double)? = nil
    ) {
        self.type = type
        self.rotate = rotate
        self.center = center
        self.parallels = parallels
        self.scale = scale
        self.translate = translate
    }
}

/// A configured map projection: one of d3-geo's projections, or the albersUsa composite.
public enum MapProjection: Sendable {
    case single(Projection)
    case albersUsa(AlbersUsaProjection)

    /// The projection `options` describe, with d3-geo's defaults for what they leave out.
    public init(_ options: ProjectionOptions) {
        if options.type == .albersUsa {
            var composite = AlbersUsaProjection()
            if let scale = options.scale { composite.scale = scale }
            if let translate = options.translate { composite.translate = translate }
            self = .albersUsa(composite)
            return
        }
        var p: Projection
        let parallels = options.parallels ?? options.type.defaultParallels ?? (0, 0)
        switch options.type {
        case .equalEarth:
            p = Projection(raw: EqualEarthRaw())
            p.scale = 177.158
        case .mercator:
            p = Projection(raw: MercatorRaw())
            p.scale = 961 / GeoMath.tau
            p.automaticClip = .mercator
        case .transverseMercator:
            p = Projection(raw: TransverseMercatorRaw())
            p.rotate = (0, 0, 90)
            p.scale = 159.155
            p.automaticClip = .transverseMercator
        case .albers:
            p = ProjectionType.conic(ConicEqualAreaRaw.make, parallels: parallels)
            p.scale = 1070
            p.rotate = (96, 0, 0)
            p.center = (-0.6, 38.7)
        case .conicEqualArea:
            p = ProjectionType.conic(ConicEqualAreaRaw.make, parallels: parallels)
            p.scale = 155.424
            p.center = (0, 33.6442)
        case .conicConformal:
            p = ProjectionType.conic(ConicConformalRaw.make, parallels: parallels)
            p.scale = 109.5
        case .naturalEarth1:
            p = Projection(raw: NaturalEarth1Raw())
            p.scale = 175.295
        case .orthographic:
            p = Projection(raw: OrthographicRaw())
            p.scale = 249.5
            p.clipAngle = 90 + GeoMath.epsilon
        case .equirectangular:
            p = Projection(raw: EquirectangularRaw())
            p.scale = 152.63
        case .albersUsa:
            p = Projection(raw: EquirectangularRaw())
        }
        if let rotate = options.rotate, rotate.count >= 2 {
            let gamma = rotate.count > 2 ? rotate[2] : 0
            p.rotate = options.type == .transverseMercator ? (rotate[0], rotate[1], gamma + 90) : (rotate[0], rotate[1], gamma)
        }
        if let center = options.center {
            // Transverse Mercator's centre is given in the turned frame.
            p.center = options.type == .transverseMercator ? (-center.latitude, center.longitude) : center
        }
        if let scale = options.scale { p.scale = scale }
        if let translate = options.translate { p.translate = translate }
        self = .single(p)
    }

    public var scale: Double {
        get {
            switch self {
            case .single(let p): p.scale
            case .albersUsa(let p): p.scale
            }
        }
        set {
            switch self {
            case .single(var p):
                p.scale = newValue
                self = .single(p)
            case .albersUsa(var p):
                p.scale = newValue
                self = .albersUsa(p)
            }
        }
    }

    public var translate: (x: Double, y: Double) {
        get {
            switch self {
            case .single(let p): p.translate
            case .albersUsa(let p): p.translate
            }
        }
        set {
            switch self {
            case .single(var p):
                p.translate = newValue
                self = .single(p)
            case .albersUsa(var p):
                p.translate = newValue
                self = .albersUsa(p)
            }
        }
    }

    /// Where a point lands in pixels; nil where the projection shows nothing (albersUsa outside its boxes).
    public func project(_ longitude: Double, _ latitude: Double) -> (x: Double, y: Double)? {
        switch self {
        case .single(let p): p.project(longitude, latitude)
        case .albersUsa(let p): p.project(longitude, latitude)
        }
    }

    /// Where a point is drawn, as d3's `geoPath` draws a Point: through every stage of the stream, so nil where
    /// the projection clips it (the back of an orthographic globe, outside albersUsa's boxes, past a clip extent).
    public func place(_ longitude: Double, _ latitude: Double) -> (x: Double, y: Double)? {
        guard longitude.isFinite, latitude.isFinite else { return nil }
        let sink = PathSink()
        GeometryStreamer.stream(.point(GeoPosition(longitude, latitude)), to: stream(into: sink))
        return sink.path.points.first.map { ($0.x, $0.y) }
    }

    func stream(into sink: GeoStream) -> GeoStream {
        switch self {
        case .single(let p): p.stream(into: sink)
        case .albersUsa(let p): p.stream(into: sink)
        }
    }

    /// The geometry drawn through every stage of the projection: clipped, resampled, in pixels.
    public func path(_ geometry: GeoGeometry) -> GeoPath {
        let sink = PathSink()
        GeometryStreamer.stream(geometry, to: stream(into: sink))
        return sink.path
    }

    /// Whether the projection draws faster given each shape's `GeoExtent` (albersUsa skips the insets a shape
    /// cannot reach): worth measuring the extents only then.
    public var usesExtents: Bool {
        if case .albersUsa = self { true } else { false }
    }

    /// `path(_:)`, streaming the shape only where its extent can reach (the same path, byte for byte).
    public func path(_ geometry: GeoGeometry, extent: GeoExtent?) -> GeoPath {
        guard case .albersUsa(let p) = self else { return path(geometry) }
        let sink = PathSink()
        p.stream(geometry, extent: extent, into: sink)
        return sink.path
    }

    /// d3-geo's `fitExtent`: the scale and translation that put the geometries' projected bounds (after
    /// clipping) in the middle of the rectangle, as large as it allows.
    public mutating func fit(
        extent: (x0: Double, y0: Double, x1: Double, y1: Double), to geometries: [GeoGeometry]
    ) {
        fit(extent: extent, bounds: referenceBounds(of: geometries))
    }

    /// The geometries' projected bounds at the reference scale (150) and translation (0, 0), as d3-geo's `fit`
    /// measures them: what `fit(extent:bounds:)` needs, the same for every extent.
    public func referenceBounds(of geometries: [GeoGeometry]) -> FitBounds {
        var reference = self
        reference.scale = 150
        reference.translate = (0, 0)
        let bounds = BoundsSink()
        let stream = reference.stream(into: bounds)
        for geometry in geometries { GeometryStreamer.stream(geometry, to: stream) }
        return FitBounds(box: bounds.bounds)
    }

    /// `referenceBounds(of:)` (the same bounds), streaming only the shapes, and the parts of albersUsa, that
    /// could move them, as the shapes' extents prove (`extents[i]` is `geometries[i]`'s, nil when unknown).
    public func referenceBounds(of geometries: [GeoGeometry], extents: [GeoExtent?]) -> FitBounds {
        guard case .albersUsa(var p) = self else { return referenceBounds(of: geometries) }
        p.scale = 150
        p.translate = (0, 0)
        return p.bounds(of: geometries, extents: extents)
    }

    /// `fit(extent:to:)` from bounds `referenceBounds(of:)` measured before (no bounds: the scale and
    /// translation are left as they are).
    public mutating func fit(extent: (x0: Double, y0: Double, x1: Double, y1: Double), bounds: FitBounds) {
        guard let b = bounds.box else {
            // As d3-geo leaves it when nothing was drawn: the reference scale and translation.
            scale = 150
            translate = (0, 0)
            return
        }
        let w = extent.x1 - extent.x0
        let h = extent.y1 - extent.y0
        let fitted = min(w / (b.x1 - b.x0), h / (b.y1 - b.y0))
        // A single point (no extent) keeps the scale and is centred.
        let k = fitted.isFinite && fitted > 0 ? fitted : 1
        let x = extent.x0 + (w - k * (b.x1 + b.x0)) / 2
        let y = extent.y0 + (h - k * (b.y1 + b.y0)) / 2
        scale = 150 * k
        translate = (x, y)
    }

    /// d3-geo's `fitSize`: `fit` to the rectangle from (0, 0) to `width` × `height`.
    public mutating func fit(width: Double, height: Double, to geometries: [GeoGeometry]) {
        fit(extent: (0, 0, width, height), to: geometries)
    }
}
