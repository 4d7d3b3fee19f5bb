/// Cuts one line against a clip edge on the sphere, telling the visible pieces to a stream; `clean` says how it
/// went (1: no intersection; 2: intersections, and the first and last pieces are one; 0: intersections).
protocol ClipLineCutter: AnyObject {
    func lineStart()
    func point(_ lambda: Double, _ phi: Double)
    func lineEnd()
    var clean: Int { get }
}

/// What a clip on the sphere (the antimeridian cut, a small circle) supplies to the generic polygon clip.
protocol SphereClipEdge: Sendable {
    func visible(_ lambda: Double, _ phi: Double) -> Bool
    func cutter(into stream: GeoStream) -> ClipLineCutter
    /// Walks the edge from `from` to `to` (both nil: the whole edge) in `direction` (1 or -1).
    func interpolate(from: ClipPoint?, to: ClipPoint?, direction: Int, stream: GeoStream)
    /// A point that is inside a polygon exactly when the polygon covers the clip edge's start.
    var start: (Double, Double) { get }
}

/// The clip stage before projection (d3-geo's `clip`): lines are cut where they cross the edge; polygons are cut
/// into pieces that are rejoined along the edge, and a polygon that contains the edge's start point but crosses
/// nothing becomes the whole edge (a polygon around a pole becomes a band to the map's edge).
final class SphereClipStream: GeoStream {
    private let edge: any SphereClipEdge
    private let sink: GeoStream
    private let line: ClipLineCutter
    private let ringBuffer = ClipBuffer()
    private let ringCutter: ClipLineCutter
    private var inPolygon = false
    private var inLine = false
    private var polygonStarted = false
    private var polygon: [[(Double, Double)]] = []
    private var segments: [[ClipPoint]] = []
    private var ring: [(Double, Double)] = []

    init(edge: any SphereClipEdge, sink: GeoStream) {
        self.edge = edge
        self.sink = sink
        line = edge.cutter(into: sink)
        ringCutter = edge.cutter(into: ringBuffer)
    }

    func point(_ x: Double, _ y: Double, mark: Int) {
        if inPolygon {
            ring.append((x, y))
            ringCutter.point(x, y)
        } else if inLine {
            line.point(x, y)
        } else if edge.visible(x, y) {
            sink.point(x, y)
        }
    }

    func lineStart() {
        if inPolygon {
            ringCutter.lineStart()
            ring = []
        } else {
            inLine = true
            line.lineStart()
        }
    }

    func lineEnd() {
        if inPolygon {
            ringEnd()
        } else {
            inLine = false
            line.lineEnd()
        }
    }

    func polygonStart() {
        inPolygon = true
        segments = []
        polygon = []
    }

    func polygonEnd() {
        inPolygon = false
        let startInside = PolygonContains.contains(polygon, point: edge.start)
        if !segments.isEmpty {
            if !polygonStarted {
                sink.polygonStart()
                polygonStarted = true
            }
            let edge = self.edge
            ClipRejoin.rejoin(
                segments, compare: Self.compareIntersection, startInside: startInside,
                interpolate: { edge.interpolate(from: $0, to: $1, direction: $2, stream: $3) }, stream: sink)
        } else if startInside {
            if !polygonStarted {
                sink.polygonStart()
                polygonStarted = true
            }
            sink.lineStart()
            edge.interpolate(from: nil, to: nil, direction: 1, stream: sink)
            sink.lineEnd()
        }
        if polygonStarted {
            sink.polygonEnd()
            polygonStarted = false
        }
        segments = []
        polygon = []
    }

    func sphere() {
        sink.polygonStart()
        sink.lineStart()
        edge.interpolate(from: nil, to: nil, direction: 1, stream: sink)
        sink.lineEnd()
        sink.polygonEnd()
    }

    private func ringEnd() {
        guard let first = ring.first else {
            ringCutter.lineEnd()
            _ = ringBuffer.result()
            return
        }
        ring.append(first)
        ringCutter.point(first.0, first.1)
        ringCutter.lineEnd()
        let clean = ringCutter.clean
        var ringSegments = ringBuffer.result()
        ring.removeLast()
        polygon.append(ring)
        ring = []
        if ringSegments.isEmpty { return }
        if clean & 1 != 0 {
            // No intersection: the ring as it is.
            let segment = ringSegments[0]
            let m = segment.count - 1
            if m > 0 {
                if !polygonStarted {
                    sink.polygonStart()
                    polygonStarted = true
                }
                sink.lineStart()
                for i in 0..<m { sink.point(segment[i].x, segment[i].y) }
                sink.lineEnd()
            }
            return
        }
        if ringSegments.count > 1 && clean & 2 != 0 {
            let last = ringSegments.removeLast()
            let first = ringSegments.removeFirst()
            ringSegments.append(last + first)
        }
        segments.append(contentsOf: ringSegments.filter { $0.count > 1 })
    }

    /// Intersections sorted along the edge (the same order serves the antimeridian and a small circle).
    static func compareIntersection(_ a: ClipPoint, _ b: ClipPoint) -> Double {
        let ka = a.x < 0 ? a.y - GeoMath.halfPi - GeoMath.epsilon : GeoMath.halfPi - a.y
        let kb = b.x < 0 ? b.y - GeoMath.halfPi - GeoMath.epsilon : GeoMath.halfPi - b.y
        return ka - kb
    }
}
