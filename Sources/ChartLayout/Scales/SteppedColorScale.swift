import ChartColor
import ChartFormat
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Numbers onto a few colors (SPEC §22: `quantize`, `quantile`, `threshold`), the way d3-scale does it, so a
/// choropleth or a heat map reads in steps a legend can name: a value takes the color of the step its
/// `thresholds` put it in (d3's `bisectRight`: a value equal to a threshold belongs to the step above it).
public struct SteppedColorScale: Sendable, Equatable {
    /// The breaks between steps, ascending: one fewer than `colors`.
    public let thresholds: [Double]
    /// One color per step, lowest step first.
    public let colors: [Color]
    /// The legend's outer edges: a quantize scale's domain, a quantile's lowest and highest value; a threshold
    /// scale's data extent (nil where that end's step holds no value: the legend leaves it unlabelled).
    public let lower: Double?
    public let upper: Double?

    public init(thresholds: [Double], colors: [Color], lower: Double?, upper: Double?) {
        self.thresholds = thresholds
        self.colors = colors
        self.lower = lower
        self.upper = upper
    }

    /// The step a value falls in (0 ..< colors.count), or nil for a value with no color (NaN, infinite).
    public func step(of value: Double) -> Int? {
        guard value.isFinite, !colors.isEmpty else { return nil }
        var low = 0
        var high = thresholds.count
        while low < high {
            let middle = (low + high) / 2
            if value < thresholds[middle] { high = middle } else { low = middle + 1 }
        }
        return Swift.min(low, colors.count - 1)
    }

    /// The color of a value, or nil when it has none.
    public func color(for value: Double) -> Color? {
        step(of: value).map { colors[$0] }
    }

    /// The edges the legend prints, one more than the steps: `lower`, the thresholds, `upper`.
    public var edges: [Double?] { [lower] + thresholds.map { Optional($0) } + [upper] }

    // MARK: - d3-scale's three scales

    /// `scaleQuantize().domain([low, high]).range(colors)`: `colors.count` equal intervals; with `nice`, the
    /// domain first rounded as d3's `linear.nice()` (count 10) does.
    public static func quantize(domain: (low: Double, high: Double), colors: [Color], nice: Bool = false) -> SteppedColorScale {
        var (x0, x1) = domain
        if nice { (x0, x1) = niced(x0, x1, count: 10) }
        let n = colors.count - 1
        var thresholds: [Double] = []
        if n > 0 {
            for i in 0..<n {
                thresholds.append((Double(i + 1) * x1 - Double(i - n) * x0) / Double(n + 1))
            }
        }
        return SteppedColorScale(thresholds: thresholds, colors: colors, lower: x0, upper: x1)
    }

    /// `scaleQuantile().domain(values).range(colors)`: thresholds at the p = i / n quantiles of the sorted values
    /// (d3-array's `quantileSorted`, R's type 7), so each step holds about the same count.
    public static func quantile(values: [Double], colors: [Color]) -> SteppedColorScale {
        let sorted = values.filter(\.isFinite).sorted()
        let n = Swift.max(1, colors.count)
        var thresholds: [Double] = []
        if !sorted.isEmpty {
            for i in 1..<n { thresholds.append(quantileSorted(sorted, Double(i) / Double(n))) }
        }
        return SteppedColorScale(thresholds: thresholds, colors: colors, lower: sorted.first, upper: sorted.last)
    }

    /// `scaleThreshold().domain(breaks).range(colors)`; the legend's ends are the values' extent where the end
    /// steps hold values.
    public static func threshold(breaks: [Double], colors: [Color], values: [Double]) -> SteppedColorScale {
        let finite = values.filter(\.isFinite)
        let low = finite.min()
        let high = finite.max()
        let lower = low.flatMap { low in breaks.first.map { low < $0 ? low : nil } ?? low }
        let upper = high.flatMap { high in breaks.last.map { high >= $0 ? high : nil } ?? high }
        let count = Swift.min(breaks.count, Swift.max(0, colors.count - 1))
        return SteppedColorScale(thresholds: Array(breaks.prefix(count)), colors: colors, lower: lower, upper: upper)
    }

    /// d3-array's `quantileSorted` (type 7): linear between the closest ranks.
    static func quantileSorted(_ values: [Double], _ p: Double) -> Double {
        guard let first = values.first, let last = values.last else { return .nan }
        if p <= 0 || values.count < 2 { return first }
        if p >= 1 { return last }
        let i = Double(values.count - 1) * p
        let i0 = min(values.count - 2, NumberConversion.clamped(i, rounding: .down))
        let value0 = values[i0]
        let value1 = values[i0 + 1]
        return value0 + (value1 - value0) * (i - Double(i0))
    }

    /// d3-scale's `linear.nice(count)`: widen to multiples of d3-array's `tickIncrement` until it settles.
    static func niced(_ start: Double, _ stop: Double, count: Int) -> (Double, Double) {
        guard start.isFinite, stop.isFinite else { return (start, stop) }
        let reversed = stop < start
        var (start, stop) = reversed ? (stop, start) : (start, stop)
        var previous: Double?
        for _ in 0..<10 {
            let step = tickIncrement(start, stop, count: Double(count))
            if step == previous { break }
            if step > 0 {
                start = (start / step).rounded(.down) * step
                stop = (stop / step).rounded(.up) * step
            } else if step < 0 {
                start = (start * step).rounded(.up) / step
                stop = (stop * step).rounded(.down) / step
            } else {
                break
            }
            previous = step
        }
        return reversed ? (stop, start) : (start, stop)
    }

    /// d3-array's `tickIncrement`: a power of ten times 1, 2 or 5; negative for the inverse of a step below 1.
    static func tickIncrement(_ start: Double, _ stop: Double, count: Double) -> Double {
        tickSpec(start, stop, count: count).increment
    }

    private static func tickSpec(_ start: Double, _ stop: Double, count: Double) -> (i1: Double, i2: Double, increment: Double) {
        let step = (stop - start) / Swift.max(0, count)
        guard step.isFinite, step > 0 else { return (0, 0, 0) }
        let power = log10(step).rounded(.down)
        let error = step / pow(10, power)
        let factor: Double = error >= 50.0.squareRoot() ? 10 : error >= 10.0.squareRoot() ? 5 : error >= 2.0.squareRoot() ? 2 : 1
        var i1: Double
        var i2: Double
        var increment: Double
        if power < 0 {
            increment = pow(10, -power) / factor
            i1 = (start * increment).jsRounded
            i2 = (stop * increment).jsRounded
            if i1 / increment < start { i1 += 1 }
            if i2 / increment > stop { i2 -= 1 }
            increment = -increment
        } else {
            increment = pow(10, power) * factor
            i1 = (start / increment).jsRounded
            i2 = (stop / increment).jsRounded
            if i1 * increment < start { i1 += 1 }
            if i2 * increment > stop { i2 -= 1 }
        }
        if i2 < i1 && 0.5 <= count && count < 2 { return tickSpec(start, stop, count: count * 2) }
        return (i1, i2, increment)
    }
}

extension Double {
    /// JavaScript's `Math.round`: halves toward +∞ (d3 rounds this way).
    fileprivate var jsRounded: Double { (self + 0.5).rounded(.down) }
}
