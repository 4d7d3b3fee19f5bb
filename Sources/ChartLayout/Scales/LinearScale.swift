/// The everyday quantitative scale: y = a·x + b from the domain onto the pixel range. Also the scale for year
/// numbers on a temporal channel (`integerTicks`): a year is a plain number on a straight axis, and its ticks must
/// be whole years on round steps (1950, 1960, … never 1955.5).
public struct LinearScale: ContinuousScale, Hashable {
    public var domain: ScaleInterval
    public var range: ScaleInterval
    public var clamp: Bool
    /// Ticks and nice bounds never use a step below 1 (year numbers, counts of things).
    public var integerTicks: Bool
    /// The step of a niced domain's ticks (`LinearTicks.niceStep`): set by the plot when it niced the domain, so
    /// the ticks land on both ends; nil: chosen from the domain and the count.
    public var niceStep: TickStep?

    /// - Parameter reverse: swap the range ends (the spec's `scale.reverse`).
    public init(domain: ScaleInterval, range: ScaleInterval, clamp: Bool = false, reverse: Bool = false, integerTicks: Bool = false) {
        self.domain = domain
        self.range = reverse ? range.reversed : range
        self.clamp = clamp
        self.integerTicks = integerTicks
    }

    /// A scale for year numbers (a numeric field on a temporal channel): linear, with whole-year ticks.
    public static func years(domain: ScaleInterval, range: ScaleInterval, clamp: Bool = false, reverse: Bool = false) -> LinearScale {
        LinearScale(domain: domain, range: range, clamp: clamp, reverse: reverse, integerTicks: true)
    }

    public func transform(_ value: Double) -> Double? { value }
    public func untransform(_ value: Double) -> Double { value }

    public func ticks(count: Int) -> [Double] {
        if let niceStep {
            let values = niceStep.multiples(from: domain.lower, through: domain.upper)
            if !values.isEmpty { return values }
        }
        return LinearTicks.ticks(domain, count: count, integer: integerTicks)
    }

    /// The step between the ticks of `ticks(count:)`, for choosing a label precision.
    public func tickStep(count: Int = 10) -> TickStep? {
        niceStep ?? LinearTicks.step(domain, count: count, integer: integerTicks)
    }

    /// This scale with its domain extended to round tick values.
    public func niced(tickCount: Int = 10) -> LinearScale {
        var copy = self
        copy.domain = LinearTicks.nice(domain, count: tickCount, integer: integerTicks)
        return copy
    }

    /// This scale with its range ends swapped.
    public func reversed() -> LinearScale {
        var copy = self
        copy.range = range.reversed
        return copy
    }
}
