/// The type of a column or an expression result, as SPEC §3 names them.
public enum DataType: String, Sendable, CaseIterable, Hashable {
    case number
    case string
    case date
    case boolean
}

/// One cell. Used at the edges (inline `values`, expression constants, output); bulk data lives in `Column`s.
/// Dates are milliseconds since 1970-01-01T00:00:00Z, so a build never depends on the machine's time zone.
public enum Value: Sendable, Hashable {
    case null
    case number(Double)
    case string(String)
    case date(Int64)
    case boolean(Bool)

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    public var type: DataType? {
        switch self {
        case .null: nil
        case .number: .number
        case .string: .string
        case .date: .date
        case .boolean: .boolean
        }
    }

    public var numberValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var dateValue: Int64? {
        if case .date(let value) = self { return value }
        return nil
    }

    public var booleanValue: Bool? {
        if case .boolean(let value) = self { return value }
        return nil
    }
}
