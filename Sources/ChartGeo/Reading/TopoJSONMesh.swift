import ChartDiagnostics
import ChartJSON

/// Which arcs of an object a mesh keeps (topojson-client's `mesh` filter): all, those between two different
/// geometries (inner borders), or those with one geometry on both sides (outer coastlines and borders).
public enum MeshFilter: String, Sendable {
    case all
    case interior
    case exterior
}

extension TopoJSONReader {
    /// The borders of object `name` as one MultiLineString in which every arc appears once (`"mesh": name`):
    /// a border two states share is drawn once, not twice (topojson-client's `mesh`, arcs stitched into lines).
    public func mesh(_ name: String, filter: MeshFilter = .all, at span: SourceSpan? = nil) throws(DiagnosticError) -> GeoGeometry {
        let value = try object(name, at: span)
        let problems = GeoProblems()
        let indexes = extractArcs(value, filter: filter, problems)
        let fragments = stitch(indexes)
        var lines: [[GeoPosition]] = []
        lines.reserveCapacity(fragments.count)
        for fragment in fragments {
            var points: [GeoPosition] = []
            for i in fragment {
                if !points.isEmpty { points.removeLast() }
                let arc = arcs[i < 0 ? ~i : i]
                if i < 0 { points.append(contentsOf: arc.reversed()) } else { points.append(contentsOf: arc) }
            }
            if points.count < 2, let first = points.first { points.append(first) }
            if !points.isEmpty { lines.append(points) }
        }
        if !problems.diagnostics.isEmpty { throw DiagnosticError(problems.diagnostics) }
        return .multiLineString(lines)
    }

    /// For each arc the object uses (in arc order), its first signed use, kept when the filter accepts the
    /// geometries on its two sides.
    func extractArcs(_ object: JSONValue, filter: MeshFilter, _ problems: GeoProblems) -> [Int] {
        var uses: [Int: (first: Int, firstGeometry: Int, lastGeometry: Int)] = [:]
        var geometryCounter = 0
        let decoder = ArcDecoder(arcs: arcs, problems: problems)
        func note(_ value: JSONValue, geometry: Int) {
            guard let i = decoder.index(value) else { return }
            let j = i < 0 ? ~i : i
            if let use = uses[j] {
                uses[j] = (use.first, use.firstGeometry, geometry)
            } else {
                uses[j] = (i, geometry, geometry)
            }
        }
        func walk(_ value: JSONValue, levels: Int, geometry: Int) {
            guard let items = value.arrayValue else { return }
            for item in items {
                if levels == 0 { note(item, geometry: geometry) } else { walk(item, levels: levels - 1, geometry: geometry) }
            }
        }
        func visit(_ o: JSONValue, depth: Int) {
            geometryCounter += 1
            let id = geometryCounter
            switch o["type"]?.stringValue {
            case "GeometryCollection":
                if depth < GeoJSONReader.maximumDepth { for member in o["geometries"]?.arrayValue ?? [] { visit(member, depth: depth + 1) } }
            case "LineString": o["arcs"].map { walk($0, levels: 0, geometry: id) }
            case "MultiLineString", "Polygon": o["arcs"].map { walk($0, levels: 1, geometry: id) }
            case "MultiPolygon": o["arcs"].map { walk($0, levels: 2, geometry: id) }
            default: break
            }
        }
        visit(object, depth: 0)
        return uses.keys.sorted().compactMap { j -> Int? in
            guard let use = uses[j] else { return nil }
            switch filter {
            case .all: return use.first
            case .interior: return use.firstGeometry != use.lastGeometry ? use.first : nil
            case .exterior: return use.firstGeometry == use.lastGeometry ? use.first : nil
            }
        }
    }

    /// Joins arcs that meet end to start into longer lines (topojson-client's `stitch`), in its order.
    func stitch(_ input: [Int]) -> [[Int]] {
        var indexes = input
        // Degenerate two-point arcs first, since longer arcs may take them in.
        var emptyIndex = -1
        for j in indexes.indices {
            let i = indexes[j]
            let arc = arcs[i < 0 ? ~i : i]
            if arc.count == 2 && arc[0] == arc[1] {
                emptyIndex += 1
                let t = indexes[emptyIndex]
                indexes[emptyIndex] = i
                indexes[j] = t
            }
        }
        let byStart = FragmentMap()
        let byEnd = FragmentMap()
        for i in indexes {
            let arc = arcs[i < 0 ? ~i : i]
            guard let p0 = arc.first, let p1 = arc.last else { continue }
            let start = i < 0 ? EndKey(p1) : EndKey(p0)
            let end = i < 0 ? EndKey(p0) : EndKey(p1)
            if let f = byEnd[start] {
                byEnd.remove(f.end)
                f.arcs.append(i)
                f.end = end
                if let g = byStart[end] {
                    byStart.remove(g.start)
                    let fg = g === f ? f : Fragment(f.arcs + g.arcs)
                    fg.start = f.start
                    fg.end = g.end
                    byStart[fg.start] = fg
                    byEnd[fg.end] = fg
                } else {
                    byStart[f.start] = f
                    byEnd[f.end] = f
                }
            } else if let f = byStart[end] {
                byStart.remove(f.start)
                f.arcs.insert(i, at: 0)
                f.start = start
                if let g = byEnd[start] {
                    byEnd.remove(g.end)
                    let gf = g === f ? f : Fragment(g.arcs + f.arcs)
                    gf.start = g.start
                    gf.end = f.end
                    byStart[gf.start] = gf
                    byEnd[gf.end] = gf
                } else {
                    byStart[f.start] = f
                    byEnd[f.end] = f
                }
            } else {
                let f = Fragment([i])
                f.start = start
                f.end = end
                byStart[start] = f
                byEnd[end] = f
            }
        }
        var fragments: [[Int]] = []
        var stitched = Set<Int>()
        for f in byEnd.ordered {
            byStart.remove(f.start)
            for i in f.arcs { stitched.insert(i < 0 ? ~i : i) }
            fragments.append(f.arcs)
        }
        for f in byStart.ordered {
            byEnd.remove(f.start)
            for i in f.arcs { stitched.insert(i < 0 ? ~i : i) }
            fragments.append(f.arcs)
        }
        for i in indexes where !stitched.contains(i < 0 ? ~i : i) { fragments.append([i]) }
        return fragments
    }
}

/// A position as a key for the stitcher (the decoded position: equal quantized positions decode equally).
struct EndKey: Hashable {
    let x: Double
    let y: Double

    init(_ p: GeoPosition) {
        x = p.longitude
        y = p.latitude
    }
}

/// A run of arcs being stitched.
final class Fragment {
    var arcs: [Int]
    var start = EndKey(GeoPosition(0, 0))
    var end = EndKey(GeoPosition(0, 0))

    init(_ arcs: [Int]) { self.arcs = arcs }
}

/// A map from end positions to fragments that iterates in insertion order, as a JavaScript object with string
/// keys does (the order topojson-client's stitcher emits its lines in).
final class FragmentMap {
    private var entries: [EndKey: (fragment: Fragment, order: Int)] = [:]
    private var counter = 0

    subscript(key: EndKey) -> Fragment? {
        get { entries[key]?.fragment }
        set {
            guard let newValue else {
                entries[key] = nil
                return
            }
            if let existing = entries[key] {
                entries[key] = (newValue, existing.order)
            } else {
                counter += 1
                entries[key] = (newValue, counter)
            }
        }
    }

    func remove(_ key: EndKey) { entries[key] = nil }

    var ordered: [Fragment] { entries.values.sorted { $0.order < $1.order }.map(\.fragment) }
}
