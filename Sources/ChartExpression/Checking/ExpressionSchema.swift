import ChartData
import ChartFormat
import ChartValues

/// The fields an expression may read and their types, in order. Checking against a schema (not a table) lets
/// `lint` report unknown fields and type errors before any data is loaded, and lets `calculate` fields see the
/// ones defined before them.
public struct ExpressionSchema: Sendable {
    public private(set) var fields: [(name: String, type: DataType)]
    private var positions: [String: Int]

    /// A field named twice keeps its first position and its last type (like `Table.setColumn`).
    public init(fields: [(name: String, type: DataType)]) {
        self.fields = []
        self.positions = [:]
        for field in fields { set(field.name, type: field.type) }
    }

    /// The columns of a table.
    public init(table: Table) {
        self.init(fields: table.columns.map { ($0.name, $0.type) })
    }

    public var names: [String] { fields.map(\.name) }

    public func type(of name: String) -> DataType? {
        positions[name].map { fields[$0].type }
    }

    public func contains(_ name: String) -> Bool { positions[name] != nil }

    /// Adds a field at the end, or changes the type of an existing one (a calculated field shadowing a data
    /// field).
    public mutating func set(_ name: String, type: DataType) {
        if let position = positions[name] {
            fields[position].type = type
        } else {
            positions[name] = fields.count
            fields.append((name, type))
        }
    }
}

/// Settings that change what an expression computes, not whether it is valid: the spec's locale decides the
/// names `month()` and `weekday()` give, their order, and the separators `format()` uses.
public struct ExpressionEnvironment: Sendable {
    public var locale: ChartLocale

    public init(locale: ChartLocale = .enUS) {
        self.locale = locale
    }
}
