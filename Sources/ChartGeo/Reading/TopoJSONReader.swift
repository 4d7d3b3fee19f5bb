import ChartDiagnostics
import ChartJSON
import ChartValues

/// Reads TopoJSON (a `Topology`, github.com/topojson/topojson-specification): its arcs decoded once (a
/// quantized topology's positions are deltas in integer units: summed along each arc, then scaled and
/// translated), then an object as features (`feature`, as topojson-client's `feature`) or as its borders, each
/// drawn once (`mesh`, as topojson-client's `mesh`: arcs stitched into the longest lines they form).
public struct TopoJSONReader: Sendable {
    /// The topology's arcs, decoded to longitude/latitude.
    let arcs: [[GeoPosition]]
    /// The objects by name, in file order.
    let objects: [(name: String, value: JSONValue)]
    let objectsSpan: SourceSpan

    /// Reads a topology file.
    public init(_ file: SourceFile) throws(DiagnosticError) {
        try self.init(JSONReader.read(file, requireObject: false))
    }

    /// Reads a topology already parsed.
    public init(_ root: JSONValue) throws(DiagnosticError) {
        let problems = GeoProblems()
        guard root.objectValue != nil, root["type"]?.stringValue == "Topology" else {
            let found = root["type"]?.stringValue.map { "a \($0)" } ?? GeoProblems.describe(root)
            throw DiagnosticError(Diagnostic(GeoDiagnostic.notTopology(found: found), at: root.span))
        }
        guard let objects = root["objects"], let members = objects.objectValue else {
            throw DiagnosticError(Diagnostic(GeoDiagnostic.missingMember(member: "objects", owner: "Topology"), at: root.span))
        }
        guard let arcList = root["arcs"], let arcValues = arcList.arrayValue else {
            throw DiagnosticError(Diagnostic(GeoDiagnostic.missingMember(member: "arcs", owner: "Topology"), at: root.span))
        }
        var scale = (1.0, 1.0)
        var translate = (0.0, 0.0)
        var quantized = false
        if let transform = root["transform"], !transform.isNull {
            for (name, isScale) in [("scale", true), ("translate", false)] {
                let pair = transform[name]?.arrayValue?.compactMap(\.numberValue) ?? []
                guard pair.count == 2, transform[name]?.arrayValue?.count == 2 else {
                    throw DiagnosticError(Diagnostic(GeoDiagnostic.invalidTransform(member: name), at: transform[name]?.span ?? transform.span))
                }
                if isScale { scale = (pair[0], pair[1]) } else { translate = (pair[0], pair[1]) }
            }
            quantized = true
        }
        var arcs: [[GeoPosition]] = []
        arcs.reserveCapacity(arcValues.count)
        for (index, arcValue) in arcValues.enumerated() {
            guard let points = arcValue.arrayValue else {
                problems.report(.invalidArc(index: index), at: arcValue.span)
                arcs.append([])
                continue
            }
            var decoded: [GeoPosition] = []
            decoded.reserveCapacity(points.count)
            var x = 0.0
            var y = 0.0
            for point in points {
                guard let pair = point.arrayValue, pair.count >= 2, let px = pair[0].numberValue, let py = pair[1].numberValue else {
                    problems.report(.invalidArc(index: index), at: point.span)
                    break
                }
                if quantized {
                    x += px
                    y += py
                    decoded.append(GeoPosition(x * scale.0 + translate.0, y * scale.1 + translate.1))
                } else {
                    decoded.append(GeoPosition(px, py))
                }
            }
            arcs.append(decoded)
            if problems.full { break }
        }
        if !problems.diagnostics.isEmpty { throw DiagnosticError(problems.diagnostics) }
        self.arcs = arcs
        self.objects = members.map { ($0.key, $0.value) }
        self.objectsSpan = objects.span
        self.transform = quantized ? (scale, translate) : nil
    }

    let transform: (scale: (Double, Double), translate: (Double, Double))?

    /// The names of the topology's objects, in file order.
    public var objectNames: [String] { objects.map(\.name) }

    func object(_ name: String, at span: SourceSpan?) throws(DiagnosticError) -> JSONValue {
        guard let found = objects.first(where: { $0.name == name }) else {
            throw DiagnosticError(Diagnostic(GeoDiagnostic.objectNotFound(name: name, available: objectNames), at: span ?? objectsSpan))
        }
        return found.value
    }

    /// The features of object `name` (`"feature": name`): each geometry of a GeometryCollection a feature, with
    /// its `id` and `properties`; another geometry, one feature. `span` is where the spec names the object.
    public func features(_ name: String, at span: SourceSpan? = nil) throws(DiagnosticError) -> GeoFeatureCollection {
        let value = try object(name, at: span)
        let problems = GeoProblems()
        var features: [GeoFeature] = []
        if value["type"]?.stringValue == "GeometryCollection", let members = value["geometries"]?.arrayValue {
            features.reserveCapacity(members.count)
            for member in members {
                if problems.full { break }
                features.append(feature(member, problems))
            }
        } else {
            features.append(feature(value, problems))
        }
        if !problems.diagnostics.isEmpty { throw DiagnosticError(problems.diagnostics) }
        return GeoFeatureCollection(features: features)
    }

