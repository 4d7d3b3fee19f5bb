import ChartData
import ChartDiagnostics
import ChartGeo
import ChartSpec
import ChartSystem
import Testing
@testable import ChartPipeline

/// Map data as rows (SPEC §22): basemaps with their ids as SPEC §22 writes them, TopoJSON features and meshes,
/// GeoJSON, the graticule and the sphere; each row's `geometry` points at its shape, which filters carry along.
@Suite struct GeoDataTests {
    /// The TopoJSON files ChartGeoTests keeps (../shared/data/geo's, licences in their README).
    static let geoFolder: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(2)
        return (parts + ["ChartGeoTests", "Data"]).joined(separator: "/")
    }()

    func parse(_ text: String, path: String = "/tmp/map.chart.json") -> (spec: ChartSpec?, diagnostics: [Diagnostic]) {
        let parsed = SpecParser.parse(SourceFile(path: path, text: text))
        return (parsed.spec, parsed.diagnostics)
    }

    func run(_ text: String, path: String = "/tmp/map.chart.json") throws -> PipelineOutput {
        let parsed = parse(text, path: path)
        let spec = try #require(parsed.spec, "\(parsed.diagnostics.map(\.message))")
        #expect(!parsed.diagnostics.hasErrors, "\(parsed.diagnostics.map(\.message))")
        return try Pipeline.run(spec: spec, context: .standard())
    }

    @Test func usStatesHaveTwoDigitFIPSIdsAndNames() throws {
        let output = try run(#"{ "data": { "basemap": "us-states" }, "mark": "bar", "encoding": { "x": { "field": "name" } } }"#)
        #expect(output.table.columns.map(\.name) == ["id", "name", "geometry"])
        let csv = TableWriter.csv(output.table)
        #expect(csv.contains("\n06,California,"))
        #expect(csv.contains("\n01,Alabama,"))
        #expect(output.table.rowCount == 53)
        #expect(output.geometries.count == 53)
    }

    @Test func usCountiesHaveFiveDigitFIPSIdsAsText() throws {
        let output = try run(#"{ "data": { "basemap": "us-counties" }, "mark": "bar", "encoding": { "x": { "field": "id" } } }"#)
        let ids = try #require(output.table.column(named: "id"))
        #expect(ids.type == .string)
        let texts = (0..<ids.count).compactMap { ids[$0].text }
        #expect(texts.contains("01001"))
        #expect(texts.allSatisfy { $0.utf8.count == 5 })
    }

    @Test func worldCountriesHaveThreeDigitISOCodesAndNames() throws {
        let output = try run(
            #"{ "data": { "basemap": "world" }, "filter": "name == 'Afghanistan' || name == 'Kosovo'", "mark": "bar", "encoding": { "x": { "field": "name" } } }"#
        )
        let csv = TableWriter.csv(output.table)
        #expect(csv.hasPrefix("id,name,geometry\n004,Afghanistan,0\n"))
        // Kosovo has no ISO code in Natural Earth: a name and no id. Its geometry index still points at its shape.
        #expect(csv.contains("\n,Kosovo,"))
        #expect(output.table.rowCount == 2)
    }

    @Test func aFilterKeepsEachRowsGeometryIndex() throws {
        let output = try run(
            #"{ "data": { "basemap": "us-states" }, "filter": "name == 'Texas'", "mark": "bar", "encoding": { "x": { "field": "name" } } }"#)
        let geometry = try #require(output.table.column(named: "geometry")?[0].numberValue)
        let index = try #require(Int(exactly: geometry))
        try #require(output.geometries.indices.contains(index))
        // Texas spans about 106.6°W to 93.5°W.
        let longitudes = Self.positions(output.geometries[index]).map(\.longitude)
        #expect((longitudes.min() ?? 0) < -106 && (longitudes.min() ?? 0) > -107)
        #expect((longitudes.max() ?? 0) > -94 && (longitudes.max() ?? 0) < -93)
    }

    @Test func topoJSONFeaturesAndMesh() throws {
        let features = try run(
            #"{ "data": { "url": "\#(Self.geoFolder)/us-10m.json", "feature": "states" }, "mark": "bar", "encoding": { "x": { "field": "id" } } }"#)
        #expect(features.table.rowCount == 53)
        let mesh = try run(
            #"{ "data": { "url": "\#(Self.geoFolder)/us-10m.json", "mesh": "states" }, "mark": "bar", "encoding": { "x": { "field": "geometry" } } }"#
        )
        #expect(mesh.table.rowCount == 1)
        guard case .multiLineString = mesh.geometries.first else {
            Issue.record("a mesh is one MultiLineString")
            return
        }
        let unknown = parse(
            #"{ "data": { "url": "\#(Self.geoFolder)/us-10m.json", "feature": "provinces" }, "mark": "bar", "encoding": { "x": { "field": "id" } } }"#
        )
        let spec = try #require(unknown.spec)
        #expect(throws: DiagnosticError.self) { try Pipeline.run(spec: spec, context: .standard()) }
    }

    @Test func geoJSONFeaturesAreRows() throws {
        let path = "/tmp/chartc-geodata-test.geojson"
        let text =
            #"{ "type": "FeatureCollection", "features": [ { "type": "Feature", "id": "a", "properties": { "name": "Square", "pop": 3 }, "geometry": { "type": "Polygon", "coordinates": [[[0,0],[1,0],[1,1],[0,1],[0,0]]] } }, { "type": "Feature", "properties": { "name": "Nowhere" }, "geometry": null } ] }"#
        try FileSystem.writeAtomically(Array(text.utf8), to: path)
        let output = try run(#"{ "data": { "url": "\#(path)" }, "mark": "bar", "encoding": { "x": { "field": "name" } } }"#)
        #expect(TableWriter.csv(output.table) == "id,name,pop,geometry\na,Square,3,0\n,Nowhere,,\n")
    }

    @Test func graticuleAndSphereAreOneRowEach() throws {
        let graticule = try run(#"{ "data": { "graticule": { "step": [30, 30] } }, "mark": "bar", "encoding": { "x": { "field": "geometry" } } }"#)
        #expect(TableWriter.csv(graticule.table) == "geometry\n0\n")
        guard case .multiLineString(let lines) = graticule.geometries.first else {
            Issue.record("a graticule is one MultiLineString")
            return
        }
        #expect(lines.count > 10)
        let sphere = try run(#"{ "data": { "sphere": true }, "mark": "bar", "encoding": { "x": { "field": "geometry" } } }"#)
        #expect(sphere.geometries == [.sphere])
    }

    /// `"graticule": true` (and `{}`) is d3-geo's default graticule, as Vega-Lite's is: every 10°, the meridians
    /// between the quarter ones stopping at ±80° (it drew every meridian to the poles, 10° past Vega-Lite's).
    @Test func aGraticuleWithoutAStepIsD3sDefault() throws {
        for data in [#"{ "graticule": true }"#, #"{ "graticule": {} }"#] {
            let output = try run(#"{ "data": \#(data), "mark": "bar", "encoding": { "x": { "field": "geometry" } } }"#)
            #expect(output.geometries == [Graticule.lines()], "\(data)")
        }
        let stepped = try run(#"{ "data": { "graticule": { "step": [10, 10] } }, "mark": "bar", "encoding": { "x": { "field": "geometry" } } }"#)
        #expect(stepped.geometries == [Graticule.lines(step: (10, 10))])
        #expect(Graticule.lines() != Graticule.lines(step: (10, 10)))
    }

    @Test func misuseIsReportedAtItsKey() throws {
        let cases: [(String, String)] = [
            (#"{ "basemap": "world", "url": "x.csv" }"#, "data-source"),
            (#"{ "basemap": "mars" }"#, "unknown-value"),
            (#"{ "basemap": "world", "format": "csv" }"#, "misplaced-key"),
            (#"{ "url": "x.json", "format": "topojson" }"#, "missing-key"),
            (#"{ "url": "x.json", "feature": "a", "mesh": "b" }"#, "conflicting-keys"),
            (#"{ "url": "x.csv", "format": "csv", "feature": "a" }"#, "misplaced-key"),
            (#"{ "values": [{ "a": 1 }], "format": "geojson" }"#, "data-source"),
            (#"{ "sphere": false }"#, "invalid-value"),
            (#"{ "graticule": { "step": [10] } }"#, "wrong-type")
        ]
        for (data, id) in cases {
            let parsed = parse(#"{ "data": \#(data), "mark": "bar", "encoding": { "x": { "field": "a" } } }"#)
            let errors = parsed.diagnostics.filter { $0.severity == .error }
            #expect(errors.map(\.id) == [id], "\(data): \(errors.map(\.message))")
            #expect(errors.allSatisfy { $0.span != nil })
        }
    }

    static func positions(_ geometry: GeoGeometry) -> [GeoPosition] {
        switch geometry {
        case .point(let p): [p]
        case .multiPoint(let points), .lineString(let points): points
        case .multiLineString(let lines), .polygon(let lines): lines.flatMap { $0 }
        case .multiPolygon(let polygons): polygons.flatMap { $0.flatMap { $0 } }
        case .collection(let members): members.flatMap(positions)
        case .sphere: []
        }
    }
}
