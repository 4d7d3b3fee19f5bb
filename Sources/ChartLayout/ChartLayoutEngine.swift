import ChartData
import ChartDiagnostics
import ChartSemantics
import ChartSpec

/// Turns a spec and the table its pipeline produced into a `Scene`: the frame text (title, subtitle, notes,
/// sources, byline) is measured first at the full width, then the legend, and the plot with its axes gets the
/// rest (SPEC §8 order, top to bottom). `height` is the height of the plot region — axes included — so the
/// whole graphic is as tall as the text above and below plus `height`.
///
/// It lays out only a `CheckedChart`: the checking stage (ChartSemantics) has said everything that is wrong with
/// the spec, so layout reports only what the rows alone reveal (`ScaleError`).
public enum ChartLayoutEngine {
    /// Checks `spec` against `table` (the pipeline's output) and lays it out: for callers that have not run the
    /// checking stage themselves (tests, tools). Throws the checks' errors.
    public static func layout(spec: ChartSpec, table: Table, theme: ChartTheme = .standard, options: LayoutOptions = LayoutOptions())
        throws(DiagnosticError) -> Scene
    {
        try layout(chart: check(spec, table: table), table: table, theme: theme, options: options)
    }

    /// The same for a spec with `layers` (SPEC §11): `layers` holds each layer's rows (`Pipeline.runLayers`).
    public static func layout(spec: ChartSpec, table: Table, layers: [Table], theme: ChartTheme = .standard, options: LayoutOptions = LayoutOptions())
        throws(DiagnosticError) -> Scene
    {
        try layout(chart: check(spec, table: table, layers: layers), table: table, theme: theme, options: options)
    }

    /// The checking stage's verdict on `spec` drawn from `table`; throws its errors.
    public static func check(_ spec: ChartSpec, table: Table) throws(DiagnosticError) -> CheckedChart {
        try check(spec, table: table, layers: [])
    }

    /// The same for a layered spec (SPEC §11): `layers` holds each layer's rows (`Pipeline.runLayers`), and each
    /// layer is checked against its own.
    public static func check(_ spec: ChartSpec, table: Table, layers: [Table]) throws(DiagnosticError) -> CheckedChart {
        let schema = table.columns.map { (name: $0.name, type: $0.type) }
        var context = SemanticContext(spec: spec, schema: schema, table: table)
        if spec.isLayered {
            guard layers.count == spec.layers.count else {
                throw DiagnosticError([
                    Diagnostic(LayoutDiagnostic.layersWithoutRows(layers: spec.layers.count, tables: layers.count), path: spec.file.path)
                ])
            }
            context = context.withLayers(layers.map { table in (table.columns.map { (name: $0.name, type: $0.type) }, [:], table) })
        }
        let chart = ChartChecker.check(context)
        guard chart.isValid else { throw DiagnosticError(chart.diagnostics.filter { $0.severity == .error }) }
        return chart
    }

    /// The scene of a checked chart drawn from `table`, for `options` (`.interactive` for the HTML page).
    /// `sparklines`: a table's sparkline rows (SPEC §24), per column index (`SparklineRows.load`).
    public static func layout(
        chart: CheckedChart, table: Table, theme: ChartTheme = .standard, options: LayoutOptions = LayoutOptions(), sparklines: [Int: Table] = [:]
    ) throws(DiagnosticError) -> Scene {
        // SPEC §24: a table instead of marks.
        if chart.spec.table != nil { return TableLayout.scene(chart: chart, table: table, sparklines: sparklines, theme: theme) }
        return try measuredLayout(chart: chart, table: table, theme: theme, options: options).scene
    }

