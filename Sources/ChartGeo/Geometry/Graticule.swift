/// Graticules and the sphere as data (SPEC §22: `{ "graticule": { "step": [10, 10] } }`, `{ "sphere": true }`),
/// built as d3-geo's `geoGraticule` builds them: meridians every `step[0]` degrees from pole to pole (minor
/// ones stop at ±80°), parallels every `step[1]` degrees, each line sampled every 2.5° so it curves as projected.
public enum Graticule {
    static let precision = 2.5

    /// The graticule with `step` for every line (as d3-geo's and Vega's `step` sets both the major and the minor
    /// step): meridians every `step.0` degrees, parallels every `step.1`.
    public static func lines(step: (Double, Double)) -> GeoGeometry {
        lines(major: step, minor: step)
    }

    /// The graticule's lines as one MultiLineString (d3-geo's defaults: meridians every 90° and the equator
    /// from pole to pole, minor lines every 10° to ±80°); a non-positive step gives no lines of its kind.
    public static func lines(major: (Double, Double) = (90, 360), minor: (Double, Double) = (10, 10)) -> GeoGeometry {
        let epsilon = GeoMath.epsilon
        let (dx, dy) = minor
        let (majorDX, majorDY) = major
        // Major extent: the whole sphere (meridians every 90°); minor extent: to ±80°.
        let majorX = (x0: -180.0, x1: 180.0)
        let majorY = (y0: -90 + epsilon, y1: 90 - epsilon)
        let minorX = (x0: -180.0, x1: 180.0)
        let minorY = (y0: -80 - epsilon, y1: 80 + epsilon)
        var lines: [[GeoPosition]] = []
        func meridian(_ x: Double, _ y0: Double, _ y1: Double) -> [GeoPosition] {
            range(y0, y1 - epsilon, 90).map { GeoPosition(x, $0) } + [GeoPosition(x, y1)]
        }
        func parallel(_ y: Double, _ x0: Double, _ x1: Double) -> [GeoPosition] {
            range(x0, x1 - epsilon, precision).map { GeoPosition($0, y) } + [GeoPosition(x1, y)]
        }
        if majorDX > 0 {
            for x in range(ceil(majorX.x0 / majorDX) * majorDX, majorX.x1, majorDX) { lines.append(meridian(x, majorY.y0, majorY.y1)) }
        }
        if majorDY > 0 {
            for y in range(ceil(majorY.y0 / majorDY) * majorDY, majorY.y1, majorDY) { lines.append(parallel(y, majorX.x0, majorX.x1)) }
        }
        if dx > 0 {
            for x in range(ceil(minorX.x0 / dx) * dx, minorX.x1, dx) where abs(x.truncatingRemainder(dividingBy: majorDX)) > epsilon {
                lines.append(meridian(x, minorY.y0, minorY.y1))
            }
        }
        if dy > 0 {
            for y in range(ceil(minorY.y0 / dy) * dy, minorY.y1, dy) where abs(y.truncatingRemainder(dividingBy: majorDY)) > epsilon {
                lines.append(parallel(y, minorX.x0, minorX.x1))
            }
        }
        return .multiLineString(lines)
    }

    /// d3-array's `range(start, stop, step)`: start + i·step below stop (at most a million values).
    static func range(_ start: Double, _ stop: Double, _ step: Double) -> [Double] {
        guard step > 0, start.isFinite, stop.isFinite else { return [] }
        let count = Int(exactly: min(1_000_000, max(0, ((stop - start) / step).rounded(.up)))) ?? 0
        return (0..<count).map { start + Double($0) * step }
    }

    static func ceil(_ x: Double) -> Double { x.rounded(.up) }

    /// The whole sphere (the outline of the map), as a geometry.
    public static var sphere: GeoGeometry { .sphere }
}
