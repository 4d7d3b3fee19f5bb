import ChartData
import ChartDiagnostics
import ChartSemantics
import ChartSpec

/// One view of a graphic of several (SPEC §20), checked, with the rows its pipeline produced.
public struct ViewInput: Sendable {
    public var chart: CheckedChart
    public var table: Table

    public init(chart: CheckedChart, table: Table) {
        self.chart = chart
        self.table = table
    }
}

extension ChartLayoutEngine {
    /// The graphic of several views (SPEC §20, `concat` and `repeat`): the page text of `page` spans it (title and
    /// subtitle above, notes and sources below), one legend above the views serves every view that shows the same
    /// `color` field, and each view is a whole chart laid out in a `chartc-view` group of its own (its scales, axes
    /// and marks; its `title` a heading), in rows of `columns`, plots lined up along each row and column. A view
    /// that writes `width`/`height` gets a plot of exactly that size; otherwise it takes its column's share of the
    /// page's `width`. `oneColumn` (the HTML page's narrow layout) stacks the views, each laid out again at `width`.
    public static func layoutViews(
        page: ChartSpec, views: [ViewInput], theme: ChartTheme = .standard, options: LayoutOptions = LayoutOptions(), width: Double? = nil,
        oneColumn: Bool = false
    ) throws(DiagnosticError) -> Scene {
        try composeViews(page: page, views: views, theme: theme, options: options, width: width, oneColumn: oneColumn).scene
    }

