/// A geometry drawn through a projection, in pixels: closed rings (polygons, the sphere), open lines, and the
/// points of point geometries. The drawing order is the stream's, so a writer can emit it as one path.
public struct GeoPath: Sendable, Equatable {
    /// A pixel position.
    public struct Point: Sendable, Equatable {
        public var x: Double
        public var y: Double

        public init(_ x: Double, _ y: Double) {
            self.x = x
            self.y = y
        }
    }

    /// One run of points: a closed ring or an open line.
    public struct Part: Sendable, Equatable {
        public var points: [Point]
        public var closed: Bool
    }

    public var parts: [Part] = []
    /// The positions of Point and MultiPoint geometries (drawn as symbols, not paths).
    public var points: [Point] = []

    public var isEmpty: Bool { parts.isEmpty && points.isEmpty }

    /// SVG path data (`M…L…Z`), coordinates rounded to `digits` decimals (trailing zeros dropped).
    public func svgData(digits: Int = 1) -> String {
        var out = ""
        for part in parts where !part.points.isEmpty {
            var first = true
            for p in part.points {
                out += first ? "M" : "L"
                out += Self.format(p.x, digits: digits)
                out += ","
                out += Self.format(p.y, digits: digits)
                first = false
            }
            if part.closed { out += "Z" }
        }
        return out
    }

    /// `value` rounded to `digits` decimals, without trailing zeros or a negative zero.
    static func format(_ value: Double, digits: Int) -> String {
        var factor = 1.0
        for _ in 0..<max(0, digits) { factor *= 10 }
        let rounded = (value * factor).rounded() / factor
        if rounded == 0 { return "0" }
        guard rounded.isFinite else { return "0" }
        let negative = rounded < 0
        // Coordinates past ±9e18 / factor are not drawable numbers anyway: written as 0.
        guard let scaled = Int64(exactly: (abs(rounded) * factor).rounded()), let unit = Int64(exactly: factor.rounded()), unit > 0 else {
            return "0"
        }
        let whole = scaled / unit
        var fraction = scaled % unit
        var text = (negative ? "-" : "") + String(whole)
        if fraction != 0 {
            var places = digits
            while fraction % 10 == 0 {
                fraction /= 10
                places -= 1
            }
            let digitsText = String(fraction)
            text += "." + String(repeating: "0", count: max(0, places - digitsText.count)) + digitsText
        }
        return text
    }
}

/// Records a projection's output as a `GeoPath` (d3-geo's path context, without drawing).
final class PathSink: GeoStream {
    private(set) var path = GeoPath()
    private var inPolygon = false
    private var inLine = false
    private var current: [GeoPath.Point] = []

    func point(_ x: Double, _ y: Double, mark: Int) {
        if inLine {
            current.append(GeoPath.Point(x, y))
        } else {
            path.points.append(GeoPath.Point(x, y))
        }
    }

    func lineStart() {
        inLine = true
        current = []
    }

    func lineEnd() {
        inLine = false
        if !current.isEmpty { path.parts.append(GeoPath.Part(points: current, closed: inPolygon)) }
        current = []
    }

    func polygonStart() { inPolygon = true }
    func polygonEnd() { inPolygon = false }
    func sphere() {}
}

/// The bounding box of everything a projection draws (for fitting).
final class BoundsSink: GeoStream {
    private var x0 = Double.infinity
    private var y0 = Double.infinity
    private var x1 = -Double.infinity
    private var y1 = -Double.infinity

    var bounds: (x0: Double, y0: Double, x1: Double, y1: Double)? {
        x0 <= x1 && y0 <= y1 ? (x0, y0, x1, y1) : nil
    }

    func point(_ x: Double, _ y: Double, mark: Int) {
        if x < x0 { x0 = x }
        if x > x1 { x1 = x }
        if y < y0 { y0 = y }
        if y > y1 { y1 = y }
    }

    func lineStart() {}
    func lineEnd() {}
    func polygonStart() {}
    func polygonEnd() {}
    func sphere() {}
}
