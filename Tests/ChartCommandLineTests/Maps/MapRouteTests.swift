import ChartCommandLine
import Foundation
import Testing

/// `rule` on a map (SPEC §22): from `longitude`/`latitude` to `longitude2`/`latitude2` along the great circle,
/// through the chart's projection and resampled as d3-geo's `geoPath` draws a LineString, so the route curves; a
/// rule with one end only, or half of its other end, is refused at its channel (`map-place`).
@Suite struct MapRouteTests {
    /// New York (JFK) to London (Heathrow) under equirectangular at scale 100 and translate [480, 250], whose
    /// d3-geo formula is x = 480 + 100 λ, y = 250 − 100 φ (radians).
    static let spec = """
        { "title": "A route", "sources": "x", "alt": "A route",
          "data": { "values": [{ "lon": -73.78, "lat": 40.64, "lon2": -0.45, "lat2": 51.47 }] },
          "projection": { "type": "equirectangular", "scale": 100, "translate": [480, 250] },
          "mark": "rule",
          "encoding": { "longitude": { "field": "lon" }, "latitude": { "field": "lat" }, "longitude2": { "field": "lon2" }, "latitude2": { "field": "lat2" } },
          "width": 960, "height": 500 }
        """

    static func project(_ lon: Double, _ lat: Double) -> (x: Double, y: Double) {
        (480 + 100 * lon * .pi / 180, 250 - 100 * lat * .pi / 180)
    }

    /// d3-geo's `geoInterpolate(a, b)(t)`: the point a share `t` of the way along the great circle.
    static func interpolate(_ a: (Double, Double), _ b: (Double, Double), _ t: Double) -> (lon: Double, lat: Double) {
        func vector(_ p: (Double, Double)) -> (Double, Double, Double) {
            let (l, f) = (p.0 * .pi / 180, p.1 * .pi / 180)
            return (cos(f) * cos(l), cos(f) * sin(l), sin(f))
        }
        let (u, v) = (vector(a), vector(b))
        let angle = acos(max(-1, min(1, u.0 * v.0 + u.1 * v.1 + u.2 * v.2)))
        let (ka, kb) = (sin((1 - t) * angle) / sin(angle), sin(t * angle) / sin(angle))
        let (x, y, z) = (ka * u.0 + kb * v.0, ka * u.1 + kb * v.1, ka * u.2 + kb * v.2)
        return (atan2(y, x) * 180 / .pi, atan2(z, (x * x + y * y).squareRoot()) * 180 / .pi)
    }

    /// The rule's path vertices, in the plot group's coordinates.
    static func route(_ svg: String) throws -> [(x: Double, y: Double)] {
        let start = try #require(svg.range(of: #"class="chartc-rule" d=""#))
        let rest = svg[start.upperBound...]
        let d = rest[..<(try #require(rest.firstIndex(of: "\"")))]
        return d.split(whereSeparator: { $0 == "M" || $0 == "L" }).compactMap { pair in
            let numbers = pair.split(separator: ",").compactMap { Double($0) }
            return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
        }
    }

    /// The distance from a point to a polyline.
    static func distance(_ p: (x: Double, y: Double), to line: [(x: Double, y: Double)]) -> Double {
        var best = Double.infinity
        for (a, b) in zip(line, line.dropFirst()) {
            let (dx, dy) = (b.x - a.x, b.y - a.y)
            let t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / max(1e-12, dx * dx + dy * dy)))
            best = min(best, hypot(a.x + t * dx - p.x, a.y + t * dy - p.y))
        }
        return best
    }

