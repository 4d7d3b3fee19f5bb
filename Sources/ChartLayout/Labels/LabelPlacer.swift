import ChartDiagnostics
import ChartFormat
/// Keeps labels from colliding: every text already on the plot (tick labels, axis titles, labels placed before)
/// is an occupied box, and a new label takes the first of its candidate positions that stays inside the bounds
/// and clear of all of them — or none, and is dropped. Greedy, in the order labels are offered, so callers offer
/// the most important ones first. Boxes are bucketed in a coarse grid, so thousands of labels stay fast.
struct LabelPlacer: Sendable {
    /// Where labels may go (plot coordinates): the plot and the free margins around it.
    let bounds: Box
    /// Space kept clear around every label.
    let padding: Double

    private var textCells: [Cell: [Int]] = [:]
    private var textBoxes: [Box] = []
    /// Marks labels must not cover (other bars); a label may cover its own mark.
    private var markCells: [Cell: [Int]] = [:]
    /// Each with the `ownerBase` of the layer that drew it.
    private var markBoxes: [(box: Box, owner: Int, layer: Int)] = []
    /// Lines labels must not cross (the segments of line marks).
    private var segmentCells: [Cell: [Int]] = [:]
    private var segments: [(a: Point, b: Point, layer: Int)] = []

    private struct Cell: Hashable, Sendable {
        var column: Int
        var row: Int
    }

    private static let cellSize = 48.0

    /// Added to every owner (a row) given to `addMark`, `fits` and `place`: each layer of a chart (SPEC §11)
    /// numbers its own rows, so each layer gets its own range of owners in the one placer all layers share.
    var ownerBase = 0

    /// Labels a mark had to leave out for lack of room (an arc's smallest slices when even the smallest font
    /// leaves its column taller than the plot), with the `mark.labels` that asked for them: never dropped
    /// unseen, they become the build's `labels-left-out` warning.
    var leftOut: [(text: String, span: SourceSpan?)] = []
    /// Labels of `text` marks on a map (SPEC §22) that found no place clear of the other labels and the points,
    /// with the `text` channel that wrote them.
    var mapLabelsLeftOut: [(text: String, span: SourceSpan?)] = []

    init(bounds: Box, padding: Double = 1, obstacles: [Box] = []) {
        self.bounds = bounds
        self.padding = padding
        for box in obstacles { occupy(box) }
    }

    /// Marks `box` as taken by text.
    mutating func occupy(_ box: Box) {
        textBoxes.append(box)
        for cell in cells(box) { textCells[cell, default: []].append(textBoxes.count - 1) }
    }

    /// Adds a mark a label must not cover unless it belongs to `owner` (a row).
    mutating func addMark(_ box: Box, owner: Int) {
        markBoxes.append((box, ownerBase + owner, ownerBase))
        for cell in cells(box) { markCells[cell, default: []].append(markBoxes.count - 1) }
    }

    /// Adds a stretch of line that labels must not cross.
    mutating func addSegment(from a: Point, to b: Point) {
        guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return }
        segments.append((a, b, ownerBase))
        for cell in cells(Box(minX: a.x, minY: a.y, maxX: b.x, maxY: b.y)) { segmentCells[cell, default: []].append(segments.count - 1) }
    }

    /// Whether a label box fits: inside the bounds, clear of text, and (unless `ignoringMarks`) clear of marks
    /// other than its owner's and of lines. `onOwnLayer` (a value label inside its bar or cell) may cover the marks
    /// and lines of its own layer (the layer of the current `ownerBase`), but not another layer's rules, lines or
    /// bars (SPEC §11: a value must not sit on a reference line).
    func fits(_ box: Box, owner: Int? = nil, ignoringMarks: Bool = false, onOwnLayer: Bool = false) -> Bool {
        guard box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else { return false }
        guard bounds.contains(box, tolerance: 0.01) else { return false }
        let grown = box.insetBy(-padding)
        let touched = cells(grown)
        // Text first: in a crowded plot most labels fail there, against few boxes.
        for cell in touched {
            for index in textCells[cell] ?? [] where textBoxes[index].overlaps(grown) { return false }
        }
        if ignoringMarks { return true }
        for cell in touched {
            for index in markCells[cell] ?? []
            where markBoxes[index].owner != owner.map({ ownerBase + $0 }) && !(onOwnLayer && markBoxes[index].layer == ownerBase)
                && markBoxes[index].box.overlaps(box, tolerance: 0.5)
            {
                return false
            }
            for index in segmentCells[cell] ?? []
            where !(onOwnLayer && segments[index].layer == ownerBase) && Self.segment(segments[index].a, segments[index].b, crosses: box) {
                return false
            }
        }
        return true
    }

    /// Places the first candidate that fits and returns its index, or nil when none does (the label is dropped).
    mutating func place(_ candidates: [Box], owner: Int? = nil, ignoringMarks: Bool = false) -> Int? {
        for (index, box) in candidates.enumerated() where fits(box, owner: owner, ignoringMarks: ignoringMarks) {
            occupy(box)
            return index
        }
        return nil
    }

    /// Whether the segment from `a` to `b` passes through text placed so far (a note's connector must not).
    func segmentCrossesText(from a: Point, to b: Point) -> Bool {
        for cell in cells(Box(minX: a.x, minY: a.y, maxX: b.x, maxY: b.y)) {
            for index in textCells[cell] ?? [] where Self.segment(a, b, crosses: textBoxes[index]) { return true }
        }
        return false
    }

    /// Whether the segment from `a` to `b` passes through the box (Liang–Barsky clipping).
    static func segment(_ a: Point, _ b: Point, crosses box: Box) -> Bool {
        let dx = b.x - a.x, dy = b.y - a.y
        var t0 = 0.0, t1 = 1.0
        for (p, q) in [(-dx, a.x - box.minX), (dx, box.maxX - a.x), (-dy, a.y - box.minY), (dy, box.maxY - a.y)] {
            if p == 0 {
                if q < 0 { return false }
                continue
            }
            let r = q / p
            if p < 0 {
                if r > t1 { return false }
                t0 = Swift.max(t0, r)
            } else {
                if r < t0 { return false }
                t1 = Swift.min(t1, r)
            }
        }
        return t0 <= t1
    }

    /// The grid cells a box touches, clipped to the bounds (nothing outside them can matter).
    private func cells(_ box: Box) -> [Cell] {
        guard box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else { return [] }
        let minX = Swift.max(box.minX, bounds.minX - 1), maxX = Swift.min(box.maxX, bounds.maxX + 1)
        let minY = Swift.max(box.minY, bounds.minY - 1), maxY = Swift.min(box.maxY, bounds.maxY + 1)
        guard minX <= maxX, minY <= maxY else { return [] }
        func index(_ value: Double) -> Int { NumberConversion.clamped(value / Self.cellSize, rounding: .down) }
        let columns = index(minX)...index(maxX)
        let rows = index(minY)...index(maxY)
        var result: [Cell] = []
        result.reserveCapacity(columns.count * rows.count)
        for column in columns {
            for row in rows { result.append(Cell(column: column, row: row)) }
        }
        return result
    }
}
