import ChartFormat
import ChartSpec
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Tick and value label text (SPEC §7 defaults people expect): the spec's `format` when it gives one, else one
/// precision for every label of an axis, just enough to tell neighbours apart; years without separators; a
/// real minus sign; dates labeled by what changes between ticks. Zero is written `0` whatever its neighbours'
/// precision.
public struct TickLabels: Sendable {
    public enum Kind: Sendable, Equatable {
        case number
        /// Numbers that are years (a numeric field on a temporal channel).
        case years
        /// Milliseconds since the epoch.
        case dates
        /// Fractions shown as percentages (normalized stacks).
        case percent
    }

    public var kind: Kind
    public var locale: ChartLocale
    private var numberFormat: NumberFormat?
    private var dateFormat: DateFormat?

    /// The prefix and suffix of the spec's format object (SPEC §19.14), around every label.
    public var affixes: FormatAffixes

    /// Labels of a log axis: each tick written alone, whatever the span of the ticks (SPEC §19.7: `0.005 0.01 0.02
    /// 0.05`, never `0.010`), since its ticks are not evenly spaced and share no precision.
    public var logarithmic = false

    /// - Parameter pattern: a d3-format pattern for numbers or a `%`-pattern for dates; one that does not parse
    ///   falls back to the automatic format (the spec parser reports it).
    public init(kind: Kind, pattern: String? = nil, affixes: FormatAffixes = .none, locale: ChartLocale) {
        self.kind = kind
        self.locale = locale
        self.affixes = affixes
        if let pattern, !pattern.isEmpty {
            if kind == .dates {
                dateFormat = try? DateFormat(parsing: pattern)
            } else {
                numberFormat = try? NumberFormat(parsing: pattern)
            }
        }
    }

    /// Labels written as a spec's `format` says (its pattern, prefix and suffix); nil: the automatic format.
    public init(kind: Kind, format: FormatSpec?, locale: ChartLocale) {
        self.init(kind: kind, pattern: format?.patternText, affixes: format?.affixes ?? .none, locale: locale)
    }

    /// The labels for a set of ticks, formatted together so they share a precision.
    public func labels(_ values: [Double]) -> [String] {
        let texts = bareLabels(values)
        return affixes.isEmpty ? texts : texts.map(affixes.apply)
    }

    private func bareLabels(_ values: [Double]) -> [String] {
        switch kind {
        case .dates:
            let instants = values.map { NumberConversion.clamped(max(-8.64e15, min(8.64e15, $0)), as: Int64.self) }
            if let dateFormat { return instants.map { dateFormat.format($0, locale: locale) } }
            return DateFormat.automatic(forTicks: instants, locale: locale)
        case .years:
            let format = numberFormat ?? NumberFormat.year
            return values.map { format.format($0, locale: locale) }
        case .number:
            if let numberFormat { return values.map { numberFormat.format($0, locale: locale) } }
            let magnitudes = values.filter { $0.isFinite && $0 != 0 }.map(\.magnitude)
            if let smallest = magnitudes.min(), let largest = magnitudes.max(), logarithmic || largest >= smallest * 1000 {
                // Ticks over several powers of ten (a log axis): each as written alone, in its own unit, with no
                // padded decimals (SPEC §19.7): `0.01 0.1 1 10 100 1,000`, `100,000 1M 10M 100M`.
                return values.map { value in
                    guard value != 0 else { return "0" }
                    guard value.magnitude >= Self.shortScaleThreshold else {
                        let alone = NumberFormat.automatic(forTicks: [value])
                        return NumberFormat(kind: .fixed, precision: alone.precision, grouping: value.magnitude >= 1000).format(value, locale: locale)
                    }
                    return NumberFormat.shortScaleLabels(forTicks: [value], locale: locale)[0]
                }
            }
            if Self.largestMagnitude(values) >= Self.shortScaleThreshold {
                // Large numbers in the locale's short scale, each tick in its own unit (SPEC §19.14: `0 500M 1B
                // 1.5B`, never `0.50B`).
                return NumberFormat.shortScaleLabels(forTicks: values, locale: locale)
            }
            let format = NumberFormat.automatic(forTicks: values)
            return values.map { $0 == 0 ? "0" : format.format($0, locale: locale) }
        case .percent:
            let format = numberFormat ?? NumberFormat.automatic(forTicks: values.map { $0 * 100 })
            if numberFormat != nil { return values.map { format.format($0, locale: locale) } }
            return values.map { $0 == 0 ? "0%" : format.format($0 * 100, locale: locale) + "%" }
        }
    }

