import ChartCommandLine
import Foundation
import Testing

/// `longitude`/`latitude` on points and text (SPEC §22): each row placed through the chart's projection, where
/// d3-geo places it; clipped and missing places counted (`places-left-out`); mistakes refused at their line:col
/// (`map-place`); a projection over points alone is a map (`projection-without-map` no more).
@Suite struct MapPlaceTests {
    static func run(_ command: String, _ spec: String) throws -> (status: Int32, said: String, svg: String) {
        try ProjectionWithoutMapTests.run(command, spec)
    }

    /// The plot's offset in the SVG (`<g class="chartc-plot" transform="translate(x,y)">`).
    static func plotOffset(_ svg: String) throws -> (x: Double, y: Double) {
        let marker = #"<g class="chartc-plot" transform="translate("#
        let start = try #require(svg.range(of: marker))
        let rest = svg[start.upperBound...]
        let end = try #require(rest.firstIndex(of: ")"))
        let numbers = rest[..<end].split(separator: ",").compactMap { Double($0) }
        try #require(numbers.count == 2)
        return (numbers[0], numbers[1])
    }

    /// An attribute's number in an element's text.
    static func attribute(_ name: String, in element: Substring) -> Double? {
        guard let start = element.range(of: " \(name)=\"") else { return nil }
        let rest = element[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return Double(rest[..<end])
    }

    /// Every `<circle class="chartc-point">`: centre (in the plot group's coordinates) and radius, in paint order.
    static func points(_ svg: String) throws -> [(x: Double, y: Double, r: Double)] {
        _ = try plotOffset(svg)
        return svg.components(separatedBy: "<circle ").dropFirst().compactMap { piece in
            let element = piece.prefix { $0 != ">" }
            guard element.contains("chartc-point"), let cx = attribute("cx", in: element), let cy = attribute("cy", in: element),
                let r = attribute("r", in: element)
            else { return nil }
            return (cx, cy, r)
        }
    }

    static let cities = """
        [{ "city": "San Francisco", "lon": -122.4194, "lat": 37.7749 }, { "city": "New York", "lon": -74.0059, "lat": 40.7128 },
         { "city": "Anchorage", "lon": -149.9003, "lat": 61.2181 }, { "city": "Honolulu", "lon": -157.8583, "lat": 21.3069 }]
        """

    /// d3-geo's `albersUsa-test.js` values at its own scale and translation: the points land on them (to the
    /// 0.01 px the SVG is written to), Alaska's and Hawaii's insets included.
    @Test func pointsLandWhereD3GeoProjectsThem() throws {
        let built = try Self.run(
            "build",
            """
            { "title": "Cities", "data": { "values": \(Self.cities) },
              "projection": { "type": "albersUsa", "scale": 1070, "translate": [480, 250] },
              "mark": "point", "encoding": { "longitude": { "field": "lon" }, "latitude": { "field": "lat" } } }
            """)
        #expect(built.status == 0, "\(built.said)")
        let drawn = try Self.points(built.svg)
        let expected: [(Double, Double)] = [
            (107.42689983179525, 214.14309852394865), (794.5968111295658, 176.53226149775173),
            (171.16295961507143, 446.9441310429266), (298.4785715711044, 450.98746080412104)
        ]
        try #require(drawn.count == expected.count, "\(drawn)")
        for (point, want) in zip(drawn, expected) {
            #expect(abs(point.x - want.0) < 0.011 && abs(point.y - want.1) < 0.011, "\(point) ≠ \(want)")
        }
    }

    /// Orthographic's default view faces longitude 0: Tokyo, Sydney and Honolulu are behind the globe, so they
    /// are not drawn and the build says how many; a row without a latitude is counted too.
    @Test func clippedAndMissingPlacesAreCountedNotDrawn() throws {
        let built = try Self.run(
            "build",
            """
            { "title": "Cities", "data": { "values": [
                { "lon": 2.3522, "lat": 48.8566 }, { "lon": 139.6917, "lat": 35.6895 }, { "lon": 151.2093, "lat": -33.8688 },
                { "lon": -157.8583, "lat": 21.3069 }, { "lon": 18.4241, "lat": null }] },
              "projection": { "type": "orthographic", "scale": 249.5, "translate": [480, 250] },
              "mark": "point", "encoding": { "longitude": { "field": "lon" }, "latitude": { "field": "lat" } } }
            """)
        #expect(built.status == 0, "\(built.said)")
        let drawn = try Self.points(built.svg)
        try #require(drawn.count == 1, "\(drawn)")
        // Paris, at d3-geo's published place.
        #expect(abs(drawn[0].x - 486.7373688170925) < 0.011 && abs(drawn[0].y - 62.1102245575492) < 0.011)
        #expect(built.said.contains("[places-left-out]"), "\(built.said)")
        #expect(
            built.said.contains("4 point marks are not drawn: 1 row without a longitude or latitude, 3 rows placed on the far side of the globe"),
            "\(built.said)")
        #expect(built.said.contains("map.chart.json:5:47"), "\(built.said)")
    }

