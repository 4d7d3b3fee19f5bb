#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The projected bounds `MapProjection.fit` measures (at scale 150, translation 0), kept per projection and shape
/// set. A map's fit depends on the plot size only through two divisions: the bounds at the reference scale are
/// the same for every size, so a layout that tries several plot sizes while its margins settle (and the wide,
/// phone and dark scenes of an HTML page, and every panel of small multiples) streams the shapes through the
/// projection once. One cache goes with the shapes it measures (`ChartSpec.geometries`); it is safe to share
/// between the threads that lay out scenes.
public final class FitCache: @unchecked Sendable {
    /// What the bounds depend on: the projection (everything but `scale` and `translate`) and which shapes.
    public struct Key: Hashable, Sendable {
        let projection: [Double]
        let shapes: [Int]

        public init(options: ProjectionOptions, shapes: [Int]) {
            var projection = [Double(ProjectionType.allCases.firstIndex(of: options.type) ?? 0)]
            projection += options.rotate.map { [1] + $0 } ?? [0]
            projection += options.center.map { [1, $0.longitude, $0.latitude] } ?? [0]
            projection += options.parallels.map { [1, $0.0, $0.1] } ?? [0]
            self.projection = projection
            self.shapes = shapes
        }
    }

    private var mutex = pthread_mutex_t()
    private var entries: [Key: FitBounds] = [:]

    public init() {
        pthread_mutex_init(&mutex, nil)
    }

    deinit { pthread_mutex_destroy(&mutex) }

    /// The bounds kept for `key`, else `measure()`'s, kept.
    public func bounds(for key: Key, measure: () -> FitBounds) -> FitBounds {
        pthread_mutex_lock(&mutex)
        let known = entries[key]
        pthread_mutex_unlock(&mutex)
        if let known { return known }
        let measured = measure()
        pthread_mutex_lock(&mutex)
        entries[key] = measured
        pthread_mutex_unlock(&mutex)
        return measured
    }
}

/// The projected bounds of a map's shapes at d3-geo's reference scale (150) and translation (0, 0), after
/// clipping; `box` is nil when nothing is drawn.
public struct FitBounds: Sendable {
    public var box: (x0: Double, y0: Double, x1: Double, y1: Double)?

    public init(box: (x0: Double, y0: Double, x1: Double, y1: Double)?) {
        self.box = box
    }

    /// The bounds of both (what d3-geo measures when both are streamed into one bounds stream).
    public func union(_ other: FitBounds) -> FitBounds {
        guard let a = box else { return other }
        guard let b = other.box else { return self }
        return FitBounds(box: (min(a.x0, b.x0), min(a.y0, b.y0), max(a.x1, b.x1), max(a.y1, b.y1)))
    }
}