    /// The scene and where its plot lies (for small multiples, the panels' grid): what a view of several
    /// (SPEC §20) needs to give its plot the size it asked for and to line plots up. `colorDomain`: the series
    /// of every view sharing the color field, so that they color alike.
    /// `sharedSize`: the size scale of every view sizing by the same field (SPEC §20), so that they size alike.
    static func measuredLayout(
        chart: CheckedChart, table: Table, theme: ChartTheme, options: LayoutOptions, colorDomain: [String]? = nil, sharedSize: SizeScale? = nil
    ) throws(DiagnosticError) -> (scene: Scene, plot: Box) {
        let spec = chart.spec
        var models = try plotModels(chart: chart, table: table, theme: theme, options: options)
        if let colorDomain {
            var shared: [PlotModel] = []
            for model in models {
                guard model.hasCategoricalColor else {
                    shared.append(model)
                    continue
                }
                shared.append(
                    try PlotModel(spec: model.spec, table: model.table, theme: theme, options: options, colorDomain: colorDomain, view: model.view))
            }
            models = shared
        }
        if let sharedSize {
            for index in models.indices where models[index].size != nil { models[index].sharedSize = sharedSize }
        }
        guard let model = models.first else { throw DiagnosticError([]) }
        // Up to the parser's bound (a spec above it never gets here); below 120 × 40 there is no room for a
        // plot, so smaller sizes draw at that (specs/reference.md says so).
        var width = clamp(spec.width.value, Self.minimumWidth, ChartSpec.maximumSize, fallback: theme.defaultWidth)
        let plotHeight = clamp(spec.height.value, Self.minimumPlotHeight, ChartSpec.maximumSize, fallback: theme.defaultHeight)
        let frame = FrameLayout(spec: spec, theme: theme)
        let contentLeft = theme.paddingLeft
        let contentWidth = max(40, width - theme.paddingLeft - theme.paddingRight)

        var children: [SceneNode] = frame.headerNodes()
        var top = frame.headerHeight

        // The legend: above the plot by default, or beside or below it.
        let legendGap = theme.legendGap
        var region = Box(x: contentLeft, y: top, width: contentWidth, height: plotHeight)
        var legendNode: SceneNode?
        var bottomLegend: AnyLegend?
        /// A legend at the right and its top: it moves right when the plot grows wider (SPEC §19.8).
        var rightLegend: (legend: AnyLegend, top: Double)?
        var definitions: [SceneDefinition] = []
        if let position = legendPosition(models: models) {
            let beside = position == .left || position == .right
            let maxWidth = beside ? min(180, contentWidth * 0.3) : contentWidth
            if let legend = makeLegend(models: models, direction: beside ? .column : .rows, maxWidth: maxWidth, maxHeight: plotHeight) {
                definitions.append(contentsOf: legend.definitions)
                switch position {
                case .top, .direct:
                    legendNode = legend.node(x: contentLeft, y: top)
                    top += legend.height + legendGap
                    region.y = top
                case .bottom:
                    bottomLegend = legend
                case .right, .left:
                    let room = legend.width + 20
                    region.width = max(40, contentWidth - room)
                    if position == .left {
                        region.x = contentLeft + room
                        legendNode = legend.node(x: contentLeft, y: top)
                    } else {
                        legendNode = legend.node(x: contentLeft + contentWidth - legend.width, y: top)
                        rightLegend = (legend, top)
                    }
                case .none:
                    break
                }
            }
        }

        // Small multiples (SPEC §13, `Panels/`): a grid of plots in place of the one plot.
        var plotDefinitions: [SceneDefinition]
        var warnings: [Diagnostic] = []
        var plotBox = region
        if let facet = spec.facet {
            let canTurn = NarrowLayout.canTurn(chart)
            let grid = try FacetLayout(
                spec: spec, facet: facet, table: table, layers: models, theme: theme, options: options, region: region, canTurn: canTurn)
            // A fixed width whose panels cannot name every category along x, or names along x shortened with "…":
            // the chart on its side, where each name has the width of a row (SPEC §19.8).
            let shortened = canTurn && !options.narrowPage && spec.widthStep == nil && NarrowLayout.namesAlongXShortened(grid.nodes)
            if grid.wantsTurn || shortened {
                return try measuredLayout(
                    chart: chart.respecified(spec.turned(width: spec.width.value)), table: table, theme: theme, options: options,
                    colorDomain: colorDomain, sharedSize: sharedSize)
            }
            children.append(contentsOf: grid.nodes)
            warnings = grid.warnings
            plotDefinitions = grid.definitions
            region.height = grid.height
            plotBox = region
            // Categories along x may need a wider grid than `width` (SPEC §19.8), the legend beside it moving along.
            let gridRight = region.x + grid.width
            width = max(width, (gridRight + theme.paddingRight).rounded(.up))
            if let (legend, legendTop) = rightLegend, gridRight + 20 > contentLeft + contentWidth - legend.width {
                legendNode = legend.node(x: gridRight + 20, y: legendTop)
                width = max(width, (gridRight + 20 + legend.width + theme.paddingRight).rounded(.up))
            }
        } else {
            // A map in a plot of the default height ends where the map ends (SPEC §22), not in an empty band.
            if spec.height.span == nil, let fitted = MapFrame.fittedHeight(models: models, width: region.width, height: region.height) {
                region.height = max(Self.minimumPlotHeight, fitted.rounded(.up))
            }
            let plotArea = try PlotArea(models: models, region: region, steps: plotSteps(spec, theme: theme))
            warnings = plotArea.warnings
            children.append(plotArea.node)
            plotDefinitions = plotArea.definitions
            region = plotArea.region
            plotBox = plotArea.plot
            // Categories along x may need a wider graphic than `width` (SPEC §19.8), the legend beside it moving along.
            width = max(width, (region.maxX + theme.paddingRight).rounded(.up))
            if let (legend, legendTop) = rightLegend, region.maxX + 20 > contentLeft + contentWidth - legend.width {
                legendNode = legend.node(x: region.maxX + 20, y: legendTop)
                width = max(width, (region.maxX + 20 + legend.width + theme.paddingRight).rounded(.up))
            }
        }
        if let legendNode { children.append(legendNode) }
        var bottom = region.maxY
        if let bottomLegend {
            children.append(bottomLegend.node(x: contentLeft, y: bottom + legendGap))
            bottom += legendGap + bottomLegend.height
        }
        children.append(contentsOf: frame.footerNodes(below: bottom))
        var height = bottom + frame.footerHeight
        // The house logo: in a top corner where the header left room for it (`FrameLayout.topLogo`), else on a
        // row of its own below the footer, in its corner.
        var logo: SceneLogo?
        if let sanitized = theme.logo {
            if let box = frame.topLogo {
                logo = SceneLogo(sanitized, x: box.x, y: box.y, height: box.height)
            } else {
                let gap = theme.footerGap
                let size = FrameLayout.logoSize(sanitized, height: theme.logoHeight, room: contentWidth)
                let x = theme.logoAtRight ? contentLeft + contentWidth - size.width : contentLeft
                logo = SceneLogo(sanitized, x: x, y: height - theme.paddingBottom + gap, height: size.height)
                height += gap + size.height
            }
        }

        var scene = Scene(
            width: width, height: height.rounded(.up),
            title: spec.title?.value,
            description: spec.alt?.value ?? spec.subtitle?.value,
            background: theme.background,
            fontFamily: theme.fontFamily,
            definitions: plotDefinitions + definitions,
            children: children
        )
        scene.logo = logo
        scene.fontFiles = theme.fontFiles
        scene.warnings = warnings
        return (scene, plotBox)
    }

