import ChartData
import ChartDiagnostics
import ChartFormat
import ChartSpec

/// Small multiples (SPEC §13) inside a region of the canvas: one panel per facet value, each drawn by `PlotArea`
/// exactly as a single plot is (marks, labels, gridlines, its own axes) over that value's rows, in a grid of
/// `columns`. Every panel gets the same margins, so panels of a shared scale have identical plot rectangles and
/// identical ticks; with a shared scale only the outer panels print its tick labels (the left column for y, the
/// lowest panel of each column for x). Panel titles sit above each plot, wrapped to two lines and shortened
/// beyond; the axis titles are printed once for the whole grid (y above it, x below it).
struct FacetLayout {
    /// The `chartc-panels` group and the axis titles.
    var nodes: [SceneNode]
    var definitions: [SceneDefinition]
    /// From the region's top to the bottom of the grid (x title included).
    var height: Double
    /// Each panel's key, plot rectangle, title box (canvas coordinates) and scales (for tests).
    var panels: [(key: String, plot: Box, title: Box?, scales: PlotScales)]
    var columns: Int
    /// From the region's left to the grid's right edge: wider than the region when the panels' categories along x
    /// need it (SPEC §19.8) and the width is not fixed.
    var width: Double
    /// The width is fixed and its columns of panels cannot give each category along x one line of its label: the
    /// chart should be drawn turned on its side (categories down y). Nothing was laid out.
    var wantsTurn = false
    /// What the panels' layout had to leave out (`PlotArea.warnings`), once per kind of warning.
    var warnings: [Diagnostic] = []

    /// Between panels side by side, and between rows.
    static let columnGap = 14.0
    static let rowGap = 14.0
    /// Between a panel's title and its plot.
    static let titleGap = 4.0
    /// Panel titles wrap to this many lines, the last shortened with an ellipsis.
    static let titleLines = 2

