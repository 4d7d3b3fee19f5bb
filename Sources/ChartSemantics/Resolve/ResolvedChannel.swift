import ChartData
import ChartSpec
import ChartValues

/// One channel of a view as the checking stage resolved it (SPEC §7, §19): the measurement type it is drawn
/// with, its kind of scale, whether it shows time or years, a `bin` field's step, what the data at hand holds
/// (`values`), and which marks draw it. Checks, lint rules and layout read these facts; none of them decides them
/// again. A property is nil when it cannot be known yet (lint without the data and no declared type).
public struct ResolvedChannel: Sendable, Equatable {
    public let channel: ChannelName
    /// The field it shows; nil for a constant (`{ "value": … }`).
    public let field: String?
    /// The field's type in the rows the marks are drawn from, when known.
    public let fieldType: DataType?
    /// The measurement type the channel is drawn with: `type` when written, else the field's (number →
    /// quantitative, date → temporal, text and true/false → nominal). A number asked onto a discrete scale
    /// (`scale.type`: `band`, `point`, `ordinal`) is ordinal; a date declared quantitative is temporal; text
    /// declared quantitative or temporal is nominal (and `encoding-type-mismatch`).
    public let type: MeasureType?
    /// The scale's kind: `scale.type` when written, else, for a continuous channel, `time` for dates and
    /// `linear` for numbers (year numbers too: see `holdsYears`). Nil for a discrete channel without one: its
    /// marks place its categories on bands or at points.
    public let scaleType: ScaleType?
    /// Numbers on a temporal channel: they are years (SPEC §7).
    public let holdsYears: Bool
    /// The interval width of a `bin` field on a quantitative channel (SPEC §13); nil otherwise.
    public let binStep: Double?
    /// The field's values in the rows at hand; nil without rows or for a channel without a numeric field.
    public let values: ValueSummary?
    /// The marks that draw it: the view's mark, or every layer's that has the channel (SPEC §11).
    public internal(set) var drawnBy: [MarkType]
    /// For a discrete x or y with a field: whether its categories sit on bands or at points, decided over every
    /// layer sharing the scale (SPEC §7, §11); nil otherwise.
    public internal(set) var placement: CategoryPlacement? = nil

    public init(
        channel: ChannelName, field: String?, fieldType: DataType?, type: MeasureType?, scaleType: ScaleType?, holdsYears: Bool, binStep: Double?,
        values: ValueSummary?, drawnBy: [MarkType]
    ) {
        self.channel = channel
        self.field = field
        self.fieldType = fieldType
        self.type = type
        self.scaleType = scaleType
        self.holdsYears = holdsYears
        self.binStep = binStep
        self.values = values
        self.drawnBy = drawnBy
    }

    /// Categories (a band, point or ordinal scale) rather than numbers or dates; nil: unknown.
    public var isDiscrete: Bool? { type.map(\.isDiscrete) }
    /// Numbers or dates on a continuous scale; nil: unknown.
    public var isContinuous: Bool? { type.map { !$0.isDiscrete } }
    /// Time: temporal (dates, or years); nil: unknown.
    public var isTemporal: Bool? { type.map { $0 == .temporal } }
    /// Quantitative; nil: unknown.
    public var isQuantitative: Bool? { type.map { $0 == .quantitative } }
}

/// What a numeric (or date, as milliseconds) field holds in the rows at hand: enough for the checks that need
/// the data (a log scale over values ≤ 0) without keeping the rows.
public struct ValueSummary: Sendable, Equatable {
    /// Non-null finite values.
    public var count: Int
    /// Of them, those ≤ 0 (what a log scale cannot show).
    public var nonPositive: Int
    /// The smallest and largest value; nil when `count` is 0.
    public var lower: Double?
    public var upper: Double?

    public init(count: Int = 0, nonPositive: Int = 0, lower: Double? = nil, upper: Double? = nil) {
        self.count = count
        self.nonPositive = nonPositive
        self.lower = lower
        self.upper = upper
    }

    /// The values of a column's rows (dates as milliseconds since the epoch); nil for text and true/false.
    public init?(_ column: Column, rows: Range<Int>? = nil) {
        self.init()
        let rows = rows ?? 0..<column.count
        switch column.storage {
        case .number(let values):
            for row in rows where column.valid[row] { add(values[row]) }
        case .date(let values):
            for row in rows where column.valid[row] { add(Double(values[row])) }
        case .string, .boolean:
            return nil
        }
    }

    /// Counts one value (skipped when not finite).
    public mutating func add(_ value: Double) {
        guard value.isFinite else { return }
        count += 1
        if value <= 0 { nonPositive += 1 }
        lower = Swift.min(lower ?? value, value)
        upper = Swift.max(upper ?? value, value)
    }

    /// The values of both summaries.
    public func merged(with other: ValueSummary) -> ValueSummary {
        var merged = self
        merged.count += other.count
        merged.nonPositive += other.nonPositive
        if let lower = other.lower { merged.lower = Swift.min(merged.lower ?? lower, lower) }
        if let upper = other.upper { merged.upper = Swift.max(merged.upper ?? upper, upper) }
        return merged
    }

    /// Values above zero (what a log scale can show).
    public var positive: Int { count - nonPositive }
}
