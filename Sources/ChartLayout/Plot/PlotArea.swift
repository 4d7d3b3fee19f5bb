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
    /// The region the plot and its axes take: the one given, grown when its categories need more room.
    public var region: Box
    /// What the layout had to leave out and says so (`labels-left-out`).
    public var warnings: [Diagnostic] = []

    /// - Parameter panel: for a panel of small multiples (`Panels/`), margins every panel shares (so panels of
    ///   a shared scale have identical plots) and which tick labels it prints; nil: margins fit this plot.
    public init(model: PlotModel, region: Box, panel: PanelFrame? = nil) throws(DiagnosticError) {
        try self.init(models: [model], region: region, panel: panel)
    }

    /// The plot of a layered chart (SPEC §11; one model for a one-mark chart): every layer on the same scales
    /// (`PlotScales(models:)`), drawn in order inside `chartc-marks`, the first at the bottom, each in its own
    /// `chartc-layer` group; axes once; every layer's labels through one `LabelPlacer`. `models` is not empty.
    ///
    /// - Parameter steps: px per category of a band or point axis (SPEC §19.8): the region grows (or, with an
    ///   exact step, fits) so each category gets its step; `region` is then the grown region.
    ///   - yLabelWidth: the width category names on the y axis wrap to, when the caller has decided it (the label
    ///     column small multiples share, `FacetLayout.yLabelWidth`); nil: 40% of the region's width.
    public init(models: [PlotModel], region: Box, panel: PanelFrame? = nil, steps: CategorySteps = .fixed, yLabelWidth: Double? = nil)
        throws(DiagnosticError)
    {
        guard !models.isEmpty else { throw DiagnosticError([]) }
        var region = region
        var margins = panel?.margins ?? Margins.zero
        var layerLabels = models.map { PlotLabels(model: $0) }
        // Each series is named once, by the first layer that names series at their ends.
        if let namer = layerLabels.firstIndex(where: \.direct) {
            for index in layerLabels.indices where index != namer { layerLabels[index].direct = false }
        }
        var labelMargins = Margins.zero
        var insets = Margins.zero
        for labels in layerLabels {
            labelMargins = labelMargins.union(labels.margins(regionWidth: region.width))
            insets = insets.union(labels.insets)
        }
        if let shared = panel?.insets { insets = shared }
        var scales = try PlotScales(models: models, width: region.width, height: region.height, insets: insets)
        for index in layerLabels.indices { layerLabels[index].fitAngle(to: scales.forLayer(models[index])) }
        // Labels turned upright need other room (panels of small multiples keep the room they share).
        insets = panel?.insets ?? layerLabels.reduce(Margins.zero) { $0.union($1.insets) }
        var layouts = PlotAxes()
        // Steps the band or point axes span (categories and their padding), for plots that size by category.
        let spanned = panel == nil ? Self.stepsSpanned(scales) : (x: nil, y: nil)
        let base = region
        // A vertical category axis whose names need more lines than its step holds grows its step (SPEC §19.8).
        var steps = steps
        /// Whether the x axis's category names stand upright.
        var uprightX = false
        // Never past the largest size a spec may ask for.
        func plotSize(_ margins: Margins) -> (width: Double, height: Double) {
            let (width, height) = unclampedPlotSize(margins)
            return (min(width, ChartSpec.maximumSize), min(height, ChartSpec.maximumSize))
        }
        func unclampedPlotSize(_ margins: Margins) -> (width: Double, height: Double) {
            let width = steps.x.map {
                $0.length(steps: spanned.x, base: base.width - margins.left - margins.right, inset: insets.left + insets.right)
            }
            let height = steps.y.map {
                $0.length(steps: spanned.y, base: base.height - margins.top - margins.bottom, inset: insets.top + insets.bottom)
            }
            // Upright category names along x take the room they need (SPEC §19.8): the plot keeps at least half of
            // the height asked for, and the region grows below it.
            let floor = uprightX ? base.height * 0.5 : 40
            return (
                max(40, width ?? (region.width - margins.left - margins.right)),
                max(40, height ?? max(floor, region.height - margins.top - margins.bottom))
            )
        }
        // Margins depend on labels, labels on tick counts, tick counts on the plot size: settle in a few rounds.
        for _ in 0..<(panel == nil ? 4 : 0) {
            let (plotWidth, plotHeight) = plotSize(margins)
            region.width = max(base.width, plotWidth + margins.left + margins.right)
            region.height = max(steps.y?.exact == true ? 0 : base.height, plotHeight + margins.top + margins.bottom)
            scales = try PlotScales(models: models, width: plotWidth, height: plotHeight, insets: insets)
            layouts = Self.axes(models: models, scales: scales, region: region, yLabelWidth: yLabelWidth)
            var grew = false
            if let step = steps.y, !step.exact, step.fitsLabels, let wanted = layouts.y?.categoryStepNeeded, wanted > step.step + 0.5 {
                steps.y = CategorySteps.Step(step: wanted.rounded(.up), exact: false)
                grew = true
            }
            var needed = labelMargins
            for axis in layouts.all { needed = needed.union(axis.margins) }
            // Never give the plot less than half the region.
            // (A label column the caller sized keeps its width.)
            if yLabelWidth == nil { needed.left = min(needed.left, region.width * 0.45) }
            needed.right = min(needed.right, region.width * 0.25)
            // Upright category names are never cut (SPEC §19.8): their side of the plot takes what they need.
            uprightX = layouts.x?.rotatesLabels == true
            let xAtTop = layouts.x?.axis.position == .top
            if !(uprightX && xAtTop) { needed.top = min(needed.top, region.height * 0.3) }
            if !(uprightX && !xAtTop) { needed.bottom = min(needed.bottom, region.height * 0.35) }
            let settled =
                abs(needed.left - margins.left) < 0.5 && abs(needed.right - margins.right) < 0.5
                && abs(needed.top - margins.top) < 0.5 && abs(needed.bottom - margins.bottom) < 0.5
            margins = needed
            if settled && !grew { break }
        }
        let (plotWidth, plotHeight) = plotSize(margins)
        region.width = max(base.width, plotWidth + margins.left + margins.right)
        region.height = max(steps.y?.exact == true ? 0 : base.height, plotHeight + margins.top + margins.bottom)
        self.region = region
        if scales.width != plotWidth || scales.height != plotHeight || layouts.all.isEmpty {
            scales = try PlotScales(models: models, width: plotWidth, height: plotHeight, insets: insets)
            layouts = Self.axes(models: models, scales: scales, region: region, yLabelWidth: yLabelWidth)
        }
        if let panel {
            layouts.x?.drawsLabels = panel.showsXLabels
            layouts.y?.drawsLabels = panel.showsYLabels
            layouts.secondX?.drawsLabels = panel.showsSecondXLabels
            layouts.secondY?.drawsLabels = panel.showsSecondYLabels
        }
        let plot = Box(x: region.x + margins.left, y: region.y + margins.top, width: plotWidth, height: plotHeight)
        self.plot = plot
        self.scales = scales

        var contexts = models.map { MarkContext(model: $0, scales: scales.forLayer($0)) }
        if models.count > 1 {
            var offset = 0
            for index in contexts.indices {
                contexts[index].rowOffset = offset
                offset += models[index].table.rowCount
            }
        }
        var layerMarks: [[[SceneNode]]] = []
        for context in contexts {
            layerMarks.append(context.model.series.map { context.model.markKind.render($0, context: context) })
        }
        let titleLeft = region.x - plot.x
        let titleRight = region.maxX - plot.x
        let xAxisNode = layouts.x?.axisNode(titleAnchorX: titleLeft, titleRightX: titleRight)
        let yAxisNode = layouts.y?.axisNode(titleAnchorX: titleLeft, titleRightX: titleRight)
        // The second axis of an independent channel (SPEC §20), on the right (top).
        let secondAxisNodes = [layouts.secondX, layouts.secondY].compactMap { $0?.axisNode(titleAnchorX: titleLeft, titleRightX: titleRight) }
        // Labels go inside each series' group, so they hide and show with it. One placer for every layer: series
        // names first, then text marks, then values, so nothing overlaps across layers.
        var placer = LabelPlacer(
            bounds: Box(x: region.x - plot.x, y: region.y - plot.y, width: region.width, height: region.height),
            padding: 1,
            obstacles: Self.axisObstacles(xAxisNode) + Self.axisObstacles(yAxisNode) + secondAxisNodes.flatMap { Self.axisObstacles($0) }
        )
        let plotBox = Box(x: 0, y: 0, width: scales.width, height: scales.height)
        var layerLabelNodes: [[[SceneNode]]] = layerMarks.map { marks in marks.map { _ in [] } }
        var ownerBase = 0
        var ownerBases: [Int] = []
        for context in contexts {
            ownerBases.append(ownerBase)
            ownerBase += context.model.table.rowCount + 1
        }
        for index in models.indices {
            layerLabels[index].placeNames(context: contexts[index], placer: &placer, labels: &layerLabelNodes[index], regionWidth: region.width)
        }
        if models.count == 1 {
            layerLabels[0].placeTextMarks(placer: &placer, marks: &layerMarks[0], plot: plotBox)
            if layerLabels[0].values != nil { layerLabels[0].addObstacles(to: &placer, context: contexts[0]) }
        } else {
            // Every layer's marks first, so a text layer's labels and every value label keep clear of them.
            for index in models.indices {
                placer.ownerBase = ownerBases[index]
                layerLabels[index].addObstacles(to: &placer, context: contexts[index])
            }
            placer.ownerBase = 0
            for index in models.indices {
                layerLabels[index].placeTextMarks(placer: &placer, marks: &layerMarks[index], plot: plotBox, besideMarks: true)
            }
        }
        for index in models.indices {
            placer.ownerBase = ownerBases[index]
            layerLabels[index].placeValues(context: contexts[index], placer: &placer, labels: &layerLabelNodes[index])
        }
        // Annotations (SPEC §12): drawn once for every layer, on the shared scales, their text through the same
        // placer after every layer's labels. A value is read on the channel of the first layer that has it.
        let positions = AnnotationPositions(x: models.lazy.compactMap(\.x).first, y: models.lazy.compactMap(\.y).first, scales: scales)
        let annotations = AnnotationLayout(
            // Notes anchored to rows (SPEC §19.13) point at this plot's own rows: a panel's argmax is its own.
            annotations: AnnotationAnchors.resolve(
                models[0].spec.annotations.filter { annotation in
                    // Small multiples (SPEC §12, §13): every panel, or only the one `panel` names.
                    guard let wanted = annotation.panel?.value, let key = models[0].panel?.key else { return true }
                    return wanted.text == key
                }, models: models, positions: positions),
            positions: positions,
            theme: models[0].theme, locale: models[0].locale
        ).draw(placer: &placer) { obstacles in
            for model in models {
                let visible = model.withoutHiddenSeries
                visible.markKind.addLabelObstacles(to: &obstacles, context: MarkContext(model: visible, scales: scales.forLayer(visible)))
            }
        }
        warnings = LayoutDiagnostic.labelsLeftOut(placer.leftOut, path: models[0].spec.file.path)
        warnings += LayoutDiagnostic.mapLabelsLeftOut(placer.mapLabelsLeftOut, path: models[0].spec.file.path)
        warnings += LayoutDiagnostic.placesLeftOut(models, scales: scales)
        // Marks are cut to the plot only when an explicit domain may leave data outside it; labels never are.
        let clip = models.contains(where: Self.needsClip)
        var layerNodes: [SceneNode] = []
        for (layer, context) in contexts.enumerated() {
            var seriesNodes: [SceneNode] = []
            for (index, series) in context.model.series.enumerated() {
                let marks = layerMarks[layer][index]
                let clipped = clip ? [SceneNode.group(GroupNode(clipID: Self.clipID, children: marks))] : marks
                seriesNodes.append(context.seriesGroup(series, children: clipped + layerLabelNodes[layer][index]))
            }
            if let index = context.model.spec.layerIndex {
                // SPEC §11: one group per layer inside `chartc-marks`.
                let data = [DataAttribute("layer", String(index)), DataAttribute("mark", context.model.markType.rawValue)]
                layerNodes.append(.group(GroupNode(classes: ["chartc-layer"], data: data, children: seriesNodes)))
            } else {
                layerNodes += seriesNodes
            }
        }
        var definitions: [SceneDefinition] = []
        if let gradient = scales.alongGradient { definitions.append(.linearGradient(gradient)) }
        let marks = GroupNode(classes: ["chartc-marks"], children: layerNodes)
        if clip {
            definitions.append(.clipRect(id: Self.clipID, box: Box(x: -3, y: -3, width: plotWidth + 6, height: plotHeight + 6)))
        }
        self.definitions = definitions

        var children: [SceneNode] = []
        if let y = layouts.y { children.append(contentsOf: y.gridNodes()) }
        if let x = layouts.x { children.append(contentsOf: x.gridNodes()) }
        if let below = annotations.below { children.append(below) }
        children.append(.group(marks))
        if let y = layouts.y { children.append(contentsOf: y.baselineNodes()) }
        if let x = layouts.x { children.append(contentsOf: x.baselineNodes()) }
        // A second axis's zero line only where bars stand on it (its gridlines would not meet the first's ticks).
        for second in [layouts.secondY, layouts.secondX] {
            if let second, second.axis.strongBaseline { children.append(contentsOf: second.baselineNodes()) }
        }
        if let above = annotations.above { children.append(above) }
        if let xAxisNode { children.append(xAxisNode) }
        if let yAxisNode { children.append(yAxisNode) }
        children += secondAxisNodes
        node = .group(GroupNode(classes: ["chartc-plot"], translate: (dx: plot.x, dy: plot.y), children: children))
    }

    /// The axes, drawn once for every layer: each from the first layer whose channel writes a `title` or an
    /// `axis`, else the first that writes a `scale` (the one the scale follows), else the first layer that has the
    /// channel; a one-mark chart's from its own. A channel `resolve` makes independent (SPEC §20) gets a second
    /// axis on the right (top) from the second layer that draws it, on that layer's scale, without gridlines, each
    /// axis titled in its layer's color when the layer draws one series.
    private static func axes(models: [PlotModel], scales: PlotScales, region: Box, yLabelWidth: Double? = nil) -> PlotAxes {
        let resolve = models.first?.spec.resolve
        func side(_ model: PlotModel, isX: Bool) -> Int {
            resolve?.independent(isX: isX)?.axis(ofLayer: model.spec.writtenLayerIndex) ?? 0
        }
        func lead(_ models: [PlotModel], _ channel: (PlotModel) -> EncodedChannel?) -> PlotModel? {
            let having = models.filter { channel($0) != nil }
            return having.first { model in
                guard let definition = channel(model)?.definition else { return false }
                return definition.title != .automatic || definition.axis != nil
            } ?? having.first { channel($0)?.definition.scale != nil } ?? having.first
        }
        /// With no title written in any layer, an axis that shows different fields in different layers is
        /// titled with all of them (`low, mean`), as Vega-Lite does; nil: the lead's own title.
        func joinedTitle(_ models: [PlotModel], _ channel: (PlotModel) -> EncodedChannel?) -> String? {
            let channels = models.compactMap(channel)
            guard models.count > 1, channels.allSatisfy({ $0.definition.title == .automatic && $0.definition.axis == nil }) else { return nil }
            var names: [String] = []
            for item in channels where !names.contains(item.field) { names.append(item.field) }
            return names.count > 1 ? names.joined(separator: ", ") : nil
        }
        /// A dual-axis chart's title reads in its layer's color when that layer draws one series.
        func colored(_ layout: AxisLayout?, by model: PlotModel) -> AxisLayout? {
            guard var layout, model.series.count == 1, let series = model.series.first, !model.hasCategoricalColor else { return layout }
            layout.titleColor = series.color
            return layout
        }
        var result = PlotAxes()
        let dualX = resolve?.independent(isX: true) != nil && scales.secondX != nil
        let dualY = resolve?.independent(isX: false) != nil && scales.secondY != nil
        let firstX = models.filter { side($0, isX: true) == 0 }, firstY = models.filter { side($0, isX: false) == 0 }
        if let model = lead(firstX, \.x) {
            result.x = axes(model: model, scales: scales, region: region, titles: (joinedTitle(firstX, \.x), nil), dual: (dualX, false)).x
            if dualX { result.x = colored(result.x, by: model) }
        }
        if let model = lead(firstY, \.y) {
            result.y =
                axes(
                    model: model, scales: scales, region: region, titles: (nil, joinedTitle(firstY, \.y)), dual: (false, dualY),
                    yLabelWidth: yLabelWidth
                ).y
            if dualY { result.y = colored(result.y, by: model) }
        }
        if dualX, let second = scales.secondX, let model = lead(models.filter { side($0, isX: true) == 1 }, \.x) {
            var own = scales
            own.x = second
            result.secondX = colored(axes(model: model, scales: own, region: region, dual: (true, false), secondary: true).x, by: model)
        }
        if dualY, let second = scales.secondY, let model = lead(models.filter { side($0, isX: false) == 1 }, \.y) {
            var own = scales
            own.y = second
            result.secondY = colored(axes(model: model, scales: own, region: region, dual: (false, true), secondary: true).y, by: model)
        }
        // An inner view of a repeat grid (SPEC §20) keeps its gridlines; the outer views print the labels.
        if lead(firstX, \.x)?.x?.definition.axis?.printsLabels == false { result.x?.omitLabels() }
        if lead(firstY, \.y)?.y?.definition.axis?.printsLabels == false { result.y?.omitLabels() }
        // A top axis: the vertical axes' titles go above it.
        if let top = result.secondX?.margins.top {
            result.y?.titleLift = top
            result.secondY?.titleLift = top
        }
        return result
    }

    /// - Parameters:
    ///   - dual: the chart has a second axis on this channel (SPEC §20): each title gets half the width.
    ///   - secondary: this is the second axis, on the right (top), without gridlines.
    private static func axes(
        model: PlotModel, scales: PlotScales, region: Box, titles: (x: String?, y: String?) = (nil, nil), dual: (x: Bool, y: Bool) = (false, false),
        secondary: Bool = false, yLabelWidth: Double? = nil
    ) -> (x: AxisLayout?, y: AxisLayout?) {
        var x: AxisLayout?
        var y: AxisLayout?
        if let channel = model.x, let scale = scales.x,
            var axis = AxisBuilder.axis(channel: channel, scale: scale, isX: true, model: model, other: model.y, length: scales.width)
        {
            if let title = titles.x { axis.title = title }
            if secondary {
                axis.position = .top
                axis.grid = false
            }
            x = AxisLayout(
                axis: axis, plotWidth: scales.width, plotHeight: scales.height, maxLabelWidth: max(40, scales.width / 2), titleWidth: scales.width,
                theme: model.theme)
        }
        if let channel = model.y, let scale = scales.y,
            var axis = AxisBuilder.axis(channel: channel, scale: scale, isX: false, model: model, other: model.x, length: scales.height)
        {
            if let title = titles.y { axis.title = title }
            if secondary {
                axis.position = .right
                axis.grid = false
            }
            // Category names (never thinned, SPEC §19.8) may take a little more of the width before "…".
            let share = axis.bandWidth == nil ? 0.3 : 0.4
            let labelWidth = axis.bandWidth == nil ? nil : yLabelWidth
            y = AxisLayout(
                axis: axis, plotWidth: scales.width, plotHeight: scales.height, maxLabelWidth: labelWidth ?? max(40, region.width * share),
                titleWidth: dual.y ? max(40, region.width / 2 - AxisLayout.titleGap) : region.width,
                theme: model.theme)
        }
        if secondary {
            x?.isSecondary = true
            y?.isSecondary = true
        }
        return (x, y)
    }

    static let clipID = "plot-clip"

    /// A plot's axes: x and y, and the second axis of a channel `resolve` makes independent (SPEC §20).
    struct PlotAxes {
        var x: AxisLayout?
        var y: AxisLayout?
        var secondX: AxisLayout?
        var secondY: AxisLayout?

        var all: [AxisLayout] { [x, y, secondX, secondY].compactMap { $0 } }
    }

    /// The text of an axis as obstacles for labels: each box, or, for an axis naming hundreds of categories
    /// (SPEC §19.8), the one box around them all, so placing labels stays fast.
    static func axisObstacles(_ node: SceneNode?) -> [Box] {
        let boxes = node?.textBoxes() ?? []
        guard boxes.count > 100, let first = boxes.first else { return boxes }
        return [
            boxes.dropFirst().reduce(first) {
                Box(minX: min($0.minX, $1.minX), minY: min($0.minY, $1.minY), maxX: max($0.maxX, $1.maxX), maxY: max($0.maxY, $1.maxY))
            }
        ]
    }

    /// How many steps each band or point axis spans (its categories and their padding), nil for a continuous one.
    static func stepsSpanned(_ scales: PlotScales) -> (x: Double?, y: Double?) {
        func spanned(_ scale: PositionScale?) -> Double? {
            guard let scale, scale.isDiscrete, scale.step > 0 else { return nil }
            return abs(scale.range.upper - scale.range.lower) / scale.step
        }
        return (spanned(scales.x), spanned(scales.y))
    }

    /// Marks are cut to the plot only when an explicit domain may leave data outside it.
    private static func needsClip(_ model: PlotModel) -> Bool {
        [model.x, model.y].contains { channel in
            guard let channel, channel.isContinuous else { return false }
            return channel.definition.scale?.domain != nil
        }
    }
}

