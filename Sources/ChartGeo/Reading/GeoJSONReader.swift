import ChartDiagnostics
import ChartJSON
import ChartValues

/// Reads GeoJSON (RFC 7946) into features: a FeatureCollection, one Feature, or a bare geometry (one feature
/// without properties). Every problem is reported at its value's line:col, all of them at once (up to
/// `problemLimit`); open rings are closed and rings wound against d3-geo's convention are reversed
/// (`Winding`), since both have one obvious meaning.
public enum GeoJSONReader {
    /// GeometryCollections nested deeper than this are refused (the JSON reader's own depth limit is 128).
    public static let maximumDepth = 32
    /// Problems reported before the reader stops looking.
    public static let problemLimit = 20

    static let geometryTypes = [
        "Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon", "GeometryCollection"
    ]

    /// The features of a GeoJSON file.
    public static func read(_ file: SourceFile) throws(DiagnosticError) -> GeoFeatureCollection {
        let root = try JSONReader.read(file, requireObject: false)
        return try read(root)
    }

    /// The features of a GeoJSON value already read.
    public static func read(_ root: JSONValue) throws(DiagnosticError) -> GeoFeatureCollection {
        let problems = GeoProblems()
        let features = readRoot(root, problems)
        if !problems.diagnostics.isEmpty { throw DiagnosticError(problems.diagnostics) }
        return GeoFeatureCollection(features: features)
    }

    static func readRoot(_ root: JSONValue, _ problems: GeoProblems) -> [GeoFeature] {
        guard root.objectValue != nil else {
            problems.report(.notGeoJSON(found: GeoProblems.describe(root)), at: root.span)
            return []
        }
        guard let type = typeName(root, owner: "GeoJSON object", problems) else { return [] }
        switch type {
        case "FeatureCollection":
            guard let list = member("features", of: root, owner: "FeatureCollection", problems) else { return [] }
            guard let items = list.arrayValue else {
                problems.report(.wrongShape(member: "features", expected: "an array of Features", found: GeoProblems.describe(list)), at: list.span)
                return []
            }
            var features: [GeoFeature] = []
            features.reserveCapacity(items.count)
            for item in items {
                if problems.full { break }
                if let feature = readFeature(item, problems) { features.append(feature) }
            }
            return features
        case "Feature":
            return readFeature(root, problems).map { [$0] } ?? []
        case "Topology":
            problems.report(.notGeoJSON(found: "a TopoJSON Topology (read it with \"format\": \"topojson\")"), at: root.span)
            return []
        default:
            guard let geometry = readGeometry(root, problems, depth: 0) else { return [] }
            return [GeoFeature(geometry: geometry)]
        }
    }

    static func readFeature(_ value: JSONValue, _ problems: GeoProblems) -> GeoFeature? {
        guard value.objectValue != nil else {
            problems.report(.wrongShape(member: "features", expected: "an array of Features", found: GeoProblems.describe(value)), at: value.span)
            return nil
        }
        guard let type = typeName(value, owner: "Feature", problems) else { return nil }
        guard type == "Feature" else {
            problems.report(
                .wrongShape(member: "type", expected: "\"Feature\" in a FeatureCollection", found: "\"\(type)\""),
                at: value["type"]?.span ?? value.span)
            return nil
        }
        let id = value["id"].map(scalar) ?? .null
        var properties: [GeoProperty] = []
        if let object = value["properties"]?.objectValue {
            properties.reserveCapacity(object.count)
            for member in object { properties.append(GeoProperty(name: member.key, value: scalar(member.value))) }
        }
        var geometry: GeoGeometry?
        if let shape = value["geometry"], !shape.isNull {
            guard let read = readGeometry(shape, problems, depth: 0) else { return nil }
            geometry = read
        }
        return GeoFeature(id: id, properties: properties, geometry: geometry)
    }

    /// A property or id as a field value: numbers, strings, booleans and null as they are; an object or array
    /// (which no channel can show) as null.
    static func scalar(_ value: JSONValue) -> Value {
        switch value.kind {
        case .number(let number, _): .number(number)
        case .string(let string): .string(string.value)
        case .bool(let flag): .boolean(flag)
        case .null, .object, .array: .null
        }
    }

    static func typeName(_ value: JSONValue, owner: String, _ problems: GeoProblems) -> String? {
        guard let type = value["type"] else {
            problems.report(.missingMember(member: "type", owner: owner), at: value.span)
            return nil
        }
        guard let name = type.stringValue else {
            problems.report(.wrongShape(member: "type", expected: "a string", found: GeoProblems.describe(type)), at: type.span)
            return nil
        }
        return name
    }

    static func member(_ name: String, of value: JSONValue, owner: String, _ problems: GeoProblems) -> JSONValue? {
        guard let found = value[name] else {
            problems.report(.missingMember(member: name, owner: owner), at: value.span)
            return nil
        }
        return found
    }

