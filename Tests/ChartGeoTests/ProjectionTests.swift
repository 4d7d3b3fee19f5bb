import ChartGeo
import ChartJSON
import Testing

/// Projected coordinates against d3-geo's: its test suite's published numbers, and its output for every
/// projection type recorded in `Fixtures/d3-geo-reference.json` (see `D3Reference`).
@Suite struct ProjectionTests {
    /// d3-geo's `albersUsa-test.js`: five cities, the insets included, within 0.1 px; Paris is off the map.
    @Test func albersUsaPublishedValues() throws {
        let albersUsa = MapProjection(ProjectionOptions(type: .albersUsa))
        let cases: [(String, Double, Double, Double, Double)] = [
            ("San Francisco", -122.4194, 37.7749, 107.4, 214.1),
            ("New York", -74.0059, 40.7128, 794.6, 176.5),
            ("Tulsa", -95.9928, 36.1540, 488.8, 298.0),
            ("Anchorage", -149.9003, 61.2181, 171.2, 446.9),
            ("Honolulu", -157.8583, 21.3069, 298.5, 451.0)
        ]
        for (city, longitude, latitude, x, y) in cases {
            let p = try #require(albersUsa.project(longitude, latitude), "\(city) is off the map")
            #expect(abs(p.x - x) <= 0.1 && abs(p.y - y) <= 0.1, "\(city): \(p) instead of (\(x), \(y))")
        }
        #expect(albersUsa.project(2.3522, 48.8566) == nil)
    }