    /// - Parameter layers: the chart's plot models as the engine built them, one per layer (SPEC §11; one for a
    ///   one-mark chart): each panel draws every layer over that layer's rows of its facet value. A layer whose
    ///   rows lack the facet field is drawn whole in every panel.
    ///   - canTurn: the chart reads the same turned on its side (`NarrowLayout.canTurn`): with a fixed width too
    ///     narrow for the categories along x, the layout only sets `wantsTurn`.
    init(
        spec: ChartSpec, facet: FacetSpec, table: Table, layers: [PlotModel], theme: ChartTheme, options: LayoutOptions, region: Box,
        canTurn: Bool = false
    ) throws(DiagnosticError) {
        let locale = ChartLocale.named(spec.locale.value) ?? .enUS
        // The panels come from the top-level rows, or the first layer's that have the field.
        let source =
            table.column(named: facet.field.value) != nil
            ? table : (layers.first { $0.table.column(named: facet.field.value) != nil }?.table ?? table)
        var split = FacetPanels.split(source, facet: facet, spec: spec, locale: locale)
        if split.isEmpty { split = [PanelRows(key: "", title: "", rows: [])] }

        // One color scale across layers, as the engine gives a layered chart (SPEC §11).
        var colorDomain: [String]?
        if layers.count > 1 {
            var names: [String] = []
            for model in layers where model.hasCategoricalColor {
                for name in model.allSeriesNames where !names.contains(name) { names.append(name) }
            }
            if !names.isEmpty { colorDomain = names }
        }
        let totalLabel = spec.total.first { $0.field.value == facet.field.value }?.label.value
        var models: [[PlotModel]] = split.map { _ in [] }
        for base in layers {
            // Axis titles are printed once for the grid: the panels draw none.
            var layerSpec = base.spec
            layerSpec.encoding.x?.title = .hidden
            layerSpec.encoding.y?.title = .hidden
            // A layer's own rows (SPEC §11) are split by the same values.
            let byKey = layers.count > 1 ? FacetPanels.rowsByKey(base.table, field: facet.field.value, totalLabel: totalLabel) : nil
            for (index, panel) in split.enumerated() {
                var rows = panel.rows
                if layers.count > 1 {
                    if let byKey { rows = ((byKey.rows[panel.key] ?? []) + byKey.total).sorted() } else { rows = Array(0..<base.table.rowCount) }
                }
                models[index].append(
                    try PlotModel(
                        spec: layerSpec, table: base.table, theme: theme, options: options,
                        colorDomain: base.hasCategoricalColor ? colorDomain : nil,
                        panel: {
                            var scope = PanelScope(rows: rows); scope.key = panel.key; return scope
                        }(), view: base.view))
            }
        }
        Self.shareScales(&models, facet: facet, spec: spec)

        var insets = Margins.zero
        for model in models.joined() { insets = insets.union(PlotLabels(model: model).insets) }
        // Categories along x (SPEC §19.8): each panel's plot is at least its steps × the step (20 px without a
        // width, exactly N with `"width": { "step": N }`, one line of a label with a fixed width).
        let xStep = ChartLayoutEngine.categorySteps(spec, theme: theme).x
        let xNeed = try Self.categoryWidth(step: xStep, panels: models, inset: insets.left + insets.right)
        let widthIsFixed = spec.width.span != nil && spec.widthStep == nil
        /// What a panel takes besides its plot (axis labels, gaps), a first guess for counting columns.
        let cellExtra = 60.0
        // Category names down y (SPEC §19.8): the label column takes the width they need, wrapped at spaces on up
        // to three lines, and each panel's plot grows a step for every line; the plots narrow, or fewer panels go
        // in a row, to make room.
        let yNames = try Self.yCategoryNames(models)
        let yLines = Self.yLinesAvailable(spec: spec, names: yNames, style: theme.axisLabelStyle)
        let yLabelWidth = Self.yLabelWidth(yNames, region: region.width, sharesY: facet.sharesY, style: theme.axisLabelStyle, lines: yLines)
        let labelColumn = max(0, (yLabelWidth.map { $0 + AxisLayout.labelGap } ?? 0) - cellExtra)
        func fitting(_ cell: Double) -> Int {
            NumberConversion.clamped((region.width + Self.columnGap) / (cell + Self.columnGap), rounding: .down)
        }

        // Columns: as written (the narrow page: columnsNarrow, default 1), else as many as fit at 200 px (and at
        // the width their categories need). With a fixed width too narrow for them, a chart that reads the same on
        // its side is turned (as the phone layout turns a column chart), else its panels wrap into fewer columns.
        let count = split.count
        var columns: Int
        if options.narrowPage {
            columns = facet.columnsNarrow?.value ?? 1
        } else if let written = facet.columns?.value {
            columns = written
        } else {
            // A shared y's label column is printed once, at the left of each row; an independent one in every panel.
            let cell = max(FacetSpec.minimumPanelWidth, (xNeed ?? 0) + cellExtra) + (facet.sharesY ? 0 : labelColumn)
            let room = region.width - (facet.sharesY ? labelColumn : 0)
            columns = NumberConversion.clamped((room + Self.columnGap) / (cell + Self.columnGap), rounding: .down)
        }
        columns = max(1, min(columns, count))
        if let xNeed, widthIsFixed, !options.narrowPage, fitting(xNeed + cellExtra) < columns {
            if canTurn {
                self.nodes = []
                self.definitions = []
                self.height = 0
                self.width = region.width
                self.panels = []
                self.columns = columns
                self.wantsTurn = true
                return
            }
            columns = max(1, fitting(xNeed + cellExtra))
        }
        let rows = (count + columns - 1) / columns
        self.columns = columns

        // Margins every panel shares: the largest any panel needs, measured at the cell's width.
        let guessWidth = max(60, (region.width - Self.columnGap * Double(columns - 1)) / Double(columns), (xNeed ?? 0) + cellExtra)
        let labelStep = yLabelWidth.map { width in
            AxisLayout.categoryStepNeeded(yNames.map { AxisTick(position: 0, label: $0) }, maxLabelWidth: width, style: theme.axisLabelStyle)
        }
        let plotHeight = try Self.panelHeight(spec: spec, guessWidth: guessWidth, panels: models, labelStep: labelStep)
        var margins = try Self.margins(models, width: guessWidth, plotHeight: plotHeight, yLabelWidth: yLabelWidth)

        let yAtLeft = spec.encoding.y?.axis?.position?.value != .right
        let xAtBottom = spec.encoding.x?.axis?.position?.value != .top
        let sharesX = facet.sharesX, sharesY = facet.sharesY
        func showsY(column: Int) -> Bool { !sharesY || (yAtLeft ? column == 0 : column == columns - 1) }
        func showsX(index: Int) -> Bool {
            guard sharesX else { return true }
            return xAtBottom ? index + columns >= count : index < columns
        }
        func plotWidth(_ margins: Margins) -> Double {
            let left = (0..<columns).map { yAtLeft ? (showsY(column: $0) ? margins.left : min(margins.left, margins.right + 2)) : margins.left }
            let right = (0..<columns).map { yAtLeft ? margins.right : (showsY(column: $0) ? margins.right : 0) }
            let fixed = left.reduce(0, +) + right.reduce(0, +) + Self.columnGap * Double(columns - 1)
            let free = max(40, (region.width - fixed) / Double(columns))
            // A width written is the width drawn (SPEC §19.8): the categories share what the columns leave.
            guard let xNeed, !widthIsFixed else { return free }
            return min(ChartSpec.maximumSize, xStep?.exact == true ? xNeed : max(free, xNeed))
        }
        // Labels wrap to a share of the region they are measured in (a long category name on one line or two), so
        // every panel is measured, and drawn, in a region of one width: the one the first measure leads to.
        let regionWidth = margins.left + plotWidth(margins) + margins.right
        margins = margins.union(try Self.margins(models, width: regionWidth, plotHeight: plotHeight, yLabelWidth: yLabelWidth))
        let plotWidth = plotWidth(margins)
        let panelRight = max(0, regionWidth - margins.left - plotWidth)
        // An inner column without y labels still keeps room for its first x label's overhang (about the last
        // label's, which the right margin holds).
        let innerLeft = min(margins.left, margins.right + 2)
        let leftGutter = (0..<columns).map { yAtLeft ? (showsY(column: $0) ? margins.left : innerLeft) : margins.left }
        let rightGutter = (0..<columns).map { yAtLeft ? margins.right : (showsY(column: $0) ? margins.right : 0) }
        var columnX: [Double] = []
        var x = region.x
        for column in 0..<columns {
            columnX.append(x + leftGutter[column])
            x += leftGutter[column] + plotWidth + rightGutter[column] + Self.columnGap
        }

        // The y title above the grid, at its side.
        var nodes: [SceneNode] = []
        var top = region.y
        // Each axis title once: the layer that writes it (SPEC §11), else the first that has the channel.
        func axisTitle(_ channel: (PlotModel) -> EncodedChannel?, side wanted: Int? = nil, isX: Bool = false) -> String? {
            let having = layers.filter { model in
                guard let wanted else { return true }
                return (spec.resolve?.independent(isX: isX)?.axis(ofLayer: model.spec.writtenLayerIndex) ?? 0) == wanted
            }.compactMap(channel)
            guard let lead = having.first(where: { $0.definition.title != .automatic }) ?? having.first, lead.definition.axis?.visible != false else {
                return nil
            }
            return lead.title
        }
        let gridLeft = columnX[0], gridRight = (columnX.last ?? gridLeft) + plotWidth
        /// A dual-axis chart's title (SPEC §20) in its layer's color when that layer draws one series.
        func titleColor(side wanted: Int, isX: Bool) -> String {
            guard let resolve = spec.resolve?.independent(isX: isX),
                let model = layers.first(where: { resolve.axis(ofLayer: $0.spec.writtenLayerIndex) == wanted }),
                model.series.count == 1, !model.hasCategoricalColor, let series = model.series.first
            else { return theme.axisTitleColor }
            return series.color
        }
        if spec.resolve?.independent(isX: false) != nil {
            // Both y titles on one line above the grid, the first at the left, the second at the right.
            var height = 0.0
            for (side, anchor) in [(0, TextAnchor.start), (1, .end)] {
                guard let title = axisTitle(\.y, side: side), !title.isEmpty else { continue }
                let width = max(40, region.width / 2 - AxisLayout.titleGap)
                let block = TextBlock(
                    lines: RichTextWrapper.wrap([TextRun(title, style: theme.axisTitleStyle)], width: width), style: theme.axisTitleStyle)
                nodes.append(
                    .text(
                        TextNode(
                            block: block, x: side == 0 ? region.x : region.maxX, top: top, anchor: anchor, fill: titleColor(side: side, isX: false),
                            maxWidth: width, classes: ["chartc-axis-title", side == 0 ? "chartc-axis-title-y" : "chartc-axis-title-y2"])))
                height = max(height, block.height)
            }
            if height > 0 { top += height + AxisLayout.titleGap }
        } else if let title = axisTitle(\.y), !title.isEmpty {
            let block = TextBlock(
                lines: RichTextWrapper.wrap([TextRun(title, style: theme.axisTitleStyle)], width: region.width), style: theme.axisTitleStyle)
            let anchorX = yAtLeft ? region.x : region.maxX
            nodes.append(
                .text(
                    TextNode(
                        block: block, x: anchorX, top: top, anchor: yAtLeft ? .start : .end, fill: theme.axisTitleColor, maxWidth: region.width,
                        classes: ["chartc-axis-title", "chartc-axis-title-y"])))
            top += block.height + AxisLayout.titleGap
        }

        // Titles: wrapped to the plot's width, two lines at most.
        let titleStyle = theme.panelTitleStyle
        let titleWidth = plotWidth + min(rightGutter.min() ?? 0, Self.columnGap)
        let titleBlocks = split.map { Self.titleBlock($0.title, width: titleWidth, style: titleStyle) }
        let titleHeight = titleBlocks.map(\.height).max() ?? 0

        var panelNodes: [SceneNode] = []
        var panelWarnings: [Diagnostic] = []
        var placed: [(key: String, plot: Box, title: Box?, scales: PlotScales)] = []
        var definitions: [SceneDefinition] = []
        var rowTop = top
        for row in 0..<rows {
            let plotTop = rowTop + titleHeight + Self.titleGap + margins.top
            var rowShowsX = false
            for column in 0..<columns {
                let index = row * columns + column
                guard index < count else { break }
                let xLabels = showsX(index: index)
                rowShowsX = rowShowsX || xLabels
                var drawn = margins
                drawn.right = panelRight
                var frame = PanelFrame(margins: drawn, insets: insets, showsXLabels: xLabels, showsYLabels: showsY(column: column))
                // A second axis (SPEC §20) prints its labels on the other side's outer panels.
                frame.showsSecondYLabels = !sharesY || column == columns - 1 || index == count - 1
                frame.showsSecondXLabels = !sharesX || index < columns
                let plotBox = Box(x: columnX[column], y: plotTop, width: plotWidth, height: plotHeight)
                let panelRegion = Box(
                    x: plotBox.x - margins.left, y: plotBox.y - margins.top, width: margins.left + plotWidth + panelRight,
                    height: margins.top + plotHeight + margins.bottom)
                let area = try PlotArea(models: models[index], region: panelRegion, panel: frame, yLabelWidth: yLabelWidth)
                for warning in area.warnings where !panelWarnings.contains(where: { $0.id == warning.id }) { panelWarnings.append(warning) }
                for definition in area.definitions where !definitions.contains(where: { $0.id == definition.id }) { definitions.append(definition) }
                var children: [SceneNode] = []
                var titleBox: Box?
                if !split[index].title.isEmpty {
                    let text = TextNode(
                        block: titleBlocks[index], x: plotBox.x, top: rowTop, fill: theme.panelTitleColor, maxWidth: titleWidth,
                        classes: ["chartc-panel-title"])
                    titleBox = text.box
                    children.append(.text(text))
                }
                children.append(area.node)
                panelNodes.append(
                    .group(
                        GroupNode(
                            classes: ["chartc-panel"], data: [DataAttribute("panel", split[index].key)], label: split[index].title, children: children
                        )))
                placed.append((split[index].key, area.plot, titleBox, area.scales))
            }
            let bottomRoom = rowShowsX ? margins.bottom : min(margins.bottom, 6)
            rowTop = plotTop + plotHeight + bottomRoom + Self.rowGap
        }
        var bottom = rowTop - Self.rowGap
        nodes.append(.group(GroupNode(classes: ["chartc-panels"], children: panelNodes)))

        // The x title once, centered under the grid (the first layer's, with a second x axis, SPEC §20).
        let dualX = spec.resolve?.independent(isX: true) != nil
        if let title = axisTitle(\.x, side: dualX ? 0 : nil, isX: true), !title.isEmpty {
            let width = max(40, gridRight - gridLeft)
            let block = TextBlock(
                lines: RichTextWrapper.wrap([TextRun(title, style: theme.axisTitleStyle)], width: width), style: theme.axisTitleStyle)
            nodes.append(
                .text(
                    TextNode(
                        block: block, x: (gridLeft + gridRight) / 2, top: bottom + AxisLayout.titleGap, anchor: .middle,
                        fill: dualX ? titleColor(side: 0, isX: true) : theme.axisTitleColor,
                        maxWidth: width, classes: ["chartc-axis-title", "chartc-axis-title-x"])))
            bottom += AxisLayout.titleGap + block.height
        }
        self.nodes = nodes
        self.definitions = definitions
        self.height = bottom - region.y
        // Wider than the region only when the categories need it (not by a rounding's fraction of a pixel).
        let gridWidth = x - Self.columnGap - region.x
        self.width = gridWidth > region.width + 1 ? gridWidth : region.width
        self.panels = placed
        self.warnings = panelWarnings
    }

