import ChartFormat

/// How a fill decides what is inside: SVG's `nonzero` (the default) and `evenodd`.
enum RasterFillRule {
    case nonZero, evenOdd
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

/// One outline to fill, in device pixels, drawn a few rows at a time: the page is drawn in bands of rows (so no
/// canvas as large as the image is ever held), and a fill that spans several bands keeps where it reached — its
/// next edge and the edges crossing the current row — from one band to the next.
///
/// Anti-aliasing is by coverage, computed one of two ways (`Coverage`):
/// - `sampled`, right for any outline, those whose pieces overlap too (a stroke's segments and joins): a row whose
///   crossing edges are all vertical and run through it (a rectangle's rows, the page background) is painted span
///   by span. Any other row is cut where edges begin or end; in each piece, the edges where the fill rule's inside
///   begins or ends are found at its top and at its bottom, and where they are the same edges in the same order,
///   their areas give every pixel's share exactly (edges crossing inside the outline change nothing). A piece
///   where boundary edges cross is sampled on the row's `subsamples` lines that fall in it, each span adding its
///   exact horizontal extent, so a vertical edge at x = 10.3 covers 70% of pixel 10 whatever the sampling.
/// - `area`: each edge adds the exact area it bounds in each pixel of each row it crosses, signed by its
///   direction, once per row; the running sum along the row is the winding number integrated over the pixel,
///   read as coverage by the fill rule. This is how FreeType renders glyphs, so text comes out as the browser
///   draws it, with no cutting; where pieces of one outline overlap inside a pixel it over-covers that pixel, so
///   it is kept for glyph outlines.
struct RasterFill {
    struct Edge {
        var x0: Double, y0: Double, y1: Double
        var slope: Double
        var direction: Int
    }

    /// Where an edge crosses a line: `x` there, `below` where it crosses the bottom of the piece of row being
    /// drawn (sorting breaks ties by it: the order just below the line).
    struct Crossing {
        var x: Double, below: Double
        var direction: Int
        var edge: Int
    }

    /// How coverage is computed: sample lines (any outline) or accumulated areas (glyphs).
    enum Coverage {
        case sampled, area
    }

    /// Lines sampled per pixel row.
    static let subsamples = 16

    /// The edges, row by row of their upper ends (`byRow`).
    let edges: [Edge]
    let rule: RasterFillRule
    let coverage: Coverage
    let paint: RasterPaint
    /// The fill's opacity, 0…1.
    let opacity: Float
    /// Where it may draw: the page cut to the clip.
    let bounds: RasterClip
    /// The pixels the outline reaches within `bounds`.
    let firstRow: Int, lastRow: Int, firstColumn: Int, lastColumn: Int

    /// The next edge not yet met, the edges (indices) crossing the sample line or row reached, left to right
    /// as they crossed it, and (sampled) the edges of the row reached that start below its sample line.
    private var nextEdge = 0
    private var active: [Int] = []
    private var pending: [Int] = []

