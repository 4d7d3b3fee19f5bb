import ChartDiagnostics
import ChartGeo
import ChartJSON
import Foundation
import Testing

/// The reference values of `Fixtures/d3-geo-reference.json`: d3-geo 3.1.1's own output (its source, github:d3/d3-geo
/// at 8c53a90, run once with node through `topojson-client` for the features of `Data/`), for the same
/// projections, points and shapes: projected points, `fitSize` results, and whole paths through the stream
/// (antimeridian cutting, circle clipping, resampling, the rectangle clips of Mercator and albersUsa).
enum D3Reference {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    static func read(_ relative: String) throws -> SourceFile {
        let url = folder.appendingPathComponent(relative)
        let data = try Data(contentsOf: url)
        return SourceFile(path: url.path, bytes: [UInt8](data))
    }

    static let fixture: JSONValue? = {
        guard let file = try? read("Fixtures/d3-geo-reference.json") else { return nil }
        return try? JSONReader.read(file, requireObject: true)
    }()

    static func numbers(_ value: JSONValue?) -> [Double] { value?.arrayValue?.compactMap(\.numberValue) ?? [] }

    /// The fixture's projection object as options.
    static func options(_ value: JSONValue?) throws -> ProjectionOptions {
        let type = try #require(value?["type"]?.stringValue.flatMap(ProjectionType.init(rawValue:)))
        var options = ProjectionOptions(type: type)
        if let rotate = value?["rotate"] { options.rotate = numbers(rotate) }
        let center = numbers(value?["center"])
        if center.count == 2 { options.center = (center[0], center[1]) }
        let parallels = numbers(value?["parallels"])
        if parallels.count == 2 { options.parallels = (parallels[0], parallels[1]) }
        options.scale = value?["scale"]?.numberValue
        let translate = numbers(value?["translate"])
        if translate.count == 2 { options.translate = (translate[0], translate[1]) }
        return options
    }

    static func describe(_ value: JSONValue?) -> String {
        guard let members = value?.objectValue else { return "?" }
        return members.map { "\($0.key): \(numbers($0.value).isEmpty ? ($0.value.stringValue ?? "?") : "\(numbers($0.value))")" }
            .joined(separator: ", ")
    }

    /// A fixture geometry: GeoJSON, or d3's `{"type": "Sphere"}`.
    static func geometry(_ value: JSONValue?) throws -> GeoGeometry {
        let value = try #require(value)
        if value["type"]?.stringValue == "Sphere" { return .sphere }
        let collection = try GeoJSONReader.read(value)
        return try #require(collection.features.first?.geometry)
    }
}
