import ChartDiagnostics

/// One entry of `layers` (SPEC §11): a mark drawn over its own rows on the chart's shared scales. A layer inherits
/// the top-level `encoding` (its own channels replace inherited ones, `null` removes one), draws the top-level
/// pipeline's output unless it aggregates on its own or reads its own `data`, and keeps, last, the rows its
/// `filter` accepts. `ChartSpec.layerChart(_:)` turns it into the one-mark spec the later stages already know.
public struct LayerSpec: Sendable {
    /// The most layers a chart may have (specs/limits.md, `layer-limit`): more marks over one plot cannot be
    /// told apart, and each layer is a plot model of its own.
    public static let limit = 100

    /// Its place in `layers` (0 at the bottom).
    public var index: Int
    /// Its place in the `layers` the user wrote, whose JSON checks read for spans: differs from `index` after a
    /// composite layer before it was expanded into several (SPEC §21); nil for a layer the composite stage made
    /// from a one-mark spec's `mark`.
    public var writtenIndex: Int?
    public var mark: MarkSpec
    /// The channels the layer writes itself.
    public var encoding: Encoding
    /// Inherited channels the layer removes (`"color": null`), with where the `null` is written.
    public var removed: [Located<ChannelName>]
    /// Expressions over the rows the layer draws, applied after everything else.
    public var filter: [ExpressionSource]
    public var calculate: [CalculatedField]
    public var groupBy: [Located<String>]
    public var aggregate: [AggregateField]
    /// The layer has its own `aggregate` key: it aggregates on its own.
    public var hasAggregate: Bool
    /// The layer's own statistics step (SPEC §21): like its own aggregation, it computes its rows from the
    /// top-level data after the top-level `calculate` (then its own) and `filter`.
    public var statistics: StatisticsSpec?
    public var total: [TotalSpec]
    public var complete: Located<Bool>?
    public var sort: [SortKey]
    /// Running figures over the layer's rows (SPEC §14, §19.11); with `hasWindow`, they replace the top-level
    /// `window` for this layer (`{}`: none).
    public var window: [WindowField]
    /// Partitions for the layer's own `window`.
    public var windowBy: [Located<String>]
    /// The layer has its own `window` key.
    public var hasWindow: Bool
    /// Rows of its own: the top-level `calculate` and `filter` do not apply.
    public var data: DataSource?
    public var span: SourceSpan?

    public init(index: Int, mark: MarkSpec, span: SourceSpan? = nil) {
        self.index = index
        self.writtenIndex = index
        self.mark = mark
        self.encoding = Encoding()
        self.removed = []
        self.filter = []
        self.calculate = []
        self.groupBy = []
        self.aggregate = []
        self.hasAggregate = false
        self.total = []
        self.complete = nil
        self.sort = []
        self.window = []
        self.windowBy = []
        self.hasWindow = false
        self.data = nil
        self.span = span
    }

    /// Whether the layer runs a pipeline of its own (own `data` or own aggregation) rather than drawing the
    /// top-level output rows.
    public var hasOwnPipeline: Bool { data != nil || computesOwnRows }

    /// Whether the layer makes its rows from the data itself: its own aggregation or statistics step.
    public var computesOwnRows: Bool { hasAggregate || statistics != nil }

    /// What the layer does to the rows it receives after its pipeline: for a layer over the top-level output, its
    /// own `calculate`, `sort` and `window` (SPEC §19.11: running figures over the rows this layer draws) and then
    /// its `filter`; for a layer with its own pipeline (which runs its window itself), the `filter` alone.
    public var finalSteps: FinalSteps {
        hasOwnPipeline
            ? FinalSteps(filter: filter)
            : FinalSteps(calculate: calculate, filter: filter, sort: sort, window: window, windowBy: windowBy)
    }

    /// Whether the layer does anything to the rows it receives after its pipeline.
    public var hasFinalSteps: Bool {
        let steps = finalSteps
        return !steps.calculate.isEmpty || !steps.filter.isEmpty || !steps.sort.isEmpty || !steps.window.isEmpty
    }

    /// The steps a layer runs over the rows it receives (`finalSteps`), in this order: `calculate`, `sort`,
    /// `window` (partitioned by `windowBy`), and `filter` last.
    public struct FinalSteps: Sendable {
        public var calculate: [CalculatedField] = []
        public var filter: [ExpressionSource] = []
        public var sort: [SortKey] = []
        public var window: [WindowField] = []
        public var windowBy: [Located<String>] = []
    }
}

