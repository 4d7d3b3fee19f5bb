import ChartExpression
import ChartSpec

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `regression` methods fitted by least squares (SPEC §21), exactly as R's `lm` fits them:
/// `linear` is `lm(y ~ x)`, `poly` `lm(y ~ poly(x, order, raw = TRUE))`, and — as Vega-Lite defines the curves,
/// but fitted by `lm` on the transformed data rather than Vega's weighted sums — `log` is `lm(y ~ log(x))`, `exp`
/// `lm(log(y) ~ x)` (y = a·e^(b·x)) and `pow` `lm(log(y) ~ log(x))` (y = a·x^b); rows where a logarithm is not
/// defined (x ≤ 0, y ≤ 0) take no part. The fit is a Householder QR of the design over x centred and scaled (the
/// same least-squares solution, well conditioned for dates and high orders). The `ci` band is `predict(fit,
/// interval = "confidence", level = ci)`: ŷ ± t(n − p) · s · √(φᵀ(XᵀX)⁻¹φ); for `exp` and `pow` the band of the
/// log-scale fit, transformed back. `params` gives the coefficients in x's own units and R² (of the fitted,
/// transformed model, as `summary(lm)` reports it).
enum LeastSquares {
    static func rows(x: [Double], y: [Double], options: RegressionOptions) -> [[Double]] {
        let method = options.method.value
        var us: [Double] = []
        var vs: [Double] = []
        var xs: [Double] = []
        for (a, b) in zip(x, y) {
            let u = method == .log || method == .pow ? Libm.ln(a) : a
            let v = method == .exp || method == .pow ? Libm.ln(b) : b
            guard u.isFinite, v.isFinite else { continue }
            us.append(u)
            vs.append(v)
            xs.append(a)
        }
        let order = method == .poly ? options.order?.value ?? 2 : 1
        guard let fit = Fit(u: us, v: vs, order: order) else { return [] }
        if options.params.value {
            let raw = fit.rawCoefficients()
            let logResponse = method == .exp || method == .pow
            let coefficients = method == .poly ? raw : [logResponse ? Libm.exponential(raw[0]) : raw[0], raw[1]]
            return [coefficients + [fit.rSquared]]
        }
        let level = options.ci?.value
        let t = level.map { Distributions.studentTQuantile((1 + $0) / 2, degreesOfFreedom: Double(fit.n - fit.p)) }
        let (low, high) = Statistics.extent(xs)
        let logX = method == .log || method == .pow
        let logY = method == .exp || method == .pow
        func back(_ value: Double) -> Double { logY ? Libm.exponential(value) : value }
        return Statistics.steps(low, high, count: options.steps).map { (x0: Double) -> [Double] in
            let (value, se) = fit.predict(logX ? Libm.ln(x0) : x0)
            guard let t else { return [x0, back(value)] }
            return [x0, back(value), back(value - t * se), back(value + t * se)]
        }
    }

    /// v ~ polynomial of degree `order` in u, through the QR of the design in t = (u − centre) / scale.
    struct Fit {
        let n: Int
        let p: Int
        let centre: Double
        let scale: Double
        /// Coefficients in t.
        let beta: [Double]
        /// The upper-triangular R of the QR, row-major p × p.
        let r: [Double]
        /// The residual standard error s = √(RSS / (n − p)).
        let sigma: Double
        let rSquared: Double

