import ChartData
import ChartDiagnostics
import ChartFormat
import ChartSemantics
import ChartSpec
import ChartValues

/// A channel of the encoding bound to its column in the table, with the facts the checking stage resolved for it
/// (`ResolvedChannel`: its measurement type, a bin's step, years). Marks and guides read values through it.
public struct EncodedChannel: Sendable {
    public let definition: ChannelDef
    public let field: String
    public let column: Column
    public let type: MeasureType
    /// The channel as the checking stage resolved it.
    public let resolved: ResolvedChannel
    /// The category of rows with no value on a discrete channel: the locale's word for missing (SPEC §19.9,
    /// `ChartLocale.missingWord`: `n/a`, `k. A.`).
    public let missingKey: String

    /// Binds `definition` (a channel with a field) to `table`. The checking stage has made sure the field is in the
    /// table (`encoding-unknown-field`) and can take the declared type (`encoding-type-mismatch`), and resolved it
    /// against the same rows (`resolved`).
    public init?(
        _ definition: ChannelDef, table: Table, resolved: ResolvedChannel?, missingWord: String = ChartLocale.enUS.missingWord
    ) throws(DiagnosticError) {
        guard let field = definition.field else { return nil }
        guard let column = table.column(named: field.value), let resolved, let type = resolved.type else {
            throw DiagnosticError(
                Diagnostic(LayoutDiagnostic.uncheckedField(channel: definition.channel.rawValue, field: field.value), at: field.span))
        }
        self.definition = definition
        self.field = field.value
        self.column = column
        self.type = type
        self.resolved = resolved
        self.missingKey = missingWord
    }

    public var channel: ChannelName { definition.channel }

    /// Continuous channels map numbers to positions; discrete ones map category keys to bands.
    public var isContinuous: Bool { type == .quantitative || type == .temporal }

    /// A numeric column on a temporal channel: the numbers are years.
    public var holdsYears: Bool { resolved.holdsYears }

    /// The interval width of a `bin` field on a quantitative channel (SPEC §13), nil otherwise.
    public var binStep: Double? { resolved.binStep }

    /// A date column on a temporal channel: milliseconds since the epoch.
    public var holdsDates: Bool { column.type == .date }

    /// The title for the axis or legend: the field name unless the spec set or hid it.
    public var title: String? {
        switch definition.title {
        case .automatic: field
        case .hidden: nil
        case .text(let text): text.value
        }
    }

    /// The value of a row as a number on a continuous scale (dates as milliseconds), nil when null.
    public func number(_ row: Int) -> Double? {
        guard column.valid[row] else { return nil }
        switch column.storage {
        case .number(let values): return values[row].isFinite ? values[row] : nil
        case .date(let values): return Double(values[row])
        case .boolean(let values): return values[row] ? 1 : 0
        case .string: return nil
        }
    }

    /// The value of a row as a category key for discrete scales, color and series. A null on a discrete channel
    /// is the category `missingKey` (SPEC §19.9: drawn, labelled, placed last); nil on a continuous one.
    public func key(_ row: Int) -> String? {
        guard column.valid[row] else { return isContinuous ? nil : missingKey }
        if let step = column.binStep, step > 0, case .number(let values) = column.storage {
            return BinnedChannel.label(values[row], step: step)
        }
        return Self.key(column[row])
    }

    /// `keys` with the missing category, if there, moved to the end.
    static func missingLast(_ keys: [String], missingKey: String) -> [String] {
        guard let index = keys.firstIndex(of: missingKey) else { return keys }
        var moved = keys
        moved.remove(at: index)
        return moved + [missingKey]
    }

    /// The category key of any value (numbers in shortest form, dates as ISO 8601).
    public static func key(_ value: Value) -> String? { value.text }

    /// An encoding's `sort` (SPEC §20) as this channel names its categories. ChartPipeline orders a field's values
    /// by their text (a bin's start, `10`); layout names a binned field's categories by their interval (`10–12`), so
    /// the keys are renamed here, or a sorted ordinal bin axis would keep its table order.
    var sortedKeys: [String]? {
        guard let sorted = definition.sortedKeys else { return nil }
        guard let step = column.binStep, step > 0, column.type == .number else { return sorted }
        return sorted.map { key in Double(key).map { BinnedChannel.label($0, step: step) } ?? key }
    }

    /// The keys present in the order of an encoding's `sort` (SPEC §20, `ChannelDef.sortedKeys`), then any it does
    /// not list in the order `seen`.
    static func following(_ sorted: [String], present: Set<String>, seen: [String]) -> [String] {
        let listed = Set(sorted)
        return sorted.filter { present.contains($0) } + seen.filter { !listed.contains($0) }
    }

    /// The distinct keys in display order: the explicit `scale.domain`, else an encoding's `sort`, else the column's natural order
    /// (weekdays, months) restricted to values present, else first appearance in the table (which follows
    /// the spec's `sort`).
    public func categories(rows: Range<Int>) -> [String] {
        if let domain = definition.scale?.domain?.value, !domain.isEmpty {
            return Self.unique(domain.compactMap(Self.key))
        }
        var seen: [String] = []
        var present = Set<String>()
        for row in rows {
            if let key = key(row), present.insert(key).inserted { seen.append(key) }
        }
        if let sorted = sortedKeys {
            return Self.missingLast(Self.following(sorted, present: present, seen: seen), missingKey: missingKey)
        }
        if let natural = column.naturalOrder {
            let ordered = natural.filter { present.contains($0) }
            let rest = seen.filter { !natural.contains($0) }
            return Self.missingLast(ordered + rest, missingKey: missingKey)
        }
        return Self.missingLast(seen, missingKey: missingKey)
    }

    private static func unique(_ keys: [String]) -> [String] {
        var seen = Set<String>()
        return keys.filter { seen.insert($0).inserted }
    }
}
