import ChartData
import ChartFormat

/// How a `bin` field (SPEC §13) is drawn: on a continuous position channel each row is the interval
/// [start, start + step), so bars run edge to edge and ticks sit on interval edges; anywhere a field is a
/// category (a band axis, a color legend, a facet panel) it reads as its interval, `10–12`.
enum BinnedChannel {
    /// The interval's end, computed as the next interval's start is (so neighbours share an edge exactly).
    static func end(_ start: Double, step: Double) -> Double {
        ((start / step).rounded() + 1) * step
    }

    /// Tick values on interval edges inside `domain`: every edge, or every 2nd, 5th, 10th… so that about
    /// `count` remain.
    static func ticks(domain: ScaleInterval, step: Double, count: Int) -> [Double] {
        guard step > 0, domain.upper > domain.lower else { return [] }
        let first = (domain.lower / step - 1e-9).rounded(.up)
        let last = (domain.upper / step + 1e-9).rounded(.down)
        guard last >= first else { return [] }
        let edges = last - first
        var multiple = 1.0
        // Interval edges are short numbers: one more than the axis asks for still reads.
        let wanted = Double(max(3, count + 1))
        for candidate in [1.0, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000, 2000, 5000, 10000] {
            multiple = candidate
            if edges / candidate <= wanted { break }
        }
        var values: [Double] = []
        var index = (first / multiple).rounded(.up) * multiple
        while index <= last && values.count < 1000 {
            values.append(index * step)
            index += multiple
        }
        return values
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
