/// The stream every geometry goes through on its way to the page, as in d3-geo: a geometry is told to a stream
/// as points inside lines inside polygons, and each stage (rotation, clipping, resampling, scaling) is a stream
/// that tells the next one. Points are longitude/latitude in radians before projection and pixels after.
/// `mark` is the clip stages' flag on a point (an intersection that rejoining must not treat as a ring's own).
protocol GeoStream: AnyObject {
    func point(_ x: Double, _ y: Double, mark: Int)
    func lineStart()
    func lineEnd()
    func polygonStart()
    func polygonEnd()
    func sphere()
}

extension GeoStream {
    func point(_ x: Double, _ y: Double) { point(x, y, mark: 0) }
}

/// Tells a geometry to a stream in degrees, as d3-geo's `geoStream` does: a polygon's rings without their
/// closing position, a collection's members in order.
enum GeometryStreamer {
    static func stream(_ geometry: GeoGeometry, to stream: GeoStream) {
        switch geometry {
        case .point(let p):
            stream.point(p.longitude, p.latitude)
        case .multiPoint(let points):
            for p in points { stream.point(p.longitude, p.latitude) }
        case .lineString(let line):
            streamLine(line, to: stream, closed: false)
        case .multiLineString(let lines):
            for line in lines { streamLine(line, to: stream, closed: false) }
        case .polygon(let rings):
            streamPolygon(rings, to: stream)
        case .multiPolygon(let polygons):
            for rings in polygons { streamPolygon(rings, to: stream) }
        case .collection(let geometries):
            for member in geometries { Self.stream(member, to: stream) }
        case .sphere:
            stream.sphere()
        }
    }

    static func streamLine(_ line: [GeoPosition], to stream: GeoStream, closed: Bool) {
        let count = closed ? line.count - 1 : line.count
        stream.lineStart()
        var i = 0
        while i < count {
            stream.point(line[i].longitude, line[i].latitude)
            i += 1
        }
        stream.lineEnd()
    }

    static func streamPolygon(_ rings: [[GeoPosition]], to stream: GeoStream) {
        stream.polygonStart()
        for ring in rings { streamLine(ring, to: stream, closed: true) }
        stream.polygonEnd()
    }
}
