import ChartData
import ChartDiagnostics
import ChartSemantics
import ChartSpec

/// The HTML page's phone layout (SPEC §19.8: it follows the same rules as the wide one, so every category keeps
/// its whole name). Laid out at `ChartLayoutEngine.narrowWidth`; when the categories along x would not fit across
/// it — a name shortened with "…", the names turned upright, or the plot grown past the phone's width — the chart
/// is drawn the way newsrooms (Datawrapper, the NYT) draw a column chart on a phone: turned on its side, the
/// categories down the y axis, one 20 px step each (the spec's `width` step, when it has one), so the page grows
/// downwards and scrolls as a phone scrolls. A chart that cannot turn (lines, areas, categories on both axes)
/// keeps its categories along x, each with its step, and the page scrolls it sideways rather than shrinking it.
enum NarrowLayout {
    /// The marks that draw the same picture turned on their side (categories on y, values along x).
    static let turnableMarks: Set<MarkType> = [.bar, .point, .tick, .rule, .text, .rect]

    /// The phone scene of `chart` (already checked), or nil when its width is close to a phone's.
    static func scene(chart: CheckedChart, table: Table, theme: ChartTheme) throws(DiagnosticError) -> Scene? {
        let spec = chart.spec
        guard spec.width.value > ChartLayoutEngine.narrowWidth * 1.3 else { return nil }
        let width = ChartLayoutEngine.narrowWidth
        let height = min(spec.height.value, max(240, (spec.height.value * 0.8).rounded()))
        let options = LayoutOptions(interactive: true, narrowPage: true)
        let narrow = try ChartLayoutEngine.layout(chart: chart.resized((width, height)), table: table, theme: theme, options: options)
        guard categoriesAlongXAreCrowded(narrow, width: width) else { return narrow }
        if canTurn(chart) {
            return try ChartLayoutEngine.layout(chart: chart.respecified(spec.turned(width: width)), table: table, theme: theme, options: options)
        }
        // The plot grows with the categories as a spec without `width` does, as tall as the wide one so upright
        // names have their room; the page scrolls it sideways.
        var grown = spec
        grown.width = Located(width, at: nil)
        return try ChartLayoutEngine.layout(chart: chart.respecified(grown), table: table, theme: theme, options: options)
    }

    /// Whether the x axis's category names are shortened or turned upright, or the plot grew wider than `width`.
    static func categoriesAlongXAreCrowded(_ scene: Scene, width: Double) -> Bool {
        if scene.width > width + 0.5 { return true }
        func crowded(_ node: SceneNode, inXAxis: Bool) -> Bool {
            switch node {
            case .group(let group):
                let inside = inXAxis || group.classes.contains("chartc-axis-x")
                return group.children.contains { crowded($0, inXAxis: inside) }
            case .text(let text):
                return inXAxis && !text.classes.contains("chartc-axis-title") && (text.fullText != nil || text.rotation != 0)
            default:
                return false
            }
        }
        return scene.children.contains { crowded($0, inXAxis: false) }
    }

    /// Whether a category name on an x axis among `nodes` is shortened with "…" (its whole text kept for a `<title>`),
    /// or stands upright longer than `uprightTurnLength`: small multiples then read better turned on their side.
    static func namesAlongXShortened(_ nodes: [SceneNode]) -> Bool {
        func shortened(_ node: SceneNode, inXAxis: Bool) -> Bool {
            switch node {
            case .group(let group):
                let inside = inXAxis || group.classes.contains("chartc-axis-x")
                return group.children.contains { shortened($0, inXAxis: inside) }
            case .text(let text):
                return inXAxis && !text.classes.contains("chartc-axis-title")
                    && (text.fullText != nil || (text.rotation != 0 && text.block.width > uprightTurnLength))
            default:
                return false
            }
        }
        return nodes.contains { shortened($0, inXAxis: false) }
    }

    /// The longest an upright category name along x of small multiples may be before the chart is turned.
    static let uprightTurnLength = 100.0

    /// Categories on x, numbers or dates on y (or none), every mark one that reads the same on its side.
    static func canTurn(_ chart: CheckedChart) -> Bool {
        chart.views.allSatisfy { view in
            guard turnableMarks.contains(view.mark), view[.x]?.isDiscrete == true else { return false }
            return view[.y].map { $0.isContinuous == true } ?? true
        }
    }
}

extension ChartSpec {
    /// The spec with x and y swapped (and x2 and y2, in every layer and annotation), `width` px wide and the plot
    /// as tall as its categories need: the phone form of a column chart (`NarrowLayout`).
    func turned(width: Double) -> ChartSpec {
        var spec = self
        spec.encoding = encoding.turned()
        spec.layers = layers.map { layer in
            var layer = layer
            layer.encoding = layer.encoding.turned()
            layer.removed = layer.removed.map { Located($0.value.turned, at: $0.span) }
            return layer
        }
        spec.annotations = annotations.map { annotation in
            var annotation = annotation
            (annotation.x, annotation.y) = (annotation.y, annotation.x)
            (annotation.xSpan, annotation.ySpan) = (annotation.ySpan, annotation.xSpan)
            return annotation
        }
        if var facet = spec.facet {
            (facet.x, facet.y) = (facet.y, facet.x)
            spec.facet = facet
        }
        if var resolve = spec.resolve {
            // A dual-axis chart turned: the second axis moves from the right to the top (SPEC §20).
            (resolve.x, resolve.y) = (resolve.y, resolve.x)
            spec.resolve = resolve
        }
        spec.width = Located(width, at: self.width.span)
        // No written height: the plot grows with the categories, by the step written for them, if any.
        spec.height = Located(height.value, at: nil)
        spec.heightStep = widthStep
        spec.widthStep = nil
        return spec
    }
}

extension Encoding {
    /// x and y swapped, x2 and y2 too, each axis on the matching side (bottom ↔ left, top ↔ right).
    func turned() -> Encoding {
        var encoding = self
        encoding.x = y?.turned(to: .x)
        encoding.y = x?.turned(to: .y)
        encoding.x2 = y2?.turned(to: .x2)
        encoding.y2 = x2?.turned(to: .y2)
        return encoding
    }
}

extension ChannelDef {
    /// The channel moved to `channel`, its axis on that axis's matching side.
    func turned(to channel: ChannelName) -> ChannelDef {
        var definition = self
        definition.channel = channel
        if let position = axis?.position {
            definition.axis?.position = Located(position.value.turned, at: position.span)
        }
        return definition
    }
}

extension AxisPosition {
    /// The side an axis moves to when the chart turns on its side.
    var turned: AxisPosition {
        switch self {
        case .bottom: .left
        case .left: .bottom
        case .top: .right
        case .right: .top
        }
    }
}

extension ChannelName {
    /// The channel on the other axis (x ↔ y, x2 ↔ y2); others stay.
    var turned: ChannelName {
        switch self {
        case .x: .y
        case .y: .x
        case .x2: .y2
        case .y2: .x2
        default: self
        }
    }
}