/// How the plot sizes a band or point axis (SPEC §19.8): without an explicit `height` (`width` for x) it grows
/// so each category gets at least `step` px; with `{ "step": N }` each gets exactly N.
public struct CategorySteps: Sendable, Equatable {
    /// The px per category of one axis, and whether the plot is exactly that long.
    public struct Step: Sendable, Equatable {
        public var step: Double
        public var exact: Bool
        /// Whether the step grows so each name fits whole on the lines it needs (no explicit size); false: the
        /// step is a floor (an explicit size too small for one line a category).
        public var fitsLabels: Bool

        public init(step: Double, exact: Bool, fitsLabels: Bool = true) {
            self.step = step
            self.exact = exact
            self.fitsLabels = fitsLabels
        }

        /// The plot's length along the axis: the steps its categories span times `step` (plus the room kept
        /// for labels), or `base` when that is longer and the step is not exact; `base` on a continuous axis.
        func length(steps: Double?, base: Double, inset: Double) -> Double {
            guard let steps else { return base }
            let needed = steps * step + inset
            return exact ? needed : max(base, needed)
        }
    }

    public var x: Step?
    public var y: Step?

    public init(x: Step? = nil, y: Step? = nil) {
        self.x = x
        self.y = y
    }

    /// The size given is the size drawn.
    public static let fixed = CategorySteps()
    /// The default px per category.
    public static let defaultStep = 20.0
}

/// How one panel of small multiples sits in its grid (SPEC §13): the margins all panels share and whether this
/// panel prints the tick labels of each axis (with a shared scale, only the outer panels do).
public struct PanelFrame: Sendable {
    public var margins: Margins
    /// Room kept for value labels, the same in every panel so shared scales map alike; nil: the panel's own.
    public var insets: Margins?
    public var showsXLabels: Bool
    public var showsYLabels: Bool
    /// Whether the panel prints the tick labels of a second (top, right) axis (SPEC §20): the outer panels of
    /// that side only.
    public var showsSecondXLabels = true
    public var showsSecondYLabels = true

    public init(margins: Margins, insets: Margins? = nil, showsXLabels: Bool = true, showsYLabels: Bool = true) {
        self.margins = margins
        self.insets = insets
        self.showsXLabels = showsXLabels
        self.showsYLabels = showsYLabels
    }
}
