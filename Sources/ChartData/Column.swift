import ChartValues

/// One typed column of a `Table`: values stored densely by type, nulls in a separate validity array.
///
/// Strings are dictionary-encoded — `codes[row]` indexes `dictionary` — so grouping hashes small integers and a
/// million rows with 400 distinct names hold 400 strings. Dictionary order is first appearance; it carries no
/// meaning (sorting compares the strings).
public struct Column: Sendable {
    public enum Storage: Sendable {
        case number([Double])
        case string(codes: [UInt32], dictionary: [String])
        case date([Int64])
        case boolean([Bool])
    }

    public var name: String
    public var storage: Storage
    /// `valid[row] == false` means null. The value slot of a null row holds a placeholder (0, code 0, false).
    public var valid: [Bool]
    /// For string columns whose values have a natural order that is not alphabetical — weekday and month names
    /// from `weekday()`/`month()` — every value in that order. Sorting, `complete` and band scales use it.
    public var naturalOrder: [String]?
    /// For a number column made by `bin` (SPEC §13): the width of its intervals. Each value is an interval's
    /// start; grouping, sorting and `complete` keep the step, `chartc data` adds `NAME_end`, and the layout
    /// draws the intervals edge to edge.
    public var binStep: Double?

    public init(name: String, storage: Storage, valid: [Bool], naturalOrder: [String]? = nil, binStep: Double? = nil) {
        self.name = name
        self.storage = storage
        self.valid = valid
        self.naturalOrder = naturalOrder
        self.binStep = binStep
    }

    public var type: DataType {
        switch storage {
        case .number: .number
        case .string: .string
        case .date: .date
        case .boolean: .boolean
        }
    }

    public var count: Int { valid.count }

    public func isNull(_ row: Int) -> Bool { !valid[row] }

    /// The cell as a `Value` (slow path: use the typed storage in loops).
    public subscript(row: Int) -> Value {
        guard valid[row] else { return .null }
        switch storage {
        case .number(let values): return .number(values[row])
        case .string(let codes, let dictionary): return .string(dictionary[Int(codes[row])])
        case .date(let values): return .date(values[row])
        case .boolean(let values): return .boolean(values[row])
        }
    }

    /// Builds a column of `type` from values; a value of another type becomes null (callers convert first).
    public init(name: String, type: DataType, values: [Value]) {
        var builder = ColumnBuilder(name: name, type: type, capacity: values.count)
        for value in values { builder.append(value) }
        self = builder.finish()
    }

    /// The rows at `indices`, in that order (a selection vector from a filter, or a sort permutation).
    public func gathering(_ indices: [Int]) -> Column {
        let newValid = indices.map { valid[$0] }
        let newStorage: Storage
        switch storage {
        case .number(let values): newStorage = .number(indices.map { values[$0] })
        case .string(let codes, let dictionary): newStorage = .string(codes: indices.map { codes[$0] }, dictionary: dictionary)
        case .date(let values): newStorage = .date(indices.map { values[$0] })
        case .boolean(let values): newStorage = .boolean(indices.map { values[$0] })
        }
        return Column(name: name, storage: newStorage, valid: newValid, naturalOrder: naturalOrder, binStep: binStep)
    }

    public func renamed(_ newName: String) -> Column {
        var copy = self
        copy.name = newName
        return copy
    }
}

/// Appends values of one type and produces a `Column`; strings are interned into the dictionary as they come.
public struct ColumnBuilder: Sendable {
    public let name: String
    public let type: DataType
    private var numbers: [Double] = []
    private var dates: [Int64] = []
    private var booleans: [Bool] = []
    private var codes: [UInt32] = []
    private var dictionary: [String] = []
    private var codeOf: [String: UInt32] = [:]
    private var valid: [Bool] = []

    public init(name: String, type: DataType, capacity: Int = 0) {
        self.name = name
        self.type = type
        valid.reserveCapacity(capacity)
        switch type {
        case .number: numbers.reserveCapacity(capacity)
        case .date: dates.reserveCapacity(capacity)
        case .boolean: booleans.reserveCapacity(capacity)
        case .string: codes.reserveCapacity(capacity)
        }
    }

    public var count: Int { valid.count }

    public mutating func appendNull() {
        valid.append(false)
        switch type {
        case .number: numbers.append(0)
        case .date: dates.append(0)
        case .boolean: booleans.append(false)
        case .string: codes.append(0)
        }
    }

    public mutating func appendNumber(_ value: Double) {
        valid.append(true)
        numbers.append(value)
    }

    public mutating func appendDate(_ value: Int64) {
        valid.append(true)
        dates.append(value)
    }

    public mutating func appendBoolean(_ value: Bool) {
        valid.append(true)
        booleans.append(value)
    }

    public mutating func appendString(_ value: String) {
        valid.append(true)
        codes.append(intern(value))
    }

    /// Interns a string without appending a row (for builders that share a dictionary).
    public mutating func intern(_ value: String) -> UInt32 {
        if let code = codeOf[value] { return code }
        let code = UInt32(dictionary.count)
        dictionary.append(value)
        codeOf[value] = code
        return code
    }

    /// Appends a row holding an already-interned code.
    public mutating func appendCode(_ code: UInt32) {
        valid.append(true)
        codes.append(code)
    }

    /// Appends `value` if it has this builder's type, else null.
    public mutating func append(_ value: Value) {
        switch (type, value) {
        case (.number, .number(let number)): appendNumber(number)
        case (.string, .string(let string)): appendString(string)
        case (.date, .date(let date)): appendDate(date)
        case (.boolean, .boolean(let boolean)): appendBoolean(boolean)
        default: appendNull()
        }
    }

    public func finish() -> Column {
        let storage: Column.Storage
        switch type {
        case .number: storage = .number(numbers)
        case .date: storage = .date(dates)
        case .boolean: storage = .boolean(booleans)
        case .string: storage = .string(codes: codes, dictionary: dictionary)
        }
        return Column(name: name, storage: storage, valid: valid)
    }
}