    /// The fill of `outline` (device pixels; each subpath closed) on a page of `width` × `height` pixels, or nil
    /// when it draws nothing there (no area, transparent, a point that is not finite, outside the clip).
    init?(
        _ outline: RasterPolylines, rule: RasterFillRule, coverage: Coverage = .sampled, paint: RasterPaint, opacity: Double, clip: RasterClip?,
        width: Int, height: Int
    ) {
        guard opacity > 0 else { return nil }
        var edges: [Edge] = []
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for subpath in outline.subpaths {
            let points = subpath.points
            guard points.count >= 2 else { continue }
            for index in 0..<points.count {
                let p = points[index]
                let q = points[index + 1 == points.count ? 0 : index + 1]
                guard p.x.isFinite, p.y.isFinite, q.x.isFinite, q.y.isFinite else { return nil }
                minX = min(minX, p.x)
                maxX = max(maxX, p.x)
                minY = min(minY, p.y)
                maxY = max(maxY, p.y)
                if p.y == q.y { continue }
                if p.y < q.y {
                    edges.append(Edge(x0: p.x, y0: p.y, y1: q.y, slope: (q.x - p.x) / (q.y - p.y), direction: 1))
                } else {
                    edges.append(Edge(x0: q.x, y0: q.y, y1: p.y, slope: (p.x - q.x) / (p.y - q.y), direction: -1))
                }
            }
        }
        guard !edges.isEmpty else { return nil }
        var bounds = RasterClip(minX: 0, minY: 0, maxX: Double(width), maxY: Double(height))
        if let clip { bounds = bounds.intersection(clip) }
        let drawn = bounds.intersection(RasterClip(minX: minX, minY: minY, maxX: maxX, maxY: maxY))
        guard !drawn.isEmpty else { return nil }
        firstRow = NumberConversion.clamped(drawn.minY, rounding: .down)
        lastRow = min(height - 1, NumberConversion.clamped(drawn.maxY, rounding: .up) - 1)
        firstColumn = NumberConversion.clamped(drawn.minX, rounding: .down)
        lastColumn = min(width - 1, NumberConversion.clamped(drawn.maxX, rounding: .up) - 1)
        guard firstRow <= lastRow, firstColumn <= lastColumn else { return nil }
        self.edges = Self.byRow(edges, firstRow: firstRow, lastRow: lastRow)
        self.rule = rule
        self.coverage = coverage
        self.paint = paint
        self.opacity = Float(min(1, opacity))
        self.bounds = bounds
    }

    /// The edges in the order of the pixel rows their upper ends are in (rows above `firstRow` counted as it,
    /// rows below `lastRow` as the row after it), in their order within a row, in one counting pass: a row's
    /// edges join when the row is reached (a text run has thousands of edges; sorting them by their exact tops
    /// was a tenth of the text's drawing).
    static func byRow(_ edges: [Edge], firstRow: Int, lastRow: Int) -> [Edge] {
        let rows = lastRow - firstRow + 2
        func bucket(_ edge: Edge) -> Int { max(0, min(rows - 1, wholeBelow(edge.y0) - firstRow)) }
        var starts = [Int](repeating: 0, count: rows + 1)
        for edge in edges { starts[bucket(edge) + 1] += 1 }
        for row in 0..<rows { starts[row + 1] += starts[row] }
        var sorted = edges
        for edge in edges {
            let at = bucket(edge)
            sorted[starts[at]] = edge
            starts[at] += 1
        }
        return sorted
    }

    /// Draws the fill's part in `rows` into `canvas` (which holds those rows, or some of them). Calls come
    /// with rows further down each time: the fill carries on from where the last call stopped.
    mutating func draw(rows: Range<Int>, into canvas: inout RasterCanvas, scratch: inout RasterScratch) {
        let top = max(rows.lowerBound, firstRow, canvas.top)
        let bottom = min(rows.upperBound - 1, lastRow, canvas.top + canvas.height - 1)
        let left = max(firstColumn, canvas.left)
        let right = min(lastColumn, canvas.left + canvas.width - 1)
        guard top <= bottom, left <= right else { return }
        scratch.prepare(columns: right + 2)
        var next = nextEdge
        var active = self.active, pending = self.pending
        self.active = []
        self.pending = []
        defer {
            nextEdge = next
            self.active = active
            self.pending = pending
        }
        let row = RasterRowPainter(
            source: RasterCanvas.Source(paint, opacity: opacity), left: left, right: right, evenOdd: coverage == .area && rule == .evenOdd)
        edges.withUnsafeBufferPointer { edges in
            scratch.withBuffers { area, cover, lists in
                canvas.withRows { pixels, canvasLeft, canvasTop, canvasWidth in
                    for y in top...bottom {
                        let painted: Bool
                        switch coverage {
                        case .sampled:
                            painted = sampleRow(
                                y, left: left, right: right, edges: edges, next: &next, active: &active, pending: &pending, area: area, cover: cover,
                                lists: &lists, painter: row, pixels: pixels, base: (y - canvasTop) * canvasWidth - canvasLeft)
                        case .area:
                            painted = accumulateRow(y, left: left, right: right, edges: edges, next: &next, active: &active, area: area, cover: cover)
                        }
                        if painted {
                            row.paint(y, area: area, cover: cover, into: pixels, at: (y - canvasTop) * canvasWidth - canvasLeft)
                        }
                        if active.isEmpty && pending.isEmpty && next == edges.count { break }
                    }
                }
            }
        }
    }

