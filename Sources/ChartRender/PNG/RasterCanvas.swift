import ChartFormat

/// How a fill decides what is inside: SVG's `nonzero` (the default) and `evenodd`.
enum RasterFillRule {
    case nonZero, evenOdd
}

/// What a fill paints with: one color, or a linear gradient evaluated at each pixel's centre. Components are
/// sRGB 0…1, not premultiplied; the canvas composites in sRGB as browsers do.
enum RasterPaint {
    case solid(red: Float, green: Float, blue: Float, alpha: Float)
    case gradient(RasterGradient)
}

/// A linear gradient in device pixels: the ramp from (x1, y1) to (x2, y2), padded past both ends as SVG's
/// `spreadMethod="pad"`; stops sorted and clamped to 0…1 with their colors and opacities.
struct RasterGradient {
    var x1: Double, y1: Double, x2: Double, y2: Double
    var stops: [(offset: Double, red: Float, green: Float, blue: Float, alpha: Float)]

    func color(_ x: Double, _ y: Double) -> (Float, Float, Float, Float) {
        guard let first = stops.first, let last = stops.last else { return (0, 0, 0, 0) }
        let dx = x2 - x1, dy = y2 - y1
        let length = dx * dx + dy * dy
        let t = length > 0 ? ((x - x1) * dx + (y - y1) * dy) / length : 0
        if t <= first.offset { return (first.red, first.green, first.blue, first.alpha) }
        if t >= last.offset { return (last.red, last.green, last.blue, last.alpha) }
        for index in 1..<stops.count where t <= stops[index].offset {
            let a = stops[index - 1], b = stops[index]
            let span = b.offset - a.offset
            let w = Float(span > 0 ? (t - a.offset) / span : 1)
            // Interpolated premultiplied, as browsers do, then returned unpremultiplied.
            let alpha = a.alpha + (b.alpha - a.alpha) * w
            guard alpha > 0 else { return (0, 0, 0, 0) }
            func mix(_ p: Float, _ q: Float) -> Float { (p * a.alpha + (q * b.alpha - p * a.alpha) * w) / alpha }
            return (mix(a.red, b.red), mix(a.green, b.green), mix(a.blue, b.blue), alpha)
        }
        return (last.red, last.green, last.blue, last.alpha)
    }
}

/// A rectangle that drawing is cut to, in device pixels (the scene's clip regions are rectangles); pixels it
/// covers in part are drawn in part.
struct RasterClip: Equatable {
    var minX: Double, minY: Double, maxX: Double, maxY: Double

    func intersection(_ other: RasterClip) -> RasterClip {
        RasterClip(minX: max(minX, other.minX), minY: max(minY, other.minY), maxX: min(maxX, other.maxX), maxY: min(maxY, other.maxY))
    }

    var isEmpty: Bool { !(maxX > minX && maxY > minY) }

    /// How much of the span [p, p + 1) lies between `low` and `high`.
    @inline(__always)
    static func overlap(_ p: Double, _ low: Double, _ high: Double) -> Double {
        max(0, min(p + 1, high) - max(p, low))
    }
}

/// The pixels being drawn: premultiplied RGBA floats, and the scanline filler that draws into them. A fill
/// is anti-aliased by coverage: each pixel row is sampled on `subsamples` horizontal lines, and on each line the
/// spans inside the outline (by the fill rule, from the edges' crossings and directions) add their exact
/// horizontal extent to the pixels they cross, so a vertical edge at x = 10.3 covers 70% of pixel 10 whatever
/// the sampling. Colors are composited source-over in sRGB.
struct RasterCanvas {
    let width: Int
    let height: Int
    /// Premultiplied red, green, blue, alpha per pixel, row after row.
    private(set) var pixels: [Float]
    /// Coverage of the row being filled: partial pixels in `area`, whole runs as differences in `cover`.
    private var area: [Float]
    private var cover: [Float]

    /// Lines sampled per pixel row.
    static let subsamples = 16