    /// The scenes of an HTML page: the chart at its own width and, when that is much wider than a phone, laid out
    /// again at `narrowWidth` (not scaled down), with a plot no taller than it needs (80% of the spec's height,
    /// at least 240 px), its categories all named as on the wide one (`NarrowLayout`). Both interactive.
    public static func pageLayouts(chart: CheckedChart, table: Table, theme: ChartTheme = .standard, sparklines: [Int: Table] = [:])
        throws(DiagnosticError) -> (wide: Scene, narrow: Scene?)
    {
        let wide = try layout(chart: chart, table: table, theme: theme, options: .interactive, sparklines: sparklines)
        if chart.spec.table != nil { return (wide, nil) }
        return (wide, try NarrowLayout.scene(chart: chart, table: table, theme: theme))
    }

    /// How band and point axes size the plot (SPEC §19.8): `{ "step": N }` gives each category exactly N px;
    /// without an explicit `height` (`width` for x) the plot grows to at least 20 px a category. An explicit size
    /// is kept while it gives each category at least one line of its label (upright, on x); smaller, the plot
    /// grows to that, so every category is still named and no name covers another.
    static func categorySteps(_ spec: ChartSpec, theme: ChartTheme = .standard) -> CategorySteps {
        func step(_ written: Located<Double>?, size: Located<Double>) -> CategorySteps.Step? {
            if let written { return CategorySteps.Step(step: written.value, exact: true) }
            if size.span == nil { return CategorySteps.Step(step: CategorySteps.defaultStep, exact: false) }
            return CategorySteps.Step(step: minimumCategoryStep(theme), exact: false, fitsLabels: false)
        }
        return CategorySteps(x: step(spec.widthStep, size: spec.width), y: step(spec.heightStep, size: spec.height))
    }

