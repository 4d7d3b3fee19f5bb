#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ChartData
import ChartFormat
import ChartGeo
import ChartSpec

/// Where a map goes in its plot (SPEC §22): the chart's `projection` (default `equalEarth`), fitted to everything
/// the plot's layers place on the map — every shape the `geoshape` layers draw and every point placed by
/// `longitude`/`latitude` — as d3's `fitSize` fits them, unless the spec gives `scale` or `translate`. That is
/// what Vega-Lite fits its projection to (the data of every layer of the view, the sphere included), so a city
/// beyond the shapes stays on the map. Layers share it (points land on the shapes), and so do the panels of small
/// multiples, whose models hold every panel's rows.
enum MapFrame {
    /// The name of the field that points a row at its shape (the loader's `GeoData.geometryField`).
    static let geometryField = "geometry"

    /// `CHARTC_ALL_INSETS=1` streams every shape through all of albersUsa's insets, as d3-geo does, instead of
    /// only those its extent reaches: the same bytes, slower; for checking that and for timing the difference
    /// in one binary (specs/performance.md, "Maps").
    static let skipsInsets = getenv("CHARTC_ALL_INSETS") == nil

    /// Whether a model places its rows on a map.
    static func drawsMap(_ model: PlotModel) -> Bool { model.markType == .geoshape || (model.longitude != nil && model.latitude != nil) }

    /// The projection the plot's layers share; nil when none draws a map.
    static func projection(models: [PlotModel], width: Double, height: Double) -> MapProjection? {
        guard let spec = models.first(where: drawsMap)?.spec else { return nil }
        let options = spec.projection?.options ?? ProjectionOptions()
        var projection = MapProjection(options)
        // A scale without a translation centres the map in the plot, as Vega-Lite does (d3-geo's default
        // translation, [480, 250], is the middle of a 960 × 500 canvas, not of this plot).
        if options.scale != nil, options.translate == nil { projection.translate = (width / 2, height / 2) }
        guard options.scale == nil, options.translate == nil else { return projection }
        if let bounds = fitBounds(models: models, spec: spec, options: options) {
            projection.fit(extent: (0, 0, width, height), bounds: bounds)
        }
        return projection
    }

    /// The bounds the projection is fitted to at its reference scale (d3's `fit` measures them so): the shapes'
    /// (`shapeBounds`) and the points' together; nil when the plot places nothing on the map.
    static func fitBounds(models: [PlotModel], spec: ChartSpec, options: ProjectionOptions) -> FitBounds? {
        let shapes = shapeBounds(models: models, spec: spec, options: options)
        let points = pointBounds(models: models, options: options)
        switch (shapes, points) {
        case (nil, nil): return nil
        case (let one?, nil), (nil, let one?): return one
        case (let a?, let b?): return a.union(b)
        }
    }

    /// The bounds of the points the layers place by `longitude`/`latitude`, and of the great-circle routes of
    /// rules with `longitude2`/`latitude2`, at the reference scale (as Vega-Lite fits to them: one MultiPoint of
    /// every point); nil when there are none.
    static func pointBounds(models: [PlotModel], options: ProjectionOptions) -> FitBounds? {
        var points: [GeoPosition] = []
        var routes: [GeoGeometry] = []
        for model in models {
            guard let longitude = model.longitude, let latitude = model.latitude else { continue }
            for row in 0..<model.table.rowCount {
                if let route = route(model, row) {
                    routes.append(route)
                } else if let lon = longitude.number(row), let lat = latitude.number(row), lon.isFinite, lat.isFinite {
                    points.append(GeoPosition(lon, lat))
                }
            }
        }
        guard !points.isEmpty || !routes.isEmpty else { return nil }
        return MapProjection(options).referenceBounds(of: (points.isEmpty ? [] : [.multiPoint(points)]) + routes)
    }

    /// The bounds of every shape the `geoshape` layers draw at the projection's reference scale, which do not
    /// depend on the plot's size: measured once per shape set (`FitCache`); nil when no layer draws a shape.
    static func shapeBounds(models: [PlotModel], spec: ChartSpec, options: ProjectionOptions) -> FitBounds? {
        var indices: [Int] = []
        for model in models where model.markType == .geoshape {
            for row in 0..<model.table.rowCount {
                if let index = geometryIndex(model, row) { indices.append(index) }
            }
        }
        guard !indices.isEmpty else { return nil }
        let shapes = spec.geometries
        return spec.mapFits.bounds(for: FitCache.Key(options: options, shapes: indices)) {
            let projection = MapProjection(options)
            guard projection.usesExtents, skipsInsets else { return projection.referenceBounds(of: indices.map { shapes[$0] }) }
            return projection.referenceBounds(
                of: indices.map { shapes[$0] }, extents: indices.map { spec.mapExtents.extent($0, of: shapes[$0]) })
        }
    }

