import ChartData
import ChartDiagnostics
import ChartGeo
import ChartSpec
import ChartValues

/// Map data as rows (SPEC §22): GeoJSON features, a TopoJSON object's features or its mesh, a built-in basemap,
/// the graticule or the sphere. Each feature is a row: `id`, its `properties` as fields, and `geometry`, the
/// feature's index among the geometries the load keeps beside the table (`LoadedData.geometries`), so filters,
/// sorts and joins carry a row's shape with it and the `geoshape` mark draws it.
enum GeoData {
    /// The name of the field that points a row at its shape.
    static let geometryField = "geometry"

    /// The rows of data the spec reads from a basemap, the graticule or the sphere.
    static func generated(_ source: DataSource) throws(DiagnosticError) -> LoadedData? {
        switch source.origin {
        case .basemap(let basemap):
            if let mesh = source.mesh {
                let geometry = try basemap.value.topology().mesh(mesh.value, at: mesh.span)
                return loaded(GeoFeatureCollection(features: [GeoFeature(geometry: geometry)]))
            }
            return loaded(try basemap.value.features())
        case .graticule(let step):
            return loaded(GeoFeatureCollection(features: [GeoFeature(geometry: step.map { Graticule.lines(step: $0) } ?? Graticule.lines())]))
        case .sphere:
            return loaded(GeoFeatureCollection(features: [GeoFeature(geometry: .sphere)]))
        case .url, .values, .database:
            return nil
        }
    }

    /// The rows of a GeoJSON or TopoJSON file the spec names in `url`.
    static func read(_ file: SourceFile, source: DataSource) throws(DiagnosticError) -> LoadedData {
        if source.format?.value == .topojson {
            let topology = try TopoJSONReader(file)
            if let mesh = source.mesh {
                return loaded(GeoFeatureCollection(features: [GeoFeature(geometry: try topology.mesh(mesh.value, at: mesh.span))]))
            }
            guard let feature = source.feature else { return loaded(GeoFeatureCollection(features: [])) }
            return loaded(try topology.features(feature.value, at: feature.span))
        }
        return loaded(try GeoJSONReader.read(file))
    }

    /// The table of `collection`'s features: `id`, each property, `geometry`.
    static func loaded(_ collection: GeoFeatureCollection) -> LoadedData {
        let features = collection.features
        var columns: [Column] = []
        let hasIDs = features.contains { !$0.id.isNull }
        if hasIDs { columns.append(column("id", features.map(\.id))) }
        for name in collection.fields where name != geometryField && !(hasIDs && name == "id") {
            columns.append(column(name, features.map { $0[name] }))
        }
        var geometries: [GeoGeometry] = []
        geometries.reserveCapacity(features.count)
        var keys: [Value] = []
        keys.reserveCapacity(features.count)
        for feature in features {
            if let geometry = feature.geometry {
                keys.append(.number(Double(geometries.count)))
                geometries.append(geometry)
            } else {
                keys.append(.null)
            }
        }
        columns.append(Column(name: geometryField, type: .number, values: keys))
        var data = LoadedData(table: Table(columns: columns, rowCount: features.count), fieldNames: columns.map(\.name))
        data.geometries = geometries
        return data
    }

    /// A column of one property: numbers, text, booleans, or text when the features mix types.
    static func column(_ name: String, _ values: [Value]) -> Column {
        var type: DataType?
        for value in values {
            guard let found = value.type else { continue }
            if type == nil {
                type = found
            } else if type != found {
                type = .string
                break
            }
        }
        guard let type, type != .string || values.allSatisfy({ $0.isNull || $0.type == .string }) else {
            return Column(name: name, type: .string, values: values.map { $0.isNull ? .null : .string($0.text ?? "") })
        }
        return Column(name: name, type: type, values: values)
    }
}
