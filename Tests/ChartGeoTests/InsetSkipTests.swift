@testable import ChartGeo
import Testing

/// albersUsa streams a shape only through the insets its `GeoExtent` can reach, and its fit only the shapes that
/// could move the bounds (issue 27). Both must give exactly what streaming everything through all three gives.
@Suite struct InsetSkipTests {
    static let basemaps = Result { () throws -> [GeoGeometry] in
        try [Basemap.usCounties, .usStates, .world].flatMap { try $0.features().features.compactMap(\.geometry) }
    }

    /// albersUsa at d3's default scale, fitted to a plot, and at the fit's reference scale.
    static var projections: [MapProjection] {
        var fitted = MapProjection(ProjectionOptions(type: .albersUsa))
        fitted.fit(extent: (0, 0, 608, 380), bounds: FitBounds(box: (-68.7, -35.4, 69.1, 35.7)))
        var reference = MapProjection(ProjectionOptions(type: .albersUsa))
        reference.scale = 150
        reference.translate = (0, 0)
        return [MapProjection(ProjectionOptions(type: .albersUsa)), fitted, reference]
    }

    @Test func everyShapeIsDrawnAsThroughAllThreeInsets() throws {
        let shapes = try Self.basemaps.get()
        var skipped = 0
        for projection in Self.projections {
            for shape in shapes {
                let extent = GeoExtent(shape)
                let path = projection.path(shape, extent: extent)
                #expect(path == projection.path(shape))
                guard case .albersUsa(let usa) = projection, let extent else { continue }
                for part in usa.parts {
                    switch part.reach(of: extent) {
                    case .nothing:
                        skipped += 1
                        let sink = PathSink()
                        GeometryStreamer.stream(shape, to: part.stream(into: sink))
                        #expect(sink.path.isEmpty, "an inset proved to draw nothing drew")
                    case .inside(let box):
                        let sink = PathSink()
                        GeometryStreamer.stream(shape, to: part.stream(into: sink))
                        for p in sink.path.parts.flatMap(\.points) + sink.path.points {
                            #expect(box.x0 <= p.x && p.x <= box.x1 && box.y0 <= p.y && p.y <= box.y1)
                        }
                    case .unknown: break
                    }
                }
            }
        }
        // Most counties reach one inset of three: the skipping is what makes the county map fast.
        #expect(skipped > shapes.count * 3 / 2)
    }

    @Test func theFitFindsTheBoundsOfStreamingEverything() throws {
        let shapes = try Self.basemaps.get()
        let counties = try Basemap.usCounties.features().features.compactMap(\.geometry)
        let states = try Basemap.usStates.features().features.compactMap(\.geometry)
        let projection = MapProjection(ProjectionOptions(type: .albersUsa))
        for set in [counties, states, shapes, Array(counties.prefix(40)), Array(counties.reversed())] {
            let all = projection.referenceBounds(of: set)
            let skipping = projection.referenceBounds(of: set, extents: set.map { GeoExtent($0) })
            let (a, b) = (try #require(all.box), try #require(skipping.box))
            #expect(a.x0 == b.x0 && a.y0 == b.y0 && a.x1 == b.x1 && a.y1 == b.y1)
        }
    }

    @Test func shapesTheExtentCannotVouchForHaveNone() {
        func ring(_ points: [(Double, Double)]) -> [GeoPosition] { points.map { GeoPosition($0.0, $0.1) } }
        // Clockwise (d3-geo's outer ring): a small square in Kansas.
        let square = ring([(-98, 38), (-98, 39), (-97, 39), (-97, 38), (-98, 38)])
        let extent = GeoExtent(.polygon([square]))
        #expect(extent != nil)
        if let extent {
            #expect(extent.west == -98 && extent.east == -97)
            #expect(extent.south < 38 && extent.north > 39, "widened by half the longest step")
        }
        // Wound the other way, the ring holds everything but the square, the poles too.
        #expect(GeoExtent(.polygon([Array(square.reversed())])) == nil)
        // Across the antimeridian, around a pole, the sphere, a non-finite position.
        #expect(GeoExtent(.lineString(ring([(170, 50), (-170, 50)]))) == nil)
        #expect(GeoExtent(.lineString(ring([(0, 88.5), (10, 88.5)]))) == nil)
        #expect(GeoExtent(.sphere) == nil)
        #expect(GeoExtent(.point(GeoPosition(.nan, 0))) == nil)
        #expect(GeoExtent(.point(GeoPosition(-100, 40))) == GeoExtent(west: -100, east: -100, south: 40 - 1e-9, north: 40 + 1e-9))
    }

    /// A ring wound the other way is the whole sphere but a hole: every inset draws its whole box. Without an
    /// extent it is streamed through all three, as before.
    @Test func aRingWoundTheOtherWayFillsEveryInset() {
        let square = [(-98.0, 38.0), (-97, 38), (-97, 39), (-98, 39), (-98, 38)].map { GeoPosition($0.0, $0.1) }
        let shape = GeoGeometry.polygon([square])
        let projection = MapProjection(ProjectionOptions(type: .albersUsa))
        let path = projection.path(shape, extent: GeoExtent(shape))
        #expect(path == projection.path(shape))
        #expect(path.parts.count >= 3, "the lower 48, Alaska and Hawaii each drawn")
    }
}
