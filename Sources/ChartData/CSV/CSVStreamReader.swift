import ChartSystem
import ChartValues
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ChartDiagnostics
import ChartFormat

/// Reads a well-formed CSV/TSV file from disk in blocks, on every core, without holding the file in memory.
///
/// `CSVReader` needs the whole file in memory because its diagnostics quote any cell at its `line:col`. Most
/// files have nothing to report, so this reader tries first: it splits the body into one part per core at line
/// breaks, and each part is read through a 1 MiB window (grown only for a record longer than that) into its own
/// column builders, which are then joined in file order. Memory is the columns read plus a window per core,
/// whatever the file size; the unread columns are only tokenized.
///
/// It gives up — returns nil, and the caller reads the whole file with `CSVReader`, which then reports every
/// problem exactly — at anything unusual: a quoting problem, a record with the wrong number of fields, a cell
/// that does not fit its `parse` type, bytes that are not UTF-8, a NUL byte, a column that changes type part-way
/// (its earlier rows need their text, a second pass), parts that infer different types, or a part boundary that
/// turns out to be inside a quoted field. The table it returns is the one `CSVReader` would return, row for row,
/// dictionary code for dictionary code (tested in `CSVStreamReaderTests`).
public enum CSVStreamReader {
    /// Below this size a file is read as one part: a second thread costs more than it saves.
    static let parallelThreshold = 4 << 20

    /// The table and every header name, or nil when the file should be read with `CSVReader` instead.
    /// `projection` picks the columns to read from the header's names (nil: all); `parts` is how many parts to
    /// read in parallel (nil: one per core, for files large enough to gain). Tests shrink `windowSize` to put
    /// records across windows; a window (1 MiB) holds one `pread` plus the unfinished record carried over.
    public static func read(
        path: String, delimiter: UInt8, parse: [String: DataType], dateFormats: [String: DateFormat] = [:], locale: ChartLocale = .enUS,
        parts requestedParts: Int? = nil,
        windowSize: Int = 1 << 20, projection: ([String]) -> Set<String>?
    ) -> (table: Table, names: [String])? {
        // Only a regular file within the data limit (`FileSystem.openRegular`); anything else is left to the
        // whole read, which reports it.
        guard let (descriptor, size) = try? FileSystem.openRegular(path, limit: .data) else { return nil }
        defer { close(descriptor) }
        guard size > 0 else { return nil }

        // The header, from the first 64 KiB (a longer header is left to CSVReader).
        let headBytes = readPrefix(descriptor, count: min(size, 65_536))
        guard !headBytes.isEmpty else { return nil }
        // A web page, JSON or an archive under a .csv name: the whole read says what it looks like.
        if headBytes.withUnsafeBufferPointer({ DataContent.evidence($0) }) != nil { return nil }
        guard let header = readHeader(headBytes, fileSize: size, path: path, delimiter: delimiter) else { return nil }
        let names = header.names
        let columns = projection(names)

        let bodySize = size - header.bodyStart
        let estimatedRows = estimateRows(headBytes, from: header.bodyStart, fileSize: size)
        let partCount = requestedParts ?? (bodySize >= parallelThreshold ? max(1, min(processorCount(), 8)) : 1)
        let starts = partStarts(descriptor, from: header.bodyStart, size: size, parts: max(1, partCount))

        var builderOf = [Int](repeating: -1, count: names.count)
        var projected: [(name: String, field: Int)] = []
        for (index, name) in names.enumerated() where columns?.contains(name) ?? true {
            builderOf[index] = projected.count
            projected.append((name, index))
        }
        let layout = RecordLayout(
            fieldCount: names.count, builderOf: builderOf, delimiter: delimiter,
            checkUTF8: projected.count < names.count)

        let ranges = starts.indices.map { index in starts[index]..<(index + 1 < starts.count ? starts[index + 1] : size) }
        let parse = parse
        let dateFormats = dateFormats
        let columnsRead = projected
        /// Reads the records that start in `range` (the last one may run past its end) into fresh builders.
        let readPart: @Sendable (Range<Int>, Bool) -> CSVPart? = { range, first in
            // The first part reserves room for every row, so joining the others appends in place.
            let share = first ? estimatedRows : estimatedRows * range.count / max(bodySize, 1) + 16
            let builders = columnsRead.map {
                CSVColumnBuilder(
                    name: $0.name, fieldIndex: $0.field, declared: parse[$0.name], capacity: share, dateFormat: dateFormats[$0.name], locale: locale)
            }
            var part = CSVPart(descriptor: descriptor, range: range, fileSize: size, layout: layout, builders: builders, windowSize: windowSize)
            return part.read() ? part : nil
        }
        var parts = parallelMap(ranges.count) { index in readPart(ranges[index], index == 0) }

        // Each part must start where the one before it ended. One that does not (its split was inside a quoted
        // field, so it read garbage, or nothing) is read again from there; one the part before swallowed whole is
        // dropped. A part that did start there and failed has a real problem. Each part is released once joined.
        guard var joined = parts[0] else { return nil }
        parts[0] = nil
        var builders = joined.builders
        var rowCount = joined.rows
        joined.builders = []
        var position = joined.end
        for index in ranges.indices.dropFirst() {
            var part: CSVPart
            if ranges[index].lowerBound == position {
                guard let read = parts[index] else { return nil }
                part = read
                parts[index] = nil
            } else if position < ranges[index].upperBound {
                guard let reread = readPart(position..<ranges[index].upperBound, false) else { return nil }
                part = reread
            } else {
                continue
            }
            for column in builders.indices {
                // Each of the part's columns is freed once joined, so the join never holds two copies of all.
                var next = CSVColumnBuilder(name: "", fieldIndex: 0, declared: nil, capacity: 0)
                swap(&next, &part.builders[column])
                guard builders[column].absorb(next) else { return nil }
            }
            rowCount += part.rows
            position = part.end
        }
        guard position == size else { return nil }
        return (Table(columns: builders.map { $0.finish() }, rowCount: rowCount), names)
    }