    /// The plot width every panel's categories along x need (the most steps any panel spans × `step`, plus the
    /// room kept for labels), nil when x is not a band or point axis.
    static func categoryWidth(step: CategorySteps.Step?, panels: [[PlotModel]], inset: Double) throws(DiagnosticError) -> Double? {
        guard let step else { return nil }
        var spanned: Double?
        for models in panels {
            let probe = try PlotScales(models: models, width: 400, height: 400)
            if let steps = PlotArea.stepsSpanned(probe).x { spanned = max(spanned ?? 0, steps) }
        }
        guard let spanned else { return nil }
        return step.length(steps: spanned, base: 0, inset: inset)
    }

    /// The margins every panel needs (the largest of any panel) when laid out alone in a region `width` wide.
    static func margins(_ panels: [[PlotModel]], width: Double, plotHeight: Double, yLabelWidth: Double? = nil) throws(DiagnosticError) -> Margins {
        var margins = Margins.zero
        for models in panels {
            let probe = Box(x: 0, y: 0, width: width, height: plotHeight + 60)
            let area = try PlotArea(models: models, region: probe, yLabelWidth: yLabelWidth)
            // The region the probe's plot grew to: upright category names may need more than the probe's height.
            margins = margins.union(
                Margins(
                    top: area.plot.minY - probe.minY, right: max(probe.maxX, area.region.maxX) - area.plot.maxX,
                    bottom: max(probe.maxY, area.region.maxY) - area.plot.maxY, left: area.plot.minX - probe.minX))
        }
        return margins
    }

