import ChartFormat
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The distance between two neighbouring ticks: 1, 2 or 5 × 10ⁿ. Kept as a small integer and a power of ten
/// rather than a `Double`, so every multiple is computed from exact integers and prints cleanly (`0.3`, never
/// `0.30000000000000004`), and so a label formatter knows how many decimals the ticks need.
public struct TickStep: Sendable, Hashable, CustomStringConvertible {
    /// 1, 2 or 5.
    public let mantissa: Int64
    /// The power of ten: the step is `mantissa × 10^exponent`.
    public let exponent: Int

    public init(mantissa: Int64, exponent: Int) {
        self.mantissa = mantissa
        self.exponent = exponent
    }

    /// The step as a number.
    public var value: Double { multiple(1) }

    /// Digits after the decimal point that labels of multiples of this step need: 0.25 never occurs, so it is
    /// `max(0, -exponent)` (a step of 0.5 → 1, 0.02 → 2, 20 → 0).
    public var fractionDigits: Int { Swift.max(0, -exponent) }

    /// `k × step`, correctly rounded from the exact decimal `k·mantissa·10^exponent`: for negative exponents this
    /// divides an integer by an exact power of ten, which is what makes `3 × 0.1` come out as `0.3`.
    public func multiple(_ k: Int64) -> Double {
        let (product, overflow) = k.multipliedReportingOverflow(by: mantissa)
        if overflow { return Double(k) * Double(mantissa) * TickStep.power(exponent) }
        // 10^n is exact in a Double up to n = 22, so the product or quotient rounds once.
        if exponent >= 0 && exponent <= 22 { return Double(product) * TickStep.power(exponent) }
        if exponent < 0 && -exponent <= 22 { return Double(product) / TickStep.power(-exponent) }
        // Beyond exact powers of ten, let the decimal parser round the exact value once.
        return Double("\(product)e\(exponent)") ?? Double(product) * TickStep.power(exponent)
    }

    /// The step `count` ticks over `[start, stop]` should use (d3's rule): the raw step `(stop − start) / count`
    /// rounded to 1, 2, 5 or 10 × 10ⁿ at the geometric midpoints √2, √10, √50, so the tick count lands near
    /// `count` (at most about 1.4 × count + 1). Nil when the interval is empty, reversed or not finite.
    public static func forRange(_ start: Double, _ stop: Double, count: Int) -> TickStep? {
        guard start.isFinite, stop.isFinite, stop > start else { return nil }
        // Divide before subtracting so [-1e308, 1e308] does not overflow to infinity.
        let n = Double(Swift.max(1, count))
        let raw = stop / n - start / n
        guard raw.isFinite, raw > 0 else { return nil }
        var exponent = NumberConversion.clamped(log10(raw), rounding: .down)
        let error = raw / power(exponent)
        let mantissa: Int64
        if error >= 50.0.squareRoot() {
            mantissa = 1
            exponent += 1
        } else if error >= 10.0.squareRoot() {
            mantissa = 5
        } else if error >= 2.0.squareRoot() {
            mantissa = 2
        } else {
            mantissa = 1
        }
        return TickStep(mantissa: mantissa, exponent: exponent)
    }

    /// The next smaller round step: 5 → 2 → 1 → 0.5 ….
    var smaller: TickStep {
        switch mantissa {
        case 5: TickStep(mantissa: 2, exponent: exponent)
        case 2: TickStep(mantissa: 1, exponent: exponent)
        default: TickStep(mantissa: 5, exponent: exponent - 1)
        }
    }

    /// The smallest multiple index `k` with `multiple(k) >= value`.
    func ceilIndex(_ value: Double) -> Int64? {
        guard let k = roundedIndex(value) else { return nil }
        var index = k
        if multiple(index) < value { index += 1 }
        if multiple(index - 1) >= value { index -= 1 }
        return index
    }

    /// The largest multiple index `k` with `multiple(k) <= value`.
    func floorIndex(_ value: Double) -> Int64? {
        guard let k = roundedIndex(value) else { return nil }
        var index = k
        if multiple(index) > value { index -= 1 }
        if multiple(index + 1) <= value { index += 1 }
        return index
    }

    private func roundedIndex(_ value: Double) -> Int64? {
        let quotient = (value / self.value).rounded()
        // Beyond 2^53 neighbouring multiples are not distinct Doubles; such a domain has no useful ticks.
        guard abs(quotient) < 9.0e15 else { return nil }
        return Int64(exactly: quotient)
    }

    /// The multiples of this step inside `[start, stop]`, ascending (at most `limit` of them).
    public func multiples(from start: Double, through stop: Double, limit: Int = 1000) -> [Double] {
        guard let first = ceilIndex(start), let last = floorIndex(stop), first <= last else { return [] }
        guard last - first < Int64(limit) else { return [] }
        return (first...last).map { multiple($0) }
    }

    /// 10^n as a Double (exact for 0 ≤ n ≤ 22, from a table of literals).
    static func power(_ n: Int) -> Double {
        if n >= 0 && n < exactPowers.count { return exactPowers[n] }
        return pow(10.0, Double(n))
    }

    private static let exactPowers: [Double] = [
        1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
        1e20, 1e21, 1e22
    ]

    public var description: String { "\(mantissa)e\(exponent)" }
}