    // MARK: - Before the parts

    private static func readPrefix(_ descriptor: Int32, count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBytes { readFully(descriptor, $0.baseAddress, count, at: 0) }
        guard got > 0 else { return [] }
        bytes.removeLast(count - got)
        return bytes
    }

    /// The header record, when it ends inside `head` and has nothing to report.
    private static func readHeader(_ head: [UInt8], fileSize: Int, path: String, delimiter: UInt8) -> CSVHeader? {
        let wholeFile = head.count == fileSize
        return head.withUnsafeBufferPointer { buffer -> CSVHeader? in
            guard let base = buffer.baseAddress else { return nil }
            let count = buffer.count
            // Blank, UTF-16 and binary files are the whole read's to explain.
            if DataFiles.isBlank(head) { return nil }
            if count >= 2 && ((base[0] == 0xFF && base[1] == 0xFE) || (base[0] == 0xFE && base[1] == 0xFF)) { return nil }
            // Only a header that ends at a line feed inside the prefix (or the file) is known to be whole.
            var limit = count
            if !wholeFile {
                guard let lineEnd = lastLineFeed(base, count) else { return nil }
                limit = lineEnd + 1
            }
            let start = count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF ? 3 : 0
            let file = SourceFile(path: path, bytes: [])
            guard let header = try? CSVHeader.read(file: file, base: base, count: limit, start: start, delimiter: delimiter),
                header.bodyStart <= limit,
                memchr(base, 0, header.bodyStart) == nil
            else { return nil }
            return header
        }
    }

    /// Where each part starts: the body split evenly, each split moved to just after the next line feed. A split
    /// that lands inside a quoted field is caught when the part before it ends somewhere else.
    private static func partStarts(_ descriptor: Int32, from bodyStart: Int, size: Int, parts: Int) -> [Int] {
        var starts = [bodyStart]
        guard parts > 1 else { return starts }
        let step = (size - bodyStart) / parts
        var probe = [UInt8](repeating: 0, count: 65_536)
        for index in 1..<parts {
            let target = max(bodyStart + index * step, starts[starts.count - 1] + 1)
            let found: Int? = probe.withUnsafeMutableBytes { raw -> Int? in
                guard let base = raw.baseAddress else { return nil }
                let got = readFully(descriptor, base, raw.count, at: target)
                guard got > 0, let lineFeed = memchr(base, Int32(CSVTokenizer.lineFeed), got) else { return nil }
                return target + (UnsafeRawPointer(lineFeed) - UnsafeRawPointer(base)) + 1
            }
            guard let start = found, start < size, start > starts[starts.count - 1] else { break }
            starts.append(start)
        }
        return starts
    }

