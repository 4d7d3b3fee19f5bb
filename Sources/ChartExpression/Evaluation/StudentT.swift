#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Student's t distribution, for `quantile_t(p, df)` and the 95% interval of an errorbar's `ci` (SPEC §21). The
/// tail probability is the regularized incomplete beta function (Lentz's continued fraction, each side of the
/// mode from its own end so nothing cancels), and the quantile is found by bisection on that tail down to
/// adjacent doubles: exact to the last digits or so, as SciPy's `t.ppf` is (the tests compare them).
enum StudentT {
    /// The p-quantile for `degreesOfFreedom` (> 0, not necessarily whole); NaN outside 0 < p < 1.
    static func quantile(_ p: Double, degreesOfFreedom df: Double) -> Double {
        guard p > 0, p < 1, df > 0, df.isFinite else { return .nan }
        if p == 0.5 { return 0 }
        let target = p < 0.5 ? p : 1 - p
        var low = 0.0
        var high = 1.0
        while upperTail(high, degreesOfFreedom: df) > target {
            low = high
            high *= 2
            if high > 1e300 { return .nan }
        }
        for _ in 0..<4096 {
            let middle = low + (high - low) / 2
            if middle <= low || middle >= high { break }
            if upperTail(middle, degreesOfFreedom: df) > target { low = middle } else { high = middle }
        }
        let t = low + (high - low) / 2
        return p < 0.5 ? -t : t
    }

    /// P(T > t) for t ≥ 0: ½ I_x(df/2, ½) with x = df / (df + t²).
    static func upperTail(_ t: Double, degreesOfFreedom df: Double) -> Double {
        let square = t * t
        let x = df / (df + square)
        let y = square / (df + square)
        return 0.5 * incompleteBeta(a: df / 2, b: 0.5, x: x, complement: y)
    }

    /// The regularized incomplete beta function I_x(a, b); `complement` is 1 − x computed without cancellation.
    static func incompleteBeta(a: Double, b: Double, x: Double, complement y: Double) -> Double {
        if x <= 0 { return 0 }
        if y <= 0 { return 1 }
        let logFront = lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log(y)
        if x < (a + 1) / (a + b + 2) {
            return exp(logFront) * continuedFraction(a: a, b: b, x: x) / a
        }
        return 1 - exp(logFront) * continuedFraction(a: b, b: a, x: y) / b
    }

    /// The continued fraction of I_x(a, b) (modified Lentz), converging for x < (a + 1) / (a + b + 2).
    private static func continuedFraction(a: Double, b: Double, x: Double) -> Double {
        let tiny = 1e-300
        let sum = a + b
        var c = 1.0
        var d = 1 - sum * x / (a + 1)
        if Swift.abs(d) < tiny { d = tiny }
        d = 1 / d
        var result = d
        for step in 1...10_000 {
            let m = Double(step)
            let m2 = 2 * m
            var term = m * (b - m) * x / ((a - 1 + m2) * (a + m2))
            d = 1 + term * d
            if Swift.abs(d) < tiny { d = tiny }
            c = 1 + term / c
            if Swift.abs(c) < tiny { c = tiny }
            d = 1 / d
            result *= d * c
            term = -(a + m) * (sum + m) * x / ((a + m2) * (a + 1 + m2))
            d = 1 + term * d
            if Swift.abs(d) < tiny { d = tiny }
            c = 1 + term / c
            if Swift.abs(c) < tiny { c = tiny }
            d = 1 / d
            let change = d * c
            result *= change
            if Swift.abs(change - 1) < 1e-16 { break }
        }
        return result
    }
}
