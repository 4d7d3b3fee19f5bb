/// Clips projected geometry to a rectangle (d3-geo's `clipRectangle`): Mercator's automatic square around the
/// map (the poles are infinitely far) and albersUsa's boxes that keep the lower 48, Alaska and Hawaii apart.
final class RectangleClipStream: GeoStream {
    static let clipMax = 1e9
    let x0: Double
    let y0: Double
    let x1: Double
    let y1: Double
    private let sink: GeoStream
    private let buffer = ClipBuffer()
    private var bufferActive = false
    private var inLine = false
    private var segments: [[ClipPoint]]?
    private var polygonActive = false
    private var polygon: [[(Double, Double)]] = []
    private var firstX = 0.0
    private var firstY = 0.0
    private var firstVisible = false
    private var lastX = Double.nan
    private var lastY = Double.nan
    private var lastVisible = false
    private var first = true
    private var clean = true

    init(x0: Double, y0: Double, x1: Double, y1: Double, sink: GeoStream) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
        self.sink = sink
    }

    private var active: GeoStream { bufferActive ? buffer : sink }

    func visible(_ x: Double, _ y: Double) -> Bool { x0 <= x && x <= x1 && y0 <= y && y <= y1 }

    func point(_ x: Double, _ y: Double, mark: Int) {
        if inLine {
            linePoint(x, y)
        } else if visible(x, y) {
            active.point(x, y)
        }
    }

    func lineStart() {
        inLine = true
        if polygonActive { polygon.append([]) }
        first = true
        lastVisible = false
        lastX = .nan
        lastY = .nan
    }

    func lineEnd() {
        if segments != nil {
            linePoint(firstX, firstY)
            if firstVisible && lastVisible { buffer.rejoin() }
            segments?.append(contentsOf: buffer.result())
        }
        inLine = false
        if lastVisible { active.lineEnd() }
    }

    func polygonStart() {
        bufferActive = true
        segments = []
        polygonActive = true
        polygon = []
        clean = true
    }

    func polygonEnd() {
        let startInside = polygonInside()
        let cleanInside = clean && startInside != 0
        let pieces = segments ?? []
        if cleanInside || !pieces.isEmpty {
            sink.polygonStart()
            if cleanInside {
                sink.lineStart()
                interpolate(from: nil, to: nil, direction: 1, stream: sink)
                sink.lineEnd()
            }
            if !pieces.isEmpty {
                ClipRejoin.rejoin(
                    pieces, compare: { [self] in comparePoint($0, $1) }, startInside: startInside != 0,
                    interpolate: { [self] in interpolate(from: $0, to: $1, direction: $2, stream: $3) }, stream: sink)
            }
            sink.polygonEnd()
        }
        bufferActive = false
        segments = nil
        polygonActive = false
        polygon = []
    }

    func sphere() { sink.sphere() }

    /// The winding of the polygon around the rectangle's top-left corner (nonzero: the corner is inside).
    private func polygonInside() -> Int {
        var winding = 0
        for ring in polygon {
            guard var previous = ring.first else { continue }
            for point in ring.dropFirst() {
                let (a0, a1) = previous
                let (b0, b1) = point
                if a1 <= y1 {
                    if b1 > y1 && (b0 - a0) * (y1 - a1) > (b1 - a1) * (x0 - a0) { winding += 1 }
                } else if b1 <= y1 && (b0 - a0) * (y1 - a1) < (b1 - a1) * (x0 - a0) {
                    winding -= 1
                }
                previous = point
            }
        }
        return winding
    }

    private func linePoint(_ xIn: Double, _ yIn: Double) {
        var x = xIn
        var y = yIn
        let v = visible(x, y)
        if polygonActive, !polygon.isEmpty { polygon[polygon.count - 1].append((x, y)) }
        if first {
            firstX = x
            firstY = y
            firstVisible = v
            first = false
            if v {
                active.lineStart()
                active.point(x, y)
            }
        } else if v && lastVisible {
            active.point(x, y)
        } else {
            let m = Self.clipMax
            lastX = max(-m, min(m, lastX))
            lastY = max(-m, min(m, lastY))
            x = max(-m, min(m, x))
            y = max(-m, min(m, y))
            if let (a, b) = Self.clipLine((lastX, lastY), (x, y), x0, y0, x1, y1) {
                if !lastVisible {
                    active.lineStart()
                    active.point(a.0, a.1)
                }
                active.point(b.0, b.1)
                if !v { active.lineEnd() }
                clean = false
            } else if v {
                active.lineStart()
                active.point(x, y)
                clean = false
            }
        }
        lastX = x
        lastY = y
        lastVisible = v
    }

    /// Liang–Barsky: the part of the segment a–b inside the rectangle, or nil.
    static func clipLine(
        _ a: (Double, Double), _ b: (Double, Double), _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double
    ) -> ((Double, Double), (Double, Double))? {
        let (ax, ay) = a
        let (bx, by) = b
        var t0 = 0.0
        var t1 = 1.0
        let dx = bx - ax
        let dy = by - ay
        func clip(_ delta: Double, _ rIn: Double, lower: Bool) -> Bool {
            // lower: the edge is a minimum (x0, y0); else a maximum (x1, y1).
            if delta == 0 { return lower ? !(rIn > 0) : !(rIn < 0) }
            let r = rIn / delta
            if lower {
                if delta < 0 {
                    if r < t0 { return false }
                    if r < t1 { t1 = r }
                } else {
                    if r > t1 { return false }
                    if r > t0 { t0 = r }
                }
            } else {
                if delta < 0 {
                    if r > t1 { return false }
                    if r > t0 { t0 = r }
                } else {
                    if r < t0 { return false }
                    if r < t1 { t1 = r }
                }
            }
            return true
        }
        guard clip(dx, x0 - ax, lower: true), clip(dx, x1 - ax, lower: false), clip(dy, y0 - ay, lower: true),
            clip(dy, y1 - ay, lower: false)
        else { return nil }
        var start = a
        var end = b
        if t0 > 0 { start = (ax + t0 * dx, ay + t0 * dy) }
        if t1 < 1 { end = (ax + t1 * dx, ay + t1 * dy) }
        return (start, end)
    }

    private func corner(_ p: ClipPoint, _ direction: Int) -> Int {
        if abs(p.x - x0) < GeoMath.epsilon { return direction > 0 ? 0 : 3 }
        if abs(p.x - x1) < GeoMath.epsilon { return direction > 0 ? 2 : 1 }
        if abs(p.y - y0) < GeoMath.epsilon { return direction > 0 ? 1 : 0 }
        return direction > 0 ? 3 : 2
    }

    private func comparePoint(_ a: ClipPoint, _ b: ClipPoint) -> Double {
        let ca = corner(a, 1)
        let cb = corner(b, 1)
        if ca != cb { return Double(ca - cb) }
        switch ca {
        case 0: return b.y - a.y
        case 1: return a.x - b.x
        case 2: return a.y - b.y
        default: return b.x - a.x
        }
    }

    private func interpolate(from: ClipPoint?, to: ClipPoint?, direction: Int, stream: GeoStream) {
        var a = 0
        var a1 = 0
        var walk = true
        if let from, let to {
            a = corner(from, direction)
            a1 = corner(to, direction)
            walk = a != a1 || ((comparePoint(from, to) < 0) != (direction > 0))
        }
        if walk {
            var steps = 0
            repeat {
                stream.point(a == 0 || a == 3 ? x0 : x1, a > 1 ? y1 : y0)
                a = (a + direction + 4) % 4
                steps += 1
            } while a != a1 && steps < 4
        } else if let to {
            stream.point(to.x, to.y)
        }
    }
}
