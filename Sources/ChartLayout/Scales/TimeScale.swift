#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

import ChartFormat

/// Ticks of a time axis and the calendar interval between them, so the axis can choose a label format
/// (`%H:%M` for minutes, `%b %d` for days, `%Y` for years).
public struct TimeTicks: Sendable, Hashable {
    /// Milliseconds since the epoch, UTC, ascending.
    public var values: [Int64]
    /// Nil only when the domain is empty or outside the supported calendar range (about ±270,000 years).
    public var interval: TimeTickInterval?

    public init(values: [Int64], interval: TimeTickInterval?) {
        self.values = values
        self.interval = interval
    }
}

/// A scale over instants: the domain is in milliseconds since 1970-01-01 UTC (how `ChartData` stores dates) and
/// the mapping is linear, but ticks fall on calendar boundaries in UTC (whole hours, the 1st of a month, January 1st
/// of round years) chosen from a ladder of intervals to come close to the requested count. Year *numbers* on a
/// temporal channel use `LinearScale.years` instead: a number like 2012 is not an instant.
public struct TimeScale: ContinuousScale, Hashable {
    public var domain: ScaleInterval
    public var range: ScaleInterval
    public var clamp: Bool
    /// 0 = Sunday, 1 = Monday: where weekly ticks fall (`ChartLocale.firstWeekday`).
    public var firstWeekday: Int
    /// The finest calendar unit the ticks may step in: the data's precision (`TimePrecision`), so whole days are
    /// never ticked at noon. Nil: any.
    public var finestUnit: TimeTickInterval.Unit?

    public init(
        domain: ScaleInterval, range: ScaleInterval, clamp: Bool = false, reverse: Bool = false, firstWeekday: Int = 0,
        finestUnit: TimeTickInterval.Unit? = nil
    ) {
        self.domain = domain
        self.range = reverse ? range.reversed : range
        self.clamp = clamp
        self.firstWeekday = firstWeekday
        self.finestUnit = finestUnit
    }

    /// The largest |milliseconds| the calendar math accepts (JavaScript's date range, ±275,760 years).
    public static let supportedMilliseconds: Double = 8.64e15

    public func transform(_ value: Double) -> Double? { value }
    public func untransform(_ value: Double) -> Double { value }

    public func ticks(count: Int) -> [Double] {
        timeTicks(count: count).values.map(Double.init)
    }

    /// Calendar-aligned ticks and the interval that produced them.
    public func timeTicks(count: Int = 10) -> TimeTicks {
        guard let (low, high) = integerBounds() else { return TimeTicks(values: [], interval: nil) }
        if low == high { return TimeTicks(values: [low], interval: TimeTickInterval(.millisecond)) }
        let count = Swift.max(1, count)
        let limit = Swift.max(count + 1, count + count / 2)
        var candidates = TimeScale.candidates(span: Double(high - low), count: count, finest: finestUnit)
        var index = TimeScale.closest(in: candidates, to: Double(high - low) / Double(count))
        // Take the closest interval, or the next longer one while that gives too many ticks.
        while true {
            let interval = candidates[index]
            let values = interval.boundaries(from: low, through: high, firstWeekday: firstWeekday, limit: limit + 1)
            if values.count <= limit || interval.approximateMilliseconds > Double(high - low) {
                return TimeTicks(values: Array(values.prefix(limit)), interval: interval)
            }
            index += 1
            if index == candidates.count, let longer = TimeScale.longer(than: interval) {
                candidates.append(longer)
            }
            if index == candidates.count { return TimeTicks(values: Array(values.prefix(limit)), interval: interval) }
        }
    }

    /// The interval `timeTicks(count:)` uses.
    public func tickInterval(count: Int = 10) -> TimeTickInterval? {
        timeTicks(count: count).interval
    }

