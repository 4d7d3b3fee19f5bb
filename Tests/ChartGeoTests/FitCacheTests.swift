import ChartGeo
import Testing

/// A map is fitted to its plot from bounds measured at the reference scale (`FitCache`): measured once per
/// projection and shape set, and fitting from them gives the scale and translation of streaming the shapes again.
@Suite struct FitCacheTests {
    @Test func fittingFromKeptBoundsEqualsFittingAgain() throws {
        let states = try TopoJSONReaderTests.us.get().features("states").features.compactMap(\.geometry)
        for type in [ProjectionType.albersUsa, .equalEarth, .mercator] {
            let options = ProjectionOptions(type: type)
            let bounds = MapProjection(options).referenceBounds(of: states)
            for (width, height) in [(960.0, 500.0), (600, 412.5), (300, 700)] {
                var direct = MapProjection(options)
                direct.fit(width: width, height: height, to: states)
                var kept = MapProjection(options)
                kept.fit(extent: (0, 0, width, height), bounds: bounds)
                #expect(direct.scale == kept.scale && direct.translate == kept.translate, "\(type) at \(width) × \(height)")
            }
        }
    }

    @Test func eachShapeSetIsMeasuredOnce() {
        let cache = FitCache()
        let square = GeoGeometry.polygon([[.init(0, 0), .init(0, 10), .init(10, 10), .init(10, 0), .init(0, 0)]])
        let options = ProjectionOptions(type: .mercator)
        var measured = 0
        func bounds(_ shapes: [Int], _ options: ProjectionOptions) -> FitBounds {
            cache.bounds(for: FitCache.Key(options: options, shapes: shapes)) {
                measured += 1
                return MapProjection(options).referenceBounds(of: shapes.map { _ in square })
            }
        }
        let first = bounds([0, 1], options)
        let again = bounds([0, 1], options)
        #expect(measured == 1)
        #expect(first.box?.x0 == again.box?.x0 && first.box?.y1 == again.box?.y1)
        _ = bounds([0], options)
        _ = bounds([0, 1], ProjectionOptions(type: .mercator, rotate: [10, 0]))
        #expect(measured == 3, "another shape set or another rotation is measured anew")
    }
}
