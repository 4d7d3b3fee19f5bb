import ChartData
import ChartValues

/// The values of one expression node for every row being evaluated, in a form the kernels can loop over
/// without boxing: one flat array per type, with null as an in-band sentinel (NaN for numbers, `Int64.min` for
/// dates, 2 for booleans, `UInt32.max` for string codes), or a single constant for every row. Converting to and
/// from `Column` (which keeps a separate validity array) happens once at the edges.
enum Vector {
    case number([Double])
    case date([Int64])
    case boolean([UInt8])
    case string(StringVector)
    case constant(Value)

    static let nullDate = Int64.min
    static let nullBoolean: UInt8 = 2

    /// The value in row `index` (slow path: for the row-at-a-time fallback and folding).
    func value(at index: Int) -> Value {
        switch self {
        case .number(let values):
            let value = values[index]
            return value.isNaN ? .null : .number(value)
        case .date(let values):
            let value = values[index]
            return value == Self.nullDate ? .null : .date(value)
        case .boolean(let values):
            let value = values[index]
            return value == Self.nullBoolean ? .null : .boolean(value == 1)
        case .string(let strings):
            let code = strings.codes[index]
            return code == StringVector.nullCode ? .null : .string(strings.dictionary[Int(code)])
        case .constant(let value):
            return value
        }
    }

    var isConstant: Bool {
        if case .constant = self { return true }
        return false
    }

    // MARK: operands

    var numbers: Operand<Double> {
        switch self {
        case .number(let values): return .array(values)
        case .constant(.number(let value)): return .scalar(value.isFinite ? value : .nan)
        default: return .scalar(.nan)
        }
    }

    var dates: Operand<Int64> {
        switch self {
        case .date(let values): return .array(values)
        case .constant(.date(let value)): return .scalar(value)
        default: return .scalar(Self.nullDate)
        }
    }

    var booleans: Operand<UInt8> {
        switch self {
        case .boolean(let values): return .array(values)
        case .constant(.boolean(let value)): return .scalar(value ? 1 : 0)
        default: return .scalar(Self.nullBoolean)
        }
    }

    var strings: StringOperand {
        switch self {
        case .string(let strings): return .vector(strings)
        case .constant(.string(let value)): return .scalar(value)
        default: return .scalar(nil)
        }
    }

    // MARK: building

    init(numbers operand: Operand<Double>) {
        switch operand {
        case .array(let values): self = .number(values)
        case .scalar(let value): self = .constant(value.isNaN ? .null : .number(value))
        }
    }

    init(dates operand: Operand<Int64>) {
        switch operand {
        case .array(let values): self = .date(values)
        case .scalar(let value): self = .constant(value == Self.nullDate ? .null : .date(value))
        }
    }

    init(booleans operand: Operand<UInt8>) {
        switch operand {
        case .array(let values): self = .boolean(values)
        case .scalar(let value): self = .constant(value == Self.nullBoolean ? .null : .boolean(value == 1))
        }
    }

    // MARK: columns

    /// The vector as a column of `type` (all null, as numbers, when the type is nil). String dictionaries are
    /// compacted to the values that occur, in order of first appearance, as `ColumnBuilder` would build them.
    func column(named name: String, type: DataType?, count: Int) -> Column {
        switch (self, type ?? .number) {
        case (.number(let values), .number):
            var valid = [Bool](repeating: true, count: count)
            let cleaned = makeArray(count) { index -> Double in
                let value = values[index]
                if value.isFinite { return value }
                valid[index] = false
                return 0
            }
            return Column(name: name, storage: .number(cleaned), valid: valid)
        case (.date(let values), .date):
            let valid = makeArray(count) { values[$0] != Self.nullDate }
            let cleaned = makeArray(count) { values[$0] == Self.nullDate ? 0 : values[$0] }
            return Column(name: name, storage: .date(cleaned), valid: valid)
        case (.boolean(let values), .boolean):
            let valid = makeArray(count) { values[$0] != Self.nullBoolean }
            let cleaned = makeArray(count) { values[$0] == 1 }
            return Column(name: name, storage: .boolean(cleaned), valid: valid)
        case (.string(let strings), .string):
            let compacted = strings.compacted()
            let valid = makeArray(count) { compacted.codes[$0] != StringVector.nullCode }
            let codes = makeArray(count) { compacted.codes[$0] == StringVector.nullCode ? 0 : compacted.codes[$0] }
            return Column(
                name: name, storage: .string(codes: codes, dictionary: compacted.dictionary), valid: valid, naturalOrder: strings.naturalOrder)
        case (.constant(let value), let type):
            var builder = ColumnBuilder(name: name, type: type, capacity: count)
            for _ in 0..<count { builder.append(value) }
            return builder.finish()
        case (_, let type):
            // A vector of another type than checked: cannot happen for checked trees; stay safe with nulls.
            var builder = ColumnBuilder(name: name, type: type, capacity: count)
            for _ in 0..<count { builder.appendNull() }
            return builder.finish()
        }
    }
}

/// A kernel input: one array with a value per row, or one value for every row.
enum Operand<Element> {
    case array([Element])
    case scalar(Element)
}

/// Dictionary-encoded strings: `codes[row]` indexes `dictionary`, `nullCode` is null. The dictionary may hold
/// values no row uses (and, after `lower()`, is re-interned so equal strings share one code).
struct StringVector {
    static let nullCode = UInt32.max