    static func readGeometry(_ value: JSONValue, _ problems: GeoProblems, depth: Int) -> GeoGeometry? {
        guard value.objectValue != nil else {
            problems.report(
                .wrongShape(member: "geometry", expected: "a geometry object or null", found: GeoProblems.describe(value)), at: value.span)
            return nil
        }
        guard let type = typeName(value, owner: "geometry", problems) else { return nil }
        if type == "GeometryCollection" {
            guard depth < maximumDepth else {
                problems.report(.tooDeep(limit: maximumDepth), at: value.span)
                return nil
            }
            guard let list = member("geometries", of: value, owner: "GeometryCollection", problems) else { return nil }
            guard let items = list.arrayValue else {
                problems.report(
                    .wrongShape(member: "geometries", expected: "an array of geometries", found: GeoProblems.describe(list)), at: list.span)
                return nil
            }
            var members: [GeoGeometry] = []
            for item in items {
                guard let geometry = readGeometry(item, problems, depth: depth + 1) else { return nil }
                members.append(geometry)
            }
            return .collection(members)
        }
        guard geometryTypes.contains(type) else {
            let known = geometryTypes + ["Feature", "FeatureCollection"]
            problems.report(.unknownType(type: type, suggestion: Suggestions.closest(to: type, in: known)), at: value["type"]?.span ?? value.span)
            return nil
        }
        guard let coordinates = member("coordinates", of: value, owner: type, problems) else { return nil }
        let reader = CoordinateReader(problems: problems)
        switch type {
        case "Point":
            return reader.position(coordinates).map { .point($0) }
        case "MultiPoint":
            return reader.positions(coordinates, member: "coordinates").map { .multiPoint($0) }
        case "LineString":
            return reader.positions(coordinates, member: "coordinates").map { .lineString($0) }
        case "MultiLineString":
            return reader.list(coordinates, expected: "an array of lines") { reader.positions($0, member: "coordinates") }
                .map { .multiLineString($0) }
        case "Polygon":
            return reader.rings(coordinates).map { .polygon(Winding.normalized($0)) }
        default:
            return reader.list(coordinates, expected: "an array of polygons") { reader.rings($0) }
                .map { .multiPolygon($0.map(Winding.normalized)) }
        }
    }
}

/// Reads GeoJSON coordinate arrays, reporting the first problem of each geometry at its span.
struct CoordinateReader {
    let problems: GeoProblems

    func position(_ value: JSONValue) -> GeoPosition? {
        guard let items = value.arrayValue else {
            problems.report(
                .wrongShape(member: "coordinates", expected: "a position ([longitude, latitude])", found: GeoProblems.describe(value)), at: value.span
            )
            return nil
        }
        guard items.count >= 2 else {
            problems.report(.positionTooShort(count: items.count), at: value.span)
            return nil
        }
        guard let longitude = items[0].numberValue, let latitude = items[1].numberValue else {
            let bad = items[0].numberValue == nil ? items[0] : items[1]
            problems.report(.positionNotNumber(found: GeoProblems.describe(bad)), at: bad.span)
            return nil
        }
        guard abs(latitude) <= 90 else {
            problems.report(.latitudeOutOfRange(latitude: items[1].lexeme), at: items[1].span)
            return nil
        }
        return GeoPosition(longitude, latitude)
    }

    func positions(_ value: JSONValue, member: String) -> [GeoPosition]? {
        guard let items = value.arrayValue else {
            problems.report(.wrongShape(member: member, expected: "an array of positions", found: GeoProblems.describe(value)), at: value.span)
            return nil
        }
        var out: [GeoPosition] = []
        out.reserveCapacity(items.count)
        for item in items {
            guard let p = position(item) else { return nil }
            out.append(p)
        }
        return out
    }

    func list<T>(_ value: JSONValue, expected: String, _ read: (JSONValue) -> T?) -> [T]? {
        guard let items = value.arrayValue else {
            problems.report(.wrongShape(member: "coordinates", expected: expected, found: GeoProblems.describe(value)), at: value.span)
            return nil
        }
        var out: [T] = []
        out.reserveCapacity(items.count)
        for item in items {
            guard let element = read(item) else { return nil }
            out.append(element)
        }
        return out
    }

    /// A polygon's rings, each closed (an open ring gets its first position again).
    func rings(_ value: JSONValue) -> [[GeoPosition]]? {
        list(value, expected: "an array of rings") { ringValue -> [GeoPosition]? in
            guard var ring = positions(ringValue, member: "coordinates") else { return nil }
            if let first = ring.first, ring.last != first { ring.append(first) }
            guard ring.count >= 4 else {
                problems.report(.ringTooShort(count: ring.count), at: ringValue.span)
                return nil
            }
            return ring
        }
    }
}

/// The problems a reader has found, up to a limit, so one pass reports them all.
final class GeoProblems {
    private(set) var diagnostics: [Diagnostic] = []
    let limit: Int

    init(limit: Int = GeoJSONReader.problemLimit) { self.limit = limit }

    var full: Bool { diagnostics.count >= limit }

    func report(_ message: GeoDiagnostic, at span: SourceSpan) {
        if !full { diagnostics.append(Diagnostic(message, at: span)) }
    }

    /// "an array", "a string", "the number 3" — what a value is, for messages.
    static func describe(_ value: JSONValue) -> String {
        switch value.kind {
        case .object: "an object"
        case .array: "an array"
        case .string(let s): "the string \"\(s.value.count > 40 ? String(s.value.prefix(40)) + "…" : s.value)\""
        case .number(_, let lexeme): "the number \(lexeme)"
        case .bool(let b): b ? "true" : "false"
        case .null: "null"
        }
    }
}

extension JSONValue {
    /// A number as written in the file ("95.5"), or its type name.
    var lexeme: String {
        if case .number(_, let lexeme) = kind { return lexeme }
        return typeName
    }
}
