/// What every numeric-to-pixel scale shares (linear, log, power, time): a domain, a pixel range, clamping, and
/// the mapping through a transform in which the scale is linear (identity, log₁₀, xᵏ). Conforming types only say
/// how to transform and how to pick ticks; mapping and inverting live here once.
public protocol ContinuousScale: Sendable {
    /// Data values at the two ends, in the order they map to `range`.
    var domain: ScaleInterval { get }
    /// Pixel positions of the domain ends; may run backwards (y axes).
    var range: ScaleInterval { get }
    /// Whether values outside the domain are pinned to the nearest end of the range.
    var clamp: Bool { get }

    /// The value in the space where this scale is linear, or nil where the transform is undefined (log of ≤ 0).
    func transform(_ value: Double) -> Double?
    /// The inverse of `transform`.
    func untransform(_ value: Double) -> Double

    /// Round values inside the domain for ticks and grid lines, ascending. `count` is a hint.
    func ticks(count: Int) -> [Double]

    /// This scale with its domain widened outwards to round tick values (kept in its direction).
    func niced(tickCount: Int) -> Self
}

extension ContinuousScale {
    /// The pixel position of a data value, or nil when it has none (NaN, infinite, or undefined for this
    /// transform) so the caller skips the mark. A zero-width domain maps every value to the middle of the range.
    public func callAsFunction(_ value: Double) -> Double? {
        guard value.isFinite, let t = normalized(value) else { return nil }
        let position = range.start + t * range.span
        return position.isFinite ? position : nil
    }

    /// Where a value falls between the domain ends: 0 at `domain.start`, 1 at `domain.end` (clamped to 0…1 when
    /// `clamp` is on). Nil when the value has no position.
    public func normalized(_ value: Double) -> Double? {
        guard value.isFinite, let x = transform(value), let a = transform(domain.start), let b = transform(domain.end) else {
            return nil
        }
        // A domain as wide as the doubles (±1e308) has a span that overflows: halve everything first.
        var t = b == a ? 0.5 : (b - a).isFinite ? (x - a) / (b - a) : (x / 2 - a / 2) / (b / 2 - a / 2)
        guard t.isFinite else { return nil }
        if clamp { t = Swift.min(1, Swift.max(0, t)) }
        return t
    }

    /// The data value at a pixel position (for tooltips and hit testing); nil for a zero-width range or domain.
    public func invert(_ position: Double) -> Double? {
        guard position.isFinite, range.span != 0 else { return nil }
        guard let a = transform(domain.start), let b = transform(domain.end) else { return nil }
        var t = (position - range.start) / range.span
        if clamp { t = Swift.min(1, Swift.max(0, t)) }
        let value = untransform(a + t * (b - a))
        return value.isFinite ? value : nil
    }

    /// Ten ticks, the usual default.
    public func ticks() -> [Double] { ticks(count: 10) }

    /// Widens the domain outwards to round tick values, in place.
    public mutating func nice(tickCount: Int = 10) {
        self = niced(tickCount: tickCount)
    }
}
