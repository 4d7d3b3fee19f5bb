import ChartSpec

/// How one mark type draws, in that mark's own file (Observable Plot's one mark a file, Vega-Lite's per-mark
/// compiler record): how it draws a series, how it wants a category axis, where its value labels go and what they
/// must keep clear of. What the mark accepts and is (its channels, options, legend symbol, stacking, growth from
/// zero) is its entry in the table of marks, `MarkTraits` in ChartSpec, which the checks read too.
/// The rest of the layout asks the chart's mark (`PlotModel.markKind`) instead of switching on its type, so a new
/// mark, or several marks in one chart, touches its own file and `MarkTable`.
///
/// Defaults (in the extension below) fit a mark that takes no value labels and sits on bands.
protocol Mark {
    /// The spec's name for it (`type.traits` is its entry in the table of marks).
    static var type: MarkType { get }

    /// The scene nodes of one series.
    static func render(_ series: Series, context: MarkContext) -> [SceneNode]

    /// The band scale's inner padding, as a share of a step (`grouped`: an `offset` channel splits the bands).
    static func bandPadding(grouped: Bool) -> Double

    /// On a continuous axis across the marks, keep half a mark's width of room at each end (bars on a time axis).
    static var needsRoomAcrossContinuousAxis: Bool { get }

    /// Where `mark.labels` go when the spec does not say; nil when this mark takes no value labels.
    static func defaultLabelPosition(stacked: Bool, vertical: Bool) -> LabelPosition?

    /// Value labels print the color channel's value (a heat map's cells) rather than the measure.
    static var labelsShowColor: Bool { get }

    /// Value labels may turn upright on columns too narrow for them (vertical bars).
    static func labelsMayTurnUpright(_ model: PlotModel) -> Bool

    /// The places a row's value label may go, best first.
    static func valueLabelOptions(_ row: Int, block: TextBlock, series: Series, content: ValueLabelContent, context: MarkContext) -> [LabelOption]

    /// How far value labels reach outside the plot at each edge (`size`: the largest label).
    static func valueLabelInsets(_ content: ValueLabelContent, model: PlotModel, size: (width: Double, height: Double)) -> Margins

    /// The mark's shapes that value labels must keep clear of.
    static func addLabelObstacles(to placer: inout LabelPlacer, context: MarkContext)

    /// Series are named at their ends with `legend.position: "direct"` (lines, areas).
    static var canNameSeriesAtEnds: Bool { get }

    /// The mark is text from the data, kept only where it does not print over text placed before it.
    static var isText: Bool { get }

    /// The radius value labels keep from a row's position, when the mark draws no sized dot of its own.
    static func labelRadius(_ row: Int, context: MarkContext) -> Double?

    /// Places this mark's labels itself, all rows at once (an arc's labels stack beside the pie), into each
    /// series' `labels`; false: the value labels of `valueLabelOptions` go one row at a time.
    static func placeOwnLabels(context: MarkContext, placer: inout LabelPlacer, labels: inout [[SceneNode]]) -> Bool
}

extension Mark {
    static func bandPadding(grouped: Bool) -> Double { 0.2 }
    static var needsRoomAcrossContinuousAxis: Bool { false }
    static func defaultLabelPosition(stacked: Bool, vertical: Bool) -> LabelPosition? { nil }
    static var labelsShowColor: Bool { false }
    static func labelsMayTurnUpright(_ model: PlotModel) -> Bool { false }
    static func valueLabelOptions(_ row: Int, block: TextBlock, series: Series, content: ValueLabelContent, context: MarkContext) -> [LabelOption] {
        []
    }
    static func valueLabelInsets(_ content: ValueLabelContent, model: PlotModel, size: (width: Double, height: Double)) -> Margins { .zero }
    static func addLabelObstacles(to placer: inout LabelPlacer, context: MarkContext) {}
    static var canNameSeriesAtEnds: Bool { false }
    static var isText: Bool { false }
    static func labelRadius(_ row: Int, context: MarkContext) -> Double? { nil }
    static func placeOwnLabels(context: MarkContext, placer: inout LabelPlacer, labels: inout [[SceneNode]]) -> Bool { false }
}

/// The mark table: one entry per `MarkType`. The only switch on mark types in the layout.
enum MarkTable {
    static func mark(for type: MarkType) -> any Mark.Type {
        switch type {
        case .line: LineMark.self
        case .bar: BarMark.self
        case .point: PointMark.self
        case .area: AreaMark.self
        case .rule: RuleMark.self
        case .rect: RectMark.self
        case .text: TextMark.self
        case .tick: TickMark.self
        // Composite marks never reach layout: the composite stage (ChartSpec/Composite) expanded them into the
        // rule and tick layers that draw them. A spec that failed to expand is an error before layout.
        case .errorbar: RuleMark.self
        case .arc: ArcMark.self
        case .boxplot: BarMark.self
        case .errorband: AreaMark.self
        case .geoshape: GeoShapeMark.self
        }
    }
}
