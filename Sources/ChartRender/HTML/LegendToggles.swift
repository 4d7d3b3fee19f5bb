import ChartLayout

/// Where the legend's series sit on the canvas, so the page can lay a real `<button>` over each legend entry
/// of the SVG: the button is what keyboards, screen readers and pointers use; the SVG entry under it stays what
/// readers see (dimmed while its series is hidden). Positions come from the scene (the writer decides nothing):
/// the union of the entry's symbol and label boxes, with the legend group's translation applied. Entries are the
/// groups whose `role` is `.legendEntry`, inside a group whose role is `.legend`: layout says what a node is.
struct LegendToggles {
    struct Toggle: Equatable {
        var series: String
        /// The entry's visible label (the button's accessible name).
        var label: String
        var box: Box
        var startsHidden: Bool
        /// A stepped legend's step (SPEC §22): the button highlights that step's marks instead of hiding a series.
        var step: Int? = nil
    }

    private(set) var toggles: [Toggle] = []

    init(scene: Scene) {
        collect(scene.children, dx: 0, dy: 0, inLegend: false)
    }

    private mutating func collect(_ nodes: [SceneNode], dx: Double, dy: Double, inLegend: Bool) {
        for node in nodes {
            guard case .group(let group) = node else { continue }
            let shift = group.translate ?? (0, 0)
            let x = dx + shift.dx
            let y = dy + shift.dy
            let isLegend = inLegend || group.role == .legend
            if isLegend, case .legendEntry(let series, let hidden) = group.role, let box = Self.bounds(of: group.children) {
                let label = group.children.compactMap { child -> String? in
                    if case .text(let text) = child { return text.text }
                    return nil
                }.joined(separator: " ")
                toggles.append(Toggle(series: series, label: label.isEmpty ? series : label, box: box.offsetBy(dx: x, dy: y), startsHidden: hidden))
                continue
            }
            if isLegend, case .legendStep(let step, let label) = group.role, let box = Self.bounds(of: group.children) {
                toggles.append(Toggle(series: "", label: label, box: box.offsetBy(dx: x, dy: y), startsHidden: false, step: step))
                continue
            }
            collect(group.children, dx: x, dy: y, inLegend: isLegend)
        }
    }

    /// The union of the nodes' boxes (group translations applied), or nil when there is nothing.
    static func bounds(of nodes: [SceneNode]) -> Box? {
        var result: Box?
        func add(_ box: Box) {
            result =
                result.map {
                    Box(minX: min($0.minX, box.minX), minY: min($0.minY, box.minY), maxX: max($0.maxX, box.maxX), maxY: max($0.maxY, box.maxY))
                } ?? box
        }
        for node in nodes {
            switch node {
            case .group(let group):
                let shift = group.translate ?? (0, 0)
                if let inner = bounds(of: group.children) { add(inner.offsetBy(dx: shift.dx, dy: shift.dy)) }
            case .rect(let rect): add(rect.box)
            case .circle(let circle):
                add(Box(x: circle.cx - circle.radius, y: circle.cy - circle.radius, width: circle.radius * 2, height: circle.radius * 2))
            case .line(let line):
                let half = line.stroke.width / 2
                add(
                    Box(
                        minX: min(line.x1, line.x2) - half, minY: min(line.y1, line.y2) - half, maxX: max(line.x1, line.x2) + half,
                        maxY: max(line.y1, line.y2) + half))
            case .path: break
            case .text(let text): add(text.box)
            }
        }
        return result
    }
}
