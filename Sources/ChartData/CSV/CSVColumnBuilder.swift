import ChartFormat
import ChartValues

/// Builds one column of a CSV table from cell bytes, inferring its type in the same pass (SPEC §3).
///
/// Inference: a column starts `undecided` (only empty cells so far). Its first non-empty cell makes it a
/// number (if the cell parses as one), else a date (if ISO 8601), else a string. A number or date column that
/// meets a cell of another kind becomes a string column; the rows read before that point get their text in a
/// second, partial pass over the file (`pendingRows`), so no cell text is kept while the column is numeric.
/// A `parse` override fixes the type up front; a cell that does not fit it is an error.
///
/// Cells arrive a chunk at a time (`append(chunk:…)`); each mode decodes in its own loop into the chunk's
/// scratch buffers, which are then appended to the column in bulk.
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

    /// A cell that could not be stored: its row within the chunk.
    struct Failure {
        var row: Int
        var error: CellError
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
    private var unescaped: [UInt8] = []
    private let capacity: Int
    /// The `parse` date format of a declared date column (nil: ISO 8601 or `YYYY/MM/DD`), and its names' locale.
    let dateFormat: DateFormat?
    private let locale: ChartLocale

    init(name: String, fieldIndex: Int, declared: DataType?, capacity: Int, dateFormat: DateFormat? = nil, locale: ChartLocale = .enUS) {
        self.name = name
        self.fieldIndex = fieldIndex
        self.capacity = capacity
        self.dateFormat = declared == .date ? dateFormat : nil
        self.locale = locale
        switch declared {
        case nil: mode = .undecided
        case .number?: mode = .declaredNumber
        case .date?: mode = .declaredDate
        case .boolean?: mode = .declaredBoolean
        case .string?: mode = .string
        }
        valid.reserveCapacity(capacity)
        reserveValues()
    }

    var rowCount: Int { valid.count }

    private mutating func reserveValues() {
        switch mode {
        case .inferredNumber, .declaredNumber: numbers.reserveCapacity(capacity)
        case .inferredDate, .declaredDate: dates.reserveCapacity(capacity)
        case .declaredBoolean: booleans.reserveCapacity(capacity)
        case .string: codes.reserveCapacity(capacity)
        case .undecided: break
        }
    }

    /// Decodes rows `0..<rows` of this column's cells in `chunk` (column `column`), appending them.
    mutating func append(chunk: CSVChunk, column: Int, rows: Int, base: UnsafePointer<UInt8>, failures: inout [Failure]) {
        let cells = column * chunk.capacity
        let starts = chunk.starts + cells
        let ends = chunk.ends + cells
        let flags = chunk.flags + cells
        var row = 0
        while row < rows {
            let from = row
            switch mode {
            case .undecided:
                while row < rows && starts[row] == ends[row] { row += 1 }
                valid.append(contentsOf: repeatElement(false, count: row - from))
                if row < rows { decide(base, starts[row], ends[row], escaped: flags[row] & CSVChunk.cellIsEscaped != 0) }
            case .inferredNumber, .declaredNumber:
                let declared = mode == .declaredNumber
                let out = chunk.numbers
                let isValid = chunk.valid
                while row < rows {
                    let start = starts[row]
                    let end = ends[row]
                    if start == end {
                        out[row] = 0
                        isValid[row] = false
                    } else if flags[row] & CSVChunk.cellIsEscaped == 0, let number = DecimalParser.parse(base, start, end) {
                        out[row] = number
                        isValid[row] = true
                    } else if declared {
                        out[row] = 0
                        isValid[row] = false
                        failures.append(Failure(row: row, error: .notNumber))
                    } else {
                        break
                    }
                    row += 1
                }
                numbers.append(contentsOf: UnsafeBufferPointer(start: out + from, count: row - from))
                valid.append(contentsOf: UnsafeBufferPointer(start: isValid + from, count: row - from))
                if row < rows { becomeString() }
            case .inferredDate, .declaredDate:
                let declared = mode == .declaredDate
                let out = chunk.dates
                let isValid = chunk.valid
                while row < rows {
                    let start = starts[row]
                    let end = ends[row]
                    if start == end {
                        out[row] = 0
                        isValid[row] = false
                    } else if flags[row] & CSVChunk.cellIsEscaped == 0,
                        let date = declared ? declaredDate(base, start, end) : Self.date(base, start, end)
                    {
                        out[row] = date
                        isValid[row] = true
                    } else if declared {
                        out[row] = 0
                        isValid[row] = false
                        failures.append(Failure(row: row, error: .notDate))
                    } else {
                        break
                    }
                    row += 1
                }
                dates.append(contentsOf: UnsafeBufferPointer(start: out + from, count: row - from))
                valid.append(contentsOf: UnsafeBufferPointer(start: isValid + from, count: row - from))
                if row < rows { becomeString() }
            case .declaredBoolean:
                let out = chunk.booleans
                let isValid = chunk.valid
                while row < rows {
                    let start = starts[row]
                    let end = ends[row]
                    if start == end {
                        out[row] = false
                        isValid[row] = false
                    } else if flags[row] & CSVChunk.cellIsEscaped == 0, let boolean = BooleanText.parse(base, start, end) {
                        out[row] = boolean
                        isValid[row] = true
                    } else {
                        out[row] = false
                        isValid[row] = false
                        failures.append(Failure(row: row, error: .notBoolean))
                    }
                    row += 1
                }
                booleans.append(contentsOf: UnsafeBufferPointer(start: out + from, count: row - from))
                valid.append(contentsOf: UnsafeBufferPointer(start: isValid + from, count: row - from))
            case .string:
                let out = chunk.codes
                let isValid = chunk.valid
                while row < rows {
                    let start = starts[row]
                    let end = ends[row]
                    if start == end {
                        out[row] = 0
                        isValid[row] = false
                    } else if let code = intern(base, start, end, escaped: flags[row] & CSVChunk.cellIsEscaped != 0) {
                        out[row] = code
                        isValid[row] = true
                    } else {
                        out[row] = 0
                        isValid[row] = false
                        failures.append(Failure(row: row, error: .invalidUTF8))
                    }
                    row += 1
                }
                codes.append(contentsOf: UnsafeBufferPointer(start: out + from, count: row - from))
                valid.append(contentsOf: UnsafeBufferPointer(start: isValid + from, count: row - from))
            }
        }
    }

    /// The first non-empty cell of an undecided column picks its type. The cell itself is decoded by the
    /// mode's loop.
    private mutating func decide(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, escaped: Bool) {
        if !escaped && DecimalParser.parse(base, start, end) != nil {
            switchMode(to: .inferredNumber)
        } else if !escaped && Self.date(base, start, end) != nil {
            switchMode(to: .inferredDate)
        } else {
            switchMode(to: .string)
        }
    }

    /// Takes `newMode`, with placeholder values for the rows already read (their cells were empty, or their
    /// text comes in the second pass).
    private mutating func switchMode(to newMode: Mode) {
        mode = newMode
        reserveValues()
        appendPlaceholders(valid.count)
    }

    /// `count` placeholder values (0, code 0, false) in the storage of the current mode.
    private mutating func appendPlaceholders(_ count: Int) {
        switch mode {
        case .undecided: break
        case .inferredNumber, .declaredNumber: numbers.append(contentsOf: repeatElement(0, count: count))
        case .inferredDate, .declaredDate: dates.append(contentsOf: repeatElement(0, count: count))
        case .declaredBoolean: booleans.append(contentsOf: repeatElement(false, count: count))
        case .string: codes.append(contentsOf: repeatElement(0, count: count))
        }
    }

    /// A number or date column met text: drop the parsed values and remember which rows need their text.
    private mutating func becomeString() {
        pendingRows = valid.count
        numbers = []
        dates = []
        switchMode(to: .string)
    }

    /// The code of a non-empty cell, or nil when it is not valid UTF-8.
    @inline(__always)
    private mutating func intern(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, escaped: Bool) -> UInt32? {
        let outcome: StringInterner.Outcome
        if escaped {
            CSVTokenizer.unescape(base, start, end, into: &unescaped)
            outcome = unescaped.withUnsafeBufferPointer { buffer in
                guard let pointer = buffer.baseAddress else { return .invalidUTF8 }
                return interner.intern(pointer, 0, buffer.count)
            }
        } else {
            outcome = interner.intern(base, start, end)
        }
        switch outcome {
        case .code(let code): return code
        case .invalidUTF8: return nil
        }
    }

    /// Second pass: the text of a row read before the column became a string column.
    mutating func fillPending(row: Int, _ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, escaped: Bool) -> CellError? {
        guard row < pendingRows, row < codes.count, start < end else { return nil }
        guard let code = intern(base, start, end, escaped: escaped) else {
            valid[row] = false
            return .invalidUTF8
        }
        codes[row] = code
        return nil
    }

    /// Appends the rows another builder of the same column read from the next part of the file (a parallel
    /// read splits the file at record boundaries). The result is what one builder reading both parts in order
    /// would hold: string codes are re-interned so the dictionary keeps first-appearance order. Returns false when
    /// the parts inferred different types (a number part and a text part, say); the caller then reads the file in
    /// one pass, which settles the type over every row.
    mutating func absorb(_ next: CSVColumnBuilder) -> Bool {
        guard pendingRows == 0, next.pendingRows == 0 else { return false }
        if next.mode == .undecided {
            padNulls(to: rowCount + next.rowCount)
            return true
        }
        if mode == .undecided { switchMode(to: next.mode) }
        guard mode == next.mode else { return false }
        switch mode {
        case .undecided: break
        case .inferredNumber, .declaredNumber: numbers.append(contentsOf: next.numbers)
        case .inferredDate, .declaredDate: dates.append(contentsOf: next.dates)
        case .declaredBoolean: booleans.append(contentsOf: next.booleans)
        case .string:
            var recode = [UInt32](repeating: 0, count: next.interner.count)
            for (code, string) in next.interner.strings.enumerated() {
                guard let mapped = interner.intern(string) else { return false }
                recode[code] = mapped
            }
            codes.reserveCapacity(codes.count + next.codes.count)
            for (row, code) in next.codes.enumerated() {
                let index = Int(code)
                codes.append(next.valid[row] && index < recode.count ? recode[index] : 0)
            }
        }
        valid.append(contentsOf: next.valid)
        return true
    }

    /// Pads a column that missed rows (after a malformed record) so every column stays as long as the table.
    mutating func padNulls(to rows: Int) {
        guard valid.count < rows else { return }
        let missing = rows - valid.count
        valid.append(contentsOf: repeatElement(false, count: missing))
        appendPlaceholders(missing)
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
    /// A cell of a column `parse` declares a date: in its date format, else ISO 8601 or `YYYY/MM/DD`.
    @inline(__always)
    private func declaredDate(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Int64? {
        guard let dateFormat else { return Self.lenientDate(base, start, end) }
        return dateFormat.parse(UnsafeBufferPointer(start: base + start, count: end - start), locale: locale)
    }

    static func lenientDate(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Int64? {
        var lower = start
        var upper = end
        while lower < upper && (base[lower] == 0x20 || base[lower] == 0x09) { lower += 1 }
        while upper > lower && (base[upper - 1] == 0x20 || base[upper - 1] == 0x09) { upper -= 1 }
        return ISODate.parseLenient(buffer: UnsafeBufferPointer(start: base + lower, count: upper - lower))
    }

    /// A column read as text: its codes (row → index into `dictionary`), which rows have a value, and its distinct
    /// values; nil for a column of any other type.
    var strings: (codes: [UInt32], valid: [Bool], dictionary: [String])? {
        guard mode == .string else { return nil }
        return (codes, valid, interner.strings)
    }

    /// The finished column. A column with no non-empty cell is a string column with an empty dictionary.
    func finish() -> Column {
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