    /// The steps a single plot sizes itself by: `categorySteps`, except that a `width` written is the width drawn
    /// (SPEC §19.8): its categories along x share it, their names upright, and smaller when a step is below a
    /// line of text.
    static func plotSteps(_ spec: ChartSpec, theme: ChartTheme = .standard) -> CategorySteps {
        var steps = categorySteps(spec, theme: theme)
        if spec.width.span != nil, spec.widthStep == nil { steps.x = nil }
        return steps
    }

    /// The fewest px a category of a band or point axis takes: one line of the theme's axis labels.
    static func minimumCategoryStep(_ theme: ChartTheme) -> Double {
        let style = theme.axisLabelStyle
        let probe = TextBlock(lines: [TextBlockLine(runs: [TextRun("X", style: style)])], style: style)
        return max(probe.lineHeight, probe.ascent + probe.descent).rounded(.up)
    }

    /// The width of the layout for narrow screens: a 320 px phone shows it at its own size.
    public static let narrowWidth = 320.0

    /// The plot's models: one for a one-mark chart; for a layered one (SPEC §11) one per layer, drawn from the
    /// layer's own rows, all coloring the series of every layer alike.
    static func plotModels(chart: CheckedChart, table: Table, theme: ChartTheme, options: LayoutOptions) throws(DiagnosticError) -> [PlotModel] {
        guard chart.spec.isLayered else {
            return [try PlotModel(spec: chart.spec, table: table, theme: theme, options: options, view: chart.context.resolved)]
        }
        var models: [PlotModel] = []
        for layer in chart.context.layers {
            guard let rows = layer.table else {
                throw DiagnosticError([
                    Diagnostic(LayoutDiagnostic.layersWithoutRows(layers: chart.spec.layers.count, tables: models.count), path: chart.spec.file.path)
                ])
            }
            models.append(try PlotModel(spec: layer.spec, table: rows, theme: theme, options: options, view: layer.resolved))
        }
        // Every series of every layer, in layer order, for one color scale across layers; or, for a color by
        // number, the values of every layer, for one ramp.
        var names: [String] = []
        var extent: ScaleInterval?
        var ramps = 0
        for model in models {
            if model.hasCategoricalColor {
                for name in model.allSeriesNames where !names.contains(name) { names.append(name) }
            }
            if case .continuous(let scale, _) = model.colorEncoding {
                ramps += 1
                extent = extent.map { ScaleInterval(min($0.lower, scale.domain.lower), max($0.upper, scale.domain.upper)) } ?? scale.domain
            }
        }
        // Stepped colors (SPEC §22) in several layers: one set of steps over every layer's values.
        var steppedValues: [Double] = []
        var stepped = 0
        for model in models {
            guard case .stepped(_, let channel) = model.colorEncoding else { continue }
            stepped += 1
            steppedValues += (0..<model.table.rowCount).compactMap { channel.number($0) }
        }
        guard !names.isEmpty || ramps > 1 || stepped > 1 else { return models }
        var shared: [PlotModel] = []
        for model in models {
            if model.hasCategoricalColor {
                shared.append(
                    try PlotModel(spec: model.spec, table: model.table, theme: theme, options: options, colorDomain: names, view: model.view))
            } else if stepped > 1, case .stepped = model.colorEncoding {
                shared.append(
                    try PlotModel(spec: model.spec, table: model.table, theme: theme, options: options, colorValues: steppedValues, view: model.view))
            } else if ramps > 1, case .continuous = model.colorEncoding {
                shared.append(
                    try PlotModel(spec: model.spec, table: model.table, theme: theme, options: options, colorExtent: extent, view: model.view))
            } else {
                shared.append(model)
            }
        }
        return shared
    }

