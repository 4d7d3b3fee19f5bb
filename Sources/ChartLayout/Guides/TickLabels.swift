import ChartFormat
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

    /// - Parameter pattern: a d3-format pattern for numbers or a `%`-pattern for dates; one that does not parse
    ///   falls back to the automatic format (the spec parser reports it).
    public init(kind: Kind, pattern: String? = nil, locale: ChartLocale) {
        self.kind = kind
        self.locale = locale
        if let pattern, !pattern.isEmpty {
            if kind == .dates {
                dateFormat = try? DateFormat(parsing: pattern)
            } else {
                numberFormat = try? NumberFormat(parsing: pattern)
            }
        }
    }

    /// The labels for a set of ticks, formatted together so they share a precision.
    public func labels(_ values: [Double]) -> [String] {
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
            if let smallest = magnitudes.min(), let largest = magnitudes.max(), largest >= smallest * 1000 {
                // Ticks over several powers of ten (a log axis): each as written alone, in its own unit, with no
                // padded decimals (SPEC §19.7): `0.01 0.1 1 10 100 1,000`, `100,000 1M 10M 100M`.
                return values.map { value in
                    guard value != 0 else { return "0" }
                    guard let unit = Self.shortUnit(forLargest: value.magnitude) else {
                        let alone = NumberFormat.automatic(forTicks: [value])
                        return NumberFormat(kind: .fixed, precision: alone.precision, grouping: value.magnitude >= 1000).format(value, locale: locale)
                    }
                    let scaled = value / unit.divisor
                    return NumberFormat.automatic(forTicks: [scaled]).format(scaled, locale: locale) + unit.suffix
                }
            }
            if let unit = Self.shortUnit(forLargest: Self.largestMagnitude(values)) {
                let scaled = values.map { $0 / unit.divisor }
                let format = NumberFormat.automatic(forTicks: scaled)
                return zip(values, scaled).map { $0 == 0 ? "0" : format.format($1, locale: locale) + unit.suffix }
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
    /// values that are not round get at most three significant digits on the largest (`12.8`, `0.46`, `1,235`)
    /// instead of every digit the data has.
    public func valueLabels(_ values: [Double]) -> [String] {
        guard numberFormat == nil, kind == .number || kind == .percent else { return labels(values) }
        var divisor = 1.0
        var suffix = ""
        var significant = 3
        if kind == .percent {
            (divisor, suffix, significant) = (0.01, "%", 2)
        } else if let unit = Self.shortUnit(forLargest: Self.largestMagnitude(values)) {
            (divisor, suffix) = (unit.divisor, unit.suffix)
        }
        let scaled = values.map { $0 / divisor }
        let scaledLargest = Self.largestMagnitude(scaled)
        // Decimals for `significant` digits on the largest value, fewer when the values need fewer.
        let magnitude = scaledLargest > 0 ? NumberConversion.clamped(log10(scaledLargest), rounding: .down) : 0
        let cap = Swift.max(0, Swift.min(6, significant - 1 - magnitude))
        var decimals = cap
        for candidate in 0...cap where scaled.allSatisfy({ Self.isWritten($0, decimals: candidate) }) {
            decimals = candidate
            break
        }
        let format = NumberFormat(kind: .fixed, precision: decimals, grouping: scaledLargest >= 10_000)
        return scaled.map { $0 == 0 ? "0" + suffix : format.format($0, locale: locale) + suffix }
    }

    /// Newsroom short forms for large numbers (`10M` rather than `10,000,000`): chosen from the largest value, so
    /// every label of an axis uses the same unit (`0.5M 1M 1.5M`). Below a million numbers are written out.
    static func shortUnit(forLargest largest: Double) -> (divisor: Double, suffix: String)? {
        guard largest.isFinite else { return nil }
        if largest >= 1e15 { return nil }
        if largest >= 1e12 { return (1e12, "T") }
        if largest >= 1e9 { return (1e9, "B") }
        if largest >= 1e6 { return (1e6, "M") }
        return nil
    }

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
        let pattern = channel.definition.axis?.format?.value ?? channel.definition.format?.value
        let kind: Kind = isPercent ? .percent : channel.holdsYears ? .years : channel.holdsDates ? .dates : .number
        return TickLabels(kind: kind, pattern: pattern, locale: locale)
    }
}
