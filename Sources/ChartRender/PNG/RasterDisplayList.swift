/// A page's drawing as recorded fills and layers, in device pixels, so that it can be drawn a band of rows at a
/// time: the PNG writer draws one band into a small canvas, hands its rows to the encoder and reuses the canvas
/// for the next, and never holds a canvas as large as the image (at scale 2 a chart is millions of pixels, and
/// memory touched for the first time costs more than drawing into it). Outlines are flattened, stroked and
/// placed once, when recorded; each fill keeps its place from band to band (`RasterFill`).
///
/// A layer is a group of items drawn into a canvas of its own over the pixels it reaches, then composited at an
/// opacity, optionally cut to a mask's coverage (`RasterPage.inLayer`).
struct RasterDisplayList {
    indirect enum Item {
        /// An index into `fills`.
        case fill(Int)
        case layer(Layer)
    }

    struct Layer {
        /// The page pixels the layer covers: columns `left ..< right`, rows `top ..< bottom`.
        var left: Int, top: Int, right: Int, bottom: Int
        var opacity: Float
        var items: [Item]
        /// A fill (index) whose coverage the layer keeps, nil for all of it.
        var mask: Int?
    }

    let width: Int
    let height: Int
    private(set) var fills: [RasterFill] = []
    /// The page's items, then one list for each layer being recorded.
    private var open: [[Item]] = [[]]
    private var scratch = RasterScratch()
    /// Whether the first thing drawn is an opaque rectangle over the whole page (a chart's background): each band
    /// is then painted over entirely and need not be cleared first.
    private(set) var opaqueBackground = false

    init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
    }

    /// The page's items in drawing order.
    var items: [Item] { open.first ?? [] }

    /// Records a fill of the polylines (device pixels; each subpath closed) with `paint` at `opacity`, cut to
    /// `clip`, its coverage computed as `coverage` says (`.area` for glyphs); nothing when it would draw nothing.
    mutating func fill(
        _ outline: RasterPolylines, rule: RasterFillRule, coverage: RasterFill.Coverage = .sampled, paint: RasterPaint, opacity: Double,
        clip: RasterClip?
    ) {
        guard
            let fill = RasterFill(
                outline, rule: rule, coverage: coverage, paint: paint, opacity: opacity, clip: clip, width: width, height: height)
        else { return }
        if fills.isEmpty && open.count == 1 {
            opaqueBackground = Self.coversPage(outline, paint: paint, opacity: opacity, clip: clip, width: width, height: height)
        }
        fills.append(fill)
        open[open.count - 1].append(.fill(fills.count - 1))
    }

    /// Whether `outline` is one opaque rectangle covering every pixel of the page whole.
    private static func coversPage(_ outline: RasterPolylines, paint: RasterPaint, opacity: Double, clip: RasterClip?, width: Int, height: Int)
        -> Bool
    {
        guard case .solid(_, _, _, let alpha) = paint, alpha >= 1, opacity >= 1, outline.subpaths.count == 1,
            let points = outline.subpaths.first?.points,
            points.count == 4 || points.count == 5
        else { return false }
        if let clip, clip.minX > 0 || clip.minY > 0 || clip.maxX < Double(width) || clip.maxY < Double(height) { return false }
        let xs = points.map(\.x), ys = points.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max(),
            minX <= 0, minY <= 0, maxX >= Double(width), maxY >= Double(height)
        else { return false }
        // Every corner on the box: an axis-aligned rectangle.
        return points.allSatisfy { ($0.x == minX || $0.x == maxX) && ($0.y == minY || $0.y == maxY) }
    }

    /// Starts recording a layer: the items recorded until `endLayer` or `discardLayer` belong to it.
    mutating func beginLayer() {
        open.append([])
    }

    /// Ends the layer begun last: its items drawn over columns `left ..< right`, rows `top ..< bottom`, then
    /// composited at `opacity`, kept only where `mask` (device pixels) covers when there is one.
    mutating func endLayer(left: Int, top: Int, right: Int, bottom: Int, opacity: Double, mask: RasterPolylines?) {
        guard open.count > 1, let items = open.popLast() else { return }
        guard !items.isEmpty, opacity > 0, left < right, top < bottom else { return }
        var maskIndex: Int?
        if let mask {
            let white = RasterPaint.solid(red: 1, green: 1, blue: 1, alpha: 1)
            guard let fill = RasterFill(mask, rule: .nonZero, paint: white, opacity: 1, clip: nil, width: width, height: height) else { return }
            fills.append(fill)
            maskIndex = fills.count - 1
        }
        let layer = Layer(left: left, top: top, right: right, bottom: bottom, opacity: Float(min(1, opacity)), items: items, mask: maskIndex)
        open[open.count - 1].append(.layer(layer))
    }

    /// Drops the layer begun last and what was recorded in it.
    mutating func discardLayer() {
        if open.count > 1 { open.removeLast() }
    }

    /// Draws the page's part in `rows` into `canvas`. Bands are drawn top to bottom: each call's rows follow the
    /// last call's.
    mutating func draw(rows: Range<Int>, into canvas: inout RasterCanvas) {
        draw(items, rows: rows, into: &canvas)
    }

    private mutating func draw(_ items: [Item], rows: Range<Int>, into canvas: inout RasterCanvas) {
        for item in items {
            switch item {
            case .fill(let index):
                guard fills[index].lastRow >= rows.lowerBound, fills[index].firstRow < rows.upperBound else { continue }
                fills[index].draw(rows: rows, into: &canvas, scratch: &scratch)
            case .layer(let layer):
                let top = max(rows.lowerBound, layer.top), bottom = min(rows.upperBound, layer.bottom)
                guard top < bottom else { continue }
                var pixels = RasterCanvas(left: layer.left, top: top, width: layer.right - layer.left, height: bottom - top)
                draw(layer.items, rows: top..<bottom, into: &pixels)
                if let mask = layer.mask {
                    var coverage = RasterCanvas(left: layer.left, top: top, width: layer.right - layer.left, height: bottom - top)
                    fills[mask].draw(rows: top..<bottom, into: &coverage, scratch: &scratch)
                    pixels.mask(by: coverage)
                }
                canvas.composite(pixels, opacity: layer.opacity)
            }
        }
    }

    /// The whole page drawn at once, in one canvas (for tests and small pages; the PNG writer draws by bands).
    func drawn() -> RasterCanvas {
        var list = self
        var canvas = RasterCanvas(width: width, height: height)
        list.draw(rows: 0..<height, into: &canvas)
        return canvas
    }
}