    /// Where the legends go: the color legend's place, or for a chart with only a size legend (SPEC §20) the
    /// top-level `legend.position` (above the plot by default; `"direct"` names no sizes, so above too).
    static func legendPosition(models: [PlotModel]) -> LegendPosition? {
        if let position = colorLegendPosition(models: models) { return position }
        guard sizeLegendChannel(models) != nil else { return nil }
        switch models.first?.spec.legend.position?.value ?? .top {
        case .none: return nil
        case .direct: return .top
        case let position: return position
        }
    }

    /// The legends: the color legend and the size legend (SPEC §20) beside it, or either alone.
    static func makeLegend(models: [PlotModel], direction: Legend.Direction, maxWidth: Double, maxHeight: Double = 400) -> AnyLegend? {
        let color =
            colorLegendPosition(models: models) == nil
            ? nil : makeColorLegend(models: models, direction: direction, maxWidth: maxWidth, maxHeight: maxHeight)
        guard let size = makeSizeLegend(models: models, direction: direction, maxWidth: maxWidth) else { return color }
        guard let color else { return .size(size) }
        return AnyLegend.pair(color, .size(size), direction: direction, maxWidth: maxWidth)
    }

    /// The first layer's `size` channel on a number, with its model: the channel a size legend shows. Nil when
    /// no layer has one, or its `legend` is `null`/`false`.
    static func sizeLegendChannel(_ models: [PlotModel]) -> (model: PlotModel, channel: EncodedChannel)? {
        for model in models {
            guard let channel = model.size, channel.isContinuous else { continue }
            return channel.definition.legend?.visible == false ? nil : (model, channel)
        }
        return nil
    }

    /// The size legend (SPEC §20): 3–5 round values inside the drawn values' range (or `size.legend.values`), on
    /// the scale the marks use, titled with `size.legend.title`, else `size.title`, else the field's name.
    static func makeSizeLegend(models: [PlotModel], direction: Legend.Direction, maxWidth: Double) -> SizeLegend? {
        guard let (model, channel) = sizeLegendChannel(models), let scale = PlotScales.sizeScale(models: models) else { return nil }
        var drawn: [Double] = []
        for other in models {
            guard let own = other.size, own.isContinuous else { continue }
            drawn += other.series.flatMap(\.rows).compactMap { own.number($0) }.filter { $0 >= 0 && $0.isFinite }
        }
        var values: [Double]
        if let written = channel.definition.legend?.values {
            values = written.value.compactMap(\.numberValue).filter { $0 >= 0 && $0.isFinite }
        } else {
            guard let low = drawn.min(), let high = drawn.max() else { return nil }
            values = SizeScale.legendValues(ScaleInterval(low, high))
        }
        values = Array(Set(values)).sorted()
        guard !values.isEmpty else { return nil }
        let labels = TickLabels.forChannel(channel, locale: model.locale).labels(values)
        let title: String? =
            switch channel.definition.legend?.title ?? .automatic {
            case .text(let text): text.value
            case .hidden: nil
            case .automatic: channel.title
            }
        let lines = models.contains { $0.size?.isContinuous == true && $0.markType == .line }
        let color: String
        if case .single(let single) = model.colorEncoding { color = single.hex } else { color = Self.sizeLegendGrey }
        return SizeLegend(
            scale: scale, values: values, labels: labels, title: title, symbol: lines ? .line : .circle, color: color, direction: direction,
            maxWidth: maxWidth, theme: model.theme)
    }

    /// The size legend's symbols when the marks take their colors from a color channel: a neutral grey.
    static let sizeLegendGrey = "#8c8c8c"

    /// Where the color legend of a layered chart goes: the first layer with a legend decides.
    static func colorLegendPosition(models: [PlotModel]) -> LegendPosition? {
        guard models.count > 1 else { return models.first.flatMap { legendPosition(model: $0) } }
        // A layer naming its series at their ends stands for the legend of every layer.
        if models.contains(where: DirectLabels.applies) { return nil }
        return models.lazy.compactMap { legendPosition(model: $0) }.first
    }

