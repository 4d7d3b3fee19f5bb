/// The distributions the expression functions use (`quantile_normal`, `quantile_t`), for the pipeline's
/// statistics steps (SPEC §21): a Q-Q plot's normal quantiles, a density's CDF, a fit's t-interval. One
/// implementation, so a step and an expression give the same digits.
public enum Distributions {
    /// The p-quantile of N(0, 1); NaN outside 0 < p < 1.
    public static func normalQuantile(_ p: Double) -> Double { NormalDistribution.quantile(p) }

    /// Φ(z) = P(Z ≤ z).
    public static func normalCDF(_ z: Double) -> Double { NormalDistribution.lowerTail(z) }

    /// The p-quantile of Student's t with `degreesOfFreedom`.
    public static func studentTQuantile(_ p: Double, degreesOfFreedom: Double) -> Double {
        StudentT.quantile(p, degreesOfFreedom: degreesOfFreedom)
    }
}
