/// A longitude/latitude position in degrees, as GeoJSON writes it (`[longitude, latitude]`).
public struct GeoPosition: Sendable, Equatable {
    public var longitude: Double
    public var latitude: Double

    public init(_ longitude: Double, _ latitude: Double) {
        self.longitude = longitude
        self.latitude = latitude
    }
}

/// A geometry on the sphere, in GeoJSON's shapes (RFC 7946 §3.1), plus the whole sphere (d3-geo's `Sphere`, the
/// outline of a map). Polygon rings are closed as GeoJSON closes them: the first position repeated at the end.
public indirect enum GeoGeometry: Sendable, Equatable {
    case point(GeoPosition)
    case multiPoint([GeoPosition])
    case lineString([GeoPosition])
    case multiLineString([[GeoPosition]])
    /// Rings: the exterior first, then holes, each closed.
    case polygon([[GeoPosition]])
    case multiPolygon([[[GeoPosition]]])
    case collection([GeoGeometry])
    case sphere

    /// The GeoJSON type name ("MultiPolygon"), for messages and tests.
    public var typeName: String {
        switch self {
        case .point: "Point"
        case .multiPoint: "MultiPoint"
        case .lineString: "LineString"
        case .multiLineString: "MultiLineString"
        case .polygon: "Polygon"
        case .multiPolygon: "MultiPolygon"
        case .collection: "GeometryCollection"
        case .sphere: "Sphere"
        }
    }

    /// How many positions the geometry holds (the sphere: none).
    public var positionCount: Int {
        switch self {
        case .point: 1
        case .multiPoint(let points), .lineString(let points): points.count
        case .multiLineString(let lines), .polygon(let lines): lines.reduce(0) { $0 + $1.count }
        case .multiPolygon(let polygons): polygons.reduce(0) { $0 + $1.reduce(0) { $0 + $1.count } }
        case .collection(let geometries): geometries.reduce(0) { $0 + $1.positionCount }
        case .sphere: 0
        }
    }
}
