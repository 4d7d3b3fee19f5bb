#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The standard normal distribution, for `quantile_normal(p)`: the theoretical axis of a Q-Q plot and the `normal`
/// column of the `quantile` step (SPEC §21). The quantile starts from Abramowitz and Stegun's rational
/// approximation 26.2.23 (error below 4.5e-4) and is refined by Halley steps on the lower tail, where `erfc` keeps
/// full relative precision, so it agrees with SciPy's `norm.ppf` to the last digits or so (the tests compare them).
enum NormalDistribution {
    /// The p-quantile of N(0, 1); ±infinity at 0 and 1 are NaN here (null in a chart), as outside 0 < p < 1.
    static func quantile(_ p: Double) -> Double {
        guard p > 0, p < 1 else { return .nan }
        if p == 0.5 { return 0 }
        // Solve Φ(z) = q for z ≤ 0 in the lower tail, then mirror.
        let q = p < 0.5 ? p : 1 - p
        let t = (-2 * log(q)).squareRoot()
        let numerator = 2.515517 + t * (0.802853 + t * 0.010328)
        let denominator = 1 + t * (1.432788 + t * (0.189269 + t * 0.001308))
        var z = -(t - numerator / denominator)
        for _ in 0..<4 {
            let error = lowerTail(z) - q
            // Halley's step for Φ(z) − q: u = error / φ(z).
            let u = error * (2 * Double.pi).squareRoot() * exp(z * z / 2)
            let step = u / (1 + z * u / 2)
            guard step.isFinite else { break }
            z -= step
            if abs(step) <= 1e-17 * max(1, abs(z)) { break }
        }
        return p < 0.5 ? z : -z
    }

    /// Φ(z) = P(Z ≤ z), through `erfc` so the far lower tail keeps its relative precision.
    static func lowerTail(_ z: Double) -> Double {
        0.5 * erfc(-z / 2.0.squareRoot())
    }
}