    /// The coverage of pixel row `y` (columns `left…right`) by the `sampled` method, into `area` and `cover`
    /// (cleared first); whether there is any to paint. A row whose spans are the same all the way down and share
    /// no pixel is painted at once by `painter` instead (the page background, a bar's inside rows). The loops
    /// work on the buffers directly, so no write checks the arrays' uniqueness or bounds (an index is within the
    /// row by the clamps of `draw`).
    private func sampleRow(
        _ y: Int, left: Int, right: Int, edges: UnsafeBufferPointer<Edge>, next: inout Int, active: inout [Int], pending: inout [Int],
        area: UnsafeMutableBufferPointer<Float>, cover: UnsafeMutableBufferPointer<Float>, lists: inout RasterScratch.Lists,
        painter: RasterRowPainter, pixels: UnsafeMutableBufferPointer<UInt32>, base: Int
    ) -> Bool {
        let count = Self.subsamples
        let rowTop = Double(y)
        let firstSample = rowTop + 0.5 / Double(count), lastSample = rowTop + (Double(count) - 0.5) / Double(count)
        let spanLow = max(bounds.minX, Double(left)), spanHigh = min(Double(right + 1), bounds.maxX)
        let rowCoverage = Float(RasterClip.overlap(rowTop, bounds.minY, bounds.maxY))
        let rule = rule
        // The row's edges are met: they wait until a sample line reaches their tops.
        while next < edges.count, edges[next].y0 < rowTop + 1 {
            pending.append(next)
            next += 1
        }
        /// Brings the active edges to the sample line `y`: those waiting that start at or above it join, those
        /// ending at or above it leave (kept in order, by hand: `removeAll(where:)` with a closure cost a county
        /// map's thousands of small fills much of their time in a debug build); how many joined.
        func advance(to y: Double) -> Int {
            var joined = 0
            var waiting = 0
            for position in 0..<pending.count {
                let index = pending[position]
                if edges[index].y0 <= y {
                    active.append(index)
                    joined += 1
                } else {
                    pending[waiting] = index
                    waiting += 1
                }
            }
            pending.removeLast(pending.count - waiting)
            var kept = 0
            for position in 0..<active.count where edges[active[position]].y1 > y {
                active[kept] = active[position]
                kept += 1
            }
            active.removeLast(active.count - kept)
            return joined
        }
        /// The active edges' crossings of the sample line `y`, left to right; the active edges take their order.
        func cross(_ y: Double, joined: Int) {
            lists.crossings.removeAll(keepingCapacity: true)
            for index in active {
                let edge = edges[index]
                lists.crossings.append(Crossing(x: edge.x0 + (y - edge.y0) * edge.slope, below: 0, direction: edge.direction, edge: index))
            }
            Self.sortByX(&lists.crossings, joined: joined)
            for position in 0..<lists.crossings.count { active[position] = lists.crossings[position].edge }
        }
        /// Calls `body` with each span inside the outline (by the fill rule) on the line crossed last, cut to the
        /// columns drawn; whether there was one.
        func spans(_ body: (Double, Double) -> Void) -> Bool {
            var winding = 0
            var spanStart = 0.0
            var any = false
            for crossing in lists.crossings {
                let wasInside = rule == .nonZero ? winding != 0 : winding & 1 != 0
                winding += crossing.direction
                let isInside = rule == .nonZero ? winding != 0 : winding & 1 != 0
                if !wasInside && isInside {
                    spanStart = crossing.x
                } else if wasInside && !isInside {
                    let start = max(spanStart, spanLow), end = min(crossing.x, spanHigh)
                    if end > start {
                        body(start, end)
                        any = true
                    }
                }
            }
            return any
        }
        func clear() {
            for column in left...(right + 1) {
                area[column] = 0
                cover[column] = 0
            }
        }
        // The same spans on every sample line: no edge joins or leaves within the row, and every crossing edge
        // is vertical.
        var uniform = !active.isEmpty && !pending.contains { edges[$0].y0 <= lastSample }
        if uniform {
            for index in active where edges[index].slope != 0 || edges[index].y0 > firstSample || edges[index].y1 <= lastSample {
                uniform = false
                break
            }
        }
        if uniform {
            cross(firstSample, joined: advance(to: firstSample))
            // Spans that share no pixel are painted as they are; else their coverage is summed first.
            var previousEnd = -Double.infinity
            var apart = true
            _ = spans { start, end in
                if start.rounded(.down) < previousEnd.rounded(.up) { apart = false }
                previousEnd = end
            }
            if apart {
                _ = spans { start, end in painter.paintSpan(y, from: start, to: end, coverage: rowCoverage, into: pixels, at: base) }
                return false
            }
            clear()
            return spans { start, end in Self.addSpan(start, end, rowCoverage, columns: right + 1, area: area, cover: cover) }
        }
        // Otherwise the row is cut where edges join or leave it, so that within each piece every edge there
        // crosses it from top to bottom; all the row's edges are active, each piece taking those that cross it.
        active += pending
        pending.removeAll(keepingCapacity: true)
        let top = max(rowTop, bounds.minY), bottom = min(rowTop + 1, bounds.maxY)
        defer {
            var kept = 0
            for position in 0..<active.count where edges[active[position]].y1 > bottom {
                active[kept] = active[position]
                kept += 1
            }
            active.removeLast(active.count - kept)
        }
        guard bottom > top, !active.isEmpty else { return false }
        lists.cuts.removeAll(keepingCapacity: true)
        lists.cuts.append(top)
        for index in active {
            let edge = edges[index]
            if edge.y0 > top && edge.y0 < bottom { lists.cuts.append(edge.y0) }
            if edge.y1 > top && edge.y1 < bottom { lists.cuts.append(edge.y1) }
        }
        lists.cuts.append(bottom)
        lists.cuts.sort()
        clear()
        var touched = false
        for piece in 0..<(lists.cuts.count - 1) {
            let a = lists.cuts[piece], b = lists.cuts[piece + 1]
            guard b > a else { continue }
            lists.crossings.removeAll(keepingCapacity: true)
            for index in active {
                let edge = edges[index]
                guard edge.y0 <= a && edge.y1 >= b else { continue }
                lists.crossings.append(
                    Crossing(
                        x: edge.x0 + (a - edge.y0) * edge.slope, below: edge.x0 + (b - edge.y0) * edge.slope, direction: edge.direction, edge: index))
            }
            guard !lists.crossings.isEmpty else { continue }
            // Where the outline's boundary is the same edges in the same order at the piece's top and bottom, the
            // inside is bounded by them all the way down: their areas give the coverage exactly. (Edges crossing
            // inside the outline, as a stroke's overlapping pieces do, change nothing.)
            // In the edges' order from the rows above, mostly sorted: insertion sort unless they are many.
            Self.sortByX(&lists.crossings, joined: lists.crossings.count > 64 ? lists.crossings.count : 0)
            boundaries(of: lists.crossings, into: &lists.boundaryTop)
            // No two edges swap places down the piece (the usual case): the order at the bottom, and so its
            // boundary, is the top's.
            var sameOrder = true
            for position in 1..<max(1, lists.crossings.count) where lists.crossings[position - 1].below > lists.crossings[position].below {
                sameOrder = false
                break
            }
            if !sameOrder {
                lists.crossingsBelow.removeAll(keepingCapacity: true)
                for crossing in lists.crossings {
                    lists.crossingsBelow.append(Crossing(x: crossing.below, below: crossing.x, direction: crossing.direction, edge: crossing.edge))
                }
                Self.sortByX(&lists.crossingsBelow, joined: 0)
                boundaries(of: lists.crossingsBelow, into: &lists.boundaryBottom)
            }
            if sameOrder || lists.boundaryTop == lists.boundaryBottom {
                for (position, index) in lists.boundaryTop.enumerated() {
                    let edge = edges[index]
                    let sign: Double = position % 2 == 0 ? 1 : -1
                    Self.accumulate(
                        edge.x0 + (a - edge.y0) * edge.slope, a, edge.x0 + (b - edge.y0) * edge.slope, b, direction: sign, low: spanLow,
                        high: spanHigh,
                        right: right, cover: cover)
                }
                touched = touched || !lists.boundaryTop.isEmpty
                continue
            }
            // Else the sample lines in the piece.
            let weight = 1 / Float(count)
            for line in 0..<count {
                let sampleY = rowTop + (Double(line) + 0.5) / Double(count)
                guard sampleY >= a && sampleY < b else { continue }
                for position in 0..<lists.crossings.count {
                    let edge = edges[lists.crossings[position].edge]
                    lists.crossings[position].x = edge.x0 + (sampleY - edge.y0) * edge.slope
                }
                Self.sortByX(&lists.crossings, joined: 0)
                if spans({ start, end in Self.addSpan(start, end, weight, columns: right + 1, area: area, cover: cover) }) { touched = true }
            }
        }
        return touched
    }