    /// `layoutViews`'s scene, with where each view lies on the canvas (`frames`) and its plot (`plots`, for small
    /// multiples the panels' grid): what tests measure.
    static func composeViews(
        page: ChartSpec, views: [ViewInput], theme: ChartTheme = .standard, options: LayoutOptions = LayoutOptions(), width: Double? = nil,
        oneColumn: Bool = false
    ) throws(DiagnosticError) -> (scene: Scene, frames: [Box], plots: [Box]) {
        guard !views.isEmpty else { throw DiagnosticError([]) }
        let pageWidth = min(ChartSpec.maximumSize, max(minimumWidth, width ?? page.width.value))
        let count = views.count
        let grid = views.first?.chart.spec.repeatCell
        let columns: Int
        if oneColumn {
            columns = 1
        } else if let grid {
            columns = grid.columns
        } else if let written = page.viewColumns?.value {
            columns = max(1, min(written, count))
        } else {
            columns = pageWidth / Double(count) >= 200 ? count : 1
        }
        let rows = (count + columns - 1) / columns
        let cellWidth = (pageWidth / Double(columns)).rounded(.down)

        // A view's heading is smaller than the page's title; the page has the logo.
        var viewTheme = theme
        viewTheme.titleStyle = theme.subtitleStyle
        viewTheme.titleStyle.weight = .bold
        viewTheme.titleLineHeight = theme.subtitleLineHeight
        viewTheme.clearLogo()

        // One legend for the views that show the same color field (by categories): every one of them colors
        // the union of their series alike, and draws no legend of its own.
        var charts = views.map(\.chart)
        var colorDomains: [[String]?] = Array(repeating: nil, count: count)
        var sharedModels: [PlotModel] = []
        var byField: [(field: String, views: [Int])] = []
        for (index, view) in views.enumerated() {
            guard let field = Self.colorField(view.chart.spec), view.chart.spec.legend.position?.value != LegendPosition.none else { continue }
            if let at = byField.firstIndex(where: { $0.field == field }) { byField[at].views.append(index) } else { byField.append((field, [index])) }
        }
        for group in byField where group.views.count > 1 {
            var names: [String] = []
            var groupModels: [PlotModel] = []
            for index in group.views {
                let models = try plotModels(chart: views[index].chart, table: views[index].table, theme: viewTheme, options: options)
                for model in models where model.hasCategoricalColor {
                    for name in model.allSeriesNames where !names.contains(name) { names.append(name) }
                }
                groupModels += models
            }
            guard !names.isEmpty else { continue }
            for model in groupModels {
                if model.hasCategoricalColor {
                    sharedModels.append(
                        try PlotModel(spec: model.spec, table: model.table, theme: viewTheme, options: options, colorDomain: names, view: model.view))
                }
            }
            for index in group.views {
                colorDomains[index] = names
                var spec = charts[index].spec
                spec.legend.position = Located(LegendPosition.none, at: spec.legend.position?.span)
                charts[index] = charts[index].respecified(spec)
            }
        }

        // One size legend for the views that size their marks by the same field (SPEC §20): they share one size
        // scale, so equal values draw equal areas in every view, and the legend above the views shows it once.
        var sizeScales: [SizeScale?] = Array(repeating: nil, count: count)
        var sizeModels: [PlotModel] = []
        var bySizeField: [(field: String, views: [Int], models: [PlotModel])] = []
        for (index, view) in views.enumerated() where view.chart.spec.legend.position?.value != LegendPosition.none {
            let models = try plotModels(chart: view.chart, table: view.table, theme: viewTheme, options: options)
            guard let field = sizeLegendChannel(models)?.channel.field else { continue }
            if let at = bySizeField.firstIndex(where: { $0.field == field }) {
                bySizeField[at].views.append(index)
                bySizeField[at].models += models
            } else {
                bySizeField.append((field, [index], models))
            }
        }
        for group in bySizeField where group.views.count > 1 {
            guard let scale = PlotScales.sizeScale(models: group.models) else { continue }
            for var model in group.models {
                model.sharedSize = scale
                sizeModels.append(model)
            }
            for index in group.views {
                sizeScales[index] = scale
                var spec = charts[index].spec
                Self.hideSizeLegend(in: &spec)
                charts[index] = charts[index].respecified(spec)
            }
        }

        // Tick labels and axis titles only on the outer views of a repeat grid (SPEC §20); gridlines on every view.
        if let grid, columns == grid.columns {
            for index in charts.indices {
                guard let cell = charts[index].spec.repeatCell else { continue }
                var spec = charts[index].spec
                if !cell.isBottom { Self.hideAxis(\.x, in: &spec) }
                if !cell.isLeft { Self.hideAxis(\.y, in: &spec) }
                charts[index] = charts[index].respecified(spec)
            }
        }

        func lay(_ index: Int, plotWidth: Double?, plotHeight: Double?) throws(DiagnosticError) -> (scene: Scene, plot: Box) {
            var chart = charts[index]
            let written = chart.spec
            var graphicWidth = plotWidth.map { $0 + 120 } ?? cellWidth
            var height = plotHeight.map { $0 + 60 } ?? written.height.value
            var result: (scene: Scene, plot: Box)
            var passes = 0
            repeat {
                chart = chart.resized(
                    (min(ChartSpec.maximumSize, max(minimumWidth, graphicWidth)), min(ChartSpec.maximumSize, max(minimumPlotHeight, height))))
                result = try measuredLayout(
                    chart: chart, table: views[index].table, theme: viewTheme, options: options, colorDomain: colorDomains[index],
                    sharedSize: sizeScales[index])
                passes += 1
                let dx = plotWidth.map { $0 - result.plot.width } ?? 0
                let dy = plotHeight.map { $0 - result.plot.height } ?? 0
                if abs(dx) < 0.5 && abs(dy) < 0.5 { break }
                graphicWidth += dx
                height += dy
            } while passes < 4
            return result
        }

        // Each view's plot size: its own `width`/`height`; in a repeat grid, every plot as large as the corner one
        // (with both axes) gets at its column's share, and square unless the chart gives its height.
        var laid: [(scene: Scene, plot: Box)] = []
        if let grid, columns == grid.columns {
            let corner = (grid.rows - 1) * grid.columns
            let probe = try lay(corner, plotWidth: nil, plotHeight: nil)
            let side = probe.plot.width.rounded(.down)
            for index in charts.indices {
                let spec = charts[index].spec
                laid.append(try lay(index, plotWidth: side, plotHeight: spec.height.span != nil ? spec.height.value : side))
            }
        } else {
            for index in charts.indices {
                let spec = charts[index].spec
                laid.append(
                    try lay(
                        index, plotWidth: spec.width.span != nil && !oneColumn ? spec.width.value : nil,
                        plotHeight: spec.height.span != nil ? spec.height.value : nil))
            }
        }

        // The grid: plots line up along each row (tops) and each column (left edges).
        var plotLeft = Array(repeating: 0.0, count: columns)
        var plotTop = Array(repeating: 0.0, count: rows)
        for (index, view) in laid.enumerated() {
            plotLeft[index % columns] = max(plotLeft[index % columns], view.plot.x)
            plotTop[index / columns] = max(plotTop[index / columns], view.plot.y)
        }
        var columnWidth = Array(repeating: 0.0, count: columns)
        var rowHeight = Array(repeating: 0.0, count: rows)
        for (index, view) in laid.enumerated() {
            let column = index % columns
            let row = index / columns
            columnWidth[column] = max(columnWidth[column], plotLeft[column] - view.plot.x + view.scene.width)
            rowHeight[row] = max(rowHeight[row], plotTop[row] - view.plot.y + view.scene.height)
        }
        let gridWidth = columnWidth.reduce(0, +)
        let totalWidth = max(pageWidth, gridWidth.rounded(.up))

        var framed = page
        framed.width = Located(totalWidth, at: page.width.span)
        let frame = FrameLayout(spec: framed, theme: theme)
        var children = frame.headerNodes()
        var definitions: [SceneDefinition] = []
        var top = frame.headerHeight
        let pageLegend: AnyLegend?
        if sizeModels.isEmpty {
            pageLegend = sharedModels.isEmpty ? nil : makeLegend(models: sharedModels, direction: .rows, maxWidth: frame.contentWidth)
        } else {
            // The shared color legend (without a size legend of its own), then the shared size legend beside it.
            let color = sharedModels.isEmpty ? nil : makeColorLegend(models: sharedModels, direction: .rows, maxWidth: frame.contentWidth)
            let size = makeSizeLegend(models: sizeModels, direction: .rows, maxWidth: frame.contentWidth).map(AnyLegend.size)
            switch (color, size) {
            case (let color?, let size?): pageLegend = AnyLegend.pair(color, size, direction: .rows, maxWidth: frame.contentWidth)
            default: pageLegend = color ?? size
            }
        }
        if let legend = pageLegend {
            definitions += legend.definitions
            children.append(legend.node(x: frame.left, y: top))
            top += legend.height + theme.legendGap
        }
        // Each view's scene keeps its own padding: the views start where the page's content does, less that.
        let gridTop = top - theme.paddingTop
        var columnX = [0.0]
        for width in columnWidth.dropLast() { columnX.append((columnX.last ?? 0) + width) }
        var rowY = [gridTop]
        for height in rowHeight.dropLast() { rowY.append((rowY.last ?? 0) + height) }
        var rowOffset = 0
        var frames: [Box] = []
        var plots: [Box] = []
        for (index, view) in laid.enumerated() {
            defer { rowOffset += Self.tooltipRows(views[index]) }
            let column = index % columns
            let row = index / columns
            let dx = columnX[column] + plotLeft[column] - view.plot.x
            let dy = rowY[row] + plotTop[row] - view.plot.y
            frames.append(Box(x: dx, y: dy, width: view.scene.width, height: view.scene.height))
            plots.append(view.plot.offsetBy(dx: dx, dy: dy))
            let prefix = "view\(index)-"
            definitions += view.scene.definitions.map { Self.renamed($0, prefix: prefix) }
            children.append(
                .group(
                    GroupNode(
                        classes: ["chartc-view"], data: [DataAttribute("view", String(index))], translate: (dx, dy), label: view.scene.title,
                        children: view.scene.children.map { Self.renamed($0, prefix: prefix, rowOffset: rowOffset) })))
        }
        let gridBottom = gridTop + rowHeight.reduce(0, +)
        let contentBottom = gridBottom - theme.paddingBottom
        children.append(contentsOf: frame.footerNodes(below: contentBottom))
        var height = contentBottom + frame.footerHeight
        var logo: SceneLogo?
        if let sanitized = theme.logo {
            if let box = frame.topLogo {
                logo = SceneLogo(sanitized, x: box.x, y: box.y, height: box.height)
            } else {
                let size = FrameLayout.logoSize(sanitized, height: theme.logoHeight, room: frame.contentWidth)
                let x = theme.logoAtRight ? frame.left + frame.contentWidth - size.width : frame.left
                logo = SceneLogo(sanitized, x: x, y: height - theme.paddingBottom + theme.footerGap, height: size.height)
                height += theme.footerGap + size.height
            }
        }
        var scene = Scene(
            width: totalWidth, height: height.rounded(.up), title: page.title?.value, description: page.alt?.value ?? page.subtitle?.value,
            background: theme.background, fontFamily: theme.fontFamily, definitions: definitions, children: children)
        scene.logo = logo
        scene.fontFiles = theme.fontFiles
        scene.warnings = laid.flatMap(\.scene.warnings)
        return (scene, frames, plots)
    }

