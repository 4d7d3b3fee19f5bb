import ChartFormat
import ChartExpression
import ChartSpec

/// `regression` with `"method": "loess"` (SPEC §21): R's `loess(y ~ x, span = bandwidth, degree = 1, family =
/// "gaussian")` computed directly (`surface = "direct"`, `statistics = "exact"`; R's default interpolates over a
/// k-d tree and approximates the trace terms, a difference in the last digits of the curve). At each point x₀
/// the q = ⌊n · span⌋ nearest x (at least 2) get tricube weights (1 − (|xᵢ − x₀|/h)³)³, h the distance to the q-th
/// nearest, and a weighted straight line through them gives ŷ(x₀) = Σ lᵢ(x₀) yᵢ. The `ci` band is `predict(fit,
/// se = TRUE)`'s: ŷ ± t · s · √(Σ lᵢ(x₀)²), with s² = RSS / δ₁, δ₁ = tr((I − L)ᵀ(I − L)), and t on δ₁²/δ₂ degrees of
/// freedom, δ₂ = tr(((I − L)ᵀ(I − L))²) — computed exactly up to `exactLimit` points; beyond, δ₂'s O(n³) is
/// replaced by δ₁ (a t quantile on hundreds of degrees of freedom, within 0.2% of the exact one).
enum Loess {
    static let exactLimit = 400

    static func rows(x: [Double], y: [Double], options: RegressionOptions) -> [[Double]] {
        let n = x.count
        guard n >= 2 else { return [] }
        let order = x.indices.sorted { x[$0] < x[$1] }
        let xs = order.map { x[$0] }
        let ys = order.map { y[$0] }
        guard let first = xs.first, let last = xs.last, last > first else { return [] }
        let span = options.bandwidth?.value ?? 0.3
        let q = min(n, max(2, NumberConversion.clamped(Double(n) * span, rounding: .down)))
        let points = Statistics.steps(first, last, count: options.steps)
        guard let level = options.ci?.value else {
            return points.map { x0 in
                let row = weights(at: x0, xs: xs, q: q)
                return [x0, zip(row.values, ys[row.start..<(row.start + row.values.count)]).reduce(0) { $0 + $1.0 * $1.1 }]
            }
        }
        // The operator at the data points: fitted values, its trace and squared norm (and whole, for δ₂).
        var trace = 0.0
        var squares = 0.0
        var rss = 0.0
        let exact = n <= exactLimit
        var dense = exact ? [Double](repeating: 0, count: n * n) : []
        for i in 0..<n {
            let row = weights(at: xs[i], xs: xs, q: q)
            var fitted = 0.0
            for (offset, l) in row.values.enumerated() {
                let j = row.start + offset
                fitted += l * ys[j]
                squares += l * l
                if j == i { trace += l }
                if exact { dense[i * n + j] = l }
            }
            rss += (ys[i] - fitted) * (ys[i] - fitted)
        }
        let delta1 = Double(n) - 2 * trace + squares
        var degrees = delta1
        if exact {
            // A = I − L; M = AᵀA; δ₂ = Σ M².
            for i in 0..<n { dense[i * n + i] -= 1 }
            var delta2 = 0.0
            var column = [Double](repeating: 0, count: n)
            for j in 0..<n {
                for k in 0..<n { column[k] = dense[k * n + j] }
                for i in j..<n {
                    var sum = 0.0
                    for k in 0..<n { sum += dense[k * n + i] * column[k] }
                    delta2 += i == j ? sum * sum : 2 * sum * sum
                }
            }
            if delta2 > 0 { degrees = delta1 * delta1 / delta2 }
        }
        let s = delta1 > 0 ? (rss / delta1).squareRoot() : .nan
        let t = Distributions.studentTQuantile((1 + level) / 2, degreesOfFreedom: degrees)
        return points.map { x0 in
            let row = weights(at: x0, xs: xs, q: q)
            var value = 0.0
            var norm = 0.0
            for (offset, l) in row.values.enumerated() {
                value += l * ys[row.start + offset]
                norm += l * l
            }
            let se = s * norm.squareRoot()
            return [x0, value, value - t * se, value + t * se]
        }
    }

    /// The operator's row at x₀ over the sorted xs: lᵢ for the q nearest points, which lie in one run of the
    /// sorted order starting at `start`.
    static func weights(at x0: Double, xs: [Double], q: Int) -> (start: Int, values: [Double]) {
        let n = xs.count
        // The first index with xs ≥ x0, then grow the window towards the nearer side.
        var low = 0
        var high = n
        while low < high {
            let middle = (low + high) / 2
            if xs[middle] < x0 { low = middle + 1 } else { high = middle }
        }
        var start = low
        var end = low
        while end - start < q {
            if start == 0 {
                end += 1
            } else if end == n {
                start -= 1
            } else if x0 - xs[start - 1] <= xs[end] - x0 {
                start -= 1
            } else {
                end += 1
            }
        }
        let h = max(x0 - xs[start], xs[end - 1] - x0)
        var w = [Double](repeating: 0, count: end - start)
        for index in start..<end {
            let d = abs(xs[index] - x0)
            if h > 0 {
                let ratio = d / h
                if ratio < 1 {
                    let c = 1 - ratio * ratio * ratio
                    w[index - start] = c * c * c
                }
            } else {
                w[index - start] = 1
            }
        }
        var s0 = 0.0
        var s1 = 0.0
        var s2 = 0.0
        for index in start..<end {
            let weight = w[index - start]
            let d = xs[index] - x0
            s0 += weight
            s1 += weight * d
            s2 += weight * d * d
        }
        guard s0 > 0 else { return (start, w) }
        let determinant = s0 * s2 - s1 * s1
        if determinant <= 1e-12 * s0 * s2 || determinant <= 0 {
            // Every weighted point at one x: a local mean.
            return (start, w.map { $0 / s0 })
        }
        var values = w
        for index in start..<end {
            values[index - start] = w[index - start] * (s2 - s1 * (xs[index] - x0)) / determinant
        }
        return (start, values)
    }
}