    /// The edges of `crossings` (left to right) where the fill rule's inside begins or ends: entries at even
    /// places begin a span, at odd places end it.
    private func boundaries(of crossings: [Crossing], into positions: inout [Int]) {
        positions.removeAll(keepingCapacity: true)
        var winding = 0
        for (position, crossing) in crossings.enumerated() {
            let wasInside = rule == .nonZero ? winding != 0 : winding & 1 != 0
            winding += crossing.direction
            let isInside = rule == .nonZero ? winding != 0 : winding & 1 != 0
            if wasInside != isInside { positions.append(crossing.edge) }
        }
    }

    /// The coverage of pixel row `y` (columns `left…right`) by accumulated areas: each edge crossing the row adds
    /// the signed area it bounds in each pixel as differences into `cover` (`area` stays zero), both cleared
    /// first; whether any edge did.
    private func accumulateRow(
        _ y: Int, left: Int, right: Int, edges: UnsafeBufferPointer<Edge>, next: inout Int, active: inout [Int],
        area: UnsafeMutableBufferPointer<Float>, cover: UnsafeMutableBufferPointer<Float>
    ) -> Bool {
        let rowTop = max(Double(y), bounds.minY), rowBottom = min(Double(y + 1), bounds.maxY)
        // Edges come row by row (`byRow`): every edge starting above this row's bottom joins.
        while next < edges.count, edges[next].y0 < Double(y + 1) {
            active.append(next)
            next += 1
        }
        var kept = 0
        for position in 0..<active.count where edges[active[position]].y1 > rowTop {
            active[kept] = active[position]
            kept += 1
        }
        active.removeLast(active.count - kept)
        guard !active.isEmpty, rowBottom > rowTop else { return false }
        for column in left...(right + 1) {
            area[column] = 0
            cover[column] = 0
        }
        let low = max(bounds.minX, Double(left)), high = min(Double(right + 1), bounds.maxX)
        var added = false
        for index in active {
            let edge = edges[index]
            let top = max(edge.y0, rowTop), bottom = min(edge.y1, rowBottom)
            guard bottom > top else { continue }
            let xTop = edge.x0 + (top - edge.y0) * edge.slope, xBottom = edge.x0 + (bottom - edge.y0) * edge.slope
            Self.accumulate(xTop, top, xBottom, bottom, direction: Double(edge.direction), low: low, high: high, right: right, cover: cover)
            added = true
        }
        return added
    }

