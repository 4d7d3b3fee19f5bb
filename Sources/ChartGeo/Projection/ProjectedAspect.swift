extension MapProjection {
    /// The height over the width of the geometries' projected bounds (after clipping), as `fit` measures them;
    /// nil when they have no width. A map fitted to a plot `w` px wide and at least `w` × this tall is exactly
    /// that tall, which lets a chart that gives no `height` end its plot where the map ends.
    public func aspectRatio(of geometries: [GeoGeometry]) -> Double? {
        var unit = self
        unit.scale = 150
        unit.translate = (0, 0)
        let bounds = BoundsSink()
        let stream = unit.stream(into: bounds)
        for geometry in geometries { GeometryStreamer.stream(geometry, to: stream) }
        guard let b = bounds.bounds, b.x1 > b.x0 else { return nil }
        let ratio = (b.y1 - b.y0) / (b.x1 - b.x0)
        return ratio.isFinite ? ratio : nil
    }
}
