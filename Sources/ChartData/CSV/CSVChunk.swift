/// Where the cells of the last few thousand records are, per column read: the tokenizer fills it record by
/// record, then each column decodes its cells in one tight loop (`CSVColumnBuilder.append(chunk:)`). Splitting
/// the work this way keeps the per-cell code free of type switches and array bookkeeping, and bounds the
/// memory to one chunk whatever the file size. It also holds the scratch buffers a column decodes into.
final class CSVChunk {
    static let cellIsQuoted: UInt8 = 1
    static let cellIsEscaped: UInt8 = 2

    /// Records per chunk.
    let capacity: Int
    let columnCount: Int
    /// Cell `row` of column `column` is at `column * capacity + row`: its content range and flags.
    let starts: UnsafeMutablePointer<Int>
    let ends: UnsafeMutablePointer<Int>
    let flags: UnsafeMutablePointer<UInt8>

    // Decoding scratch, one chunk long, shared by all columns.
    let numbers: UnsafeMutablePointer<Double>
    let dates: UnsafeMutablePointer<Int64>
    let booleans: UnsafeMutablePointer<Bool>
    let codes: UnsafeMutablePointer<UInt32>
    let valid: UnsafeMutablePointer<Bool>

    init(columnCount: Int, capacity: Int) {
        self.capacity = capacity
        self.columnCount = columnCount
        let cells = max(1, columnCount * capacity)
        starts = .allocate(capacity: cells)
        starts.initialize(repeating: 0, count: cells)
        ends = .allocate(capacity: cells)
        ends.initialize(repeating: 0, count: cells)
        flags = .allocate(capacity: cells)
        flags.initialize(repeating: 0, count: cells)
        numbers = .allocate(capacity: capacity)
        numbers.initialize(repeating: 0, count: capacity)
        dates = .allocate(capacity: capacity)
        dates.initialize(repeating: 0, count: capacity)
        booleans = .allocate(capacity: capacity)
        booleans.initialize(repeating: false, count: capacity)
        codes = .allocate(capacity: capacity)
        codes.initialize(repeating: 0, count: capacity)
        valid = .allocate(capacity: capacity)
        valid.initialize(repeating: false, count: capacity)
    }

    deinit {
        starts.deallocate()
        ends.deallocate()
        flags.deallocate()
        numbers.deallocate()
        dates.deallocate()
        booleans.deallocate()
        codes.deallocate()
        valid.deallocate()
    }

    @inline(__always)
    func set(column: Int, row: Int, start: Int, end: Int, flags cellFlags: UInt8) {
        let index = column &* capacity &+ row
        starts[index] = start
        ends[index] = end
        flags[index] = cellFlags
    }

    /// A missing field (a short record): an empty, hence null, cell.
    @inline(__always)
    func setEmpty(column: Int, row: Int) {
        set(column: column, row: row, start: 0, end: 0, flags: 0)
    }

    /// The cell's range in the file, quotes included, for diagnostics.
    func span(column: Int, row: Int) -> Range<Int> {
        let index = column * capacity + row
        let quoted = flags[index] & Self.cellIsQuoted != 0
        return quoted ? (starts[index] - 1)..<(ends[index] + 1) : starts[index]..<ends[index]
    }

    func content(column: Int, row: Int) -> Range<Int> {
        let index = column * capacity + row
        return starts[index]..<ends[index]
    }
}