    init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        pixels = [Float](repeating: 0, count: self.width * self.height * 4)
        area = [Float](repeating: 0, count: self.width + 2)
        cover = [Float](repeating: 0, count: self.width + 2)
    }

    private struct Edge {
        var x0: Double, y0: Double, y1: Double
        var slope: Double
        var direction: Int
    }

    /// Fills the polylines (device pixels; each subpath closed) with `paint` at `opacity`, cut to `clip`.
    mutating func fill(_ outline: RasterPolylines, rule: RasterFillRule, paint: RasterPaint, opacity: Double, clip: RasterClip?) {
        guard opacity > 0 else { return }
        var edges: [Edge] = []
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for subpath in outline.subpaths {
            let points = subpath.points
            guard points.count >= 2 else { continue }
            for index in 0..<points.count {
                let p = points[index]
                let q = points[index + 1 == points.count ? 0 : index + 1]
                guard p.x.isFinite, p.y.isFinite, q.x.isFinite, q.y.isFinite else { return }
                minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
                if p.y == q.y { continue }
                if p.y < q.y {
                    edges.append(Edge(x0: p.x, y0: p.y, y1: q.y, slope: (q.x - p.x) / (q.y - p.y), direction: 1))
                } else {
                    edges.append(Edge(x0: q.x, y0: q.y, y1: p.y, slope: (p.x - q.x) / (p.y - q.y), direction: -1))
                }
            }
        }
        guard !edges.isEmpty else { return }
        var bounds = RasterClip(minX: 0, minY: 0, maxX: Double(width), maxY: Double(height))
        if let clip { bounds = bounds.intersection(clip) }
        let drawn = bounds.intersection(RasterClip(minX: minX, minY: minY, maxX: maxX, maxY: maxY))
        guard !drawn.isEmpty else { return }
        edges.sort { $0.y0 < $1.y0 }
        let firstRow = NumberConversion.clamped(drawn.minY, rounding: .down)
        let lastRow = min(height - 1, NumberConversion.clamped(drawn.maxY, rounding: .up) - 1)
        let firstColumn = NumberConversion.clamped(drawn.minX, rounding: .down)
        let lastColumn = min(width - 1, NumberConversion.clamped(drawn.maxX, rounding: .up) - 1)
        guard firstRow <= lastRow, firstColumn <= lastColumn else { return }
        let spanLow = max(drawn.minX, bounds.minX), spanHigh = min(Double(lastColumn + 1), bounds.maxX)
        let weight = Float(1) / Float(Self.subsamples)
        var next = 0
        var active: [Int] = []
        var crossings: [(x: Double, direction: Int)] = []
        let alphaScale = Float(min(1, opacity))
        // The loops below run once per sample line and pixel: they work on the buffers directly, so no write
        // checks the arrays' uniqueness or bounds (an index is within the row by the clamps above).
        var area = [Float]()
        var cover = [Float]()
        swap(&area, &self.area)
        swap(&cover, &self.cover)
        defer {
            swap(&area, &self.area)
            swap(&cover, &self.cover)
        }
        let width = self.width
        edges.withUnsafeBufferPointer { edges in
            area.withUnsafeMutableBufferPointer { area in
                cover.withUnsafeMutableBufferPointer { cover in
                    pixels.withUnsafeMutableBufferPointer { pixels in
                        for row in firstRow...lastRow {
                            for column in firstColumn...(lastColumn + 1) {
                                area[column] = 0
                                cover[column] = 0
                            }
                            var touched = false
                            for sample in 0..<Self.subsamples {
                                let y = Double(row) + (Double(sample) + 0.5) / Double(Self.subsamples)
                                while next < edges.count, edges[next].y0 <= y {
                                    active.append(next)
                                    next += 1
                                }
                                // The edges that ended drop out, kept in order, by hand: `removeAll(where:)` with a
                                // closure cost a county map's thousands of small fills much of their time in a
                                // debug build.
                                var kept = 0
                                for position in 0..<active.count where edges[active[position]].y1 > y {
                                    active[kept] = active[position]
                                    kept += 1
                                }
                                active.removeLast(active.count - kept)
                                guard !active.isEmpty else { continue }
                                crossings.removeAll(keepingCapacity: true)
                                for index in active where edges[index].y0 <= y {
                                    let edge = edges[index]
                                    crossings.append((edge.x0 + (y - edge.y0) * edge.slope, edge.direction))
                                }
                                Self.sortByX(&crossings)
                                var winding = 0
                                var spanStart = 0.0
                                for crossing in crossings {
                                    let wasInside = rule == .nonZero ? winding != 0 : winding & 1 != 0
                                    winding += crossing.direction
                                    let isInside = rule == .nonZero ? winding != 0 : winding & 1 != 0
                                    if !wasInside && isInside {
                                        spanStart = crossing.x
                                    } else if wasInside && !isInside {
                                        Self.addSpan(
                                            max(spanStart, spanLow), min(crossing.x, spanHigh), weight, width: width, area: area, cover: cover)
                                        touched = true
                                    }
                                }
                            }
                            guard touched else { continue }
                            let rowCoverage = Float(RasterClip.overlap(Double(row), bounds.minY, bounds.maxY))
                            var running: Float = 0
                            let base = row * width * 4
                            for column in firstColumn...lastColumn {
                                running += cover[column]
                                var coverage = min(1, running + area[column])
                                guard coverage > 0.0005 else { continue }
                                coverage *= rowCoverage * alphaScale
                                let red: Float, green: Float, blue: Float, alpha: Float
                                switch paint {
                                case .solid(let r, let g, let b, let a):
                                    (red, green, blue, alpha) = (r, g, b, a)
                                case .gradient(let gradient):
                                    (red, green, blue, alpha) = gradient.color(Double(column) + 0.5, Double(row) + 0.5)
                                }
                                let source = alpha * coverage
                                guard source > 0 else { continue }
                                let keep = 1 - source
                                let at = base + column * 4
                                pixels[at] = red * source + pixels[at] * keep
                                pixels[at + 1] = green * source + pixels[at + 1] * keep
                                pixels[at + 2] = blue * source + pixels[at + 2] * keep
                                pixels[at + 3] = source + pixels[at + 3] * keep
                            }
                        }
                    }
                }
            }
        }
    }

    /// Sorts a sample line's crossings left to right: an insertion sort when they are few, as they are for most
    /// shapes (two; the general sort was a tenth of a PNG build), else the library's sort (a stroked mesh of
    /// borders crosses a line thousands of times). Both are stable, so equal crossings keep their order.
    static func sortByX(_ crossings: inout [(x: Double, direction: Int)]) {
        guard crossings.count > 1 else { return }
        guard crossings.count <= 32 else {
            crossings.sort { $0.x < $1.x }
            return
        }
        for position in 1..<crossings.count {
            let crossing = crossings[position]
            var at = position
            while at > 0 && crossings[at - 1].x > crossing.x {
                crossings[at] = crossings[at - 1]
                at -= 1
            }
            crossings[at] = crossing
        }
    }

    /// Adds the span [start, end) of one sample line to the row's coverage.
    @inline(__always)
    private static func addSpan(
        _ start: Double, _ end: Double, _ weight: Float, width: Int, area: UnsafeMutableBufferPointer<Float>,
        cover: UnsafeMutableBufferPointer<Float>
    ) {
        guard end > start else { return }
        let first = wholeBelow(start), last = wholeBelow(end)
        if first == last {
            area[first] += Float(end - start) * weight
            return
        }
        area[first] += Float(Double(first + 1) - start) * weight
        cover[first + 1] += weight
        cover[last] -= weight
        if last < width { area[last] += Float(end - Double(last)) * weight }
    }

    /// Composites `layer`, whose top-left pixel is this canvas's (`left`, `top`), over these pixels at `opacity`
    /// (source-over, premultiplied): how a layer drawn opaque takes its element's opacity.
    mutating func composite(_ layer: RasterCanvas, left: Int, top: Int, opacity: Float) {
        guard opacity > 0 else { return }
        for y in 0..<layer.height {
            let row = top + y
            guard row >= 0, row < height else { continue }
            for x in 0..<layer.width {
                let column = left + x
                guard column >= 0, column < width else { continue }
                let from = (y * layer.width + x) * 4
                let alpha = layer.pixels[from + 3] * opacity
                guard alpha > 0 else { continue }
                let to = (row * width + column) * 4
                let keep = 1 - alpha
                for channel in 0..<3 { pixels[to + channel] = layer.pixels[from + channel] * opacity + pixels[to + channel] * keep }
                pixels[to + 3] = alpha + pixels[to + 3] * keep
            }
        }
    }

    /// Multiplies every pixel by the coverage (alpha) of the same pixel of `mask`, a canvas of the same size:
    /// what a clip path leaves of a layer.
    mutating func mask(by mask: RasterCanvas) {
        guard mask.width == width, mask.height == height else { return }
        for pixel in 0..<(width * height) {
            let coverage = mask.pixels[pixel * 4 + 3]
            if coverage >= 1 { continue }
            for channel in 0..<4 { pixels[pixel * 4 + channel] *= coverage }
        }
    }

    /// The pixels as 8-bit straight (not premultiplied) RGBA.
    func rgba() -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeBufferPointer { source in
            bytes.withUnsafeMutableBufferPointer { target in
                for pixel in 0..<min(width * height, source.count / 4) {
                    let at = pixel * 4
                    let alpha = min(1, max(0, source[at + 3]))
                    guard alpha > 0 else { continue }
                    if alpha >= 1 {
                        for channel in 0..<3 { target[at + channel] = Self.byte(min(1, max(0, source[at + channel]))) }
                        target[at + 3] = 255
                        continue
                    }
                    for channel in 0..<3 { target[at + channel] = Self.byte(min(1, max(0, source[at + channel] / alpha))) }
                    target[at + 3] = Self.byte(alpha)
                }
            }
        }
        return bytes
    }

    // The two conversions of the inner loops, as `NumberConversion.clamped` does them but not generic: the
    // generic call across modules is not specialized, and converting four channels a pixel through it was 88% of
    // a PNG build's time (3.7 s of CPU for the polarization chart at scale 2).

    /// `x` rounded down as an `Int`: NaN gives 0, values out of range the nearest end.
    @inline(__always)
    static func wholeBelow(_ x: Double) -> Int {
        let down = x.rounded(.down)
        if down.isNaN { return 0 }
        if down >= 0x1p63 { return Int.max }
        if down < -0x1p63 { return Int.min }
        return Int(exactly: down) ?? 0
    }

    /// A 0…1 channel as 0…255, rounded half away from zero: NaN gives 0, values out of range the nearest end.
    /// `value × 255` is exact in a Double (a Float's 24 bits times 8 bits), so adding one half is exact too and
    /// truncating it rounds half away from zero without a call to the C library's `round`.
    @inline(__always)
    static func byte(_ value: Float) -> UInt8 {
        let scaled = Double(value) * 255
        guard scaled > 0 else { return 0 }
        guard scaled < 254.5 else { return 255 }
        return UInt8(truncatingIfNeeded: Int(exactly: (scaled + 0.5).rounded(.towardZero)) ?? 0)
    }
}