        init?(u: [Double], v: [Double], order: Int) {
            let n = u.count
            let p = order + 1
            self.n = n
            self.p = p
            guard n >= p, n >= 2 else { return nil }
            let mean = u.reduce(0, +) / Double(n)
            let spread = (u.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(n)).squareRoot()
            guard spread > 0 else { return nil }
            centre = mean
            scale = spread
            // Column-major design and a copy of the response, reduced in place.
            var a = [Double](repeating: 0, count: n * p)
            for i in 0..<n {
                let t = (u[i] - mean) / spread
                var power = 1.0
                for j in 0..<p {
                    a[j * n + i] = power
                    power *= t
                }
            }
            var b = v
            for k in 0..<p {
                var norm = 0.0
                for i in k..<n { norm += a[k * n + i] * a[k * n + i] }
                norm = norm.squareRoot()
                guard norm > 0 else { return nil }
                let alpha = a[k * n + k] > 0 ? -norm : norm
                var w = [Double](repeating: 0, count: n - k)
                for i in k..<n { w[i - k] = a[k * n + i] }
                w[0] -= alpha
                var wNorm = 0.0
                for value in w { wNorm += value * value }
                guard wNorm > 0 else { continue }
                for j in k..<p {
                    var dot = 0.0
                    for i in k..<n { dot += w[i - k] * a[j * n + i] }
                    let factor = 2 * dot / wNorm
                    for i in k..<n { a[j * n + i] -= factor * w[i - k] }
                }
                var dot = 0.0
                for i in k..<n { dot += w[i - k] * b[i] }
                let factor = 2 * dot / wNorm
                for i in k..<n { b[i] -= factor * w[i - k] }
            }
            var r = [Double](repeating: 0, count: p * p)
            for i in 0..<p { for j in i..<p { r[i * p + j] = a[j * n + i] } }
            let largest = (0..<p).map { abs(r[$0 * p + $0]) }.max() ?? 0
            // Rank deficient (R's lm would give NA coefficients): no fit.
            guard (0..<p).allSatisfy({ abs(r[$0 * p + $0]) > 1e-10 * largest }) else { return nil }
            var beta = [Double](repeating: 0, count: p)
            for i in stride(from: p - 1, through: 0, by: -1) {
                var sum = b[i]
                for j in (i + 1)..<p { sum -= r[i * p + j] * beta[j] }
                beta[i] = sum / r[i * p + i]
            }
            self.beta = beta
            self.r = r
            var rss = 0.0
            for i in p..<n { rss += b[i] * b[i] }
            sigma = n > p ? (rss / Double(n - p)).squareRoot() : .nan
            let vMean = v.reduce(0, +) / Double(n)
            let tss = v.reduce(0) { $0 + ($1 - vMean) * ($1 - vMean) }
            rSquared = tss > 0 ? 1 - rss / tss : .nan
        }

        /// The fitted value at u0 and its standard error s · √(φᵀ(RᵀR)⁻¹φ).
        func predict(_ u0: Double) -> (Double, Double) {
            let t = (u0 - centre) / scale
            var phi = [Double](repeating: 1, count: p)
            for j in 1..<max(p, 1) where j < p { phi[j] = phi[j - 1] * t }
            var value = 0.0
            for j in 0..<p { value += phi[j] * beta[j] }
            // Solve Rᵀz = φ.
            var z = [Double](repeating: 0, count: p)
            var norm = 0.0
            for i in 0..<p {
                var sum = phi[i]
                for k in 0..<i { sum -= r[k * p + i] * z[k] }
                z[i] = sum / r[i * p + i]
                norm += z[i] * z[i]
            }
            return (value, sigma * norm.squareRoot())
        }

        /// The coefficients of 1, u, u², … (expanding each ((u − c)/s)^j).
        func rawCoefficients() -> [Double] {
            var raw = [Double](repeating: 0, count: p)
            for j in 0..<p {
                let weight = beta[j] / Libm.power(scale, Double(j))
                var binomial = 1.0
                for i in 0...j {
                    // C(j, i) · (−c)^(j−i)
                    raw[i] += weight * binomial * Libm.power(-centre, Double(j - i))
                    binomial = binomial * Double(j - i) / Double(i + 1)
                }
            }
            return raw
        }
    }
}

/// libm's functions under names that do not clash with the regression methods' (`.log`, `.exp`, `.pow`).
enum Libm {
    /// The natural logarithm, NaN for x ≤ 0.
    static func ln(_ x: Double) -> Double { x > 0 ? log(x) : .nan }
    static func exponential(_ x: Double) -> Double { exp(x) }
    static func power(_ x: Double, _ y: Double) -> Double { pow(x, y) }
}