    /// Rows in the file, from the line feeds in the first bytes after the header (sizes the columns once).
    private static func estimateRows(_ head: [UInt8], from bodyStart: Int, fileSize: Int) -> Int {
        guard bodyStart < head.count else { return 16 }
        var lineFeeds = 0
        for byte in head[bodyStart...] where byte == CSVTokenizer.lineFeed { lineFeeds += 1 }
        let sampled = head.count - bodyStart
        if head.count == fileSize { return lineFeeds + 1 }
        let estimate = Double(max(lineFeeds, 1)) * Double(fileSize - bodyStart) / Double(sampled) * 1.02
        return (Int(exactly: estimate.rounded(.down)) ?? fileSize) + 16
    }

    private static func processorCount() -> Int {
        Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }

    static func lastLineFeed(_ base: UnsafePointer<UInt8>, _ count: Int) -> Int? {
        var index = count - 1
        while index >= 0 {
            if base[index] == CSVTokenizer.lineFeed { return index }
            index -= 1
        }
        return nil
    }
}

/// `pread` until `count` bytes or the end of the file; the bytes read, or -1 on an error.
func readFully(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int, at offset: Int) -> Int {
    guard let buffer else { return 0 }
    var total = 0
    while total < count {
        let got = pread(descriptor, buffer + total, count - total, off_t(offset + total))
        if got < 0 {
            if errno == EINTR { continue }
            return -1
        }
        if got == 0 { break }
        total += got
    }
    return total
}

/// What every part needs to know about the records: how many fields, which become columns, the delimiter, and
/// whether the unread fields must be checked for UTF-8 (a full read decodes, so checks, every cell).
struct RecordLayout: Sendable {
    var fieldCount: Int
    /// For each field, its builder's index, or -1 when the field is not read.
    var builderOf: [Int]
    var delimiter: UInt8
    var checkUTF8: Bool
    /// For each field, the index of the first field at or after it that is read (`fieldCount` when none is).
    var nextRead: [Int]

    init(fieldCount: Int, builderOf: [Int], delimiter: UInt8, checkUTF8: Bool) {
        self.fieldCount = fieldCount
        self.builderOf = builderOf
        self.delimiter = delimiter
        self.checkUTF8 = checkUTF8
        var nextRead = [Int](repeating: fieldCount, count: fieldCount)
        var upcoming = fieldCount
        for index in builderOf.indices.reversed() {
            if builderOf[index] >= 0 { upcoming = index }
            nextRead[index] = upcoming
        }
        self.nextRead = nextRead
    }
}

/// One part of a file read window by window into its own column builders: the records that start in `range`.
/// The part starts at a record (or is told to, and the caller checks that the part before ended there) and reads
/// on past the end of `range` to finish its last record; `end` is where it stopped, the start of the next part.
struct CSVPart: Sendable {
    let descriptor: Int32
    let range: Range<Int>
    let fileSize: Int
    let layout: RecordLayout
    var builders: [CSVColumnBuilder]
    let windowSize: Int
    private(set) var rows = 0
    /// Where reading stopped: the first record boundary at or after `range.upperBound`.
    private(set) var end = 0

    init(descriptor: Int32, range: Range<Int>, fileSize: Int, layout: RecordLayout, builders: [CSVColumnBuilder], windowSize: Int) {
        self.descriptor = descriptor
        self.range = range
        self.fileSize = fileSize
        self.layout = layout
        self.builders = builders
        self.windowSize = max(1, windowSize)
    }

    /// Reads the part; false at anything `CSVReader` should report instead.
    mutating func read() -> Bool {
        var capacity = windowSize
        var buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        let chunk = CSVChunk(columnCount: builders.count, capacity: 4096)
        var filled = 0
        /// The file offset of `buffer[0]`.
        var windowStart = range.lowerBound
        var nextRead = range.lowerBound

        while true {
            if filled == capacity {
                // One record longer than the window: make room for it.
                let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
                larger.update(from: buffer, count: filled)
                buffer.deallocate()
                buffer = larger
                capacity *= 2
            }
            // Read up to the end of the range first; past it only to finish a record.
            let target = nextRead < range.upperBound ? range.upperBound : fileSize
            let wanted = min(capacity - filled, target - nextRead)
            let got = readFully(descriptor, buffer + filled, wanted, at: nextRead)
            guard got == wanted else { return false } // an error, or the file shrank
            filled += got
            nextRead += got
            let atFileEnd = nextRead == fileSize

            // Records are read up to the last line feed; the rest waits for the next window.
            var limit = filled
            if !atFileEnd {
                guard let lineFeed = CSVStreamReader.lastLineFeed(buffer, filled) else { continue }
                limit = lineFeed + 1
            }
            if memchr(buffer, 0, limit) != nil { return false }
            if layout.checkUTF8 && !UTF8Validation.isValid(buffer, limit) { return false }

            guard let outcome = readRecords(buffer, limit: limit, windowStart: windowStart, atFileEnd: atFileEnd, chunk: chunk) else { return false }
            if let stop = outcome.finishedAt {
                end = stop
                return true
            }
            if atFileEnd {
                end = fileSize
                return outcome.consumed == filled
            }
            // Keep the unread tail (an unfinished record) at the front of the window.
            let consumed = outcome.consumed
            if consumed > 0 {
                buffer.update(from: UnsafePointer(buffer + consumed), count: filled - consumed)
                filled -= consumed
                windowStart += consumed
            }
        }
    }