/// Round tick values for continuous scales, computed from a `TickStep`. Used by `LinearScale`, `PowScale` and for
/// year numbers; `LogScale` and `TimeScale` build on it for their own units.
public enum LinearTicks {
    /// The step for about `count` ticks over `domain` (either direction); with `integer`, never below 1 (years,
    /// counts). Nil for an empty or non-finite domain.
    public static func step(_ domain: ScaleInterval, count: Int, integer: Bool = false) -> TickStep? {
        guard let step = TickStep.forRange(domain.lower, domain.upper, count: count) else { return nil }
        if integer && step.exponent < 0 { return TickStep(mantissa: 1, exponent: 0) }
        return step
    }

    /// About `count` round values inside `domain`, ascending. A count is a hint: the result has between 1 and about
    /// 1.5 × count values. A zero-width domain gives its single value; a non-finite one gives none.
    public static func ticks(_ domain: ScaleInterval, count: Int, integer: Bool = false) -> [Double] {
        guard domain.isFinite else { return [] }
        if domain.isDegenerate { return [domain.start] }
        var hint = Swift.max(1, count)
        // A low count can pick a step so wide that no multiple falls inside; ask for more until one does.
        for _ in 0..<8 {
            guard let step = step(domain, count: hint, integer: integer) else { return [] }
            let values = step.multiples(from: domain.lower, through: domain.upper)
            if !values.isEmpty || (integer && step.exponent == 0 && step.mantissa == 1) { return values }
            hint *= 2
        }
        return []
    }

    /// The domain extended outwards to multiples of the tick step the data itself asks for, so it extends past
    /// the data by less than one step at each end (SPEC §19.7: data up to 27.1 with ticks every 10 ends at 30,
    /// not 40). One pass: widening again to the step the wider domain would ask for is what overshot. Keeps the
    /// domain's direction. The axis ticks such a domain with `niceStep(_:count:integer:)`.
    ///
    /// - Parameter avoidingZero: `scale.zero: false` written in the spec (SPEC §19.7): data that stays clear of
    ///   zero keeps a domain clear of it, with a smaller round step if the count's step would reach it. When that
    ///   smaller step would crowd the axis (more than twice the count's intervals, which the axis then thins to
    ///   labels such as `0.005 0.015 0.025` that are not round and stop short of the data), only the end near zero
    ///   takes it: the far end stays on the count's step, which ticks the axis (`0.02 0.04 0.06` over
    ///   0.0077…0.0477 at two ticks).
    public static func nice(_ domain: ScaleInterval, count: Int, integer: Bool = false, avoidingZero: Bool = false) -> ScaleInterval {
        guard domain.isFinite, !domain.isDegenerate else { return domain }
        guard let coarse = step(domain, count: count, integer: integer) else { return domain }
        var step = coarse
        for _ in 0..<8 {
            guard let first = step.floorIndex(domain.lower), let last = step.ceilIndex(domain.upper) else { return domain }
            let low = step.multiple(first)
            let high = step.multiple(last)
            let reachesZero = (domain.lower > 0 && low <= 0) || (domain.upper < 0 && high >= 0)
            if !avoidingZero || !reachesZero || (integer && step.exponent == 0 && step.mantissa == 1) {
                if step != coarse, last - first > 2 * Int64(Swift.max(1, count)),
                    let coarseFirst = coarse.floorIndex(domain.lower), let coarseLast = coarse.ceilIndex(domain.upper)
                {
                    // Crowded: the far end back on the count's step.
                    let (lower, upper) =
                        domain.lower > 0 ? (low, coarse.multiple(coarseLast)) : (coarse.multiple(coarseFirst), high)
                    return domain.isReversed ? ScaleInterval(upper, lower) : ScaleInterval(lower, upper)
                }
                return domain.isReversed ? ScaleInterval(high, low) : ScaleInterval(low, high)
            }
            step = step.smaller
        }
        return domain
    }

    /// The step to tick a domain `nice` made: the one `ticks` would choose for it, or the next smaller round
    /// step (5 → 2 → 1 → 0.5 …) that both ends are multiples of, so the axis starts and ends on a tick.
    ///
    /// - Parameter avoidingZero: the domain was niced with `avoidingZero` (`scale.zero: false`): when that smaller
    ///   step would crowd the axis, `nice` left the end near zero off the count's step, and the count's step
    ///   ticks it.
    public static func niceStep(_ domain: ScaleInterval, count: Int, integer: Bool = false, avoidingZero: Bool = false) -> TickStep? {
        guard let coarse = step(domain, count: count, integer: integer) else { return nil }
        func divides(_ step: TickStep, _ value: Double) -> Bool {
            guard let low = step.floorIndex(value), let high = step.ceilIndex(value) else { return false }
            return low == high
        }
        var step = coarse
        var found: TickStep?
        for attempt in 0..<5 {
            if divides(step, domain.lower) && divides(step, domain.upper) {
                found = step
                break
            }
            if attempt == 4 { break }
            let smaller = step.smaller
            if integer && smaller.exponent < 0 {
                found = step
                break
            }
            step = smaller
        }
        if avoidingZero, domain.lower > 0 || domain.upper < 0, found != coarse {
            let far = Swift.abs(domain.lower) < Swift.abs(domain.upper) ? domain.upper : domain.lower
            let crowded =
                found.map { fine in
                    guard let first = fine.floorIndex(domain.lower), let last = fine.ceilIndex(domain.upper) else { return true }
                    return last - first > 2 * Int64(Swift.max(1, count))
                } ?? true
            if crowded && divides(coarse, far) { return coarse }
        }
        return found
    }
}
