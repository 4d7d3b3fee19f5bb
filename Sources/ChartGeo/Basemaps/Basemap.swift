import ChartDiagnostics

/// The basemaps that ship inside chartc (SPEC §22: `"data": { "basemap": "world" }`), so a map needs no file and
/// no network: `world` (countries, `id` the three-digit ISO 3166-1 numeric code, `name`), `us-states` (`id` the
/// two-digit FIPS code, `name`) and `us-counties` (`id` the five-digit FIPS code). Their TopoJSON is compiled in
/// (`BasemapData`, generated from ../shared/data/geo by `generate.py`).
public enum Basemap: String, Sendable, CaseIterable {
    case world
    case usStates = "us-states"
    case usCounties = "us-counties"

    /// Who made the boundaries: written in the chart's source line unless the spec names its own source.
    public var attribution: String {
        switch self {
        case .world: "Natural Earth"
        case .usStates, .usCounties: "US Census Bureau"
        }
    }

    /// The TopoJSON object the features are read from.
    var objectName: String {
        switch self {
        case .world: "countries"
        case .usStates: "states"
        case .usCounties: "counties"
        }
    }

    /// The topology the basemap is read from.
    public func topology() throws(DiagnosticError) -> TopoJSONReader {
        let text =
            switch self {
            case .world: BasemapData.world
            case .usStates, .usCounties: BasemapData.unitedStates
            }
        return try TopoJSONReader(SourceFile(path: "basemap \(rawValue)", bytes: Array(text.utf8)))
    }

    /// The basemap's features, one per country, state or county, in the file's order.
    public func features() throws(DiagnosticError) -> GeoFeatureCollection {
        try topology().features(objectName)
    }

    /// The basemap's borders, each drawn once (`"mesh": true` beside `"basemap"`).
    public func mesh() throws(DiagnosticError) -> GeoGeometry {
        try topology().mesh(objectName)
    }
}
