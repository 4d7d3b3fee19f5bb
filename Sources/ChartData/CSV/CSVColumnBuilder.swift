import ChartFormat

/// Builds one column of a CSV table from cell bytes, inferring its type in the same pass (SPEC §3).
///
/// Inference: a column starts `undecided` (only empty cells so far). Its first non-empty cell makes it a
/// number (if the cell parses as one), else a date (if ISO 8601), else a string. A number or date column that
/// meets a cell of another kind becomes a string column; the rows read before that point get their text in a
/// second, partial pass over the file (`pendingRows`), so no cell text is kept while the column is numeric.
/// A `parse` override fixes the type up front; a cell that does not fit it is an error.
struct CSVColumnBuilder {
    enum Mode {
        case undecided
        case inferredNumber
        case inferredDate
        case string
        case declaredNumber
        case declaredDate
        case declaredBoolean
    }

    /// Why a cell could not be stored, for the reader to turn into a diagnostic.
    enum CellError {
        case notNumber
        case notDate
        case notBoolean
        case invalidUTF8
    }

    let name: String
    /// The field's position in each record.
    let fieldIndex: Int
    private(set) var mode: Mode
    private(set) var valid: [Bool] = []
    private var numbers: [Double] = []
    private var dates: [Int64] = []
    private var booleans: [Bool] = []
    private var codes: [UInt32] = []
    private var interner = StringInterner()
    /// Rows `0..<pendingRows` of a string column still need their text (they were read as numbers or dates).
    private(set) var pendingRows = 0

    init(name: String, fieldIndex: Int, declared: DataType?, capacity: Int) {
        self.name = name
        self.fieldIndex = fieldIndex
        switch declared {
        case nil: mode = .undecided
        case .number?: mode = .declaredNumber
        case .date?: mode = .declaredDate
        case .boolean?: mode = .declaredBoolean
        case .string?: mode = .string
        }
        valid.reserveCapacity(capacity)
        switch mode {
        case .declaredNumber: numbers.reserveCapacity(capacity)
        case .declaredDate: dates.reserveCapacity(capacity)
        case .declaredBoolean: booleans.reserveCapacity(capacity)
        case .string: codes.reserveCapacity(capacity)
        case .undecided, .inferredNumber, .inferredDate: break
        }
    }

    var rowCount: Int { valid.count }

    /// Adds an empty cell.
    @inline(__always)
    mutating func appendNull() {
        valid.append(false)
        switch mode {
        case .undecided: break
        case .inferredNumber, .declaredNumber: numbers.append(0)
        case .inferredDate, .declaredDate: dates.append(0)
        case .declaredBoolean: booleans.append(false)
        case .string: codes.append(0)
        }
    }

