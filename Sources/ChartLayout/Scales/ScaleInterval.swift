/// Two ends of a scale's domain or range, kept in the order given. A range may run backwards (`[height, 0]` for a
/// y axis, whose values grow upwards while SVG coordinates grow downwards), so `start`/`end` are not min/max.
public struct ScaleInterval: Sendable, Hashable, CustomStringConvertible {
    public var start: Double
    public var end: Double

    public init(_ start: Double, _ end: Double) {
        self.start = start
        self.end = end
    }

    /// The smaller end.
    public var lower: Double { Swift.min(start, end) }
    /// The larger end.
    public var upper: Double { Swift.max(start, end) }
    /// `end - start`: negative for a reversed interval.
    public var span: Double { end - start }
    public var isReversed: Bool { end < start }
    public var isFinite: Bool { start.isFinite && end.isFinite }
    /// Both ends equal: a scale over it maps everything to the middle of its range.
    public var isDegenerate: Bool { start == end }

    /// The same ends, swapped.
    public var reversed: ScaleInterval { ScaleInterval(end, start) }

    /// The same ends in ascending order.
    public var ascending: ScaleInterval { ScaleInterval(lower, upper) }

    /// Whether `value` lies between the ends (inclusive), whichever way the interval runs.
    public func contains(_ value: Double) -> Bool { value >= lower && value <= upper }

    /// The finite extent (min, max) of some values, or nil when none is finite. With `positiveOnly`, values ≤ 0 are
    /// skipped too (what a log scale can show).
    public static func extent<S: Sequence>(of values: S, positiveOnly: Bool = false) -> ScaleInterval? where S.Element == Double {
        var low = Double.infinity
        var high = -Double.infinity
        for value in values where value.isFinite && (!positiveOnly || value > 0) {
            if value < low { low = value }
            if value > high { high = value }
        }
        return low <= high ? ScaleInterval(low, high) : nil
    }

    public var description: String { "[\(start), \(end)]" }
}
