#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ChartSpec

/// `arc` (SPEC §21): a pie, a donut (`innerRadius`) or a radial chart (`radius`). Each row with a positive `theta`
/// is a slice whose angle is its share of the visible rows' total; slices start at twelve o'clock and run clockwise
/// in the color domain's order (the legend's), rows of one color in table order. Labels are placed by the label
/// engine (`ArcLabels`): inside a slice when they fit, else outside with a leader line.
enum ArcMark: Mark {
    static func render(_ series: Series, context: MarkContext) -> [SceneNode] {
        let geometry = ArcGeometry(context: context)
        let stroke = Stroke(.color(context.theme.background), width: 1, join: .round)
        var nodes: [SceneNode] = []
        for slice in geometry.slices where slice.seriesIndex == series.index {
            nodes.append(
                .path(
                    PathNode(
                        d: geometry.path(slice), fill: context.paint(slice.row, series: series), stroke: stroke, opacity: context.opacity(),
                        classes: ["chartc-arc"],
                        data: context.rowData(slice.row) + (context.model.options.interactive ? geometry.data(slice) : []))))
        }
        return nodes
    }
}

extension ArcMark {
    static var type: MarkType { .arc }

    /// An arc places its labels itself: all slices at once, so outside labels stack per side.
    static func placeOwnLabels(context: MarkContext, placer: inout LabelPlacer, labels: inout [[SceneNode]]) -> Bool {
        guard context.model.mark.labels != nil else { return true }
        ArcLabels.place(context: context, placer: &placer, labels: &labels)
        return true
    }
}

/// The room outside labels need beside a pie: the widest label on each side (0: none there) and the tallest.
struct ArcLabelRoom: Sendable, Equatable {
    var left: Double
    var right: Double
    var height: Double

    func union(_ other: ArcLabelRoom) -> ArcLabelRoom {
        ArcLabelRoom(left: max(left, other.left), right: max(right, other.right), height: max(height, other.height))
    }
}

/// One slice: its row, its series (by index in the legend), its angles in radians from twelve o'clock clockwise,
/// its radii and its value's share of the whole.
struct ArcSlice: Sendable {
    var row: Int
    var seriesIndex: Int
    var start: Double
    var end: Double
    var inner: Double
    var outer: Double
    var value: Double
    var share: Double

    var middle: Double { (start + end) / 2 }
}

/// Where one pie sits in its plot and where each slice goes: the center, the outer radius (smaller when labels
/// must go outside, so they fit beside it), the hole, and every slice. Both the mark and its labels compute it
/// from the same model and plot size, so they agree.
struct ArcGeometry: Sendable {
    var center: Point
    var radius: Double
    var inner: Double
    /// The gap between slices, in radians.
    var padAngle: Double
    var cornerRadius: Double
    var slices: [ArcSlice]

    /// The room kept beside the pie for outside labels: the leader's run out from the slice to the label column.
    static let leaderLength = 18.0

    init(context: MarkContext) {
        self.init(context: context, room: ArcLabels.room(context: context))
    }