    func feature(_ value: JSONValue, _ problems: GeoProblems) -> GeoFeature {
        let id = value["id"].map(GeoJSONReader.scalar) ?? .null
        var properties: [GeoProperty] = []
        if let object = value["properties"]?.objectValue {
            for member in object { properties.append(GeoProperty(name: member.key, value: GeoJSONReader.scalar(member.value))) }
        }
        return GeoFeature(id: id, properties: properties, geometry: geometry(value, problems, depth: 0))
    }

    /// The geometry of a TopoJSON geometry object; nil for a null type (a feature without a shape).
    func geometry(_ value: JSONValue, _ problems: GeoProblems, depth: Int) -> GeoGeometry? {
        guard value.objectValue != nil else {
            problems.report(
                .wrongShape(member: "geometries", expected: "an array of geometry objects", found: GeoProblems.describe(value)), at: value.span)
            return nil
        }
        guard let typeValue = value["type"], let type = typeValue.stringValue else { return nil }
        let decoder = ArcDecoder(arcs: arcs, problems: problems)
        switch type {
        case "GeometryCollection":
            guard depth < GeoJSONReader.maximumDepth else {
                problems.report(.tooDeep(limit: GeoJSONReader.maximumDepth), at: value.span)
                return nil
            }
            let members = value["geometries"]?.arrayValue ?? []
            return .collection(members.compactMap { geometry($0, problems, depth: depth + 1) })
        case "Point":
            guard let coordinates = value["coordinates"] else {
                problems.report(.missingMember(member: "coordinates", owner: type), at: value.span)
                return nil
            }
            return point(coordinates, problems).map { .point($0) }
        case "MultiPoint":
            guard let coordinates = value["coordinates"]?.arrayValue else {
                problems.report(.missingMember(member: "coordinates", owner: type), at: value.span)
                return nil
            }
            var points: [GeoPosition] = []
            for item in coordinates {
                guard let p = point(item, problems) else { return nil }
                points.append(p)
            }
            return .multiPoint(points)
        case "LineString", "MultiLineString", "Polygon", "MultiPolygon":
            guard let arcsValue = value["arcs"] else {
                problems.report(.missingMember(member: "arcs", owner: type), at: value.span)
                return nil
            }
            switch type {
            case "LineString":
                return decoder.line(arcsValue).map { .lineString($0) }
            case "MultiLineString":
                return decoder.nested(arcsValue) { decoder.line($0) }.map { .multiLineString($0) }
            case "Polygon":
                return decoder.polygon(arcsValue).map { .polygon(Winding.normalized($0)) }
            default:
                return decoder.nested(arcsValue) { decoder.polygon($0) }.map { .multiPolygon($0.map(Winding.normalized)) }
            }
        default:
            // topojson-client reads any other type (null included) as no geometry.
            return nil
        }
    }

    /// A TopoJSON point: quantized positions are absolute (not deltas), scaled and translated.
    func point(_ value: JSONValue, _ problems: GeoProblems) -> GeoPosition? {
        guard let pair = value.arrayValue, pair.count >= 2, let x = pair[0].numberValue, let y = pair[1].numberValue else {
            problems.report(
                .wrongShape(member: "coordinates", expected: "a position ([longitude, latitude])", found: GeoProblems.describe(value)), at: value.span
            )
            return nil
        }
        guard let transform else { return GeoPosition(x, y) }
        return GeoPosition(x * transform.scale.0 + transform.translate.0, y * transform.scale.1 + transform.translate.1)
    }
}

/// Joins arcs into lines and rings by their indexes (topojson-client's `object`): consecutive arcs share their
/// joining position, which is kept once; an index i < 0 means arc ~i reversed.
struct ArcDecoder {
    let arcs: [[GeoPosition]]
    let problems: GeoProblems

    func index(_ value: JSONValue) -> Int? {
        guard let number = value.numberValue, number == number.rounded(), abs(number) < 1e15 else {
            problems.report(.wrongShape(member: "arcs", expected: "arc indexes (integers)", found: GeoProblems.describe(value)), at: value.span)
            return nil
        }
        guard let i = Int(exactly: number) else { return nil }
        let j = i < 0 ? ~i : i
        guard j < arcs.count else {
            problems.report(.arcOutOfRange(index: i, count: arcs.count), at: value.span)
            return nil
        }
        return i
    }

    func line(_ value: JSONValue) -> [GeoPosition]? {
        guard let items = value.arrayValue else {
            problems.report(.wrongShape(member: "arcs", expected: "an array of arc indexes", found: GeoProblems.describe(value)), at: value.span)
            return nil
        }
        var points: [GeoPosition] = []
        for item in items {
            guard let i = index(item) else { return nil }
            if !points.isEmpty { points.removeLast() }
            let arc = arcs[i < 0 ? ~i : i]
            if i < 0 { points.append(contentsOf: arc.reversed()) } else { points.append(contentsOf: arc) }
        }
        if points.count < 2, let first = points.first { points.append(first) }
        return points
    }

    func ring(_ value: JSONValue) -> [GeoPosition]? {
        guard var points = line(value) else { return nil }
        guard let first = points.first else { return [] }
        while points.count < 4 { points.append(first) }
        return points
    }

    func polygon(_ value: JSONValue) -> [[GeoPosition]]? {
        nested(value) { ring($0) }.map { $0.filter { !$0.isEmpty } }
    }

    func nested<T>(_ value: JSONValue, _ read: (JSONValue) -> T?) -> [T]? {
        guard let items = value.arrayValue else {
            problems.report(.wrongShape(member: "arcs", expected: "an array of arc lists", found: GeoProblems.describe(value)), at: value.span)
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
}
