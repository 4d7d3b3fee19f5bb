import ChartData
import ChartDiagnostics
import ChartFormat
import ChartSpec
import ChartValues

/// A channel of the encoding bound to its column in the table, with its measurement type decided (SPEC §7:
/// number → quantitative, date → temporal, string or boolean → nominal; a number declared `temporal` holds
/// years). Marks and guides read values through it, so the type rules live in one place.
public struct EncodedChannel: Sendable {
    public let definition: ChannelDef
    public let field: String
    public let column: Column
    public let type: MeasureType

    /// Binds `definition` (a channel with a field) to `table`. The checking stage has made sure the field is in the
    /// table (`encoding-unknown-field`) and can take the declared type (`encoding-type-mismatch`).
    public init?(_ definition: ChannelDef, table: Table) throws(DiagnosticError) {
        guard let field = definition.field else { return nil }
        guard let column = table.column(named: field.value) else {
            throw DiagnosticError(
                Diagnostic(LayoutDiagnostic.uncheckedField(channel: definition.channel.rawValue, field: field.value), at: field.span))
        }
        let inferred: MeasureType
        switch column.type {
        case .number: inferred = .quantitative
        case .date: inferred = .temporal
        case .string, .boolean: inferred = .nominal
        }
        var type = definition.type?.value ?? inferred
        if let declared = definition.type?.value {
            switch (declared, column.type) {
            case (.quantitative, .string), (.quantitative, .boolean), (.temporal, .string), (.temporal, .boolean):
                type = .nominal
            case (.quantitative, .date):
                type = .temporal
            default:
                break
            }
        }
        if let scaleType = definition.scale?.type?.value, type == .quantitative || type == .temporal {
            if scaleType == .band || scaleType == .point || scaleType == .ordinal { type = .ordinal }
        }
        self.definition = definition
        self.field = field.value
        self.column = column
        self.type = type
    }

    public var channel: ChannelName { definition.channel }

    /// Continuous channels map numbers to positions; discrete ones map category keys to bands.
    public var isContinuous: Bool { type == .quantitative || type == .temporal }

    /// A numeric column on a temporal channel: the numbers are years.
    public var holdsYears: Bool { type == .temporal && column.type == .number }

    /// The interval width of a `bin` field on a quantitative channel (SPEC §13), nil otherwise.
    public var binStep: Double? { type == .quantitative ? column.binStep.flatMap { $0 > 0 ? $0 : nil } : nil }

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
        guard column.valid[row] else { return isContinuous ? nil : Self.missingKey }
        if let step = column.binStep, step > 0, case .number(let values) = column.storage {
            return BinnedChannel.label(values[row], step: step)
        }
        return Self.key(column[row])
    }

    /// The category of rows whose value is null on a band axis, `color` or `offset` (SPEC §19.9).
    public static let missingKey = "n/a"

    /// `keys` with the missing category, if there, moved to the end.
    static func missingLast(_ keys: [String]) -> [String] {
        guard let index = keys.firstIndex(of: missingKey) else { return keys }
        var moved = keys
        moved.remove(at: index)
        return moved + [missingKey]
    }

    /// The category key of any value (numbers in shortest form, dates as ISO 8601).
    public static func key(_ value: Value) -> String? { value.text }

    /// The distinct keys in display order: the explicit `scale.domain`, else the column's natural order
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
        if let natural = column.naturalOrder {
            let ordered = natural.filter { present.contains($0) }
            let rest = seen.filter { !natural.contains($0) }
            return Self.missingLast(ordered + rest)
        }
        return Self.missingLast(seen)
    }

    private static func unique(_ keys: [String]) -> [String] {
        var seen = Set<String>()
        return keys.filter { seen.insert($0).inserted }
    }
}