    /// Without a geoshape layer the projection fits the points themselves (d3's `fitSize` on a MultiPoint): the
    /// outermost points touch the plot's edges.
    @Test func aMapOfPointsAloneIsFittedToThem() throws {
        let built = try Self.run(
            "build",
            """
            { "title": "Cities", "width": 600, "height": 400, "data": { "values": \(Self.cities) },
              "projection": { "type": "equirectangular" },
              "mark": "point", "encoding": { "longitude": { "field": "lon" }, "latitude": { "field": "lat" } } }
            """)
        #expect(built.status == 0, "\(built.said)")
        let drawn = try Self.points(built.svg)
        try #require(drawn.count == 4)
        let xs = drawn.map(\.x), ys = drawn.map(\.y)
        let minX = try #require(xs.min()), maxX = try #require(xs.max()), minY = try #require(ys.min()), maxY = try #require(ys.max())
        // One pair of edges is touched exactly; the other is centred.
        let touchesX = abs(minX) < 0.02 && maxX > 100
        let touchesY = abs(minY) < 0.02 && maxY > 100
        #expect(touchesX || touchesY, "\(drawn)")
        #expect(minX >= -0.02 && minY >= -0.02)
    }

    /// A choropleth with points on top: one projection fitted to the shapes serves both layers, so a point at a
    /// state's centre lands inside that state's path.
    @Test func layersShareOneFit() throws {
        let built = try Self.run(
            "build",
            """
            { "title": "States", "data": { "basemap": "us-states" },
              "projection": { "type": "albersUsa" },
              "layers": [
                { "mark": "geoshape" },
                { "data": { "values": [{ "name": "Kansas", "lon": -98.38, "lat": 38.48 }, { "name": "Utah", "lon": -111.67, "lat": 39.32 },
                    { "name": "Alaska", "lon": -152.0, "lat": 64.0 }] },
                  "mark": "point", "encoding": { "longitude": { "field": "lon" }, "latitude": { "field": "lat" } } }] }
            """)
        #expect(built.status == 0, "\(built.said)")
        let drawn = try Self.points(built.svg)
        try #require(drawn.count == 3)
        let offset = try Self.plotOffset(built.svg)
        for (point, id) in zip(drawn, ["20", "49", "02"]) {
            let rings = try Self.regionRings(built.svg, id: id)
            // The region's path is drawn in the same group as the points: plot coordinates.
            #expect(rings.contains { Self.contains($0, point.x, point.y) }, "the point of state \(id) at \(point), offset \(offset)")
            for other in ["20", "49", "02"] where other != id {
                #expect(!(try Self.regionRings(built.svg, id: other)).contains { Self.contains($0, point.x, point.y) })
            }
        }
    }

    /// The closed rings of a region's path data.
    static func regionRings(_ svg: String, id: String) throws -> [[(Double, Double)]] {
        let start = try #require(svg.range(of: #"data-id="\#(id)""#))
        // The `d` attribute of the element that holds data-id.
        let open = try #require(svg[..<start.lowerBound].range(of: "<path", options: .backwards))
        let close = try #require(svg[open.lowerBound...].firstIndex(of: ">"))
        let tag = svg[open.lowerBound..<close]
        let dStart = try #require(tag.range(of: #" d=""#))
        let dEnd = try #require(tag[dStart.upperBound...].firstIndex(of: "\""))
        let data = tag[dStart.upperBound..<dEnd]
        var rings: [[(Double, Double)]] = []
        for piece in data.split(separator: "M") {
            let body = piece.hasSuffix("Z") ? piece.dropLast() : piece
            let ring = body.split(separator: "L").compactMap { pair -> (Double, Double)? in
                let xy = pair.split(separator: ",")
                guard xy.count == 2, let x = Double(xy[0]), let y = Double(xy[1]) else { return nil }
                return (x, y)
            }
            if ring.count >= 3 { rings.append(ring) }
        }
        return rings
    }

