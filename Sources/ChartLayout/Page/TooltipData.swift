#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ChartData
import ChartFormat
import ChartSemantics
import ChartSpec
import ChartValues

/// What a tooltip says about a mark: the fields shown and, for every row of the table, their values already
/// written with the spec's formats in the spec's locale. The page embeds it as JSON and the script only looks
/// up a mark's `data-row`, so formatting is done once, here, the same way as the rest of the chart.
///
/// Fields: `encoding.tooltip` when the spec lists any; otherwise the color field first (it heads the tooltip,
/// as the series name) and then every other channel's field in SPEC order (x, y, x2, y2, size, text, offset),
/// each field once. A listed field that a channel also draws takes that channel's type and format unless it
/// sets its own. A field is labelled with its channel's title, or its name when the title is automatic or
/// hidden.
public struct TooltipData: Sendable, Equatable {
    /// One field a tooltip shows: its label and the table column it comes from (-1 across layers).
    public struct Field: Sendable, Equatable {
        public var label: String
        public var column: Int
    }

    public var fields: [Field] = []
    /// Index into `fields` of the value shown as the tooltip's heading (the series), if any.
    public var heading: Int?
    /// `values[row][field]`; nil for null.
    public var values: [[String?]] = []

    /// - Parameter view: the chart as the checking stage resolved it: a field a channel draws is written as that
    ///   channel shows it (numbers on a temporal channel are years), never as the spec declares it again; nil (tests
    ///   of a spec alone) reads the declared types.
    public init(spec: ChartSpec, table: Table, view: ResolvedView? = nil) {
        let locale = ChartLocale.named(spec.locale.value) ?? .enUS
        var definitions: [ChannelDef] = []
        /// The resolved channel drawing each listed field, by the definition's index.
        var drawing: [Int: ResolvedChannel] = [:]
        let listed = spec.encoding.tooltip.filter { $0.field != nil }
        if !listed.isEmpty {
            // A tooltip field that is also drawn reads the way its channel writes it, unless it says otherwise.
            let drawn = spec.encoding.channels
            for (index, definition) in listed.enumerated() {
                var merged = definition
                if let channel = drawn.first(where: { $0.field?.value == definition.field?.value }) {
                    if merged.type == nil {
                        merged.type = channel.type
                        drawing[index] = view?[channel.channel]
                    }
                    if merged.format == nil { merged.format = channel.format ?? channel.axis?.format }
                }
                definitions.append(merged)
            }
        } else {
            let encoding = spec.encoding
            definitions = spec.mark.type.value.traits.tooltipChannels.compactMap { encoding[$0] }
            for (index, definition) in definitions.enumerated() { drawing[index] = view?[definition.channel] }
        }
        var formatters: [(Int) -> String?] = []
        for (position, definition) in definitions.enumerated() {
            guard let name = definition.field?.value, let index = table.columnIndex(named: name) else { continue }
            if fields.contains(where: { $0.column == index }) { continue }
            if definition.channel == .color && listed.isEmpty && heading == nil { heading = fields.count }
            let label: String
            if case .text(let title) = definition.title, !title.value.isEmpty { label = title.value } else { label = name }
            fields.append(Field(label: label, column: index))
            formatters.append(Self.formatter(for: table.columns[index], definition: definition, resolved: drawing[position], locale: locale))
        }
        values = (0..<table.rowCount).map { row in formatters.map { $0(row) } }
    }

    /// Per row of `values`, the fields its layer does not show (a layered chart: written `false`, which the
    /// page's layered script leaves out). Empty for a one-mark chart.
    public var absent: [Set<Int>] = []

