import ChartFormat
import ChartExpression

/// The `quantile` step (SPEC §21): type-7 quantiles (R's default, NumPy's `linear`, as `median` and the boxplot's
/// quartiles are), one row per probability: `prob`, `value`, and `normal`, the standard normal quantile of `prob`
/// (the theoretical axis of a Q-Q plot; null at 0 and 1).
enum Quantiles {
    static func rows(_ values: [Double], probabilities: [Double]) -> [[Double]] {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return [] }
        return probabilities.map { p in [p, typeSeven(sorted, p), Distributions.normalQuantile(p)] }
    }

    /// Q(p) = x[⌊h⌋] + (h − ⌊h⌋)(x[⌊h⌋+1] − x[⌊h⌋]), h = (n − 1)p, over sorted values (0-based).
    static func typeSeven(_ sorted: [Double], _ p: Double) -> Double {
        let h = Double(sorted.count - 1) * min(max(p, 0), 1)
        let low = NumberConversion.clamped(h, rounding: .down)
        guard low + 1 < sorted.count else { return sorted[sorted.count - 1] }
        return sorted[low] + (h - Double(low)) * (sorted[low + 1] - sorted[low])
    }
}
