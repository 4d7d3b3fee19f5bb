import ChartDiagnostics
import ChartGeo
import ChartJSON
import ChartValues
import Testing

/// GeoJSON into rows, and malformed geometry reported at its line:col (or drawn correctly when its meaning is
/// plain: an open ring, a ring wound the RFC's way).
@Suite struct GeoJSONReaderTests {
    func read(_ text: String) throws -> GeoFeatureCollection {
        try GeoJSONReader.read(JSONReader.read(text, path: "map.geojson"))
    }

    func problems(_ text: String) -> [Diagnostic] {
        do {
            _ = try read(text)
            return []
        } catch {
            return (error as? DiagnosticError)?.diagnostics ?? []
        }
    }

    @Test func featuresBecomeRows() throws {
        let collection = try read(
            """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "id": "06", "properties": {"name": "California", "pop": 39.5, "tags": [1]},
               "geometry": {"type": "Point", "coordinates": [-119.4, 36.8, 12]}},
              {"type": "Feature", "properties": {"name": "Nowhere", "flag": true}, "geometry": null}
            ]}
            """)
        #expect(collection.fields == ["name", "pop", "tags", "flag"])
        #expect(collection.features.count == 2)
        #expect(collection.features[0].id == .string("06"))
        #expect(collection.features[0]["pop"] == .number(39.5))
        #expect(collection.features[0]["tags"] == .null)
        #expect(collection.features[0].geometry == .point(GeoPosition(-119.4, 36.8)))
        #expect(collection.features[1].id == .null && collection.features[1].geometry == nil)
        #expect(collection.features[1]["flag"] == .boolean(true))
    }

    @Test func bareGeometryIsOneFeature() throws {
        let collection = try read(#"{"type": "LineString", "coordinates": [[0, 0], [10, 10]]}"#)
        #expect(collection.features == [GeoFeature(geometry: .lineString([GeoPosition(0, 0), GeoPosition(10, 10)]))])
    }

    /// An open ring is closed; a ring wound counter-clockwise (RFC 7946) is reversed into d3-geo's winding, so
    /// it fills the square and not the rest of the world.
    @Test func openAndCounterClockwiseRingsDrawTheirShape() throws {
        let collection = try read(#"{"type": "Polygon", "coordinates": [[[0, 0], [10, 0], [10, 10], [0, 10]]]}"#)
        let expected: [[GeoPosition]] = [[.init(0, 0), .init(0, 10), .init(10, 10), .init(10, 0), .init(0, 0)]]
        #expect(collection.features.first?.geometry == .polygon(expected))
        let projection = MapProjection(ProjectionOptions(type: .equirectangular, scale: 1, translate: (0, 0)))
        let path = projection.path(.polygon(expected))
        // One ring, inside the square's projected bounds (not the sphere's outline).
        #expect(path.parts.count == 1)
        #expect(path.parts.allSatisfy { $0.points.allSatisfy { $0.x >= -0.001 && $0.x <= 0.18 } })
    }

    /// A ring across the antimeridian (Fiji's shape, written from 178° to −178°) is cut in two, one piece at each
    /// edge of the map, never a band across it.
    @Test func ringAcrossTheAntimeridianIsCut() throws {
        let collection = try read(#"{"type": "Polygon", "coordinates": [[[178, -18], [178, -16], [-178, -16], [-178, -18], [178, -18]]]}"#)
        let geometry = try #require(collection.features.first?.geometry)
        let projection = MapProjection(ProjectionOptions(type: .equirectangular, scale: 100, translate: (0, 0)))
        let path = projection.path(geometry)
        #expect(path.parts.count == 2)
        let widths = path.parts.map { part in (part.points.map(\.x).max() ?? 0) - (part.points.map(\.x).min() ?? 0) }
        #expect(widths.allSatisfy { $0 < 10 }, "pieces \(widths) px wide")
    }

    @Test func malformedGeometryIsReportedAtItsLineAndColumn() {
        let cases: [(String, String, String)] = [
            (#"[1, 2]"#, "geojson-invalid", "map.geojson:1:1"),
            (#"{"type": "Polygn", "coordinates": []}"#, "geojson-unknown-type", "map.geojson:1:10"),
            (#"{"type": "Polygon"}"#, "geojson-missing-member", "map.geojson:1:1"),
            (#"{"type": "Point", "coordinates": [10]}"#, "geojson-invalid-position", "map.geojson:1:34"),
            (#"{"type": "Point", "coordinates": [10, "x"]}"#, "geojson-invalid-position", "map.geojson:1:39"),
            (#"{"type": "Point", "coordinates": [40.7, -95.5]}"#, "geojson-invalid-position", "map.geojson:1:41"),
            (#"{"type": "Polygon", "coordinates": [[[0, 0], [1, 1], [0, 0]]]}"#, "geojson-invalid-ring", "map.geojson:1:37"),
            (#"{"type": "MultiPolygon", "coordinates": [[0, 0]]}"#, "geojson-invalid-coordinates", "map.geojson:1:43"),
            (#"{"type": "Topology", "objects": {}, "arcs": []}"#, "geojson-invalid", "map.geojson:1:1")
        ]
        for (text, id, location) in cases {
            let found = problems(text)
            #expect(found.first?.id == id, "\(text): \(found.map(\.message))")
            #expect(found.first?.locationDescription == location, "\(text): at \(found.first?.locationDescription ?? "?")")
        }
        // The unknown type gets a did-you-mean.
        #expect(problems(#"{"type": "Polygn", "coordinates": []}"#).first?.message.contains("Did you mean 'Polygon'?") == true)
    }

    @Test func everyBadFeatureIsReportedOnce() {
        let feature = #"{"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [0]}}"#
        let text = #"{"type": "FeatureCollection", "features": ["# + Array(repeating: feature, count: 30).joined(separator: ", ") + "]}"
        let found = problems(text)
        #expect(found.count == GeoJSONReader.problemLimit)
        #expect(Set(found.compactMap(\.span?.range.lowerBound)).count == found.count)
    }

    /// Deeply nested collections are refused, not followed until the stack runs out.
    @Test func deepNestingIsRefused() {
        var text = #"{"type": "Point", "coordinates": [0, 0]}"#
        for _ in 0..<40 { text = #"{"type": "GeometryCollection", "geometries": ["# + text + "]}" }
        #expect(problems(text).first?.id == "geojson-too-deep")
    }

    /// The graticule as data is d3-geo's `geoGraticule10()` and `geoGraticule().step([15, 30])()`, line for line.
    @Test func graticuleMatchesD3() throws {
        for (key, mine) in [("graticule10", Graticule.lines()), ("graticule", Graticule.lines(step: (15, 30)))] {
            let reference = try D3Reference.geometry(TopoJSONReaderTests.reference?[key])
            guard case .multiLineString(let expected) = reference, case .multiLineString(let lines) = mine else {
                Issue.record("\(key): not line strings")
                continue
            }
            #expect(lines.count == expected.count, "\(key): \(lines.count) lines instead of \(expected.count)")
            for (line, want) in zip(lines, expected) {
                #expect(line.count == want.count)
                for (p, q) in zip(line, want) {
                    #expect(abs(p.longitude - q.longitude) < 1e-9 && abs(p.latitude - q.latitude) < 1e-9, "\(key): \(p) instead of \(q)")
                }
            }
        }
    }
}
