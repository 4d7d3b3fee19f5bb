#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ChartData
import ChartFormat

/// How a `bin` field (SPEC §13) is drawn: on a continuous position channel each row is the interval
/// [start, start + step), so bars run edge to edge and ticks sit on interval edges; anywhere a field is a
/// category (a band axis, a color legend, a facet panel) it reads as its interval, `10–12`.
enum BinnedChannel {
    /// The interval's end, computed as the next interval's start is (so neighbours share an edge exactly).
    static func end(_ start: Double, step: Double) -> Double {
        DecimalBinStep(step).end(ofStart: start)
    }

    /// Tick values on interval edges inside `domain`: every edge, or every 2nd, 5th, 10th… so that about
    /// `count` remain.
    static func ticks(domain: ScaleInterval, step: Double, count: Int) -> [Double] {
        guard step > 0, domain.upper > domain.lower else { return [] }
        let first = (domain.lower / step - 1e-9).rounded(.up)
        let last = (domain.upper / step + 1e-9).rounded(.down)
        guard last >= first else { return [] }
        let edges = last - first
        // Interval edges are short numbers: one more than the axis asks for still reads. Every k-th edge, the
        // smallest k that is few enough, preferring k whose spacing is itself round (every 2nd edge of 5s: 10s).
        let wanted = Double(max(3, count + 1))
        let candidates: [Double] = [1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000]
        let fitting = candidates.filter { edges / $0 <= wanted }
        // A domain far wider than the bins (a step of 1 over [-1, 1e308]): edges every 10,000th interval would
        // still be too many, so the axis takes the round values of a plain linear axis.
        guard !fitting.isEmpty else { return LinearTicks.ticks(domain, count: count) }
        let multiple = fitting.first { $0 == 1 || isRound($0 * step) } ?? fitting.first ?? 10000
        var values: [Double] = []
        var index = (first / multiple).rounded(.up) * multiple
        while index <= last && values.count < 1000 {
            values.append(index * step)
            index += multiple
        }
        return values
    }

    /// 1, 2, 2.5 or 5 × 10ⁿ.
    static func isRound(_ value: Double) -> Bool {
        guard value > 0, value.isFinite else { return false }
        let mantissa = value / pow(10, log10(value).rounded(.down))
        return [1, 2, 2.5, 5, 10].contains { abs(mantissa - $0) < 1e-9 * $0 }
    }

    /// `10–12` (`−4 to −2` when a minus sign would stand next to the dash), at the step's precision so
    /// `0.6000000000000001` reads `0.6`.
    static func label(_ start: Double, step: Double) -> String {
        let (a, b) = (number(start, step: step), number(end(start, step: step), step: step))
        return b.hasPrefix("−") || a.hasPrefix("−") ? "\(a) to \(b)" : "\(a)–\(b)"
    }

    static func number(_ value: Double, step: Double) -> String {
        var digits = 0
        var scaled = step
        while digits < 12 && abs(scaled - scaled.rounded()) > 1e-9 * max(1, abs(scaled)) {
            digits += 1
            scaled *= 10
        }
        var factor = 1.0
        for _ in 0..<digits { factor *= 10 }
        let rounded = (value * factor).rounded() / factor
        let text = NumberText.shortest(rounded == 0 ? 0 : rounded)
        return text.hasPrefix("-") ? "−" + text.dropFirst() : text
    }
}
