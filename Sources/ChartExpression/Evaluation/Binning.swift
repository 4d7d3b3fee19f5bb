import ChartFormat
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SPEC §13 bins: the one definition of an interval's start (⌊x / step⌋ × step in decimal, `DecimalBinStep`), and the round step
/// `bin(x)` chooses from an extent. The evaluator, the pipeline's bin step, `complete` and the layout all use
/// these, so a bin means the same everywhere.
public enum Binning {
    /// The start of the interval of width `step` that holds x, computed in decimal (SPEC §19.6,
    /// `DecimalBinStep`): `bin(0.6, 0.2)` is 0.6, `bin(5.8, 0.1)` is 5.8.
    public static func start(_ x: Double, step: Double) -> Double {
        DecimalBinStep(step).start(x)
    }

    /// How many intervals of `step` cover `lower…upper` (the first holding `lower`, the last `upper`).
    public static func intervalCount(lower: Double, upper: Double, step: Double) -> Double {
        guard step > 0, lower.isFinite, upper.isFinite else { return 0 }
        return (upper / step).rounded(.down) - (lower / step).rounded(.down) + 1
    }

    /// About how many intervals `bin(x)` aims for.
    public static let targetCount = 10.0

    /// A round step (1, 2 or 5 × 10ⁿ) giving about ten intervals over `lower…upper`; 1 (or a power of ten near
    /// the value) when the extent is a single value.
    public static func automaticStep(lower: Double, upper: Double) -> Double {
        guard lower.isFinite, upper.isFinite else { return 1 }
        guard upper > lower else {
            let magnitude = abs(lower)
            guard magnitude >= 10 else { return 1 }
            return roundStep(mantissa: 1, exponent: decimalExponent(magnitude) - 1)
        }
        // Divided before subtracting, so an extent of ±1e308 does not overflow to infinity; an extent too small
        // to divide (0 and 1e-323) gives the smallest step a double holds.
        let exponent = decimalExponent(upper / targetCount - lower / targetCount)
        var best = 1.0
        var bestScore = Double.infinity
        for power in (exponent - 1)...(exponent + 1) {
            for mantissa in [1.0, 2.0, 5.0] {
                let step = roundStep(mantissa: mantissa, exponent: power)
                guard step > 0, step.isFinite else { continue }
                let count = intervalCount(lower: lower, upper: upper, step: step)
                let score = abs(log(count / targetCount))
                // Ties go to the larger step (fewer, wider bars).
                if score < bestScore - 1e-12 || (abs(score - bestScore) <= 1e-12 && step > best) {
                    best = step
                    bestScore = score
                }
            }
        }
        return best
    }

    /// ⌊log₁₀ x⌋ for a positive x, within the exponents a double has (−324…308): never a trap on 0 or infinity.
    static func decimalExponent(_ x: Double) -> Int {
        guard x > 0 else { return -323 }
        return max(-323, min(308, NumberConversion.clamped(log10(x), rounding: .down)))
    }

    /// mantissa × 10^exponent, computed so that 0.2 is the double nearest 0.2 (a division for small steps).
    static func roundStep(mantissa: Double, exponent: Int) -> Double {
        exponent >= 0 ? mantissa * pow(10, Double(exponent)) : mantissa / pow(10, Double(-exponent))
    }
}