    /// The domain widened outwards to boundaries of the tick interval (a month domain starting Jan 13 starts on
    /// Jan 1), keeping its direction.
    public func niced(tickCount: Int = 10) -> TimeScale {
        guard let (low, high) = integerBounds(), low < high, let interval = tickInterval(count: tickCount) else { return self }
        let niceLow = Double(interval.floor(low, firstWeekday: firstWeekday))
        let niceHigh = Double(interval.ceil(high, firstWeekday: firstWeekday))
        var copy = self
        copy.domain = domain.isReversed ? ScaleInterval(niceHigh, niceLow) : ScaleInterval(niceLow, niceHigh)
        return copy
    }

    public func reversed() -> TimeScale {
        var copy = self
        copy.range = range.reversed
        return copy
    }

    /// January 1st of a year, 00:00 UTC, in milliseconds: for callers that need an instant for a year number.
    public static func milliseconds(ofYear year: Int64) -> Int64 {
        CivilDate.milliseconds(year: year)
    }

    // MARK: - Choosing an interval

    private func integerBounds() -> (Int64, Int64)? {
        let low = domain.lower.rounded(.up)
        let high = domain.upper.rounded(.down)
        guard domain.isFinite, abs(low) <= TimeScale.supportedMilliseconds, abs(high) <= TimeScale.supportedMilliseconds else {
            return nil
        }
        if low > high { return nil }
        guard let first = Int64(exactly: low), let last = Int64(exactly: high) else { return nil }
        return (first, last)
    }

    /// Every candidate for this span, shortest first: round millisecond steps when the ticks would be less than a
    /// second apart, the standard ladder, and a round number of years.
    private static func candidates(span: Double, count: Int, finest: TimeTickInterval.Unit?) -> [TimeTickInterval] {
        var result: [TimeTickInterval] = []
        let target = span / Double(count)
        if target < 1000, let step = LinearTicks.step(ScaleInterval(0, span), count: count, integer: true), step.exponent < 3 {
            result.append(TimeTickInterval(.millisecond, NumberConversion.clamped(step.value, as: Int64.self)))
        }
        result += TimeTickInterval.standard
        let years = span / TimeTickInterval(.year).approximateMilliseconds
        let yearStep = LinearTicks.step(ScaleInterval(0, years), count: count, integer: true)
        result.append(TimeTickInterval(.year, yearStep.map { Swift.max(1, NumberConversion.clamped($0.value, as: Int64.self)) } ?? 1))
        // Never finer than the data: whole days are not ticked at noon (the year candidate always remains).
        if let finest, let rank = TimeTickInterval.Unit.allCases.firstIndex(of: finest) {
            result = result.filter { (TimeTickInterval.Unit.allCases.firstIndex(of: $0.unit) ?? 0) >= rank }
        }
        return result
    }

    /// The index of the candidate whose length is closest to `target` on a log scale.
    private static func closest(in candidates: [TimeTickInterval], to target: Double) -> Int {
        var best = 0
        var bestDistance = Double.infinity
        for (index, candidate) in candidates.enumerated() {
            let distance = abs(log(candidate.approximateMilliseconds / target))
            if distance < bestDistance {
                best = index
                bestDistance = distance
            }
        }
        return best
    }

    /// The next round step after `interval` in milliseconds or years (1 → 2 → 5 → 10 …).
    private static func longer(than interval: TimeTickInterval) -> TimeTickInterval? {
        guard interval.unit == .year || interval.unit == .millisecond else { return TimeTickInterval(.year, 1) }
        let step = interval.step
        guard step < 1_000_000_000 else { return nil }
        var power: Int64 = 1
        while power * 10 <= step { power *= 10 }
        let mantissa = step / power
        let next = mantissa < 2 ? 2 * power : mantissa < 5 ? 5 * power : 10 * power
        if interval.unit == .millisecond && next >= 1000 { return TimeTickInterval(.second, 1) }
        return TimeTickInterval(interval.unit, next)
    }
}