    /// Each panel's plot height: `height` when the spec writes it (SPEC §13: per panel), else about 0.7 of the
    /// panel's width, 120 to 300 px.
    ///
    /// Categories on y (SPEC §19.8) make it at least 20 px a category without an explicit `height`, exactly the
    /// step with `"height": { "step": N }`: every panel names every category. Without either, a step holds the
    /// lines of its longest wrapped name (`labelStep`).
    static func panelHeight(spec: ChartSpec, guessWidth: Double, panels: [[PlotModel]] = [], labelStep: Double? = nil) throws(DiagnosticError)
        -> Double
    {
        let base =
            spec.height.span != nil
            ? min(ChartSpec.maximumSize, max(ChartLayoutEngine.minimumPlotHeight, spec.height.value))
            : min(300, max(120, (guessWidth * 0.7).rounded()))
        guard var step = ChartLayoutEngine.categorySteps(spec, theme: panels.first?.first?.theme ?? .standard).y else { return base }
        // Names on several lines keep a little air between them.
        if !step.exact, step.fitsLabels, let labelStep, labelStep > step.step { step.step = (labelStep + 4).rounded(.up) }
        var spanned: Double?
        for models in panels {
            let probe = try PlotScales(models: models, width: max(40, guessWidth), height: 400)
            if let steps = PlotArea.stepsSpanned(probe).y { spanned = max(spanned ?? 0, steps) }
        }
        return min(ChartSpec.maximumSize, step.length(steps: spanned, base: base, inset: 0))
    }