    /// One value on its own (tooltips).
    public func label(_ value: Double) -> String {
        labels([value]).first ?? ""
    }

    /// Values printed on marks, formatted together. With a spec format, exactly that; otherwise like ticks, but
    /// values that are not round get at most three significant digits (`12.8`, `0.46`, `1,235`) instead of every
    /// digit the data has. Large values (the largest at least a million) are written in the locale's short scale,
    /// each in the unit of its own size (`2.83B` beside `600M`, never `0.60B`), the values of one unit and as
    /// many digits before the point at one precision (`600M` beside `1.25M`).
    public func valueLabels(_ values: [Double]) -> [String] {
        guard numberFormat == nil, kind == .number || kind == .percent else { return labels(values) }
        let texts: [String]
        if kind == .percent {
            texts = Self.valueTexts(values, divisor: 0.01, suffix: "%", significant: 2, locale: locale)
        } else if Self.largestMagnitude(values) >= Self.shortScaleThreshold {
            // Group the values by unit and by their digits before the point in it; each group shares a precision.
            // (By unit alone, 600M's three digits would leave none for 1.25M, printed "1M".)
            let units = values.map { NumberFormat.shortScaleUnit(of: $0) }
            let groups = values.indices.map { index in
                units[index] * 4 + Self.integerDigits(values[index] / NumberFormat.shortScaleFactor(units[index]))
            }
            var result = [String](repeating: "", count: values.count)
            for group in Set(groups).sorted() {
                let indices = values.indices.filter { groups[$0] == group }
                let unit = units[indices[0]]
                let word = unit > 0 ? locale.shortScale[unit - 1] : ""
                let group = Self.valueTexts(
                    indices.map { values[$0] }, divisor: NumberFormat.shortScaleFactor(unit), suffix: word, significant: 3, locale: locale)
                for (index, text) in zip(indices, group) { result[index] = text }
            }
            texts = result
        } else {
            texts = Self.valueTexts(values, divisor: 1, suffix: "", significant: 3, locale: locale)
        }
        return affixes.isEmpty ? texts : texts.map(affixes.apply)
    }

    /// `values / divisor` with the decimals for `significant` digits on the largest (fewer when every value needs
    /// fewer), then `suffix`.
    private static func valueTexts(_ values: [Double], divisor: Double, suffix: String, significant: Int, locale: ChartLocale) -> [String] {
        let scaled = values.map { $0 / divisor }
        let scaledLargest = largestMagnitude(scaled)
        let magnitude = scaledLargest > 0 ? NumberConversion.clamped(log10(scaledLargest), rounding: .down) : 0
        let cap = Swift.max(0, Swift.min(6, significant - 1 - magnitude))
        var decimals = cap
        for candidate in 0...cap where scaled.allSatisfy({ isWritten($0, decimals: candidate) }) {
            decimals = candidate
            break
        }
        let format = NumberFormat(kind: .fixed, precision: decimals, grouping: scaledLargest >= 10_000)
        return scaled.map { $0 == 0 ? "0" + suffix : format.format($0, locale: locale) + suffix }
    }

    /// 1, 2 or 3: the digits before the point of a value below 1,000 in its short-scale unit.
    private static func integerDigits(_ scaled: Double) -> Int {
        let magnitude = scaled.magnitude
        return magnitude >= 100 ? 3 : magnitude >= 10 ? 2 : 1
    }

    /// Below a million numbers are written out (`250,000`); from a million on, automatic labels use the locale's
    /// short scale (`1.5M`).
    static let shortScaleThreshold = 1e6

    private static func largestMagnitude(_ values: [Double]) -> Double {
        values.filter(\.isFinite).map(\.magnitude).max() ?? 0
    }

    /// Whether `value` is written exactly (to 1e-9 relative) with `decimals` decimals.
    private static func isWritten(_ value: Double, decimals: Int) -> Bool {
        guard value.isFinite else { return true }
        let scale = pow(10.0, Double(decimals))
        return ((value * scale).rounded() / scale - value).magnitude <= Swift.max(1e-9, value.magnitude * 1e-12)
    }

    /// The labels for values of a channel, with the axis's `format` (else the channel's).
    static func forChannel(_ channel: EncodedChannel, isPercent: Bool = false, locale: ChartLocale) -> TickLabels {
        let format = channel.definition.axis?.format ?? channel.definition.format
        let kind: Kind = isPercent ? .percent : channel.holdsYears ? .years : channel.holdsDates ? .dates : .number
        return TickLabels(kind: kind, format: format, locale: locale)
    }
}
