/// A point a clip stage hands on: x and y (radians before projection, pixels after) and its mark (1: a ring's
/// point moved off a degenerate intersection; 2 and 3: an intersection with the clip edge).
struct ClipPoint {
    var x: Double
    var y: Double
    var mark: Int = 0

    func equals(_ other: ClipPoint) -> Bool {
        abs(x - other.x) < GeoMath.epsilon && abs(y - other.y) < GeoMath.epsilon
    }
}

/// Collects the visible pieces of a ring as a clip stage cuts it (d3-geo's clip buffer), for rejoining.
final class ClipBuffer: GeoStream {
    private(set) var lines: [[ClipPoint]] = []

    func point(_ x: Double, _ y: Double, mark: Int) {
        if lines.isEmpty { lines.append([]) }
        lines[lines.count - 1].append(ClipPoint(x: x, y: y, mark: mark))
    }

    func lineStart() { lines.append([]) }
    func lineEnd() {}
    func polygonStart() {}
    func polygonEnd() {}
    func sphere() {}

    /// Joins the last piece to the first: a ring cut open where it started inside.
    func rejoin() {
        if lines.count > 1 {
            let last = lines.removeLast()
            let first = lines.removeFirst()
            lines.append(last + first)
        }
    }

    func result() -> [[ClipPoint]] {
        let result = lines
        lines = []
        return result
    }
}

/// Rejoins a polygon's visible pieces into closed rings by walking the clip edge between their ends (d3-geo's
/// generalized polygon clipping, after Weiler–Atherton): the ends are sorted along the edge, alternately entries
/// and exits, and each ring follows a piece, then the edge to the next piece's start.
enum ClipRejoin {
    private struct Node {
        var x: ClipPoint
        var segment: Int?
        var other: Int
        var entry: Bool
        var visited = false
        var next = 0
        var previous = 0
    }

    static func rejoin(
        _ segments: [[ClipPoint]], compare: (ClipPoint, ClipPoint) -> Double, startInside: Bool,
        interpolate: (ClipPoint?, ClipPoint?, Int, GeoStream) -> Void, stream: GeoStream
    ) {
        var nodes: [Node] = []
        var subject: [Int] = []
        var clip: [Int] = []
        var pieces: [[ClipPoint]] = []
        for original in segments {
            var segment = original
            let n = segment.count - 1
            if n <= 0 { continue }
            let p0 = segment[0]
            var p1 = segment[n]
            if p0.equals(p1) {
                if p0.mark == 0 && p1.mark == 0 {
                    stream.lineStart()
                    for i in 0..<n { stream.point(segment[i].x, segment[i].y) }
                    stream.lineEnd()
                    continue
                }
                // A degenerate piece: move its end so the walk can tell its ends apart.
                p1.x += 2 * GeoMath.epsilon
                segment[n] = p1
            }
            let piece = pieces.count
            pieces.append(segment)
            let a = nodes.count
            nodes.append(Node(x: p0, segment: piece, other: a + 1, entry: true))
            nodes.append(Node(x: p0, segment: nil, other: a, entry: false))
            subject.append(a)
            clip.append(a + 1)
            let b = nodes.count
            nodes.append(Node(x: p1, segment: piece, other: b + 1, entry: false))
            nodes.append(Node(x: p1, segment: nil, other: b, entry: true))
            subject.append(b)
            clip.append(b + 1)
        }
        guard let start = subject.first else { return }
        clip.sort { compare(nodes[$0].x, nodes[$1].x) < 0 }
        link(subject, in: &nodes)
        link(clip, in: &nodes)
        var inside = startInside
        for index in clip {
            inside.toggle()
            nodes[index].entry = inside
        }

        while true {
            var current = start
            var isSubject = true
            while nodes[current].visited {
                current = nodes[current].next
                if current == start { return }
            }
            var points = nodes[current].segment
            stream.lineStart()
            repeat {
                nodes[current].visited = true
                nodes[nodes[current].other].visited = true
                if nodes[current].entry {
                    if isSubject {
                        if let points { for p in pieces[points] { stream.point(p.x, p.y) } }
                    } else {
                        interpolate(nodes[current].x, nodes[nodes[current].next].x, 1, stream)
                    }
                    current = nodes[current].next
                } else {
                    if isSubject {
                        points = nodes[nodes[current].previous].segment
                        if let points { for p in pieces[points].reversed() { stream.point(p.x, p.y) } }
                    } else {
                        interpolate(nodes[current].x, nodes[nodes[current].previous].x, -1, stream)
                    }
                    current = nodes[current].previous
                }
                current = nodes[current].other
                points = nodes[current].segment
                isSubject.toggle()
            } while !nodes[current].visited
            stream.lineEnd()
        }
    }

    private static func link(_ list: [Int], in nodes: inout [Node]) {
        guard let first = list.first, let last = list.last else { return }
        for i in 0..<list.count - 1 {
            nodes[list[i]].next = list[i + 1]
            nodes[list[i + 1]].previous = list[i]
        }
        nodes[last].next = first
        nodes[first].previous = last
    }
}