extension Encoding {
    /// `self` (the top-level channels) with a layer's channels over them: the layer's own replace inherited
    /// ones, and those it removes are gone.
    public func merged(with layer: Encoding, removing removed: [ChannelName]) -> Encoding {
        var result = self
        if let x = layer.x { result.x = x }
        if let y = layer.y { result.y = y }
        if let x2 = layer.x2 { result.x2 = x2 }
        if let y2 = layer.y2 { result.y2 = y2 }
        if let color = layer.color { result.color = color }
        if let offset = layer.offset { result.offset = offset }
        if let size = layer.size { result.size = size }
        if let opacity = layer.opacity { result.opacity = opacity }
        if let text = layer.text { result.text = text }
        if let detail = layer.detail { result.detail = detail }
        if let order = layer.order { result.order = order }
        if let theta = layer.theta { result.theta = theta }
        if let radius = layer.radius { result.radius = radius }
        if let longitude = layer.longitude { result.longitude = longitude }
        if let latitude = layer.latitude { result.latitude = latitude }
        if let longitude2 = layer.longitude2 { result.longitude2 = longitude2 }
        if let latitude2 = layer.latitude2 { result.latitude2 = latitude2 }
        if !layer.tooltip.isEmpty { result.tooltip = layer.tooltip }
        for name in removed {
            switch name {
            case .x: result.x = nil
            case .y: result.y = nil
            case .x2: result.x2 = nil
            case .y2: result.y2 = nil
            case .color: result.color = nil
            case .offset: result.offset = nil
            case .size: result.size = nil
            case .opacity: result.opacity = nil
            case .text: result.text = nil
            case .detail: result.detail = nil
            case .order: result.order = nil
            case .theta: result.theta = nil
            case .radius: result.radius = nil
            case .longitude: result.longitude = nil
            case .latitude: result.latitude = nil
            case .longitude2: result.longitude2 = nil
            case .latitude2: result.latitude2 = nil
            case .tooltip: result.tooltip = []
            }
        }
        if layer.span != nil { result.span = layer.span }
        return result
    }
}

extension ChartSpec {
    /// Whether the spec draws `layers` rather than one `mark`.
    public var isLayered: Bool { !layers.isEmpty }

    /// Layer `index` as a one-mark spec: its mark, the merged encoding, and the pipeline that makes its rows
    /// before its final steps (`LayerSpec.finalSteps`): the top-level one; or, aggregating on its own, the
    /// top-level data, `calculate` (then its own) and `filter` with its own grouping; or, with its own `data`,
    /// its own pipeline alone. A layer aggregating the top-level data on its own inherits the top-level
    /// `window`, `windowBy` and `keep` (they follow `groupBy`/`aggregate` in the pipeline it inherits, SPEC §11,
    /// §19.11) unless it writes its own `window`, which replaces them; a layer with its own `data` runs only its
    /// own `window`. A layer over the top-level output runs its `window` in its final steps. Everything else
    /// (size, legend, locale, text) is the chart's.
    public func layerChart(_ index: Int) -> ChartSpec {
        guard layers.indices.contains(index) else { return self }
        let layer = layers[index]
        var spec = self
        spec.layers = []
        spec.layerIndex = index
        spec.writtenLayerIndex = layer.writtenIndex
        spec.mark = layer.mark
        spec.encoding = encoding.merged(with: layer.encoding, removing: layer.removed.map(\.value))
        if let data = layer.data {
            spec.data = data
            spec.data.parseLocale = self.data.parseLocale
            spec.calculate = layer.calculate
            spec.filter = []
        } else if layer.computesOwnRows {
            spec.calculate = calculate + layer.calculate
        }
        if layer.hasOwnPipeline {
            spec.statistics = layer.statistics
            spec.groupBy = layer.groupBy
            spec.aggregate = layer.aggregate
            spec.hasAggregate = layer.hasAggregate
            spec.total = layer.total
            spec.complete = layer.complete
            spec.sort = layer.sort
            if layer.hasWindow {
                spec.window = layer.window
                spec.windowBy = layer.windowBy
                spec.keep = []
            } else if layer.data != nil {
                spec.window = []
                spec.windowBy = []
                spec.keep = []
            }
        }
        return spec
    }

    /// The layer whose drawn rows a note's `at` reads when it names no `layer` (SPEC §19.13): the first layer
    /// with x and y bound to fields (one that draws rows, not a rule at a constant), else the first; 0 for a
    /// one-mark chart.
    public var anchorLayer: Int {
        layerCharts.firstIndex { $0.encoding.x?.field != nil && $0.encoding.y?.field != nil } ?? 0
    }

    /// Every layer as a one-mark spec (`layerChart(_:)`), or the spec itself when it has one `mark`.
    public var layerCharts: [ChartSpec] {
        isLayered ? layers.indices.map(layerChart) : [self]
    }
}
