import ChartData
import ChartDiagnostics
import ChartSpec

/// Turns a spec and the table its pipeline produced into a `Scene`: the frame text (title, subtitle, notes,
/// sources, byline) is measured first at the full width, then the legend, and the plot with its axes gets the
/// rest (SPEC §8 order, top to bottom). `height` is the height of the plot region — axes included — so the
/// whole graphic is as tall as the text above and below plus `height`.
public enum ChartLayoutEngine {
    public static func layout(spec: ChartSpec, table: Table) throws(DiagnosticError) -> Scene {
        try layout(spec: spec, table: table, theme: .standard)
    }

    public static func layout(spec: ChartSpec, table: Table, theme: ChartTheme) throws(DiagnosticError) -> Scene {
        let model = try PlotModel(spec: spec, table: table, theme: theme)
        let width = clamp(spec.width.value, 120, 10_000, fallback: 640)
        let plotHeight = clamp(spec.height.value, 40, 10_000, fallback: 400)
        let frame = FrameLayout(spec: spec, theme: theme)
        let contentLeft = theme.paddingLeft
        let contentWidth = max(40, width - theme.paddingLeft - theme.paddingRight)

        var children: [SceneNode] = frame.headerNodes()
        var top = frame.headerHeight

        // The legend: above the plot by default, or beside or below it.
        let legendGap = 14.0
        var region = Box(x: contentLeft, y: top, width: contentWidth, height: plotHeight)
        var legendNode: SceneNode?
        var bottomLegend: Legend?
        if let legendSetup = legend(model: model) {
            switch legendSetup.position {
            case .top, .direct:
                let legend = Legend(entries: legendSetup.entries, title: legendSetup.title, symbol: legendSetup.symbol, direction: .rows, maxWidth: contentWidth, theme: theme)
                legendNode = legend.node(x: contentLeft, y: top)
                top += legend.height + legendGap
                region.y = top
            case .bottom:
                bottomLegend = Legend(entries: legendSetup.entries, title: legendSetup.title, symbol: legendSetup.symbol, direction: .rows, maxWidth: contentWidth, theme: theme)
            case .right, .left:
                let maxWidth = min(180, contentWidth * 0.3)
                let legend = Legend(entries: legendSetup.entries, title: legendSetup.title, symbol: legendSetup.symbol, direction: .column, maxWidth: maxWidth, theme: theme)
                let room = legend.width + 20
                region.width = max(40, contentWidth - room)
                if legendSetup.position == .left {
                    region.x = contentLeft + room
                    legendNode = legend.node(x: contentLeft, y: top)
                } else {
                    legendNode = legend.node(x: contentLeft + contentWidth - legend.width, y: top)
                }
            case .none:
                break
            }
        }

        let plotArea = try PlotArea(model: model, region: region)
        children.append(plotArea.node)
        if let legendNode { children.append(legendNode) }
        var bottom = region.maxY
        if let bottomLegend {
            children.append(bottomLegend.node(x: contentLeft, y: bottom + legendGap))
            bottom += legendGap + bottomLegend.height
        }
        children.append(contentsOf: frame.footerNodes(below: bottom))
        let height = bottom + frame.footerHeight

        return Scene(
            width: width, height: height.rounded(.up),
            title: spec.title?.value,
            description: spec.alt?.value ?? spec.subtitle?.value,
            background: theme.background,
            definitions: plotArea.definitions,
            children: children
        )
    }

    /// What the legend shows and where, or nil when there is none: only a categorical color gets one (SPEC §2),
    /// hidden series are left out, and `legend: false` or `"none"` turns it off.
    static func legend(model: PlotModel) -> (position: LegendPosition, entries: [LegendEntry], title: String?, symbol: LegendSymbol)? {
        guard model.hasCategoricalColor else { return nil }
        let position = model.spec.legend.position?.value ?? .top
        if position == .none { return nil }
        let entries = model.series.map { LegendEntry(series: $0.name, color: $0.color) }
        guard !entries.isEmpty else { return nil }
        let title: String?
        switch model.spec.legend.title {
        case .text(let text): title = text.value
        case .hidden: title = nil
        case .automatic:
            // A field name like "party" above a newsroom legend reads as a leftover; show a title only when the
            // spec wrote one for the color channel.
            if case .text(let text) = model.color?.definition.title { title = text.value } else { title = nil }
        }
        let symbol: LegendSymbol = switch model.markType {
        case .line, .rule: .line
        case .point: .circle
        default: .square
        }
        return (position, entries, title, symbol)
    }

    private static func clamp(_ value: Double, _ low: Double, _ high: Double, fallback: Double) -> Double {
        guard value.isFinite else { return fallback }
        return min(high, max(low, value))
    }
}
