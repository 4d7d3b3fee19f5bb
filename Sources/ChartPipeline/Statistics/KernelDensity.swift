import ChartExpression
import ChartSpec

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `density` step (SPEC §21): a Gaussian kernel density estimate, f(x) = 1/(n·h) Σ φ((x − xᵢ)/h), at `steps`
/// evenly spaced points of the extent (both ends included). The bandwidth h is the kernel's standard deviation:
/// as written, or by Scott's rule h = σ̂ · n^(−1/5) with σ̂ the sample standard deviation (n − 1), which is what
/// SciPy's `gaussian_kde` uses for one variable. `cumulative` gives F(x) = 1/n Σ Φ((x − xᵢ)/h); `counts`
/// multiplies by n. A group with fewer than two values, or all equal, has no Scott bandwidth and gives no rows.
enum KernelDensity {
    static func rows(_ values: [Double], options: DensityOptions, extent: (Double, Double)) -> [[Double]] {
        let n = Double(values.count)
        guard !values.isEmpty, let h = options.bandwidth?.value ?? scottBandwidth(values), h > 0, h.isFinite else { return [] }
        let scale = options.counts ? n : 1
        let normalizer = 1 / (n * h * (2 * Double.pi).squareRoot())
        return Statistics.steps(extent.0, extent.1, count: options.steps).map { x in
            var sum = 0.0
            if options.cumulative {
                for value in values { sum += Distributions.normalCDF((x - value) / h) }
                return [x, scale * sum / n]
            }
            for value in values {
                let z = (x - value) / h
                sum += exp(-0.5 * z * z)
            }
            return [x, scale * sum * normalizer]
        }
    }

    /// σ̂ · n^(−1/5); nil for fewer than two values or no spread.
    static func scottBandwidth(_ values: [Double]) -> Double? {
        guard values.count > 1 else { return nil }
        let n = Double(values.count)
        let mean = values.reduce(0, +) / n
        let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / (n - 1)
        guard variance > 0 else { return nil }
        return variance.squareRoot() * pow(n, -0.2)
    }
}