    /// Where a row placed by `longitude`/`latitude` lands in the plot; nil off the map (albersUsa outside its
    /// boxes, the back of a globe) or without a place.
    static func position(_ model: PlotModel, _ row: Int, scales: PlotScales) -> (x: Double, y: Double)? {
        guard let map = scales.map, let longitude = model.longitude?.number(row), let latitude = model.latitude?.number(row),
            longitude.isFinite, latitude.isFinite
        else { return nil }
        return map.place(longitude, latitude)
    }

    /// A rule's route on a map (SPEC §22): the line from its `longitude`/`latitude` to its `longitude2`/`latitude2`,
    /// which the projection's resampling draws along the great circle; nil without both ends.
    static func route(_ model: PlotModel, _ row: Int) -> GeoGeometry? {
        guard model.markType == .rule, let lon = model.longitude?.number(row), let lat = model.latitude?.number(row),
            let lon2 = model.longitude2?.number(row), let lat2 = model.latitude2?.number(row),
            lon.isFinite, lat.isFinite, lon2.isFinite, lat2.isFinite
        else { return nil }
        return .lineString([GeoPosition(lon, lat), GeoPosition(lon2, lat2)])
    }

    /// The shape of a row, when it has one.
    static func geometry(_ model: PlotModel, _ row: Int) -> GeoGeometry? {
        geometryIndex(model, row).map { model.spec.geometries[$0] }
    }

    /// A row's shape drawn through the projection (only through the parts of it the shape can reach).
    static func path(_ model: PlotModel, _ row: Int, projection: MapProjection) -> GeoPath? {
        guard let index = geometryIndex(model, row) else { return nil }
        let geometry = model.spec.geometries[index]
        guard projection.usesExtents, skipsInsets else { return projection.path(geometry) }
        return projection.path(geometry, extent: model.spec.mapExtents.extent(index, of: geometry))
    }

    /// The index of a row's shape in `ChartSpec.geometries`, when it has one.
    static func geometryIndex(_ model: PlotModel, _ row: Int) -> Int? {
        guard let column = model.table.column(named: geometryField), row < column.count, let number = column[row].numberValue,
            let index = Int(exactly: number), model.spec.geometries.indices.contains(index)
        else { return nil }
        return index
    }

    /// Whether a shape is lines only (a mesh, a graticule): stroked, never filled.
    static func isLines(_ geometry: GeoGeometry) -> Bool {
        switch geometry {
        case .lineString, .multiLineString: true
        case .collection(let members): !members.isEmpty && members.allSatisfy(isLines)
        case .point, .multiPoint, .polygon, .multiPolygon, .sphere: false
        }
    }

    /// SVG path data for a projected shape, simplified to what the output shows: coordinates rounded to 0.1 px,
    /// a point closer than `tolerance` px to the last one kept left out (each run's last point always kept), and
    /// a ring smaller than that across left out altogether.
    static func svgPath(_ path: GeoPath, tolerance: Double = 0.5) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(path.parts.reduce(0) { $0 + $1.points.count } * 8)
        for part in path.parts where !part.points.isEmpty {
            let points = part.points
            if part.closed {
                var x0 = points[0].x, x1 = x0, y0 = points[0].y, y1 = y0
                for p in points {
                    x0 = min(x0, p.x)
                    x1 = max(x1, p.x)
                    y0 = min(y0, p.y)
                    y1 = max(y1, p.y)
                }
                if x1 - x0 < tolerance && y1 - y0 < tolerance { continue }
            }
            var lastX = Int.min, lastY = Int.min
            var kept = (x: points[0].x, y: points[0].y)
            for (index, p) in points.enumerated() {
                let isEnd = index == 0 || index == points.count - 1
                if !isEnd {
                    let dx = p.x - kept.x, dy = p.y - kept.y
                    if dx * dx + dy * dy < tolerance * tolerance { continue }
                }
                kept = (p.x, p.y)
                let x = tenths(p.x), y = tenths(p.y)
                if x == lastX && y == lastY && index > 0 { continue }
                out.append(index == 0 ? UInt8(ascii: "M") : UInt8(ascii: "L"))
                write(x, to: &out)
                out.append(UInt8(ascii: ","))
                write(y, to: &out)
                (lastX, lastY) = (x, y)
            }
            if part.closed { out.append(UInt8(ascii: "Z")) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A coordinate in tenths of a px (clamped far outside any drawing).
    static func tenths(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return NumberConversion.clamped(max(-1e9, min(1e9, value * 10)), rounding: .toNearestOrAwayFromZero)
    }

    /// `tenths` / 10 as text: "12.3", "-0.5", "12".
    static func write(_ tenths: Int, to out: inout [UInt8]) {
        if tenths < 0 { out.append(UInt8(ascii: "-")) }
        let magnitude = tenths.magnitude
        out.append(contentsOf: String(magnitude / 10).utf8)
        let fraction = magnitude % 10
        if fraction != 0 {
            out.append(UInt8(ascii: "."))
            out.append(UInt8(ascii: "0") + UInt8(fraction))
        }
    }
}