    /// `spec` without its size legend (the views that share one draw it above them).
    static func hideSizeLegend(in spec: inout ChartSpec) {
        func hidden(_ definition: ChannelDef?) -> ChannelDef? {
            guard var definition, definition.field != nil else { return definition }
            var legend = definition.legend ?? ChannelLegend()
            legend.visible = false
            definition.legend = legend
            return definition
        }
        spec.encoding.size = hidden(spec.encoding.size)
        for index in spec.layers.indices { spec.layers[index].encoding.size = hidden(spec.layers[index].encoding.size) }
    }

    /// The field a view colors by, if any (its own or, for layers, the first layer's that has one).
    static func colorField(_ spec: ChartSpec) -> String? {
        if let field = spec.encoding.color?.field?.value { return field }
        return spec.layers.lazy.compactMap { $0.encoding.color?.field?.value }.first
    }

    /// `spec` without the tick labels and title of `channel`'s axis (an inner view of a repeat grid): its gridlines
    /// stay, as an inner panel's of small multiples do.
    static func hideAxis(_ channel: WritableKeyPath<Encoding, ChannelDef?>, in spec: inout ChartSpec) {
        func hidden(_ definition: ChannelDef?) -> ChannelDef? {
            guard var definition else { return nil }
            var axis = definition.axis ?? AxisSpec()
            axis.printsLabels = false
            definition.axis = axis
            return definition
        }
        spec.encoding[keyPath: channel] = hidden(spec.encoding[keyPath: channel])
        for index in spec.layers.indices {
            spec.layers[index].encoding[keyPath: channel] = hidden(spec.layers[index].encoding[keyPath: channel])
        }
    }