    /// - Parameter room: the widest label that goes outside its slice on each side (nil: none does), kept free
    ///   beside the pie on that side (the pie moves over), with half a line of text above and below.
    init(context: MarkContext, room: ArcLabelRoom?) {
        let model = context.model
        let width = context.width, height = context.height
        center = Point(width / 2, height / 2)
        var radius = max(1, min(width, height) / 2 - 2)
        if let room {
            let left = room.left > 0 ? room.left + Self.leaderLength + 4 : 0
            let right = room.right > 0 ? room.right + Self.leaderLength + 4 : 0
            let across = (width - left - right) / 2
            let down = height / 2 - room.height / 2 - Self.leaderLength / 2 - 2
            // Never smaller than a fifth of the plot: labels that do not fit beside it are left out instead.
            radius = max(min(width, height) / 5, min(radius, across, down))
            // Centered in what the labels leave, as far as the radius allows.
            let x = left + (width - left - right) / 2
            center = Point(min(max(x, radius + 2), width - radius - 2), height / 2)
        }
        self.radius = radius
        let written = model.mark.innerRadius?.value ?? 0
        let hole = written < 1 ? written * radius : written
        inner = max(0, min(hole, radius - 4))
        padAngle = (model.mark.padAngle?.value ?? 0) * Double.pi / 180
        cornerRadius = model.mark.cornerRadius?.value ?? 0

        // Every visible slice, in legend order, rows of a series in table order.
        var parts: [(row: Int, series: Int, value: Double)] = []
        for series in model.series where !series.startsHidden {
            for row in series.rows {
                guard let value = model.theta?.number(row), value.isFinite, value > 0 else { continue }
                parts.append((row, series.index, value))
            }
        }
        let total = parts.reduce(0) { $0 + $1.value }
        var largest = 0.0
        if let radiusChannel = model.radius {
            for part in parts { largest = max(largest, radiusChannel.number(part.row) ?? 0) }
        }
        var angle = 0.0
        var slices: [ArcSlice] = []
        for part in parts {
            let share = total > 0 ? part.value / total : 0
            let end = angle + share * 2 * Double.pi
            var outer = radius
            if let radiusChannel = model.radius {
                // A square-root scale from zero, so a slice's area grows with its value.
                let value = max(0, radiusChannel.number(part.row) ?? 0)
                outer = largest > 0 ? max(inner + 1, radius * (value / largest).squareRoot()) : radius
            }
            slices.append(
                ArcSlice(row: part.row, seriesIndex: part.series, start: angle, end: end, inner: inner, outer: outer, value: part.value, share: share)
            )
            angle = end
        }
        self.slices = slices
    }

    /// `data-value` and, in the HTML page, `data-arc` (`cx,cy,inner,outer,padAngle`): what its script needs to
    /// re-draw the pie when a legend button hides a slice.
    func data(_ slice: ArcSlice) -> [DataAttribute] {
        let arc = [center.x, center.y, slice.inner, slice.outer, padAngle].map(SceneNumber.format).joined(separator: ",")
        return [DataAttribute("value", SceneNumber.format(slice.value)), DataAttribute("arc", arc)]
    }

    /// The point at `angle` (radians clockwise from twelve o'clock) and `distance` from the center.
    func point(_ angle: Double, _ distance: Double) -> Point {
        Point(center.x + distance * sin(angle), center.y - distance * cos(angle))
    }

    /// Whether a point lies inside the slice, `margin` px clear of its edges.
    func contains(_ point: Point, in slice: ArcSlice, margin: Double) -> Bool {
        let dx = point.x - center.x, dy = point.y - center.y
        let distance = (dx * dx + dy * dy).squareRoot()
        guard distance >= slice.inner + margin, distance <= slice.outer - margin else { return false }
        if slice.end - slice.start >= 2 * Double.pi - 1e-9 { return true }
        var angle = atan2(dx, -dy)
        if angle < 0 { angle += 2 * Double.pi }
        // Clear of the straight edges by `margin` px, not only by angle.
        let from = angle - slice.start, to = slice.end - angle
        guard from >= 0, to >= 0 else { return false }
        return distance * sin(min(from, Double.pi / 2)) >= margin + padAngle * distance / 2
            && distance * sin(min(to, Double.pi / 2)) >= margin + padAngle * distance / 2
    }

