import ChartGeo
import ChartSpec

extension MapFrame {
    /// The plot height a fitted map needs at `width` when the spec gives no `height` (as Datawrapper sizes a
    /// map): the height of its shapes (and the points placed with them) fitted to that width, so a wide map (the
    /// US, the world) leaves no empty band above and below it. Nil when the plot draws no map, the spec fixes the projection's `scale` or
    /// `translate`, or the map at that width would be taller than `height` (it then fits the height, centred).
    static func fittedHeight(models: [PlotModel], width: Double, height: Double) -> Double? {
        guard let spec = models.first(where: drawsMap)?.spec else { return nil }
        let options = spec.projection?.options ?? ProjectionOptions()
        guard options.scale == nil, options.translate == nil else { return nil }
        // A map of points alone keeps the height it is given (its points' spread is no outline to end at).
        guard shapeBounds(models: models, spec: spec, options: options) != nil,
            let bounds = fitBounds(models: models, spec: spec, options: options)
        else { return nil }
        guard let b = bounds.box, b.x1 > b.x0 else { return nil }
        let ratio = (b.y1 - b.y0) / (b.x1 - b.x0)
        guard ratio.isFinite else { return nil }
        let fitted = width * ratio
        return fitted < height ? fitted : nil
    }
}