    /// The tooltips of a layered chart (SPEC §11): each layer's fields as a one-mark chart's, each field once
    /// (by its label) across layers, and every layer's rows after the rows of the layers before it, the order
    /// of the marks' `data-row` (`MarkContext.rowOffset`). A row leaves out the fields its layer does not show.
    /// `views`: each layer as the checking stage resolved it, in the same order (empty: the declared types).
    public init(layers: [(spec: ChartSpec, table: Table)], views: [ResolvedView] = []) {
        for (index, layer) in layers.enumerated() {
            let own = TooltipData(spec: layer.spec, table: layer.table, view: index < views.count ? views[index] : nil)
            var map: [Int] = []
            for field in own.fields {
                if let index = fields.firstIndex(where: { $0.label == field.label }) {
                    map.append(index)
                } else {
                    fields.append(Field(label: field.label, column: -1))
                    map.append(fields.count - 1)
                }
            }
            if heading == nil, let own = own.heading { heading = map[own] }
            for row in own.values {
                var values = [String?](repeating: nil, count: 0)
                var shown = Set<Int>()
                for (position, value) in row.enumerated() {
                    let index = map[position]
                    while values.count <= index { values.append(nil) }
                    values[index] = value
                    shown.insert(index)
                }
                self.values.append(values)
                absent.append(Set(0..<values.count).subtracting(shown))
            }
        }
        // Rows written before later layers added fields: those fields are absent too.
        for index in values.indices where values[index].count < fields.count {
            absent[index].formUnion(values[index].count..<fields.count)
            values[index] += [String?](repeating: nil, count: fields.count - values[index].count)
        }
    }

    // MARK: - Formatting

    /// How one column's cells are written: the channel's `format`, else its axis format, else a default that
    /// suits the type (years plain, other numbers with three significant digits or more, dates as `Jan 17, 2012`).
    /// Whether numbers are years is the resolved channel's fact (`holdsYears`) when a channel draws the field.
    static func formatter(for column: Column, definition: ChannelDef, resolved: ResolvedChannel? = nil, locale: ChartLocale) -> (Int) -> String? {
        let spec = definition.format ?? definition.axis?.format
        let pattern = spec?.patternText
        let affixes = spec?.affixes ?? .none
        switch column.storage {
        case .number(let numbers):
            let valid = column.valid
            // Numbers drawn as categories (a band, point or ordinal scale) read as their axis names them.
            if resolved?.isDiscrete == true, pattern == nil {
                return { row in valid[row] && numbers[row].isFinite ? column[row].text.map(affixes.apply) : nil }
            }
            if let pattern, let format = try? NumberFormat(parsing: pattern) {
                return { row in valid[row] && numbers[row].isFinite ? affixes.apply(format.format(numbers[row], locale: locale)) : nil }
            }
            let isYears = resolved?.holdsYears ?? (definition.type?.value == .temporal)
            return { row in
                guard valid[row], numbers[row].isFinite else { return nil }
                return affixes.apply(
                    isYears ? NumberFormat.year.format(numbers[row], locale: locale) : defaultNumber(numbers[row], locale: locale))
            }
        case .date(let dates):
            let valid = column.valid
            let explicit = pattern.flatMap { try? DateFormat(parsing: $0) }
            return { row in
                guard valid[row] else { return nil }
                let value = dates[row]
                if let explicit { return affixes.apply(explicit.format(value, locale: locale)) }
                return affixes.apply(defaultDate(value, locale: locale))
            }
        case .string, .boolean:
            return { row in
                switch column[row] {
                case .string(let text): text
                case .boolean(let flag): flag ? "true" : "false"
                default: nil
                }
            }
        }
    }

    /// Thousands separators, and enough decimals for three significant digits (at most six): `12,346`, `3.14`,
    /// `−0.385`, `0.00123`.
    static func defaultNumber(_ value: Double, locale: ChartLocale) -> String {
        let magnitude = abs(value)
        let decimals = magnitude == 0 ? 0 : max(0, min(6, 2 - NumberConversion.clamped(log10(magnitude), rounding: .down)))
        return NumberFormat(kind: .fixed, precision: decimals, grouping: true, trimZeros: true).format(value, locale: locale)
    }

    private static let dayFormat = try? DateFormat(parsing: "%b %-d, %Y")
    private static let timeFormat = try? DateFormat(parsing: "%b %-d, %Y %H:%M")

    /// `Jan 17, 2012`, with the time when it is not midnight UTC.
    static func defaultDate(_ milliseconds: Int64, locale: ChartLocale) -> String {
        let day: Int64 = 86_400_000
        let isMidnight = (milliseconds % day + day) % day == 0
        guard let format = isMidnight ? dayFormat : timeFormat else { return ISODate.format(milliseconds) }
        return format.format(milliseconds, locale: locale)
    }
}