    /// Adds the piece of an edge from (`xTop`, `top`) to (`xBottom`, `bottom`), within one pixel row, to the
    /// row's coverage differences, cut to the columns between `low` and `high`: where the piece lies left or
    /// right of them it is pressed onto that side (a vertical edge there bounds the same area inside).
    private static func accumulate(
        _ xTop: Double, _ top: Double, _ xBottom: Double, _ bottom: Double, direction: Double, low: Double, high: Double, right: Int,
        cover: UnsafeMutableBufferPointer<Float>
    ) {
        // Where the piece crosses `low` and `high`, as fractions of its height: pieces between those points lie
        // wholly on one side.
        var cuts: (Double, Double) = (1, 1)
        let dx = xBottom - xTop
        if dx != 0 {
            let atLow = (low - xTop) / dx, atHigh = (high - xTop) / dx
            let first = min(atLow, atHigh), second = max(atLow, atHigh)
            cuts = (first > 0 && first < 1 ? first : 1, second > 0 && second < 1 ? second : 1)
            if cuts.0 == 1 { cuts = (cuts.1, 1) }
        }
        var from = 0.0
        for to in [cuts.0, cuts.1, 1.0] where to > from {
            let x0 = min(high, max(low, xTop + dx * from)), x1 = min(high, max(low, xTop + dx * to))
            let height = (bottom - top) * (to - from) * direction
            accumulateInside(x0, x1, height, right: right, cover: cover)
            from = to
        }
    }