    /// A definition under an id unique to its view.
    static func renamed(_ definition: SceneDefinition, prefix: String) -> SceneDefinition {
        switch definition {
        case .linearGradient(var gradient):
            gradient.id = prefix + gradient.id
            return .linearGradient(gradient)
        case .clipRect(let id, let box):
            return .clipRect(id: prefix + id, box: box)
        }
    }

    /// How many tooltip rows a view's marks count (`data-row`): every layer's rows for a layered view.
    static func tooltipRows(_ view: ViewInput) -> Int {
        guard view.chart.spec.isLayered else { return view.table.rowCount }
        return view.chart.context.layers.reduce(0) { $0 + ($1.table?.rowCount ?? 0) }
    }

    /// A node whose clip and gradient references point at its view's definitions, and whose `data-row` counts
    /// the rows of the views before it (the page's tooltips list every view's rows in order).
    static func renamed(_ node: SceneNode, prefix: String, rowOffset: Int) -> SceneNode {
        func rows(_ data: [DataAttribute]) -> [DataAttribute] {
            guard rowOffset > 0 else { return data }
            return data.map { attribute in
                guard attribute.name == "row", let row = Int(attribute.value) else { return attribute }
                return DataAttribute("row", String(row + rowOffset))
            }
        }
        func paint(_ paint: Paint) -> Paint {
            if case .gradient(let id) = paint { return .gradient(id: prefix + id) }
            return paint
        }
        func stroke(_ stroke: Stroke?) -> Stroke? {
            guard var stroke else { return nil }
            stroke.paint = paint(stroke.paint)
            return stroke
        }
        switch node {
        case .group(var group):
            group.clipID = group.clipID.map { prefix + $0 }
            group.data = rows(group.data)
            group.children = group.children.map { renamed($0, prefix: prefix, rowOffset: rowOffset) }
            return .group(group)
        case .rect(var rect):
            rect.fill = paint(rect.fill)
            rect.stroke = stroke(rect.stroke)
            rect.data = rows(rect.data)
            return .rect(rect)
        case .circle(var circle):
            circle.fill = paint(circle.fill)
            circle.stroke = stroke(circle.stroke)
            circle.data = rows(circle.data)
            return .circle(circle)
        case .path(var path):
            path.fill = paint(path.fill)
            path.stroke = stroke(path.stroke)
            path.data = rows(path.data)
            return .path(path)
        case .line(var line):
            line.stroke = stroke(line.stroke) ?? line.stroke
            line.data = rows(line.data)
            return .line(line)
        case .text(var text):
            text.data = rows(text.data)
            return .text(text)
        }
    }
}