    /// The legend of a layered chart: each series once, in the order of the color scale every layer shares,
    /// with a symbol that stands for every layer drawing it (a line and points: a line with a dot).
    static func makeColorLegend(models: [PlotModel], direction: Legend.Direction, maxWidth: Double, maxHeight: Double = 400) -> AnyLegend? {
        guard models.count > 1 else {
            return models.first.flatMap { makeLegend(model: $0, direction: direction, maxWidth: maxWidth, maxHeight: maxHeight) }
        }
        let colored = models.filter { if case .categorical = $0.colorEncoding { true } else { false } }
        guard let lead = colored.first else {
            return models.lazy.compactMap { makeLegend(model: $0, direction: direction, maxWidth: maxWidth, maxHeight: maxHeight) }.first
        }
        var entries: [LegendEntry] = []
        for model in colored {
            for series in model.series where !entries.contains(where: { $0.series == series.name }) {
                entries.append(LegendEntry(series: series.name, color: series.color, startsHidden: series.startsHidden))
            }
        }
        if case .categorical(let scale) = lead.colorEncoding {
            let order = scale.domain
            entries.sort { (order.firstIndex(of: $0.series) ?? order.count) < (order.firstIndex(of: $1.series) ?? order.count) }
        }
        guard !entries.isEmpty else { return nil }
        let symbols = colored.filter { !$0.markKind.isText }.map { model in
            LegendSymbol(model.markType.traits.legendSymbol(points: model.mark.points))
        }
        let title: String?
        switch lead.spec.legend.title {
        case .text(let text): title = text.value
        case .hidden: title = nil
        case .automatic:
            let written = colored.lazy.compactMap { model -> String? in
                if case .text(let text) = model.color?.definition.title { return text.value }
                return nil
            }.first
            title = written
        }
        return .categorical(
            Legend(entries: entries, title: title, symbol: LegendSymbol.merged(symbols), direction: direction, maxWidth: maxWidth, theme: lead.theme))
    }

    /// Where the legend goes, or nil when there is none: a categorical color gets swatches and a continuous
    /// color a ramp (SPEC §2); `legend: false` or `"none"` turns it off. `"direct"` names lines and areas at
    /// their ends instead (`DirectLabels`); other marks have no ends to name, so they get a legend on top.
    static func legendPosition(model: PlotModel) -> LegendPosition? {
        switch model.colorEncoding {
        case .categorical, .continuous, .stepped: break
        case .single, .along: return nil
        }
        let position = model.spec.legend.position?.value ?? .top
        switch position {
        case .none: return nil
        case .direct: return DirectLabels.applies(to: model) ? nil : .top
        default: return position
        }
    }

    static func makeLegend(model: PlotModel, direction: Legend.Direction, maxWidth: Double, maxHeight: Double = 400) -> AnyLegend? {
        switch model.colorEncoding {
        case .categorical:
            let entries = model.series.map { LegendEntry(series: $0.name, color: $0.color, startsHidden: $0.startsHidden) }
            guard !entries.isEmpty else { return nil }
            let title: String?
            switch model.spec.legend.title {
            case .text(let text): title = text.value
            case .hidden: title = nil
            case .automatic:
                // A field name like "party" above a newsroom legend reads as a leftover; show a title only
                // when the spec wrote one for the color channel.
                if case .text(let text) = model.color?.definition.title { title = text.value } else { title = nil }
            }
            return .categorical(
                Legend(
                    entries: entries, title: title, symbol: LegendSymbol(model.markType.traits.legendSymbol), direction: direction,
                    maxWidth: maxWidth, theme: model.theme)
            )
        case .continuous(let scale, let channel):
            // A ramp needs its title: without it a shade means nothing.
            let title: String? =
                switch model.spec.legend.title {
                case .text(let text): text.value
                case .hidden: nil
                case .automatic: channel.title
                }
            let labels = TickLabels.forChannel(channel, locale: model.locale)
            // Beside the plot the ramp stands upright, low values at the bottom.
            let orientation: ColorRampLegend.Orientation = direction == .column ? .vertical(length: min(200, max(60, maxHeight * 0.6))) : .horizontal
            return .ramp(
                ColorRampLegend(scale: scale, title: title, labels: labels, maxWidth: maxWidth, orientation: orientation, theme: model.theme))
        case .stepped(let scale, let channel):
            let title: String? =
                switch model.spec.legend.title {
                case .text(let text): text.value
                case .hidden: nil
                case .automatic: channel.title
                }
            return .stepped(
                SteppedLegend(
                    scale: scale, title: title, labels: TickLabels.forChannel(channel, locale: model.locale), maxWidth: maxWidth,
                    vertical: direction == .column, theme: model.theme,
                    missing: hasMarksWithoutColor(model, scale: scale, channel: channel) ? model.locale.noDataLabel : nil))
        case .single, .along:
            return nil
        }
    }