    /// The signed area right of a straight piece of edge from `x0` to `x1` over `height` (negative for an edge
    /// going up), as differences between neighbouring pixels of the row.
    @inline(__always)
    private static func accumulateInside(_ x0: Double, _ x1: Double, _ height: Double, right: Int, cover: UnsafeMutableBufferPointer<Float>) {
        let xMin = min(x0, x1), xMax = max(x0, x1)
        let first = wholeBelow(xMin)
        guard first <= right else { return }
        if xMax <= Double(first + 1) {
            // Within one pixel: the area right of the piece's middle.
            let inside = (x0 + x1) / 2 - Double(first)
            cover[first] += Float(height * (1 - inside))
            cover[first + 1] += Float(height * inside)
            return
        }
        var last = wholeBelow(xMax)
        if Double(last) == xMax { last -= 1 }
        // Each pixel's coverage is the area between the piece and the pixel's right side, integrated along x.
        let perX = height / (xMax - xMin)
        var previous = 0.0
        for column in first...last {
            let x = Double(column)
            let whole = max(0, min(xMax, x) - xMin)
            let a = max(xMin, x), b = min(xMax, x + 1)
            let part = b > a ? (b - a) * (x + 1 - (a + b) / 2) : 0
            let covered = perX * (whole + part)
            cover[column] += Float(covered - previous)
            previous = covered
        }
        cover[last + 1] += Float(height - previous)
    }

    /// Sorts crossings left to right (ties by `below`). They come in the order the edges crossed the line
    /// above, so they are nearly sorted: an insertion sort takes a few steps an edge; when many edges joined on
    /// this line (the first line of a map's mesh of borders), the library's sort. Both are stable.
    static func sortByX(_ crossings: inout [Crossing], joined: Int) {
        guard crossings.count > 1 else { return }
        guard joined <= 32 else {
            crossings.sort { $0.x < $1.x || ($0.x == $1.x && $0.below < $1.below) }
            return
        }
        crossings.withUnsafeMutableBufferPointer { crossings in
            for position in 1..<crossings.count {
                let crossing = crossings[position]
                var at = position
                while at > 0 && (crossings[at - 1].x > crossing.x || (crossings[at - 1].x == crossing.x && crossings[at - 1].below > crossing.below))
                {
                    crossings[at] = crossings[at - 1]
                    at -= 1
                }
                crossings[at] = crossing
            }
        }
    }

    /// Adds the span [start, end) of one sample line to the row's coverage (`columns`: the first column past
    /// the row's end).
    @inline(__always)
    private static func addSpan(
        _ start: Double, _ end: Double, _ weight: Float, columns: Int, area: UnsafeMutableBufferPointer<Float>,
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
        if last < columns { area[last] += Float(end - Double(last)) * weight }
    }

    /// `x` rounded down as an `Int`: NaN gives 0, values out of range the nearest end. (Not
    /// `NumberConversion.clamped`: that generic call across modules is not specialized, and in the inner loops
    /// it was most of a PNG build's time.)
    @inline(__always)
    static func wholeBelow(_ x: Double) -> Int {
        let down = x.rounded(.down)
        if down.isNaN { return 0 }
        if down >= 0x1p63 { return Int.max }
        if down < -0x1p63 { return Int.min }
        return Int(exactly: down) ?? 0
    }
}

/// Composites one row's coverage into the canvas: the coverage is the running sum of `cover` plus `area`,
/// read by the fill rule (an accumulated even-odd winding folds back every two), and each covered pixel takes
/// the fill's color at that coverage. Where both are zero the coverage stays what it was (inside a shape, or
/// outside it): such runs are painted as one (an opaque run is a copy of one pixel value).
struct RasterRowPainter {
    let source: RasterCanvas.Source
    let left: Int, right: Int
    /// Whether the sums are winding numbers to read by the even-odd rule (accumulated areas).
    let evenOdd: Bool

