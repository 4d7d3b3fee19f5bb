#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A base-10 logarithmic scale, for data spanning orders of magnitude (populations, prices over a century). Its
/// domain must be strictly positive, so it is built with a throwing initializer instead of ever crashing; a data
/// value ≤ 0 has no position (`callAsFunction` returns nil) and its mark is skipped.
public struct LogScale: ContinuousScale, Hashable {
    public private(set) var domain: ScaleInterval
    public var range: ScaleInterval
    public var clamp: Bool

    /// - Throws: `ScaleError.nonPositiveLogDomain` when a domain end is ≤ 0, `.nonFiniteDomain` when one is NaN or
    ///   infinite.
    public init(domain: ScaleInterval, range: ScaleInterval, clamp: Bool = false, reverse: Bool = false) throws(ScaleError) {
        guard domain.isFinite else { throw .nonFiniteDomain(domain) }
        guard domain.lower > 0 else { throw .nonPositiveLogDomain(domain) }
        self.domain = domain
        self.range = reverse ? range.reversed : range
        self.clamp = clamp
    }

    public func transform(_ value: Double) -> Double? {
        guard value > 0, value.isFinite else { return nil }
        return log10(value)
    }

    public func untransform(_ value: Double) -> Double { LogScale.powerOfTen(value) }

    /// Powers of ten, with 2 and 5 between them while that stays within about 1.5 × `count` ticks; on a very
    /// narrow domain (less than about a decade) plain linear ticks; on a very wide one every 10th, 100th, …
    /// power. Ascending.
    public func ticks(count: Int) -> [Double] {
        let low = domain.lower
        let high = domain.upper
        if low == high { return [low] }
        let count = Swift.max(1, count)
        let limit = Swift.max(3, count + count / 2)
        let first = LogScale.decadeFloor(low)
        let last = LogScale.decadeCeil(high)
        if last - first <= limit + 2 {
            let withSteps = LogScale.values(mantissas: [1, 2, 5], decades: first...last, within: low...high)
            if withSteps.count >= 3 && withSteps.count <= limit { return withSteps }
            if withSteps.count < 3 {
                // Within about one decade: even steps read better than one or two lonely labels.
                return LinearTicks.ticks(domain, count: count)
            }
            let powers = LogScale.values(mantissas: [1], decades: first...last, within: low...high)
            if powers.count <= limit { return powers }
        }
        // Very wide: every k-th power of ten, k a round integer step.
        let exponents = LinearTicks.ticks(
            ScaleInterval(Double(LogScale.decadeCeil(low)), Double(LogScale.decadeFloor(high))), count: count, integer: true)
        return exponents.map { LogScale.exactPowerOfTen(Int($0)) }
    }

    /// The domain widened to whole powers of ten (`[3, 4200]` → `[1, 10000]`), keeping its direction.
    public func niced() -> LogScale {
        var copy = self
        let low = LogScale.exactPowerOfTen(LogScale.decadeFloor(domain.lower))
        let high = LogScale.exactPowerOfTen(LogScale.decadeCeil(domain.upper))
        copy.domain = domain.isReversed ? ScaleInterval(high, low) : ScaleInterval(low, high)
        return copy
    }

    /// Same as `niced()`; the tick count does not change where powers of ten are.
    public func niced(tickCount: Int) -> LogScale { niced() }

    public func reversed() -> LogScale {
        var copy = self
        copy.range = range.reversed
        return copy
    }

    // MARK: - Powers of ten

    /// The largest n with 10ⁿ ≤ value (value > 0), robust to `log10` rounding at exact powers.
    static func decadeFloor(_ value: Double) -> Int {
        let guess = log10(value).rounded(.down)
        guard abs(guess) < 400, var n = Int(exactly: guess) else { return 0 }
        if exactPowerOfTen(n + 1) <= value { n += 1 }
        if exactPowerOfTen(n) > value { n -= 1 }
        return n
    }

    /// The smallest n with 10ⁿ ≥ value (value > 0).
    static func decadeCeil(_ value: Double) -> Int {
        let n = decadeFloor(value)
        return exactPowerOfTen(n) == value ? n : n + 1
    }

    /// 10ⁿ correctly rounded (so 10⁻³ is the same Double as the literal `0.001`).
    static func exactPowerOfTen(_ n: Int) -> Double {
        TickStep(mantissa: 1, exponent: n).value
    }

    static func powerOfTen(_ x: Double) -> Double {
        if abs(x) < 400, let n = Int(exactly: x) { return exactPowerOfTen(n) }
        return pow(10, x)
    }

    private static func values(mantissas: [Int64], decades: ClosedRange<Int>, within bounds: ClosedRange<Double>) -> [Double] {
        var result: [Double] = []
        for decade in decades {
            for mantissa in mantissas {
                let value = TickStep(mantissa: mantissa, exponent: decade).value
                if bounds.contains(value) { result.append(value) }
            }
        }
        return result
    }
}
