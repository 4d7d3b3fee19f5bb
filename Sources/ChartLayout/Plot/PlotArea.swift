import ChartDiagnostics
import ChartSpec

/// The plot and its axes inside a region of the canvas: margins grow until tick labels and axis titles fit,
/// then the scales are built for the plot that is left and the marks drawn. Everything is placed in plot
/// coordinates inside one translated group, so gradients along an axis can use plot coordinates too.
public struct PlotArea: Sendable {
    /// The plot rectangle (where marks go) in canvas coordinates.
    public var plot: Box
    public var scales: PlotScales
    /// The `chartc-plot` group: grid, marks, baselines, axes.
    public var node: SceneNode
    public var definitions: [SceneDefinition]

    /// - Parameter panel: for a panel of small multiples (`Panels/`), margins every panel shares (so panels of
    ///   a shared scale have identical plots) and which tick labels it prints; nil: margins fit this plot.
    public init(model: PlotModel, region: Box, panel: PanelFrame? = nil) throws(DiagnosticError) {
        var margins = panel?.margins ?? Margins.zero
        var labels = PlotLabels(model: model)
        let labelMargins = labels.margins(regionWidth: region.width)
        var scales = try PlotScales(model: model, width: region.width, height: region.height, insets: panel?.insets ?? labels.insets)
        labels.fitAngle(to: scales)
        var layouts: (x: AxisLayout?, y: AxisLayout?) = (nil, nil)
        // Margins depend on labels, labels on tick counts, tick counts on the plot size: settle in a few rounds.
        for _ in 0..<(panel == nil ? 4 : 0) {
            let plotWidth = max(40, region.width - margins.left - margins.right)
            let plotHeight = max(40, region.height - margins.top - margins.bottom)
            scales = try PlotScales(model: model, width: plotWidth, height: plotHeight, insets: panel?.insets ?? labels.insets)
            layouts = Self.axes(model: model, scales: scales, region: region)
            var needed = labelMargins
            if let x = layouts.x { needed = needed.union(x.margins) }
            if let y = layouts.y { needed = needed.union(y.margins) }
            // Never give the plot less than half the region.
            needed.left = min(needed.left, region.width * 0.45)
            needed.right = min(needed.right, region.width * 0.25)
            needed.top = min(needed.top, region.height * 0.3)
            needed.bottom = min(needed.bottom, region.height * 0.35)
            let settled = abs(needed.left - margins.left) < 0.5 && abs(needed.right - margins.right) < 0.5
                && abs(needed.top - margins.top) < 0.5 && abs(needed.bottom - margins.bottom) < 0.5
            margins = needed
            if settled { break }
        }
        let plotWidth = max(40, region.width - margins.left - margins.right)
        let plotHeight = max(40, region.height - margins.top - margins.bottom)
        if scales.width != plotWidth || scales.height != plotHeight || layouts.x == nil && layouts.y == nil {
            scales = try PlotScales(model: model, width: plotWidth, height: plotHeight, insets: panel?.insets ?? labels.insets)
            layouts = Self.axes(model: model, scales: scales, region: region)
        }
        if let panel {
            layouts.x?.drawsLabels = panel.showsXLabels
            layouts.y?.drawsLabels = panel.showsYLabels
        }
        let plot = Box(x: region.x + margins.left, y: region.y + margins.top, width: plotWidth, height: plotHeight)
        self.plot = plot
        self.scales = scales

        let context = MarkContext(model: model, scales: scales)
        var markNodes: [[SceneNode]] = []
        for series in model.series {
            markNodes.append(model.markKind.render(series, context: context))
        }
        let titleLeft = region.x - plot.x
        let titleRight = region.maxX - plot.x
        let xAxisNode = layouts.x?.axisNode(titleAnchorX: titleLeft, titleRightX: titleRight)
        let yAxisNode = layouts.y?.axisNode(titleAnchorX: titleLeft, titleRightX: titleRight)
        // Labels go inside each series' group, so they hide and show with it.
        let placed = labels.place(
            context: context, markNodes: markNodes,
            obstacles: (xAxisNode?.textBoxes() ?? []) + (yAxisNode?.textBoxes() ?? []),
            bounds: Box(x: region.x - plot.x, y: region.y - plot.y, width: region.width, height: region.height),
            regionWidth: region.width
        )
        // Marks are cut to the plot only when an explicit domain may leave data outside it; labels never are.
        let clip = Self.needsClip(model)
        var seriesNodes: [SceneNode] = []
        for (index, series) in model.series.enumerated() {
            let marks = clip ? [SceneNode.group(GroupNode(clipID: Self.clipID, children: placed.marks[index]))] : placed.marks[index]
            seriesNodes.append(context.seriesGroup(series, children: marks + placed.labels[index]))
        }
        var definitions: [SceneDefinition] = []
        if let gradient = scales.alongGradient { definitions.append(.linearGradient(gradient)) }
        let marks = GroupNode(classes: ["chartc-marks"], children: seriesNodes)
        if clip {
            definitions.append(.clipRect(id: Self.clipID, box: Box(x: -3, y: -3, width: plotWidth + 6, height: plotHeight + 6)))
        }
        self.definitions = definitions

        var children: [SceneNode] = []
        if let y = layouts.y { children.append(contentsOf: y.gridNodes()) }
        if let x = layouts.x { children.append(contentsOf: x.gridNodes()) }
        children.append(.group(marks))
        if let y = layouts.y { children.append(contentsOf: y.baselineNodes()) }
        if let x = layouts.x { children.append(contentsOf: x.baselineNodes()) }
        if let xAxisNode { children.append(xAxisNode) }
        if let yAxisNode { children.append(yAxisNode) }
        node = .group(GroupNode(classes: ["chartc-plot"], translate: (dx: plot.x, dy: plot.y), children: children))
    }

