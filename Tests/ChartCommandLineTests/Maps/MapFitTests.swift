import ChartCommandLine
import Foundation
import Testing

/// What a map's projection is fitted to (SPEC §22), as Vega-Lite fits it: everything the plot places on the map,
/// the shapes of its `geoshape` layers and the points placed by `longitude`/`latitude`; and where a map with a
/// `scale` and no `translate` goes (the plot's centre). Each test is a discrepancy `VegaLiteMapComparisonTests`
/// found.
@Suite struct MapFitTests {
    static func run(_ spec: String) throws -> (status: Int32, said: String, svg: String) {
        try ProjectionWithoutMapTests.run("build", spec)
    }

    /// France and a point at Tokyo: fitted to France alone (as it was), Tokyo was drawn 1,000 px right of the
    /// plot. Fitted to both, as Vega-Lite fits them, Tokyo is the map's right edge: the 600 px plot's right side.
    @Test func pointsBeyondTheShapesAreInTheFit() throws {
        let built = try Self.run(
            """
            { "title": "France and Tokyo", "width": 640, "height": 400, "projection": { "type": "mercator" },
              "layers": [
                { "data": { "basemap": "world" }, "filter": "name == 'France'", "mark": "geoshape" },
                { "data": { "values": [{ "lon": 139.69, "lat": 35.69 }] }, "mark": "point",
                  "encoding": { "longitude": { "field": "lon" }, "latitude": { "field": "lat" } } }] }
            """)
        #expect(built.status == 0, "\(built.said)")
        let points = try MapPlaceTests.points(built.svg)
        try #require(points.count == 1)
        #expect(abs(points[0].x - 600) < 0.02, "Tokyo at \(points[0])")
        #expect(points[0].y > 0 && points[0].y < 400, "Tokyo at \(points[0])")
        // France's western edge is the map's left edge.
        let france = try MapPlaceTests.regionRings(built.svg, id: "250")
        let west = try #require(france.flatMap { $0.map(\.0) }.min())
        #expect(abs(west) <= 0.05, "France's west edge at \(west)")
    }

    /// A map whose only point lies outside albersUsa's boxes is fitted to the states alone (d3-geo's stream drops
    /// the point, as Vega-Lite's fit does): the point changes nothing.
    @Test func aPointTheProjectionCannotShowDoesNotMoveTheFit() throws {
        func statesPath(_ extra: String) throws -> String {
            let built = try Self.run(
                """
                { "title": "States", "width": 640, "height": 400, "projection": { "type": "albersUsa" },
                  "layers": [{ "data": { "basemap": "us-states" }, "mark": "geoshape" }\(extra)] }
                """)
            #expect(built.status == 0, "\(built.said)")
            let start = try #require(built.svg.range(of: #"data-id="20" d=""#))
            return String(built.svg[start.upperBound...].prefix { $0 != "\"" })
        }
        let alone = try statesPath("")
        let withLondon = try statesPath(
            #", { "data": { "values": [{ "lon": -0.13, "lat": 51.51 }] }, "mark": "point", "encoding": { "longitude": { "field": "lon" }, "latitude": { "field": "lat" } } }"#
        )
        #expect(alone == withLondon)
    }

    /// `scale` without `translate`: nothing is fitted, and the projection's centre lands in the middle of the plot
    /// as Vega-Lite puts it, not at d3-geo's default [480, 250] (the middle of a 960 × 500 canvas).
    @Test func aScaleWithoutATranslationCentresTheMap() throws {
        let built = try Self.run(
            """
            { "title": "Null Island", "width": 640, "height": 400, "projection": { "type": "equalEarth", "scale": 100 },
              "layers": [
                { "data": { "sphere": true }, "mark": "geoshape" },
                { "data": { "values": [{ "lon": 0, "lat": 0 }] }, "mark": "point",
                  "encoding": { "longitude": { "field": "lon" }, "latitude": { "field": "lat" } } }] }
            """)
        #expect(built.status == 0, "\(built.said)")
        let points = try MapPlaceTests.points(built.svg)
        try #require(points.count == 1)
        #expect(abs(points[0].x - 300) < 0.01 && abs(points[0].y - 200) < 0.01, "\(points[0])")
        // The sphere at scale 100: equalEarth's outline is 2 × 100 × 2.71 px wide, centred on x = 300.
        let sphere = try #require(built.svg.range(of: #"<path class="chartc-region""#))
        let tag = built.svg[sphere.lowerBound...].prefix { $0 != ">" }
        let d = try #require(tag.range(of: #" d=""#))
        let xs = tag[d.upperBound...].prefix { $0 != "\"" }.split(whereSeparator: { "MLZ".contains($0) }).compactMap {
            $0.split(separator: ",").first.flatMap { Double($0) }
        }
        let left = try #require(xs.min()), right = try #require(xs.max())
        #expect(abs((left + right) / 2 - 300) < 0.1, "\(left)…\(right)")
    }

    /// A written `translate` without `scale` keeps the type's scale (d3-geo's and Vega-Lite's): the projection's
    /// centre lands on the translation.
    @Test func aTranslationWithoutAScaleKeepsTheDefaultScale() throws {
        let built = try Self.run(
            """
            { "title": "Null Island", "width": 640, "height": 400, "projection": { "type": "equalEarth", "translate": [100, 50] },
              "layers": [
                { "data": { "sphere": true }, "mark": "geoshape" },
                { "data": { "values": [{ "lon": 0, "lat": 0 }, { "lon": 10, "lat": 0 }] }, "mark": "point",
                  "encoding": { "longitude": { "field": "lon" }, "latitude": { "field": "lat" } } }] }
            """)
        #expect(built.status == 0, "\(built.said)")
        let points = try MapPlaceTests.points(built.svg)
        try #require(points.count == 2)
        #expect(abs(points[0].x - 100) < 0.01 && abs(points[0].y - 50) < 0.01, "\(points)")
        // equalEarth's default scale, 177.158: 10° of longitude at the equator is 177.158 × 0.17453 / (√3/2 × 1.340264)
        // = 26.64 px.
        #expect(abs(points[1].x - 100 - 26.64) < 0.01, "\(points)")
    }
}
