import ChartDiagnostics

/// The mark types of SPEC §6.
public enum MarkType: String, Sendable, CaseIterable {
    case line, bar, point, area, rule, rect, text, tick
    /// A composite mark (SPEC §21): the composite stage (`ChartSpec.expandingCompositeMarks`) turns it into
    /// rule and tick layers, and its `extent` into pipeline steps, before anything else sees it.
    case errorbar
    /// Pies, donuts and radial charts (SPEC §21): a slice per row, its angle the row's share of `theta`.
    case arc
    /// A composite mark (SPEC §21): a box from Q1 to Q3, a median line, whiskers with caps and the values beyond
    /// them as points, expanded by the composite stage (`BoxPlotMark`).
    case boxplot
    /// A composite mark (SPEC §21): a band from low to high along the other position channel, per color group,
    /// expanded by the composite stage (`ErrorBandMark`) into an area layer.
    case errorband
    /// A map's shapes (SPEC §22): each row's `geometry` drawn through the chart's `projection`, filled by `color`.
    case geoshape
    // Each mark's channels, options and traits: `MarkTraits` (the table of marks).
}

/// Curve interpolation for lines and areas.
public enum Interpolation: String, Sendable, CaseIterable {
    case linear
    case monotone
    case catmullRom = "catmull-rom"
    case step
    case stepBefore = "step-before"
    case stepAfter = "step-after"
}

/// `mark.extent` of an `errorbar` (SPEC §21): the statistic of each group's rows it draws, from lower to upper.
public enum ErrorExtent: String, Sendable, CaseIterable {
    /// The 95% t-interval of the mean: mean ± t(0.975, n − 1) · s / √n.
    case ci
    /// The mean ± the standard error s / √n.
    case stderr
    /// The mean ± the sample standard deviation s.
    case stdev
    /// From the first to the third quartile (type-7), around the median.
    case iqr
}

/// `mark.extent` of a `boxplot` (SPEC §21): where its whiskers end.
public enum BoxWhiskers: Sendable, Equatable {
    /// At the least and greatest values: no value is drawn beyond them.
    case minMax
    /// At the last values within k interquartile ranges of the box (Tukey: 1.5); the values beyond are points.
    case interquartile(Double)

    /// Tukey's whiskers, the default.
    public static let tukey = BoxWhiskers.interquartile(1.5)
}

/// The one word `mark.extent` of a `boxplot` may be (a number is the other form).
public enum BoxWhiskerName: String, Sendable, CaseIterable {
    case minMax = "min-max"
}

/// Where value labels sit on their mark.
public enum LabelPosition: String, Sendable, CaseIterable {
    case top, inside, end
}

/// `mark.labels`: print each value on its mark.
public struct LabelOptions: Sendable {
    /// Nil: the mark decides (above bars, inside cells, at the end of horizontal bars).
    public var position: Located<LabelPosition>?
    /// Rotation in degrees (−90 reads bottom to top).
    public var angle: Located<Double>?
    public var format: FormatSpec?
    public var skipZero: Bool
    /// An arc's label template (SPEC §21): `{color}`, `{theta}`, `{percent}` or any `{field}`; nil: the mark's default.
    public var text: Located<String>?
    /// `text` with the map from its bytes to the file, so a check points inside the string at a placeholder.
    public var textSource: ExpressionSource?
    public var span: SourceSpan?

    public init(
        position: Located<LabelPosition>? = nil, angle: Located<Double>? = nil, format: FormatSpec? = nil, skipZero: Bool = false,
        span: SourceSpan? = nil
    ) {
        self.position = position
        self.angle = angle
        self.format = format
        self.skipZero = skipZero
        self.span = span
    }
}

/// `mark` as a string or an object (SPEC §6).
public struct MarkSpec: Sendable {
    public var type: Located<MarkType>
    public var interpolate: Located<Interpolation>?
    /// Also draw a dot at each value of a line.
    public var points: Bool
    public var labels: LabelOptions?
    /// One color for every mark when `encoding.color` is absent.
    public var color: Located<String>?
    public var opacity: Located<Double>?
    public var strokeWidth: Located<Double>?
    public var cornerRadius: Located<Double>?
    /// Bar or tick thickness in px.
    public var width: Located<Double>?
    /// An `errorbar`'s statistic (SPEC §21); nil: the range is `y`…`y2` (or `x`…`x2`) as written.
    public var extent: Located<ErrorExtent>?
    /// An arc's hole (SPEC §21): px, or a fraction below 1 of the outer radius (a donut).
    public var innerRadius: Located<Double>?
    /// The gap between an arc's slices, in degrees.
    public var padAngle: Located<Double>?
    /// A `boxplot`'s `extent` (SPEC §21); nil: Tukey's 1.5 × IQR.
    public var whiskers: Located<BoxWhiskers>?
    /// The composite mark this simple mark was expanded from (SPEC §21), so checks hold the user's channels and
    /// options to the composite's entry in the table of marks and name it; nil for a mark as written.
    public var composite: MarkType?
    public var span: SourceSpan?

    public init(type: Located<MarkType>, span: SourceSpan? = nil) {
        self.type = type
        self.interpolate = nil
        self.points = false
        self.labels = nil
        self.color = nil
        self.opacity = nil
        self.strokeWidth = nil
        self.cornerRadius = nil
        self.width = nil
        self.extent = nil
        self.innerRadius = nil
        self.padAngle = nil
        self.whiskers = nil
        self.composite = nil
        self.span = span
    }
}
