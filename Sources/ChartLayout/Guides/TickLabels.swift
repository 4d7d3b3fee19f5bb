import ChartFormat

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
            let instants = values.map { Int64(max(-8.64e15, min(8.64e15, $0))) }
            if let dateFormat { return instants.map { dateFormat.format($0, locale: locale) } }
            return DateFormat.automatic(forTicks: instants, locale: locale)
        case .years:
            let format = numberFormat ?? NumberFormat.year
            return values.map { format.format($0, locale: locale) }
        case .number:
            let format = numberFormat ?? NumberFormat.automatic(forTicks: values)
            return values.map { $0 == 0 && numberFormat == nil ? "0" : format.format($0, locale: locale) }
        case .percent:
            let format = numberFormat ?? NumberFormat.automatic(forTicks: values.map { $0 * 100 })
            if numberFormat != nil { return values.map { format.format($0, locale: locale) } }
            return values.map { $0 == 0 ? "0%" : format.format($0 * 100, locale: locale) + "%" }
        }
    }

    /// One value on its own (labels on marks, tooltips).
    public func label(_ value: Double) -> String {
        labels([value]).first ?? ""
    }

    /// The labels for values of a channel, with the axis's `format` (else the channel's).
    static func forChannel(_ channel: EncodedChannel, isPercent: Bool = false, locale: ChartLocale) -> TickLabels {
        let pattern = channel.definition.axis?.format?.value ?? channel.definition.format?.value
        let kind: Kind = isPercent ? .percent : channel.holdsYears ? .years : channel.holdsDates ? .dates : .number
        return TickLabels(kind: kind, pattern: pattern, locale: locale)
    }
}