    /// Adds the cell `base[start..<end]` (already unescaped, non-empty). On an error the row is null.
    @inline(__always)
    mutating func append(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> CellError? {
        switch mode {
        case .inferredNumber:
            if let number = DecimalParser.parse(base, start, end) {
                valid.append(true)
                numbers.append(number)
                return nil
            }
            becomeString()
            return appendString(base, start, end)
        case .string:
            return appendString(base, start, end)
        case .inferredDate:
            if let date = Self.date(base, start, end) {
                valid.append(true)
                dates.append(date)
                return nil
            }
            becomeString()
            return appendString(base, start, end)
        case .undecided:
            let rows = valid.count
            if let number = DecimalParser.parse(base, start, end) {
                mode = .inferredNumber
                numbers.reserveCapacity(valid.capacity)
                numbers.append(contentsOf: repeatElement(0, count: rows))
                valid.append(true)
                numbers.append(number)
                return nil
            }
            if let date = Self.date(base, start, end) {
                mode = .inferredDate
                dates.reserveCapacity(valid.capacity)
                dates.append(contentsOf: repeatElement(0, count: rows))
                valid.append(true)
                dates.append(date)
                return nil
            }
            mode = .string
            codes.reserveCapacity(valid.capacity)
            codes.append(contentsOf: repeatElement(0, count: rows))
            return appendString(base, start, end)
        case .declaredNumber:
            if let number = DecimalParser.parse(base, start, end) {
                valid.append(true)
                numbers.append(number)
                return nil
            }
            appendNull()
            return .notNumber
        case .declaredDate:
            if let date = Self.lenientDate(base, start, end) {
                valid.append(true)
                dates.append(date)
                return nil
            }
            appendNull()
            return .notDate
        case .declaredBoolean:
            if let boolean = BooleanText.parse(base, start, end) {
                valid.append(true)
                booleans.append(boolean)
                return nil
            }
            appendNull()
            return .notBoolean
        }
    }

    @inline(__always)
    private mutating func appendString(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> CellError? {
        switch interner.intern(base, start, end) {
        case .code(let code):
            valid.append(true)
            codes.append(code)
            return nil
        case .invalidUTF8:
            valid.append(false)
            codes.append(0)
            return .invalidUTF8
        }
    }

    /// A number or date column met text: drop the parsed values and remember which rows need their text.
    private mutating func becomeString() {
        pendingRows = valid.count
        numbers = []
        dates = []
        codes.reserveCapacity(valid.capacity)
        codes.append(contentsOf: repeatElement(0, count: valid.count))
        mode = .string
    }

    /// Second pass: the text of a row read before the column became a string column.
    mutating func fillPending(row: Int, _ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> CellError? {
        guard row < pendingRows, row < codes.count else { return nil }
        switch interner.intern(base, start, end) {
        case .code(let code):
            codes[row] = code
            return nil
        case .invalidUTF8:
            valid[row] = false
            return .invalidUTF8
        }
    }

    /// ISO 8601 as inferred: a cheap shape check (`dddd-`) before the full parse, spaces around allowed.
    @inline(__always)
    static func date(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Int64? {
        var lower = start
        var upper = end
        while lower < upper && (base[lower] == 0x20 || base[lower] == 0x09) { lower += 1 }
        while upper > lower && (base[upper - 1] == 0x20 || base[upper - 1] == 0x09) { upper -= 1 }
        guard upper - lower >= 10, base[lower + 4] == 0x2D else { return nil }
        return ISODate.parse(buffer: UnsafeBufferPointer(start: base + lower, count: upper - lower))
    }

    /// A declared date: ISO 8601 or `YYYY/MM/DD`.
    static func lenientDate(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Int64? {
        var lower = start
        var upper = end
        while lower < upper && (base[lower] == 0x20 || base[lower] == 0x09) { lower += 1 }
        while upper > lower && (base[upper - 1] == 0x20 || base[upper - 1] == 0x09) { upper -= 1 }
        return ISODate.parseLenient(buffer: UnsafeBufferPointer(start: base + lower, count: upper - lower))
    }

    /// The finished column. A column with no non-empty cell is a string column with an empty dictionary.
    consuming func finish() -> Column {
        switch mode {
        case .inferredNumber, .declaredNumber:
            return Column(name: name, storage: .number(numbers), valid: valid)
        case .inferredDate, .declaredDate:
            return Column(name: name, storage: .date(dates), valid: valid)
        case .declaredBoolean:
            return Column(name: name, storage: .boolean(booleans), valid: valid)
        case .undecided:
            return Column(name: name, storage: .string(codes: [UInt32](repeating: 0, count: valid.count), dictionary: []), valid: valid)
        case .string:
            if pendingRows > 0 {
                var renumbered = codes
                let dictionary = interner.renumbered(codes: &renumbered, valid: valid)
                return Column(name: name, storage: .string(codes: renumbered, dictionary: dictionary), valid: valid)
            }
            return Column(name: name, storage: .string(codes: codes, dictionary: interner.strings), valid: valid)
        }
    }
}