    /// The labels of the y axis's categories in every panel (each once, in the order first met), when y is a band
    /// or point axis that prints labels; empty otherwise.
    static func yCategoryNames(_ panels: [[PlotModel]]) throws(DiagnosticError) -> [String] {
        var names: [String] = []
        var seen = Set<String>()
        for models in panels {
            guard let model = models.first(where: { $0.y != nil }), let channel = model.y else { continue }
            let probe = try PlotScales(models: models, width: 400, height: 400)
            guard let scale = probe.y, scale.isDiscrete,
                let axis = AxisBuilder.axis(channel: channel, scale: scale, isX: false, model: model, other: model.x, length: 400)
            else { continue }
            for tick in axis.ticks where seen.insert(tick.label).inserted { names.append(tick.label) }
        }
        return names
    }

    /// The width every panel's y category names wrap to (SPEC §19.8): the longest on one line when it fits in a
    /// quarter of the region (a shared axis prints one label column; independent ones, one per panel, get
    /// less), else the narrowest width at which every name fits whole on `AxisLayout.verticalCategoryLines`
    /// lines, up to 45% of the region; a name longer than that is the one shortened with "…". Nil without names.
    static func yLabelWidth(_ names: [String], region: Double, sharesY: Bool, style: TextStyle, lines: Int = AxisLayout.verticalCategoryLines)
        -> Double?
    {
        guard !names.isEmpty else { return nil }
        let widths = names.map { TextMeasurer.width($0, style: style) }
        let oneLine = (widths.max() ?? 0).rounded(.up)
        let share = max(40, region * (sharesY ? 0.25 : 0.2))
        let most = max(40, region * 0.45)
        var wrapped = 0.0
        for (name, width) in zip(names, widths) where width > share {
            wrapped = max(wrapped, narrowestWidth(name, lines: lines, style: style, upper: min(width.rounded(.up), most)))
        }
        return min(oneLine, max(share, wrapped))
    }