    @Test func aRouteRunsAlongTheGreatCircleWhereD3GeoDrawsIt() throws {
        let built = try MapPlaceTests.run("build", Self.spec)
        #expect(built.status == 0, "\(built.said)")
        let line = try Self.route(built.svg)
        try #require(line.count >= 3, "a long route is resampled into a curve: \(line)")
        // Its ends are where d3-geo projects the airports (the SVG rounds to 0.1 px).
        let (from, to) = (Self.project(-73.78, 40.64), Self.project(-0.45, 51.47))
        #expect(hypot(line[0].x - from.x, line[0].y - from.y) < 0.1)
        #expect(hypot(line[line.count - 1].x - to.x, line[line.count - 1].y - to.y) < 0.1)
        // Every tenth of the way along the great circle lies on the drawn line, within d3-geo's resampling
        // precision (√0.5 px: it stops halving a segment when the projected midpoint is that close) and the SVG's
        // rounding; and its middle bows north of the straight chord, as the route over the North Atlantic does.
        for step in 1..<10 {
            let point = Self.interpolate((-73.78, 40.64), (-0.45, 51.47), Double(step) / 10)
            let projected = Self.project(point.lon, point.lat)
            #expect(Self.distance(projected, to: line) < 0.8, "\(step)/10 of the way: \(projected) is off the route")
        }
        let middle = Self.project(
            Self.interpolate((-73.78, 40.64), (-0.45, 51.47), 0.5).lon, Self.interpolate((-73.78, 40.64), (-0.45, 51.47), 0.5).lat)
        #expect((from.y + to.y) / 2 - middle.y > 10, "the great circle bows north of the chord")
    }

    /// A route the projection shows none of (Tokyo to Sydney on the far side of a globe facing Africa) is left
    /// out and counted, as points off the map are; a route over the globe's edge is cut there and drawn.
    @Test func aRouteOnTheFarSideOfAGlobeIsCountedNotDrawn() throws {
        let spec = """
            { "title": "Routes", "sources": "x", "alt": "Routes",
              "data": { "values": [{ "lon": 139.78, "lat": 35.55, "lon2": 151.18, "lat2": -33.95 }, { "lon": -73.78, "lat": 40.64, "lon2": 139.78, "lat2": 35.55 }] },
              "layers": [
                { "data": { "sphere": true }, "mark": { "type": "geoshape", "color": "#eeeeee" } },
                { "mark": "rule", "encoding": { "longitude": { "field": "lon" }, "latitude": { "field": "lat" }, "longitude2": { "field": "lon2" }, "latitude2": { "field": "lat2" } } }
              ],
              "projection": { "type": "orthographic", "rotate": [0, 0, 0] } }
            """
        let built = try MapPlaceTests.run("build", spec)
        #expect(built.status == 0, "\(built.said)")
        #expect(built.said.contains("[places-left-out]"), "\(built.said)")
        #expect(built.svg.components(separatedBy: #"class="chartc-rule""#).count - 1 == 1, "only New York–Tokyo, cut at the edge, is drawn")
    }

    @Test func aRouteWithOneEndOrHalfAnEndIsRefusedAtItsChannel() throws {
        let cases: [(String, String)] = [
            (#""encoding": { "longitude": { "field": "lon" }, "latitude": { "field": "lat" } }"#, "map.chart.json:3:15"),
            (
                #""encoding": { "longitude": { "field": "lon" }, "latitude": { "field": "lat" }, "longitude2": { "field": "lon2" } }"#,
                "map.chart.json:3:80"
            ),
            (#""encoding": { "longitude2": { "field": "lon2" }, "latitude2": { "field": "lat2" } }"#, "map.chart.json:3:15")
        ]
        for (encoding, place) in cases {
            let spec = """
                { "title": "Routes", "data": { "values": [{ "lon": -73.78, "lat": 40.64, "lon2": -0.45, "lat2": 51.47 }] },
                  "mark": "rule",
                \(encoding) }
                """
            for command in ["build", "lint"] {
                let result = try MapPlaceTests.run(command, spec)
                #expect(result.status != 0, "\(command): \(result.said)")
                #expect(result.said.contains(place) && result.said.contains("[map-place]"), "\(command) \(encoding): \(result.said)")
            }
        }
        // The other end is a rule's alone: a point is refused it.
        let point = """
            { "title": "Cities", "data": { "values": [{ "lon": -73.78, "lat": 40.64 }] },
              "mark": "point",
              "encoding": { "longitude": { "field": "lon" }, "latitude": { "field": "lat" }, "longitude2": { "field": "lon" } } }
            """
        let result = try MapPlaceTests.run("lint", point)
        #expect(result.said.contains("[channel-not-supported]") && result.said.contains("rule"), "\(result.said)")
    }
}
