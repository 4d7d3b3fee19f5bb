import ChartDiagnostics
import ChartGeo
import ChartJSON
import ChartValues
import Testing

/// The TopoJSON reader against topojson-client's output for the files of `Data/` (recorded in
/// `Fixtures/topojson-reference.json`): feature counts, ids, ring lengths, decoded positions (the quantized
/// transform and delta decoding), and meshes (every arc once, stitched into the same lines).
@Suite struct TopoJSONReaderTests {
    static let reference: JSONValue? = {
        guard let file = try? D3Reference.read("Fixtures/topojson-reference.json") else { return nil }
        return try? JSONReader.read(file, requireObject: true)
    }()

    static let world = Result { () throws -> TopoJSONReader in
        try TopoJSONReader(D3Reference.read("Data/world-110m.json"))
    }
    static let us = Result { () throws -> TopoJSONReader in
        try TopoJSONReader(D3Reference.read("Data/us-10m.json"))
    }

    func check(_ collection: GeoFeatureCollection, against summary: JSONValue?) throws {
        let summary = try #require(summary)
        #expect(collection.features.count == Int(summary["count"]?.numberValue ?? -1))
        #expect(collection.features.filter { $0.geometry == nil }.count == Int(summary["nullGeometries"]?.numberValue ?? -1))
        for sample in summary["sample"]?.arrayValue ?? [] {
            let id = sample["id"]?.numberValue ?? -1
            let index = Int(sample["index"]?.numberValue ?? -1)
            let feature = try #require(collection.features.indices.contains(index) ? collection.features[index] : nil, "no feature \(index)")
            #expect(feature.id == .number(id))
            let polygons: [[[GeoPosition]]]
            switch feature.geometry {
            case .polygon(let rings): polygons = [rings]
            case .multiPolygon(let list): polygons = list
            default: polygons = []
            }
            #expect(feature.geometry?.typeName == sample["type"]?.stringValue, "feature \(id)")
            let lengths = polygons.map { $0.map(\.count) }
            let expected = (sample["rings"]?.arrayValue ?? []).map { ($0.arrayValue ?? []).map { Int($0.numberValue ?? -1) } }
            #expect(lengths == expected, "feature \(id): rings of \(lengths) positions instead of \(expected)")
            let first = D3Reference.numbers(sample["first"])
            if first.count == 2, let p = polygons.first?.first?.first {
                #expect(
                    abs(p.longitude - first[0]) < 1e-9 && abs(p.latitude - first[1]) < 1e-9, "feature \(id): first position \(p) instead of \(first)")
            }
        }
    }

    @Test func worldCountriesMatchTopojsonClient() throws {
        let world = try Self.world.get()
        #expect(world.objectNames == ["land", "countries"])
        try check(world.features("countries"), against: Self.reference?["countries"])
    }

    @Test func usCountiesAndStatesMatchTopojsonClient() throws {
        let us = try Self.us.get()
        let counties = try us.features("counties")
        try check(counties, against: Self.reference?["counties"])
        try check(us.features("states"), against: Self.reference?["states"])
        // A county without a shape is still a row with its id.
        #expect(counties.features.contains { $0.geometry == nil && $0.id == .number(23023) })
    }

    @Test func meshesDrawEachBorderOnce() throws {
        let us = try Self.us.get()
        let world = try Self.world.get()
        let cases: [(GeoGeometry, String)] = [
            (try us.mesh("states"), "meshStates"),
            (try us.mesh("states", filter: .interior), "meshStatesInterior"),
            (try us.mesh("states", filter: .exterior), "meshStatesExterior"),
            (try world.mesh("countries"), "meshCountries")
        ]
        for (mesh, key) in cases {
            let summary = try #require(Self.reference?[key])
            guard case .multiLineString(let lines) = mesh else {
                Issue.record("\(key): \(mesh.typeName)")
                continue
            }
            #expect(lines.count == Int(summary["lines"]?.numberValue ?? -1), "\(key): \(lines.count) lines")
            #expect(mesh.positionCount == Int(summary["points"]?.numberValue ?? -1), "\(key): \(mesh.positionCount) positions")
            let first = (summary["first"]?.arrayValue ?? []).map { D3Reference.numbers($0) }
            for (p, q) in zip(lines.first ?? [], first) {
                #expect(abs(p.longitude - q[0]) < 1e-9 && abs(p.latitude - q[1]) < 1e-9, "\(key): first line starts at \(p), not \(q)")
            }
            let last = (summary["last"]?.arrayValue ?? []).map { D3Reference.numbers($0) }
            for (p, q) in zip(lines.last?.suffix(2) ?? [], last) {
                #expect(abs(p.longitude - q[0]) < 1e-9 && abs(p.latitude - q[1]) < 1e-9, "\(key): last line ends at \(p), not \(q)")
            }
        }
    }

    @Test func unknownObjectIsNamedWithTheAvailableOnes() throws {
        let us = try Self.us.get()
        let error = try #require(throws: DiagnosticError.self) { try us.features("state") }
        let diagnostic = try #require(error.diagnostics.first)
        #expect(diagnostic.id == "topojson-object-not-found")
        #expect(diagnostic.message.contains("'counties'") && diagnostic.message.contains("Did you mean 'states'?"))
    }

    @Test func quantizedArcsAreDeltaDecoded() throws {
        let text = """
            {"type": "Topology", "transform": {"scale": [0.5, 0.25], "translate": [-10, 20]},
             "objects": {"a": {"type": "GeometryCollection", "geometries": [
               {"type": "Polygon", "arcs": [[0, 1]], "id": "left", "properties": {"name": "Left", "n": 3}},
               {"type": "LineString", "arcs": [~1]},
               {"type": "Point", "coordinates": [4, 4]},
               {"type": null, "id": 7}]}},
             "arcs": [[[0, 0], [2, 0], [0, 4]], [[2, 4], [-2, 0], [0, -4]]]}
            """.replacingOccurrences(of: "~1", with: "-2")
        let topology = try TopoJSONReader(JSONReader.read(text))
        let features = try topology.features("a")
        #expect(features.fields == ["name", "n"])
        #expect(features.features.count == 4)
        #expect(features.features[0].id == .string("left"))
        #expect(features.features[0]["name"] == .string("Left"))
        // Arc 0: (0,0) (2,0) (2,4) → (-10,20) (-9,20) (-9,21); arc 1: (2,4) (0,4) (0,0) → (-9,21) (-10,21) (-10,20).
        let ring = [
            GeoPosition(-10, 20), GeoPosition(-10, 21), GeoPosition(-9, 21), GeoPosition(-9, 20), GeoPosition(-10, 20)
        ]
        // The ring as written winds counter-clockwise, so it is reversed into d3-geo's clockwise winding.
        #expect(features.features[0].geometry == .polygon([ring]))
        #expect(features.features[1].geometry == .lineString([GeoPosition(-10, 20), GeoPosition(-10, 21), GeoPosition(-9, 21)]))
        #expect(features.features[2].geometry == .point(GeoPosition(-8, 21)))
        #expect(features.features[3].geometry == nil && features.features[3].id == .number(7))
    }

    @Test func badArcIndexIsReportedAtItsPosition() throws {
        let text = """
            {"type": "Topology", "objects": {"a": {"type": "Polygon", "arcs": [[0, 5]]}},
             "arcs": [[[0, 0], [1, 0], [1, 1], [0, 0]]]}
            """
        let topology = try TopoJSONReader(JSONReader.read(text, path: "bad.json"))
        let error = try #require(throws: DiagnosticError.self) { try topology.features("a") }
        let diagnostic = try #require(error.diagnostics.first)
        #expect(diagnostic.id == "topojson-invalid-arc")
        #expect(diagnostic.locationDescription == "bad.json:1:72")
    }

    @Test func geoJSONIsNotReadAsTopology() throws {
        let error = try #require(throws: DiagnosticError.self) {
            try TopoJSONReader(JSONReader.read(#"{"type": "FeatureCollection", "features": []}"#, path: "x.json"))
        }
        #expect(error.diagnostics.first?.id == "topojson-invalid")
        #expect(error.diagnostics.first?.message.contains("a FeatureCollection") == true)
    }
}