    /// Whether some drawn mark of a stepped color has no step (no value, or none the scale colors): it is drawn
    /// in the theme's missing color, which the legend then names ("No data"). A map's row without a shape draws
    /// nothing, so it does not count.
    static func hasMarksWithoutColor(_ model: PlotModel, scale: SteppedColorScale, channel: EncodedChannel) -> Bool {
        model.series.contains { series in
            series.rows.contains { row in
                guard channel.number(row).flatMap({ scale.color(for: $0) }) == nil else { return false }
                return model.markType != .geoshape || MapFrame.geometryIndex(model, row) != nil
            }
        }
    }

    /// The narrowest graphic and the lowest plot layout draws; a spec's smaller `width`/`height` draws at these.
    public static let minimumWidth = 120.0
    public static let minimumPlotHeight = 40.0

    private static func clamp(_ value: Double, _ low: Double, _ high: Double, fallback: Double) -> Double {
        guard value.isFinite else { return fallback }
        return min(high, max(low, value))
    }
}

/// Either kind of legend, measured, ready to place; or a color legend with the size legend beside it (SPEC §20).
indirect enum AnyLegend {
    case categorical(Legend)
    case ramp(ColorRampLegend)
    case stepped(SteppedLegend)
    case size(SizeLegend)
    /// Two legends: side by side when they fit in one row of `maxWidth` (legends above or below the plot),
    /// else the second under the first.
    case pair(AnyLegend, AnyLegend, besides: Bool)

    /// Space between two legends side by side, or one under the other.
    static let pairGap = (across: 28.0, down: 12.0)

    static func pair(_ first: AnyLegend, _ second: AnyLegend, direction: Legend.Direction, maxWidth: Double) -> AnyLegend {
        let besides = direction == .rows && first.width + pairGap.across + second.width <= maxWidth
        return .pair(first, second, besides: besides)
    }

    var width: Double {
        switch self {
        case .categorical(let legend): legend.width
        case .ramp(let legend): legend.width
        case .stepped(let legend): legend.width
        case .size(let legend): legend.width
        case .pair(let first, let second, let besides):
            besides ? first.width + Self.pairGap.across + second.width : max(first.width, second.width)
        }
    }

    var height: Double {
        switch self {
        case .categorical(let legend): legend.height
        case .ramp(let legend): legend.height
        case .stepped(let legend): legend.height
        case .size(let legend): legend.height
        case .pair(let first, let second, let besides):
            besides ? max(first.height, second.height) : first.height + Self.pairGap.down + second.height
        }
    }

    var definitions: [SceneDefinition] {
        switch self {
        case .ramp(let legend): [.linearGradient(legend.gradient)]
        case .pair(let first, let second, _): first.definitions + second.definitions
        case .categorical, .size, .stepped: []
        }
    }

    func node(x: Double, y: Double) -> SceneNode {
        switch self {
        case .categorical(let legend): legend.node(x: x, y: y)
        case .ramp(let legend): legend.node(x: x, y: y)
        case .stepped(let legend): legend.node(x: x, y: y)
        case .size(let legend): legend.node(x: x, y: y)
        case .pair(let first, let second, let besides):
            .group(
                GroupNode(
                    classes: ["chartc-legends"],
                    children: [
                        first.node(x: x, y: y),
                        besides
                            ? second.node(x: x + first.width + Self.pairGap.across, y: y) : second.node(x: x, y: y + first.height + Self.pairGap.down)
                    ]))
        }
    }
}
