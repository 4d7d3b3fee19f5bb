#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A power scale, y = a·xᵏ + b; with k = ½ it is the square-root scale the spec's `"sqrt"` names, used so a
/// circle's *area* (not its radius) grows with the value. Negative values keep their sign (−4 → −2 for sqrt), so a
/// domain crossing zero still works. Ticks are the linear ticks of the domain.
public struct PowScale: ContinuousScale, Hashable {
    public var domain: ScaleInterval
    public var range: ScaleInterval
    public var clamp: Bool
    public var exponent: Double

    public init(exponent: Double, domain: ScaleInterval, range: ScaleInterval, clamp: Bool = false, reverse: Bool = false) {
        self.exponent = exponent
        self.domain = domain
        self.range = reverse ? range.reversed : range
        self.clamp = clamp
    }

    /// The square-root scale (`scale.type: "sqrt"`).
    public static func sqrt(domain: ScaleInterval, range: ScaleInterval, clamp: Bool = false, reverse: Bool = false) -> PowScale {
        PowScale(exponent: 0.5, domain: domain, range: range, clamp: clamp, reverse: reverse)
    }

    public func transform(_ value: Double) -> Double? {
        let result = value < 0 ? -pow(-value, exponent) : pow(value, exponent)
        return result.isFinite ? result : nil
    }

    public func untransform(_ value: Double) -> Double {
        guard exponent != 0 else { return value }
        return value < 0 ? -pow(-value, 1 / exponent) : pow(value, 1 / exponent)
    }

    public func ticks(count: Int) -> [Double] {
        LinearTicks.ticks(domain, count: count)
    }

    public func tickStep(count: Int = 10) -> TickStep? {
        LinearTicks.step(domain, count: count)
    }

    public func niced(tickCount: Int = 10) -> PowScale {
        var copy = self
        copy.domain = LinearTicks.nice(domain, count: tickCount)
        return copy
    }

    public func reversed() -> PowScale {
        var copy = self
        copy.range = range.reversed
        return copy
    }
}