    /// The slice's outline: an annular sector (a wedge without a hole), its gap `padAngle` wide at the outer
    /// radius, its corners rounded by `cornerRadius`.
    func path(_ slice: ArcSlice) -> String {
        var path = PathBuilder()
        let span = slice.end - slice.start
        let outer = slice.outer, inner = slice.inner
        if span >= 2 * Double.pi - 1e-9 {
            // The whole circle: two half arcs (one arc cannot end where it starts); the hole drawn the other way.
            let top = point(0, outer), bottom = point(Double.pi, outer)
            path.move(to: top.x, top.y)
            path.arc(to: bottom.x, bottom.y, radius: outer, largeArc: true, sweep: true)
            path.arc(to: top.x, top.y, radius: outer, largeArc: true, sweep: true)
            path.close()
            if inner > 0 {
                let innerTop = point(0, inner), innerBottom = point(Double.pi, inner)
                path.move(to: innerTop.x, innerTop.y)
                path.arc(to: innerBottom.x, innerBottom.y, radius: inner, largeArc: true, sweep: false)
                path.arc(to: innerTop.x, innerTop.y, radius: inner, largeArc: true, sweep: false)
                path.close()
            }
            return path.d
        }
        // The gap: the same width at every radius, `padAngle` of the outer radius (d3's padAngle).
        let gap = slice.outer * sin(min(padAngle, span) / 2)
        let outerPad = min(span / 2, asin(min(1, gap / outer)))
        let start = slice.start + outerPad, end = slice.end - outerPad
        let innerPad = inner > 0 ? asin(min(1, gap / inner)) : 0
        let innerStart = slice.start + min(span / 2, innerPad), innerEnd = slice.end - min(span / 2, innerPad)
        // Corners: at most half the ring's thickness, and no more than the slice's width allows.
        let half = (end - start) / 2
        let fitting = outer * sin(half) / (1 + sin(half))
        let corner = max(0, min(cornerRadius, (outer - inner) / 2, fitting))
        if corner < 0.5 {
            let a = point(start, outer), b = point(end, outer)
            path.move(to: a.x, a.y)
            path.arc(to: b.x, b.y, radius: outer, largeArc: end - start > Double.pi, sweep: true)
            if inner > 0 {
                let c = point(innerEnd, inner), d = point(innerStart, inner)
                path.line(to: c.x, c.y)
                path.arc(to: d.x, d.y, radius: inner, largeArc: innerEnd - innerStart > Double.pi, sweep: false)
            } else {
                let apex = gap > 0 ? point(slice.middle, min(outer / 2, gap / max(sin(span / 2), 1e-9))) : center
                path.line(to: apex.x, apex.y)
            }
            path.close()
            return path.d
        }
        // Rounded outer corners: a circle of `corner` tangent to the outer arc and to each straight edge.
        let outerShift = asin(corner / (outer - corner))
        let edgeOuter = (outer - corner) * cos(outerShift)
        let p1 = point(start, edgeOuter), p2 = point(start + outerShift, outer)
        let p3 = point(end - outerShift, outer), p4 = point(end, edgeOuter)
        path.move(to: p1.x, p1.y)
        path.arc(to: p2.x, p2.y, radius: corner, sweep: true)
        path.arc(to: p3.x, p3.y, radius: outer, largeArc: end - start - 2 * outerShift > Double.pi, sweep: true)
        path.arc(to: p4.x, p4.y, radius: corner, sweep: true)
        if inner > 0 {
            let innerShift = asin(min(1, corner / (inner + corner)))
            let edgeInner = (inner + corner) * cos(innerShift)
            let q1 = point(innerEnd, edgeInner), q2 = point(innerEnd - innerShift, inner)
            let q3 = point(innerStart + innerShift, inner), q4 = point(innerStart, edgeInner)
            path.line(to: q1.x, q1.y)
            path.arc(to: q2.x, q2.y, radius: corner, sweep: true)
            path.arc(to: q3.x, q3.y, radius: inner, largeArc: innerEnd - innerStart - 2 * innerShift > Double.pi, sweep: false)
            path.arc(to: q4.x, q4.y, radius: corner, sweep: true)
        } else {
            let apex = gap > 0 ? point(slice.middle, min(outer / 2, gap / max(sin(span / 2), 1e-9))) : center
            path.line(to: apex.x, apex.y)
        }
        path.close()
        return path.d
    }
}