    private static func axes(model: PlotModel, scales: PlotScales, region: Box) -> (x: AxisLayout?, y: AxisLayout?) {
        var x: AxisLayout?
        var y: AxisLayout?
        if let channel = model.x, let scale = scales.x,
           let axis = AxisBuilder.axis(channel: channel, scale: scale, isX: true, model: model, other: model.y, length: scales.width) {
            x = AxisLayout(axis: axis, plotWidth: scales.width, plotHeight: scales.height, maxLabelWidth: max(40, scales.width / 2), titleWidth: scales.width, theme: model.theme)
        }
        if let channel = model.y, let scale = scales.y,
           let axis = AxisBuilder.axis(channel: channel, scale: scale, isX: false, model: model, other: model.x, length: scales.height) {
            y = AxisLayout(axis: axis, plotWidth: scales.width, plotHeight: scales.height, maxLabelWidth: max(40, region.width * 0.3), titleWidth: region.width, theme: model.theme)
        }
        return (x, y)
    }

    static let clipID = "plot-clip"

    /// Marks are cut to the plot only when an explicit domain may leave data outside it.
    private static func needsClip(_ model: PlotModel) -> Bool {
        [model.x, model.y].contains { channel in
            guard let channel, channel.isContinuous else { return false }
            return channel.definition.scale?.domain != nil
        }
    }
}

/// How one panel of small multiples sits in its grid (SPEC §13): the margins all panels share and whether this
/// panel prints the tick labels of each axis (with a shared scale, only the outer panels do).
public struct PanelFrame: Sendable {
    public var margins: Margins
    /// Room kept for value labels, the same in every panel so shared scales map alike; nil: the panel's own.
    public var insets: Margins?
    public var showsXLabels: Bool
    public var showsYLabels: Bool

    public init(margins: Margins, insets: Margins? = nil, showsXLabels: Bool = true, showsYLabels: Bool = true) {
        self.margins = margins
        self.insets = insets
        self.showsXLabels = showsXLabels
        self.showsYLabels = showsYLabels
    }
}