    /// Even-odd point in polygon.
    static func contains(_ ring: [(Double, Double)], _ x: Double, _ y: Double) -> Bool {
        var inside = false
        var j = ring.count - 1
        for i in ring.indices {
            let (xi, yi) = ring[i], (xj, yj) = ring[j]
            if (yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi { inside.toggle() }
            j = i
        }
        return inside
    }

    @Test func placeMistakesAreErrorsAtTheirChannel() throws {
        let cases: [(String, String)] = [
            (#""encoding": { "longitude": { "field": "lon" } }"#, "map.chart.json:3:17"),
            (#""encoding": { "longitude": { "field": "lon" }, "latitude": { "field": "lat" }, "x": { "field": "lon" } }"#, "map.chart.json:3:82"),
            (#""encoding": { "longitude": { "field": "lon" }, "latitude": { "field": "city" } }"#, "map.chart.json:3:73")
        ]
        for (encoding, place) in cases {
            let spec = """
                { "title": "Cities", "data": { "values": \(Self.cities.replacingOccurrences(of: "\n", with: " ")) },
                  "mark": "point",
                  \(encoding) }
                """
            for command in ["build", "lint"] {
                let result = try Self.run(command, spec)
                #expect(result.status != 0, "\(command): \(result.said)")
                #expect(result.said.contains(place) && result.said.contains("[map-place]"), "\(command) \(encoding): \(result.said)")
            }
        }
    }

    @Test func aProjectionOverPointsAloneIsAMap() throws {
        let result = try Self.run(
            "lint",
            """
            { "title": "Cities", "sources": "Census", "alt": "Four cities", "data": { "values": \(Self.cities) },
              "projection": { "type": "albersUsa" },
              "mark": "text", "encoding": { "longitude": { "field": "lon" }, "latitude": { "field": "lat" }, "text": { "field": "city" } } }
            """)
        #expect(!result.said.contains("projection-without-map"), "\(result.said)")
        #expect(result.status == 0, "\(result.said)")
    }

    /// A symbol map's size legend (SPEC §22): nice values inside the data, each drawn at the radius a circle of
    /// that value has on the map (areas in proportion from zero: r = 14 px × √(v / largest)).
    @Test func theSizeLegendShowsTheMapsCircles() throws {
        let built = try Self.run(
            "build",
            """
            { "title": "Cities", "data": { "values": [{ "lon": -74, "lat": 40.7, "n": 400 }, { "lon": -87.6, "lat": 41.9, "n": 100 },
                { "lon": -118.2, "lat": 34, "n": 25 }] },
              "projection": { "type": "albersUsa" },
              "mark": "point", "encoding": { "longitude": { "field": "lon" }, "latitude": { "field": "lat" }, "size": { "field": "n" } } }
            """)
        #expect(built.status == 0, "\(built.said)")
        let radii = try Self.points(built.svg).map(\.r)
        #expect(radii == [14, 7, 3.5], "area-true, biggest first: \(radii)")
        var legend: [(value: Double, r: Double)] = []
        for piece in built.svg.components(separatedBy: #"class="chartc-legend-size-item" data-value=""#).dropFirst() {
            let digits = String(piece.prefix { $0 != "\"" }.filter { $0 != "," })
            let value = try #require(Double(digits))
            let circle = try #require(piece.range(of: "<circle "))
            let r = try #require(Self.attribute("r", in: piece[circle.upperBound...].prefix { $0 != ">" }))
            legend.append((value, r))
        }
        #expect((2...5).contains(legend.count), "\(legend)")
        for item in legend {
            #expect(item.value >= 25 && item.value <= 400)
            #expect(abs(item.r - 14 * (item.value / 400).squareRoot()) < 0.01, "\(item)")
        }
    }
}
