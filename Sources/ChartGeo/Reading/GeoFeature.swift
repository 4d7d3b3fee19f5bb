import ChartValues

/// One property of a feature: a field of its row.
public struct GeoProperty: Sendable, Equatable {
    public var name: String
    public var value: Value

    public init(name: String, value: Value) {
        self.name = name
        self.value = value
    }
}

/// A feature as a row (SPEC §22): its `properties` as fields, its `id`, and its geometry (nil where the file
/// gives none: a feature without a shape still joins and counts).
public struct GeoFeature: Sendable, Equatable {
    public var id: Value
    public var properties: [GeoProperty]
    public var geometry: GeoGeometry?

    public init(id: Value = .null, properties: [GeoProperty] = [], geometry: GeoGeometry?) {
        self.id = id
        self.properties = properties
        self.geometry = geometry
    }

    /// The value of the property `name`, or null.
    public subscript(name: String) -> Value {
        properties.first { $0.name == name }?.value ?? .null
    }
}

/// The features of a file, in file order, and the property names they use (in order of first appearance), so a
/// table of rows can be built with one column per name.
public struct GeoFeatureCollection: Sendable, Equatable {
    public var features: [GeoFeature]
    public var fields: [String]

    public init(features: [GeoFeature]) {
        self.features = features
        var seen = Set<String>()
        var fields: [String] = []
        for feature in features {
            for property in feature.properties where seen.insert(property.name).inserted { fields.append(property.name) }
        }
        self.fields = fields
    }
}
