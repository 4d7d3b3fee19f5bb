import ChartSpec

/// A one-mark chart, or one layer of a layered chart (SPEC §11), as the checking stage resolved it: each
/// channel's facts (`ResolvedChannel`), the mark's orientation, its stacking and the order a line joins its
/// points in. Made once per `SemanticContext`; the checks, lint's rules and layout read it (the model: Vega-Lite's
/// normalize and init stages before it compiles).
public struct ResolvedView: Sendable, Equatable {
    /// The mark drawing this view.
    public let mark: MarkType
    /// Every channel the encoding sets (`tooltip` aside), fields and constants.
    public internal(set) var channels: [ChannelName: ResolvedChannel]
    /// Which way the measure runs; nil while a position channel's type is unknown.
    public let orientation: Orientation?
    /// How bars and areas stack along the measure (SPEC §7): the measure's `stack`, else `zero` when a
    /// categorical color (or, for areas, `detail`: SPEC §20) splits them and there is no `offset`; `none` for other marks, ranges and a measure that
    /// is not quantitative; nil while unknown.
    public let stack: StackMode?
    /// The channel whose values order a line's points: `order` when a line has it (SPEC §20, a connected scatter
    /// plot), else (SPEC §19.4) the temporal one, else the quantitative one
    /// when the other is discrete, else the orientation's independent axis (x for categories on x). Nil without x
    /// and y, or while a type is unknown.
    public let lineOrder: ChannelName?
    /// Whether a categorical `color` splits the marks into series (a legend); nil: unknown.
    public let colorMakesSeries: Bool?

    public init(
        mark: MarkType, channels: [ChannelName: ResolvedChannel], orientation: Orientation?, stack: StackMode?, lineOrder: ChannelName?,
        colorMakesSeries: Bool?
    ) {
        self.mark = mark
        self.channels = channels
        self.orientation = orientation
        self.stack = stack
        self.lineOrder = lineOrder
        self.colorMakesSeries = colorMakesSeries
    }

    public subscript(_ channel: ChannelName) -> ResolvedChannel? { channels[channel] }

    /// The channel carrying the measure (bars' length, a line's value), when the orientation is known.
    public var measure: ResolvedChannel? {
        orientation.flatMap { $0 == .vertical ? channels[.y] : channels[.x] }
    }
    /// The channel the measure is laid out along (categories, time).
    public var independent: ResolvedChannel? {
        orientation.flatMap { $0 == .vertical ? channels[.x] : channels[.y] }
    }
}