    /// How many lines a y category name may wrap onto: `AxisLayout.verticalCategoryLines`, or fewer when a written
    /// panel `height` leaves each category less room than that (the phone page of examples/barley: 17 px a
    /// variety), so that the names take a wider column on fewer lines rather than end in "…".
    static func yLinesAvailable(spec: ChartSpec, names: [String], style: TextStyle) -> Int {
        let most = AxisLayout.verticalCategoryLines
        guard spec.height.span != nil, spec.heightStep == nil, !names.isEmpty else { return most }
        let step = spec.height.value / Double(names.count)
        let lines = Int(exactly: (step / TextMeasurer.lineHeight(style)).rounded(.down)) ?? most
        return max(1, min(most, lines))
    }

    /// The narrowest width (to a pixel) at which `name` wraps whole onto `lines` lines; `upper` when even that
    /// shortens it.
    static func narrowestWidth(_ name: String, lines: Int, style: TextStyle, upper: Double) -> Double {
        func fits(_ width: Double) -> Bool { CategoryLabel(name, width: width, maxLines: lines, style: style).fullText == nil }
        guard fits(upper) else { return upper }
        var low = 1.0
        var high = upper
        while high - low > 1 {
            let middle = ((low + high) / 2).rounded()
            if fits(middle) { high = middle } else { low = middle }
        }
        return high
    }

    /// The title wrapped to `width`, at most `titleLines` lines; a longer one ends in an ellipsis, and a word
    /// wider than the panel is shortened.
    static func titleBlock(_ title: String, width: Double, style: TextStyle) -> TextBlock {
        var lines = RichTextWrapper.wrap([TextRun(title, style: style)], width: width)
        if lines.count > titleLines {
            let rest = lines[(titleLines - 1)...].map(\.text).joined(separator: " ")
            lines = Array(lines.prefix(titleLines - 1)) + [TextBlockLine(runs: [TextRun(rest, style: style)])]
        }
        lines = lines.map { line in
            guard line.width > width else { return line }
            return TextBlockLine(runs: [TextRun(TextMeasurer.truncate(line.text, toWidth: width, style: style), style: style)])
        }
        return TextBlock(lines: lines, style: style)
    }

