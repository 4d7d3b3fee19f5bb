/// Double → integer conversions that cannot trap. Swift's `Int(someDouble)` stops the process (SIGILL) when the
/// value is NaN, infinite or beyond the integer's range, and a spec can make any of those (`bin(x)` over ±1e308, a
/// step of 1e-300, a logo arc of radius 1e308). Every such conversion in Sources goes through here or through
/// `Int(exactly:)`; `NumericConversionStructureTests` keeps it that way.
public enum NumberConversion {
    /// `x` rounded by `rule`, or nil when it is not finite or lies outside `I`'s range.
    @inlinable @inline(__always)
    public static func exact<I: FixedWidthInteger>(_ x: Double, rounding rule: FloatingPointRoundingRule = .towardZero, as type: I.Type = Int.self)
        -> I?
    {
        I(exactly: x.rounded(rule))
    }

    /// `x` rounded by `rule` and clamped to `I`'s range (NaN gives `nanValue`): for counts, sizes and strides
    /// where the extreme is as good an answer as any, and the caller bounds it further.
    @inlinable @inline(__always)
    public static func clamped<I: FixedWidthInteger>(
        _ x: Double, rounding rule: FloatingPointRoundingRule = .towardZero, as type: I.Type = Int.self, nanValue: I = 0
    ) -> I {
        if x.isNaN { return nanValue }
        if let value = I(exactly: x.rounded(rule)) { return value }
        return x > 0 ? I.max : I.min
    }
}