    /// Reads the whole records in `base[0..<limit]` and decodes them. `consumed`: where reading stopped in the
    /// window (the start of a record that goes on past `limit`); `finishedAt`: the file offset of the first record
    /// boundary at or past the end of the range, once reached. Nil on a problem.
    private mutating func readRecords(
        _ base: UnsafePointer<UInt8>, limit: Int, windowStart: Int, atFileEnd: Bool, chunk: CSVChunk
    ) -> (consumed: Int, finishedAt: Int?)? {
        var tokenizer = CSVTokenizer(base: base, count: limit, delimiter: layout.delimiter, position: 0)
        var chunkRow = 0
        var consumed = limit
        var finishedAt: Int?
        var failed = false
        let fieldCount = layout.fieldCount
        let stopAt = range.upperBound - windowStart
        let nextRead = layout.nextRead
        layout.builderOf.withUnsafeBufferPointer { builderOf in
            records: while true {
                if tokenizer.position >= stopAt {
                    finishedAt = windowStart + tokenizer.position
                    break
                }
                guard tokenizer.skipBlankLines() else { break }
                if tokenizer.position >= stopAt {
                    // Blank lines across the split: the next part starts inside them and skips the same ones.
                    finishedAt = range.upperBound
                    break
                }
                let recordStart = tokenizer.position
                var fieldIndex = 0
                while true {
                    // A run of fields nobody reads is passed over in bulk, up to the next one read (or the end).
                    if fieldIndex < fieldCount && builderOf[fieldIndex] < 0 {
                        let next = nextRead[fieldIndex]
                        let skip = tokenizer.skipFields(next < fieldCount ? next - fieldIndex : Int.max)
                        fieldIndex += skip.fields
                        if skip.problem != .none {
                            if skip.problem == .unterminatedQuote && !atFileEnd {
                                consumed = recordStart
                                break records
                            }
                            failed = true
                            break records
                        }
                        if skip.endsRecord { break }
                        continue
                    }
                    let field = tokenizer.next()
                    if field.problem != .none {
                        if field.problem == .unterminatedQuote && !atFileEnd {
                            // A quoted line break: the record goes on in the next window.
                            consumed = recordStart
                            break records
                        }
                        failed = true
                        break records
                    }
                    if fieldIndex < fieldCount {
                        let builder = builderOf[fieldIndex]
                        if builder >= 0 {
                            let flags = (field.quoted ? CSVChunk.cellIsQuoted : 0) | (field.escaped ? CSVChunk.cellIsEscaped : 0)
                            chunk.set(column: builder, row: chunkRow, start: field.start, end: field.end, flags: flags)
                        }
                    }
                    fieldIndex += 1
                    if field.endsRecord { break }
                }
                if fieldIndex != fieldCount {
                    failed = true
                    break records
                }
                chunkRow += 1
                if chunkRow == chunk.capacity {
                    guard decode(chunk, rows: chunkRow, base: base) else {
                        failed = true
                        break records
                    }
                    chunkRow = 0
                }
            }
        }
        guard !failed, decode(chunk, rows: chunkRow, base: base) else { return nil }
        return (consumed, finishedAt)
    }

    /// Decodes the chunk's cells into the builders; false when a cell does not fit or a column changed type.
    private mutating func decode(_ chunk: CSVChunk, rows: Int, base: UnsafePointer<UInt8>) -> Bool {
        guard rows > 0 else { return true }
        var failures: [CSVColumnBuilder.Failure] = []
        for index in builders.indices {
            builders[index].append(chunk: chunk, column: index, rows: rows, base: base, failures: &failures)
            if !failures.isEmpty || builders[index].pendingRows > 0 { return false }
        }
        self.rows += rows
        return true
    }
}