    /// The values a domain is measured from (`ScaleInterval.extent`, plain and positive-only) reduced to their
    /// extremes: the smallest and largest finite value and the smallest and largest positive one; a list of
    /// values none of which is finite keeps its first, so that it still counts as data.
    static func extremes(_ values: [Double]) -> [Double] {
        guard let all = ScaleInterval.extent(of: values) else { return values.prefix(1).map { $0 } }
        var kept = [all.start, all.end]
        if let positive = ScaleInterval.extent(of: values, positiveOnly: true) { kept += [positive.start, positive.end] }
        return kept
    }

    /// Gives every model the values of every panel for each shared position scale (SPEC §13: shared by default),
    /// every layer's included (SPEC §11: one scale per channel).
    static func shareScales(_ panels: inout [[PlotModel]], facet: FacetSpec, spec: ChartSpec) {
        guard panels.count > 1, let layerCount = panels.first?.count else { return }
        // `resolve` (SPEC §20): an independent channel's two scales are each shared by the panels, apart.
        func side(_ layer: Int, isX: Bool) -> Int {
            spec.resolve?.independent(isX: isX)?.axis(ofLayer: panels[0][layer].spec.writtenLayerIndex) ?? 0
        }
        func shared(isX: Bool, side wanted: Int = 0) -> SharedScaleValues? {
            let onSide = (0..<layerCount).filter { side($0, isX: isX) == wanted }
            let channels = onSide.compactMap { layer in isX ? panels[0][layer].x : panels[0][layer].y }
            guard let lead = channels.first else { return nil }
            if lead.isContinuous {
                var values: [Double] = []
                for model in panels.flatMap({ panel in onSide.map { panel[$0] } }) {
                    guard let own = isX ? model.x : model.y, own.isContinuous else { continue }
                    let rows = model.series.flatMap(\.rows).sorted()
                    values += Self.extremes(PlotScales.domainValues(model: model, channel: own, partner: isX ? model.x2 : model.y2, rows: rows))
                }
                // Every panel's scale reads these: their extremes are the same domain as every value, at a size that
                // does not grow with the rows (with every value, each panel would read every panel's rows).
                return .values(Self.extremes(values))
            }
            var keys: [String] = []
            for layer in onSide {
                guard let channel = isX ? panels[0][layer].x : panels[0][layer].y, !channel.isContinuous else { continue }
                let rows = Array(Set(panels.flatMap { $0[layer].series.flatMap(\.rows) })).sorted()
                var layerKeys = PlotScales.categories(channel, rows: rows, followTable: !spec.sort.isEmpty)
                // Rows come panel by panel, so first appearance is not an order: text categories go in the order a
                // `sort` on the field gives (Unicode code points), unless the spec sorts, sorts the channel or names the
                // domain.
                // An encoding's `sort` (SPEC §20) was computed over every panel's rows: it is the order.
                if spec.sort.isEmpty, channel.column.type == .string, channel.column.naturalOrder == nil, channel.definition.scale?.domain == nil,
                    channel.definition.sortedKeys == nil
                {
                    layerKeys.sort { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
                }
                let known = Set(keys)
                keys += layerKeys.filter { !known.contains($0) }
            }
            let missingWord = (ChartLocale.named(spec.locale.value) ?? .enUS).missingWord
            return .categories(EncodedChannel.missingLast(keys, missingKey: missingWord))
        }
        let x = facet.sharesX ? shared(isX: true) : nil
        let y = facet.sharesY ? shared(isX: false) : nil
        let secondX = facet.sharesX ? shared(isX: true, side: 1) : nil
        let secondY = facet.sharesY ? shared(isX: false, side: 1) : nil
        let xSides = (0..<layerCount).map { side($0, isX: true) }, ySides = (0..<layerCount).map { side($0, isX: false) }
        // One size legend serves every panel, so every panel sizes its dots on one scale (SPEC §20).
        let size = PlotScales.sizeScale(models: Array(panels.joined()))
        for panel in panels.indices {
            for layer in panels[panel].indices {
                panels[panel][layer].panel?.x = xSides[layer] == 1 ? secondX : x
                panels[panel][layer].panel?.y = ySides[layer] == 1 ? secondY : y
                panels[panel][layer].sharedSize = size
            }
        }
    }
}