    @inline(__always)
    func coverage(_ sum: Float) -> Float {
        var sum = abs(sum)
        if evenOdd {
            sum = sum.truncatingRemainder(dividingBy: 2)
            if sum > 1 { sum = 2 - sum }
        }
        return min(1, sum)
    }

    /// Paints the span [start, end) of row `y` at `coverage` (the part of each end pixel it covers, times
    /// `coverage`): a row whose coverage is one span or spans apart.
    func paintSpan(_ y: Int, from start: Double, to end: Double, coverage: Float, into pixels: UnsafeMutableBufferPointer<UInt32>, at base: Int) {
        let first = RasterFill.wholeBelow(start), last = RasterFill.wholeBelow(end)
        if first == last {
            paint(Float(end - start) * coverage, first, last + 1, y, into: pixels, at: base)
            return
        }
        paint(Float(Double(first + 1) - start) * coverage, first, first + 1, y, into: pixels, at: base)
        paint(coverage, first + 1, last, y, into: pixels, at: base)
        if last <= right { paint(Float(end - Double(last)) * coverage, last, last + 1, y, into: pixels, at: base) }
    }

    /// Paints columns `from ..< to` of row `y` at one coverage.
    @inline(__always)
    private func paint(_ coverage: Float, _ from: Int, _ to: Int, _ y: Int, into pixels: UnsafeMutableBufferPointer<UInt32>, at base: Int) {
        guard coverage > 0.0005, to > from else { return }
        if coverage >= RasterCanvas.Source.whole, let opaque = source.opaque, let start = pixels.baseAddress {
            (start + base + from).update(repeating: opaque, count: to - from)
        } else {
            for at in from..<to { source.blend(coverage, over: &pixels[base + at], x: at, y: y) }
        }
    }

    func paint(
        _ y: Int, area: UnsafeMutableBufferPointer<Float>, cover: UnsafeMutableBufferPointer<Float>, into pixels: UnsafeMutableBufferPointer<UInt32>,
        at base: Int
    ) {
        var running: Float = 0
        var column = left
        while column <= right {
            running += cover[column]
            let covered = coverage(running + area[column])
            if covered > 0.0005 { source.blend(covered, over: &pixels[base + column], x: column, y: y) }
            column += 1
            var end = column
            while end <= right && cover[end] == 0 && area[end] == 0 { end += 1 }
            guard end > column else { continue }
            paint(coverage(running), column, end, y, into: pixels, at: base)
            column = end
        }
    }
}

/// The rasterizer's working rows, shared by every fill of a page: one row's coverage (partial pixels in `area`,
/// whole runs as differences in `cover`) and the lists a row's pieces are worked out in.
struct RasterScratch {
    /// Crossings of a line and of the bottom of a piece of row, the edges bounding the inside there, the
    /// heights a row is cut at.
    struct Lists {
        var crossings: [RasterFill.Crossing] = []
        var crossingsBelow: [RasterFill.Crossing] = []
        var boundaryTop: [Int] = []
        var boundaryBottom: [Int] = []
        var cuts: [Double] = []
    }

    private var area: [Float] = []
    private var cover: [Float] = []
    private var lists = Lists()

    /// Makes the coverage rows at least `columns` long.
    mutating func prepare(columns: Int) {
        if area.count < columns {
            area = [Float](repeating: 0, count: columns)
            cover = [Float](repeating: 0, count: columns)
        }
    }

    mutating func withBuffers(_ body: (UnsafeMutableBufferPointer<Float>, UnsafeMutableBufferPointer<Float>, inout Lists) -> Void) {
        area.withUnsafeMutableBufferPointer { area in
            cover.withUnsafeMutableBufferPointer { cover in
                body(area, cover, &lists)
            }
        }
    }
}
