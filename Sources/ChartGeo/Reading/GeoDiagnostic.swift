import ChartDiagnostics

/// The catalogue of what reading geographic data can report (GeoJSON, TopoJSON; each id listed in
/// `specs/diagnostics.md`). Each case carries what its sentence quotes; `message` holds its one wording and
/// `kind` its id; the readers only pick a case and give the span of the JSON value at fault.
public enum GeoDiagnostic: KindedDiagnosticMessage, Equatable {
    /// The file's top level is not a GeoJSON object (`found`: "an array", "a Topology" …).
    case notGeoJSON(found: String)
    /// A `type` GeoJSON does not define; `suggestion` is a close name.
    case unknownType(type: String, suggestion: String?)
    /// An object without a member it needs (`member` of `owner`, e.g. "coordinates" of a "Polygon").
    case missingMember(member: String, owner: String)
    /// A member of the wrong JSON type (`expected`: "an array of positions", `found`: "a string").
    case wrongShape(member: String, expected: String, found: String)
    /// A position with fewer than two numbers.
    case positionTooShort(count: Int)
    /// A position whose item is not a number.
    case positionNotNumber(found: String)
    /// A latitude beyond the poles.
    case latitudeOutOfRange(latitude: String)
    /// A polygon ring with fewer than four positions (three corners and the closing one).
    case ringTooShort(count: Int)
    /// Geometries nested deeper than `limit` GeometryCollections.
    case tooDeep(limit: Int)
    // TopoJSON
    /// The file is not a TopoJSON Topology (`found`: "a FeatureCollection").
    case notTopology(found: String)
    /// The spec names an object the topology does not have.
    case objectNotFound(name: String, available: [String])
    /// An arc index past the topology's arcs (`index` as written: negative ones count from the end, reversed).
    case arcOutOfRange(index: Int, count: Int)
    /// A transform whose `scale` or `translate` is not two numbers.
    case invalidTransform(member: String)
    /// An arc that is not an array of positions.
    case invalidArc(index: Int)

    public enum Kind: String, DiagnosticKind {
        case notGeoJSON = "geojson-invalid"
        case unknownType = "geojson-unknown-type"
        case missingMember = "geojson-missing-member"
        case wrongShape = "geojson-invalid-coordinates"
        case position = "geojson-invalid-position"
        case ring = "geojson-invalid-ring"
        case tooDeep = "geojson-too-deep"
        case notTopology = "topojson-invalid"
        case objectNotFound = "topojson-object-not-found"
        case arc = "topojson-invalid-arc"
        case transform = "topojson-invalid-transform"

        public static let domain = "ChartGeo"
        public var severity: Severity { .error }
    }

    public var kind: Kind {
        switch self {
        case .notGeoJSON: .notGeoJSON
        case .unknownType: .unknownType
        case .missingMember: .missingMember
        case .wrongShape: .wrongShape
        case .positionTooShort, .positionNotNumber, .latitudeOutOfRange: .position
        case .ringTooShort: .ring
        case .tooDeep: .tooDeep
        case .notTopology: .notTopology
        case .objectNotFound: .objectNotFound
        case .arcOutOfRange, .invalidArc: .arc
        case .invalidTransform: .transform
        }
    }

    public var message: String {
        switch self {
        case .notGeoJSON(let found):
            return "expected GeoJSON (a FeatureCollection, a Feature or a geometry object), found \(found)"
        case .unknownType(let type, let suggestion):
            return "'\(type)' is not a GeoJSON type (FeatureCollection, Feature, Point, MultiPoint, LineString, MultiLineString, Polygon, "
                + "MultiPolygon, GeometryCollection)" + (suggestion.map { ". Did you mean '\($0)'?" } ?? "")
        case .missingMember(let member, let owner):
            return "this \(owner) has no '\(member)'"
        case .wrongShape(let member, let expected, let found):
            return "'\(member)' must be \(expected), found \(found)"
        case .positionTooShort(let count):
            return "a position needs a longitude and a latitude, found \(count == 0 ? "an empty array" : "one number")"
        case .positionNotNumber(let found):
            return "a position holds numbers (longitude, latitude), found \(found)"
        case .latitudeOutOfRange(let latitude):
            return "latitude \(latitude) is beyond the poles (−90 to 90); positions are [longitude, latitude], in that order"
        case .ringTooShort(let count):
            return "a polygon ring needs at least four positions (three corners and the first again), found \(count)"
        case .tooDeep(let limit):
            return "GeometryCollections are nested more than \(limit) deep"
        case .notTopology(let found):
            return "expected a TopoJSON Topology (\"type\": \"Topology\" with \"objects\" and \"arcs\"), found \(found)"
        case .objectNotFound(let name, let available):
            let list = available.isEmpty ? "it has no objects" : "its objects are " + available.map { "'\($0)'" }.joined(separator: ", ")
            return "the topology has no object '\(name)'; \(list)"
                + (Suggestions.closest(to: name, in: available).map { ". Did you mean '\($0)'?" } ?? "")
        case .arcOutOfRange(let index, let count):
            return "arc index \(index) is past the topology's \(count) arcs (an index i < 0 means arc −i − 1, reversed)"
        case .invalidTransform(let member):
            return "the transform's '\(member)' must be an array of two numbers"
        case .invalidArc(let index):
            return "arc \(index) must be an array of positions (arrays of numbers)"
        }
    }
}