    var codes: [UInt32]
    var dictionary: [String]
    /// Carried from `month()`/`weekday()` and from columns that have one.
    var naturalOrder: [String]?

    /// The same strings with a dictionary of only the values that occur, in first-appearance order.
    func compacted() -> StringVector {
        var remap = [UInt32](repeating: Self.nullCode, count: dictionary.count)
        var newDictionary: [String] = []
        var newCodes = codes
        for index in newCodes.indices {
            let code = newCodes[index]
            if code == Self.nullCode { continue }
            let slot = Int(code)
            if remap[slot] == Self.nullCode {
                remap[slot] = UInt32(newDictionary.count)
                newDictionary.append(dictionary[slot])
            }
            newCodes[index] = remap[slot]
        }
        return StringVector(codes: newCodes, dictionary: newDictionary, naturalOrder: naturalOrder)
    }
}

/// A string kernel input.
enum StringOperand {
    case vector(StringVector)
    /// Nil is null.
    case scalar(String?)
}

/// Interns strings into a dictionary, for kernels that produce new strings.
struct StringInterner {
    private(set) var dictionary: [String] = []
    private var codes: [String: UInt32] = [:]

    init() {}

    init(_ dictionary: [String]) {
        for value in dictionary { _ = intern(value) }
    }

    mutating func intern(_ value: String) -> UInt32 {
        if let code = codes[value] { return code }
        let code = UInt32(dictionary.count)
        dictionary.append(value)
        codes[value] = code
        return code
    }

    func code(of value: String) -> UInt32? { codes[value] }
}

/// Appends `Value`s row by row (the slow path for rare functions) and produces a `Vector` of one type.
struct VectorBuilder {
    let type: DataType?
    private var numbers: [Double] = []
    private var dates: [Int64] = []
    private var booleans: [UInt8] = []
    private var codes: [UInt32] = []
    private var interner = StringInterner()

    init(type: DataType?, capacity: Int) {
        self.type = type
        switch type {
        case .number, nil: numbers.reserveCapacity(capacity)
        case .date: dates.reserveCapacity(capacity)
        case .boolean: booleans.reserveCapacity(capacity)
        case .string: codes.reserveCapacity(capacity)
        }
    }

    mutating func append(_ value: Value) {
        switch type {
        case .number, nil:
            if case .number(let number) = value, number.isFinite { numbers.append(number) } else { numbers.append(.nan) }
        case .date:
            if case .date(let date) = value { dates.append(date) } else { dates.append(Vector.nullDate) }
        case .boolean:
            if case .boolean(let boolean) = value { booleans.append(boolean ? 1 : 0) } else { booleans.append(Vector.nullBoolean) }
        case .string:
            if case .string(let string) = value { codes.append(interner.intern(string)) } else { codes.append(StringVector.nullCode) }
        }
    }

    func finish() -> Vector {
        switch type {
        case .number, nil: .number(numbers)
        case .date: .date(dates)
        case .boolean: .boolean(booleans)
        case .string: .string(StringVector(codes: codes, dictionary: interner.dictionary))
        }
    }
}

/// An array of `count` elements computed by index, written straight into uninitialized storage.
@inline(__always)
func makeArray<T>(_ count: Int, _ element: (Int) -> T) -> [T] {
    [T](unsafeUninitializedCapacity: count) { buffer, initialized in
        for index in 0..<count { buffer.initializeElement(at: index, to: element(index)) }
        initialized = count
    }
}

/// Applies `f` element-wise to one operand.
@inline(__always)
func mapOperand<A, R>(_ a: Operand<A>, count: Int, _ f: (A) -> R) -> Operand<R> {
    switch a {
    case .scalar(let x): return .scalar(f(x))
    case .array(let xs): return .array(xs.withUnsafeBufferPointer { xp in makeArray(count) { f(xp[$0]) } })
    }
}

/// Applies `f` element-wise to two operands, looping only over what varies.
@inline(__always)
func zipOperands<A, B, R>(_ a: Operand<A>, _ b: Operand<B>, count: Int, _ f: (A, B) -> R) -> Operand<R> {
    switch (a, b) {
    case (.scalar(let x), .scalar(let y)):
        return .scalar(f(x, y))
    case (.array(let xs), .scalar(let y)):
        return .array(xs.withUnsafeBufferPointer { xp in makeArray(count) { f(xp[$0], y) } })
    case (.scalar(let x), .array(let ys)):
        return .array(ys.withUnsafeBufferPointer { yp in makeArray(count) { f(x, yp[$0]) } })
    case (.array(let xs), .array(let ys)):
        return .array(xs.withUnsafeBufferPointer { xp in ys.withUnsafeBufferPointer { yp in makeArray(count) { f(xp[$0], yp[$0]) } } })
    }
}

/// Applies `f` element-wise to three operands (the conditional).
@inline(__always)
func zipOperands<A, B, C, R>(_ a: Operand<A>, _ b: Operand<B>, _ c: Operand<C>, count: Int, _ f: (A, B, C) -> R) -> Operand<R> {
    if case .scalar(let x) = a, case .scalar(let y) = b, case .scalar(let z) = c { return .scalar(f(x, y, z)) }
    @inline(__always) func at<T>(_ operand: Operand<T>, _ index: Int) -> T {
        switch operand {
        case .scalar(let value): return value
        case .array(let values): return values[index]
        }
    }
    return .array(makeArray(count) { f(at(a, $0), at(b, $0), at(c, $0)) })
}
