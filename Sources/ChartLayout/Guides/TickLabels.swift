#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ChartFormat

/// Default tick label text (SPEC §7 defaults people expect): one precision for all labels of an axis, just
/// enough to tell neighbours apart; thousands grouped in the locale's style; years without separators; a real
/// minus sign; dates labeled by the calendar unit between ticks.
public enum TickLabels {
    public static let minus = "\u{2212}"

    /// Labels for round numbers: the fewest decimals that show every tick exactly (at most 6).
    public static func numbers(_ values: [Double], locale: ChartLocale) -> [String] {
        let digits = fractionDigits(values)
        return values.map { number($0, fractionDigits: digits, locale: locale) }
    }

    /// Whole years, no grouping.
    public static func years(_ values: [Double], locale: ChartLocale) -> [String] {
        values.map { value in
            let rounded = value.rounded()
            let text = String(Int64(Swift.max(-1e15, Swift.min(1e15, abs(rounded)))))
            return rounded < 0 ? minus + text : text
        }
    }

    /// Instants by the unit between ticks: years as `2020`; months as `Jan`, with the year on January and on
    /// the first tick; days as `Jan 5`; times as `14:00`.
    public static func dates(_ values: [Int64], unit: TimeTickInterval.Unit?, locale: ChartLocale) -> [String] {
        var previousYear: Int64?
        return values.enumerated().map { index, value in
            let c = CivilDate.components(value)
            defer { previousYear = c.year }
            let month = locale.shortMonths[Int(c.month - 1)]
            switch unit ?? .year {
            case .year:
                return String(c.year)
            case .month:
                return (index == 0 || c.month == 1 || previousYear != c.year) ? month + " " + String(c.year) : month
            case .week, .day:
                let label = month + " " + String(c.day)
                return (index == 0 || previousYear != c.year) ? label + ", " + String(c.year) : label
            case .hour, .minute:
                return pad(c.hour) + ":" + pad(c.minute)
            case .second, .millisecond:
                return pad(c.hour) + ":" + pad(c.minute) + ":" + pad(c.second)
            }
        }
    }

    /// The fewest decimals (0…6) that write every value without rounding it away.
    static func fractionDigits(_ values: [Double]) -> Int {
        for digits in 0...6 {
            let scale = pow(10, Double(digits))
            if values.allSatisfy({ abs(($0 * scale).rounded() - $0 * scale) < 1e-6 * Swift.max(1, abs($0 * scale)) }) {
                return digits
            }
        }
        return 6
    }

    /// A number with fixed decimals, the locale's marks and a real minus sign.
    public static func number(_ value: Double, fractionDigits: Int, locale: ChartLocale) -> String {
        guard value.isFinite else { return "" }
        let scale = pow(10, Double(fractionDigits))
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e15 else { return NumberText.shortest(value) }
        let units = Int64(scaled)
        let divisor = Int64(scale)
        let whole = units / divisor
        let fraction = units % divisor
        var digits = String(whole)
        if whole >= 1000 {
            var grouped = ""
            for (offset, character) in digits.reversed().enumerated() {
                if offset > 0 && offset % 3 == 0 { grouped = locale.groupingSeparator + grouped }
                grouped = String(character) + grouped
            }
            digits = grouped
        }
        if fractionDigits > 0 {
            let text = String(fraction)
            digits += locale.decimalSeparator + String(repeating: "0", count: fractionDigits - text.count) + text
        }
        // Zero is written plainly, whatever the precision of its neighbours.
        if units == 0 { return "0" }
        return value < 0 ? minus + digits : digits
    }

    private static func pad(_ value: Int64) -> String {
        value < 10 ? "0" + String(value) : String(value)
    }
}