    /// d3-geo's `equirectangular-test.js`: rotations by one, two and three angles, at scale 1.
    @Test func equirectangularRotationsPublishedValues() {
        let pi = Double.pi
        let cases: [([Double], [(Double, Double, Double, Double)])] = [
            ([30, 0], [(0, 0, pi / 6, 0), (-180, 0, -5 / 6 * pi, 0), (30, -30, pi / 3, pi / 6)]),
            (
                [30, 30],
                [
                    (0, 0, 0.5880026035475674, -0.44783239692893245), (-180, 0, -2.5535900500422257, 0.44783239692893245),
                    (0, -30, 0.4486429615608479, 0.05804529130778048), (30, 30, 1.4056476493802694, -0.7069517278872177)
                ]
            ),
            ([0, 0, 30], [(0, 30, -0.2810349015028135, -0.44783239692893245), (-30, -30, -0.1651486774146268, 0.7069517278872176)]),
            (
                [30, 30, 30],
                [(0, 0, 0.2810349015028135, -0.6751315329370317), (30, 30, 1.2033744221750944, -1.2153751251046732), (-30, -30, 0, 0)]
            )
        ]
        for (rotate, points) in cases {
            let projection = MapProjection(ProjectionOptions(type: .equirectangular, rotate: rotate, scale: 1, translate: (0, 0)))
            for (longitude, latitude, x, y) in points {
                let p = projection.project(longitude, latitude)
                #expect(
                    abs((p?.x ?? .nan) - x) < 1e-6 && abs((p?.y ?? .nan) - y) < 1e-6,
                    "rotate \(rotate) [\(longitude), \(latitude)] → \(String(describing: p))")
            }
        }
    }

    /// Every projection type, defaults and options (rotate, center, parallels, scale, translate), at twelve places
    /// around the world: within 1e-6 px of d3-geo (the spec allows 0.5).
    @Test func pointsMatchD3() throws {
        let cases = try #require(D3Reference.fixture?["points"]?.arrayValue)
        #expect(cases.count == 240)
        var worst = 0.0
        for item in cases {
            let projection = MapProjection(try D3Reference.options(item["projection"]))
            let location = D3Reference.numbers(item["location"])
            let expected = D3Reference.numbers(item["point"])
            let got = projection.project(location[0], location[1])
            let what = "\(D3Reference.describe(item["projection"])) at \(location)"
            if expected.isEmpty {
                #expect(got == nil, "\(what): \(String(describing: got)) where d3-geo draws nothing")
                continue
            }
            let p = try #require(got, "\(what): nothing where d3-geo draws \(expected)")
            let error = max(abs(p.x - expected[0]), abs(p.y - expected[1]))
            worst = max(worst, error)
            #expect(error < 1e-6, "\(what): \(p) instead of \(expected)")
        }
        #expect(worst < 1e-6)
    }

    /// Whole shapes through the stream — Russia and Fiji cut at the antimeridian, Antarctica on Mercator, a
    /// globe showing only its front (Australia hidden, Brazil and Russia clipped at the horizon), a graticule,
    /// every projection's sphere, long edges resampled, albersUsa's Alaska and Hawaii insets: the same rings
    /// with every point within 0.5 px of d3-geo's.
    @Test func pathsMatchD3() throws {
        let cases = try #require(D3Reference.fixture?["paths"]?.arrayValue)
        #expect(cases.count >= 30)
        for item in cases {
            let projection = MapProjection(try D3Reference.options(item["projection"]))
            let geometry = try D3Reference.geometry(item["geometry"])
            let path = projection.path(geometry)
            let what = "\(item["name"].map { $0.stringValue ?? $0.lexemeText } ?? "?") in \(D3Reference.describe(item["projection"]))"
            let expected = item["parts"]?.arrayValue ?? []
            #expect(path.parts.count == expected.count, "\(what): \(path.parts.count) rings or lines instead of \(expected.count)")
            for (part, want) in zip(path.parts, expected) {
                let points = want["points"]?.arrayValue ?? []
                #expect(part.closed == (want["closed"]?.boolValue ?? false), "\(what): closed differs")
                #expect(part.points.count == points.count, "\(what): \(part.points.count) points instead of \(points.count)")
                var worst = 0.0
                for (p, q) in zip(part.points, points) {
                    let xy = D3Reference.numbers(q)
                    worst = max(worst, abs(p.x - xy[0]), abs(p.y - xy[1]))
                }
                #expect(worst <= 0.5, "\(what): a point \(worst) px from d3-geo's")
            }
        }
    }

    /// `fitSize` to 960 × 500 for each projection (the world's land, or the states for albers and albersUsa):
    /// the same scale and translation as d3-geo's, which depend on the clipped, resampled bounds.
    @Test func fitSizeMatchesD3() throws {
        let cases = try #require(D3Reference.fixture?["fits"]?.arrayValue)
        #expect(cases.count == 10)
        let land = try TopoJSONReaderTests.world.get().features("land").features.compactMap(\.geometry)
        let states = try TopoJSONReaderTests.us.get().features("states").features.compactMap(\.geometry)
        for item in cases {
            var projection = MapProjection(try D3Reference.options(item["projection"]))
            let size = D3Reference.numbers(item["size"])
            projection.fit(width: size[0], height: size[1], to: item["object"]?.stringValue == "land" ? land : states)
            let scale = item["scale"]?.numberValue ?? .nan
            let translate = D3Reference.numbers(item["translate"])
            let what = D3Reference.describe(item["projection"])
            #expect(abs(projection.scale - scale) < 1e-6 * scale, "\(what): scale \(projection.scale) instead of \(scale)")
            #expect(
                abs(projection.translate.x - translate[0]) < 1e-6 && abs(projection.translate.y - translate[1]) < 1e-6,
                "\(what): translate \(projection.translate) instead of \(translate)")
        }
    }

    /// An orthographic globe shows only its front: a country on the far side draws nothing at all.
    @Test func globeHidesTheFarSide() throws {
        let projection = MapProjection(ProjectionOptions(type: .orthographic, rotate: [-10, -40, 0]))
        let square = GeoGeometry.polygon([[.init(140, -30), .init(140, -20), .init(150, -20), .init(150, -30), .init(140, -30)]])
        #expect(projection.path(square).isEmpty)
        let near = GeoGeometry.polygon([[.init(0, 40), .init(0, 50), .init(10, 50), .init(10, 40), .init(0, 40)]])
        #expect(projection.path(near).parts.count == 1)
    }
}

extension JSONValue {
    var lexemeText: String { numberValue.map { String(Int($0)) } ?? typeName }
}
