#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ChartDiagnostics

/// Reads CSV and TSV files (RFC 4180, SPEC §3) into a columnar `Table`, in one pass over the bytes.
///
/// The format: quoted fields with `""` for a quote and line breaks inside quotes; an optional UTF-8 BOM; LF,
/// CRLF or a lone CR between records (mixed is fine); a header row (an empty name becomes `columnN`, N the
/// 1-based position; a repeated name is an error — see `CSVHeader`);
/// the last record may or may not end with a line break. Blank lines are skipped wherever they are (as pandas
/// does), so a trailing empty line is harmless. An empty cell, quoted or not, is null; a cell of spaces is
/// not empty. TSV follows the same rules with a tab as the delimiter (as DuckDB and pandas read it).
///
/// Types: a column is a number when every non-empty cell is a plain decimal (`DecimalParser`: `12`, `-0.5`,
/// `1e3`, spaces around allowed; not `NaN`, hex or `1,000`), a date when every non-empty cell is ISO 8601
/// (`2015-01-31`, `2015-01-31T12:00:00Z`), else a string. Booleans are never inferred. A column with no
/// non-empty cell is a string column. `parse` overrides: `number`, `date` (ISO or `YYYY/MM/DD`), `boolean`
/// (`true/false/yes/no/1/0`, any case) — a cell that does not fit is an error at that cell — and `string`.
///
/// Strictness: every record must have as many fields as the header (`csv-field-count`), a quoted field must be
/// closed and end at its closing quote, and text that becomes a string must be UTF-8. A quote inside a field
/// that does not start with one (`37°36'37.8"N`, `a 12" pipe`) is a literal character, as Python's `csv`,
/// DuckDB and PapaParse read it: the read succeeds with one `csv-stray-quote` warning at the first such quote. Up to `maxErrors` problems
/// are reported at once, sorted by position. Columns outside the projection are only tokenized (their field
/// counts and quoting are still checked), never converted, and never checked for UTF-8.
///
/// Speed: the tokenizer scans eight bytes at a time and records where the projected cells are for a chunk
/// of records; each column then decodes its cells in one loop (numbers straight from the bytes, strings
/// interned by a hash of their bytes so a repeated value never builds a `String`).
public enum CSVReader {
    /// Stop collecting problems after this many (the rest of a broken file adds only noise).
    public static let maxErrors = 10

    public static func read(_ file: SourceFile, options: CSVOptions) throws(DiagnosticError) -> Table {
        try readWithHeader(file, options: options).table
    }

    /// The table and the warnings for what was read but looks like a mistake (a quote inside an unquoted field).
    public static func readWithWarnings(_ file: SourceFile, options: CSVOptions) throws(DiagnosticError) -> (table: Table, warnings: [Diagnostic]) {
        let read = try readWithHeader(file, options: options)
        return (read.table, read.warnings)
    }

    /// The table, every name in the header (not only the projected ones) and the warnings, from one read.
    static func readWithHeader(_ file: SourceFile, options: CSVOptions) throws(DiagnosticError) -> (
        table: Table, names: [String], warnings: [Diagnostic]
    ) {
        let result: Result<(table: Table, names: [String], warnings: [Diagnostic]), DiagnosticError> = file.bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, buffer.count > 0 else {
                return .failure(DiagnosticError(emptyFile(file)))
            }
            do throws(DiagnosticError) {
                return .success(try readTable(file: file, base: base, count: buffer.count, options: options))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Just the column names of the header row, with the same checks and naming rules as `read`.
    public static func header(_ file: SourceFile, delimiter: UInt8) throws(DiagnosticError) -> [String] {
        let result: Result<[String], DiagnosticError> = file.bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, buffer.count > 0 else {
                return .failure(DiagnosticError(emptyFile(file)))
            }
            do throws(DiagnosticError) {
                let header = try readHeader(file: file, base: base, count: buffer.count, delimiter: delimiter)
                return .success(header.names)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    // MARK: - Reading

    private static func readHeader(file: SourceFile, base: UnsafePointer<UInt8>, count: Int, delimiter: UInt8) throws(DiagnosticError) -> CSVHeader {
        guard delimiter != CSVTokenizer.quote && delimiter != CSVTokenizer.lineFeed && delimiter != CSVTokenizer.carriageReturn && delimiter != 0
        else {
            throw DiagnosticError(
                Diagnostic(DataDiagnostic.csvInvalidDelimiter, at: SourceSpan(file: file, offset: 0)))
        }
        try checkEncoding(file: file, base: base, count: count)
        let start = count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF ? 3 : 0
        guard let header = try CSVHeader.read(file: file, base: base, count: count, start: start, delimiter: delimiter) else {
            throw DiagnosticError(emptyFile(file))
        }
        return header
    }

    private static func readTable(file: SourceFile, base: UnsafePointer<UInt8>, count: Int, options: CSVOptions) throws(DiagnosticError) -> (
        table: Table, names: [String], warnings: [Diagnostic]
    ) {
        let header = try readHeader(file: file, base: base, count: count, delimiter: options.delimiter)
        let fieldCount = header.names.count
        let capacity = estimateRows(base: base + header.bodyStart, count: count - header.bodyStart)

        // Which fields become columns, and the builder of each.
        var builderOf = [Int](repeating: -1, count: fieldCount)
        var builders: [CSVColumnBuilder] = []
        for (index, name) in header.names.enumerated() where options.columns?.contains(name) ?? true {
            builderOf[index] = builders.count
            builders.append(
                CSVColumnBuilder(
                    name: name, fieldIndex: index, declared: options.parse[name], capacity: capacity,
                    dateFormat: options.dateFormats[name], locale: options.locale))
        }

        var errors: [Diagnostic] = []
        var parseFailures = builders.map { builder in
            DataDiagnostic.ParseFailureCollector(column: builder.name, declared: options.parse[builder.name] ?? .string, format: builder.dateFormat)
        }
        var strayQuote: Diagnostic?
        var strayQuotes = 0
        var rowCount = 0
        let chunk = CSVChunk(columnCount: builders.count, capacity: min(chunkRows, max(capacity, 64)))
        var chunkRow = 0
        var failures: [CSVColumnBuilder.Failure] = []
        var tokenizer = CSVTokenizer(base: base, count: count, delimiter: options.delimiter, position: header.bodyStart)

        builders.withUnsafeMutableBufferPointer { columns in
            /// Decodes the records gathered in the chunk into the columns.
            func flush() {
                for index in columns.indices {
                    columns[index].append(chunk: chunk, column: index, rows: chunkRow, base: base, failures: &failures)
                    for failure in failures {
                        let span = clamped(chunk.span(column: index, row: failure.row), count)
                        let content = chunk.content(column: index, row: failure.row)
                        if failure.error == .invalidUTF8 {
                            errors.append(cellDiagnostic(failure.error, span: span, content: content, column: columns[index].name, file: file))
                        } else {
                            // One error per column (SPEC §19.10): counted here, reported after the last record.
                            parseFailures[index].add(
                                text: String(decoding: file.bytes[clamped(content, count)], as: UTF8.self), span: SourceSpan(file: file, range: span),
                                row: nil)
                        }
                    }
                    failures.removeAll(keepingCapacity: true)
                }
                chunkRow = 0
            }

            records: while tokenizer.skipBlankLines() {
                let recordStart = tokenizer.position
                var fieldIndex = 0
                var extraFieldStart = -1
                var recordEnd = recordStart
                while true {
                    let field = tokenizer.next()
                    if field.problem == .strayQuote {
                        // Read as text; one warning for the file, at the first one.
                        if strayQuote == nil { strayQuote = diagnostic(for: field, file: file) }
                        strayQuotes += 1
                    } else if field.problem != .none, let problem = diagnostic(for: field, file: file) {
                        errors.append(problem)
                        if field.problem == .unterminatedQuote { break records }
                    }
                    if fieldIndex < fieldCount {
                        let builder = builderOf[fieldIndex]
                        if builder >= 0 {
                            let flags = (field.quoted ? CSVChunk.cellIsQuoted : 0) | (field.escaped ? CSVChunk.cellIsEscaped : 0)
                            chunk.set(column: builder, row: chunkRow, start: field.start, end: field.end, flags: flags)
                        }
                    } else if fieldIndex == fieldCount {
                        extraFieldStart = field.quoted ? field.start - 1 : field.start
                    }
                    fieldIndex += 1
                    if field.endsRecord {
                        recordEnd = field.quoted && field.problem != .textAfterQuote ? min(field.end + 1, count) : field.end
                        break
                    }
                }
                if fieldIndex < fieldCount {
                    for missing in fieldIndex..<fieldCount where builderOf[missing] >= 0 {
                        chunk.setEmpty(column: builderOf[missing], row: chunkRow)
                    }
                }
                if fieldIndex != fieldCount {
                    errors.append(
                        fieldCountDiagnostic(
                            file: file, header: header, fields: fieldIndex, recordStart: recordStart,
                            recordEnd: recordEnd, extraFieldStart: extraFieldStart))
                }
                rowCount += 1
                chunkRow += 1
                if chunkRow == chunk.capacity { flush() }
                if errors.count >= maxErrors { break records }
            }
            flush()
            for index in columns.indices { columns[index].padNulls(to: rowCount) }
        }
        for collector in parseFailures {
            let kind: DataDiagnostic.Kind
            switch collector.declared {
            case .date: kind = .csvParseDate
            case .boolean: kind = .csvParseBoolean
            case .number, .string: kind = .csvParseNumber
            }
            if let failure = collector.diagnostic(kind: kind, locale: options.locale) { errors.append(failure) }
        }

        if errors.isEmpty, let pending = builders.map(\.pendingRows).max(), pending > 0 {
            fillPending(rows: pending, builders: &builders, file: file, base: base, count: count, header: header, options: options, errors: &errors)
        }
        if errors.isEmpty {
            errors = impossibleDates(builders: builders, file: file, base: base, count: count, header: header, options: options)
        }
        if !errors.isEmpty { throw DiagnosticError(sortedAndCapped(errors)) }
        if strayQuotes > 1 {
            strayQuote?.notes.append(
                DiagnosticNote(
                    "\(strayQuotes - 1) more field\(strayQuotes == 2 ? "" : "s") in this file hold\(strayQuotes == 2 ? "s" : "") a quote the same way"
                ))
        }
        return (Table(columns: builders.map { $0.finish() }, rowCount: rowCount), header.names, strayQuote.map { [$0] } ?? [])
    }

    /// SPEC §19.10: each column read as text without `parse` whose cells are ISO dates but for impossible ones
    /// (`2021-02-30`), as the one error a date column's failing cells make: at the first impossible cell, saying
    /// why it is impossible and how many there are. Found from the column's distinct values; only then are the
    /// records read again, to place the first cell.
    private static func impossibleDates(
        builders: [CSVColumnBuilder], file: SourceFile, base: UnsafePointer<UInt8>, count: Int, header: CSVHeader, options: CSVOptions
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for builder in builders where options.parse[builder.name] == nil {
            guard let (codes, valid, dictionary) = builder.strings, ImpossibleDates.isDateColumnWithImpossibleCells(dictionary) else { continue }
            let impossible = dictionary.map { ImpossibleDates.isImpossible(Substring($0)) }
            var failing = 0
            var firstRow: Int?
            for (row, code) in codes.enumerated() where valid[row] && impossible[Int(code)] {
                failing += 1
                if firstRow == nil { firstRow = row }
            }
            guard let firstRow else { continue }
            var collector = DataDiagnostic.ParseFailureCollector(column: builder.name, declared: .date, format: nil)
            let span = cellSpan(row: firstRow, field: builder.fieldIndex, base: base, count: count, header: header, delimiter: options.delimiter)
            let text = String(ImpossibleDates.trimmed(Substring(String(decoding: file.bytes[clamped(span.content, count)], as: UTF8.self))))
            collector.add(text: text, span: SourceSpan(file: file, range: span.cell), row: nil)
            for _ in 1..<failing { collector.add(text: text, span: nil, row: nil) }
            if let diagnostic = collector.diagnostic(kind: .csvParseDate, locale: options.locale) { diagnostics.append(diagnostic) }
        }
        return diagnostics
    }

    /// Where the cell of record `row` (from 0, blank lines skipped) and field `field` is: the cell with its
    /// quotes, and its content.
    private static func cellSpan(
        row: Int, field: Int, base: UnsafePointer<UInt8>, count: Int, header: CSVHeader, delimiter: UInt8
    ) -> (cell: Range<Int>, content: Range<Int>) {
        var tokenizer = CSVTokenizer(base: base, count: count, delimiter: delimiter, position: header.bodyStart)
        var record = 0
        while tokenizer.skipBlankLines() {
            var fieldIndex = 0
            while true {
                let next = tokenizer.next()
                if record == row && fieldIndex == field {
                    let cell = clamped(next.quoted ? (next.start - 1)..<(next.end + 1) : next.start..<next.end, count)
                    return (cell, next.start..<next.end)
                }
                fieldIndex += 1
                if next.endsRecord { break }
            }
            record += 1
        }
        return (header.bodyStart..<header.bodyStart, header.bodyStart..<header.bodyStart)
    }

    /// Records decoded per chunk: large enough to amortise the per-chunk work, small enough for the cache.
    private static let chunkRows = 4096

    private static func clamped(_ range: Range<Int>, _ count: Int) -> Range<Int> {
        let lower = min(max(range.lowerBound, 0), count)
        return lower..<min(max(range.upperBound, lower), count)
    }

    /// The second, partial pass: text for rows of columns that turned out to be strings after their first
    /// rows were read as numbers or dates.
    private static func fillPending(
        rows: Int, builders: inout [CSVColumnBuilder], file: SourceFile, base: UnsafePointer<UInt8>, count: Int,
        header: CSVHeader, options: CSVOptions, errors: inout [Diagnostic]
    ) {
        var builderOf = [Int](repeating: -1, count: header.names.count)
        for (index, builder) in builders.enumerated() where builder.pendingRows > 0 {
            builderOf[builder.fieldIndex] = index
        }
        var tokenizer = CSVTokenizer(base: base, count: count, delimiter: options.delimiter, position: header.bodyStart)
        var row = 0
        builders.withUnsafeMutableBufferPointer { columns in
            while row < rows && tokenizer.skipBlankLines() {
                var fieldIndex = 0
                while true {
                    let field = tokenizer.next()
                    if fieldIndex < builderOf.count, builderOf[fieldIndex] >= 0 {
                        let builder = builderOf[fieldIndex]
                        if let failure = columns[builder].fillPending(row: row, base, field.start, field.end, escaped: field.escaped) {
                            let span = clamped(field.quoted ? (field.start - 1)..<(field.end + 1) : field.start..<field.end, count)
                            errors.append(
                                cellDiagnostic(failure, span: span, content: field.start..<field.end, column: columns[builder].name, file: file))
                        }
                    }
                    fieldIndex += 1
                    if field.endsRecord { break }
                }
                row += 1
            }
        }
    }

    // MARK: - Checks before reading

    /// Empty, UTF-16/32 and binary files, caught before tokenizing so the message says what the file is.
    private static func checkEncoding(file: SourceFile, base: UnsafePointer<UInt8>, count: Int) throws(DiagnosticError) {
        if count >= 2 && ((base[0] == 0xFF && base[1] == 0xFE) || (base[0] == 0xFE && base[1] == 0xFF)) {
            throw DiagnosticError(
                Diagnostic(DataDiagnostic.utf16(path: file.path), at: SourceSpan(file: file, range: 0..<2)))
        }
        if let nul = memchr(base, 0, count) {
            let offset = UnsafeRawPointer(nul) - UnsafeRawPointer(base)
            throw DiagnosticError(
                Diagnostic(DataDiagnostic.binary(path: file.path), at: SourceSpan(file: file, range: offset..<(offset + 1))))
        }
    }

    static func emptyFile(_ file: SourceFile) -> Diagnostic {
        DataDiagnostic.empty(file, json: false)
    }

    /// About how many records follow, to size the columns once: the line feeds in the first 64 KiB scaled
    /// to the whole file (exact for smaller files), plus a little slack. Columns still grow if it is low.
    private static func estimateRows(base: UnsafePointer<UInt8>, count: Int) -> Int {
        let sample = min(count, 65_536)
        var lineFeeds = 0
        var offset = 0
        while offset < sample, let found = memchr(base + offset, 0x0A, sample - offset) {
            lineFeeds += 1
            offset = UnsafeRawPointer(found) - UnsafeRawPointer(base) + 1
        }
        if sample == count { return lineFeeds + 1 }
        let scaled = Double(max(lineFeeds, 1)) * Double(count) / Double(sample)
        return (Int(exactly: (scaled * 1.02).rounded(.down)) ?? count) + 16
    }

    // MARK: - Diagnostics

    /// The diagnostic for a quoting problem the tokenizer found, or nil when the field is fine.
    static func diagnostic(for field: CSVTokenizer.Field, file: SourceFile) -> Diagnostic? {
        let offset = field.problemOffset
        switch field.problem {
        case .none:
            return nil
        case .strayQuote:
            return Diagnostic(DataDiagnostic.csvStrayQuote, at: SourceSpan(file: file, range: offset..<(offset + 1)))
        case .textAfterQuote:
            return Diagnostic(DataDiagnostic.csvTextAfterQuote, at: SourceSpan(file: file, range: offset..<(offset + 1)))
        case .unterminatedQuote:
            return Diagnostic(DataDiagnostic.csvUnterminatedQuote, at: SourceSpan(file: file, range: offset..<(offset + 1)))
        }
    }

    private static func cellDiagnostic(
        _ failure: CSVColumnBuilder.CellError, span range: Range<Int>, content: Range<Int>, column: String, dateFormat: String? = nil,
        file: SourceFile
    ) -> Diagnostic {
        let span = SourceSpan(file: file, range: range)
        let line = file.lineColumn(at: range.lowerBound).line
        let text = QuotedText.withoutControlCharacters(String(decoding: file.bytes[content].prefix(40), as: UTF8.self))
        let column = QuotedText.truncated(column, limit: 60)
        let message: DataDiagnostic
        switch failure {
        case .notNumber: message = .csvNotNumber(line: line, text: text, column: column)
        case .notDate: message = .csvNotDate(line: line, text: text, column: column, format: dateFormat)
        case .notBoolean: message = .csvNotBoolean(line: line, text: text, column: column)
        case .invalidUTF8: message = .csvCellInvalidUTF8(line: line, column: column)
        }
        return Diagnostic(message, at: span)
    }

    private static func fieldCountDiagnostic(
        file: SourceFile, header: CSVHeader, fields: Int, recordStart: Int, recordEnd: Int, extraFieldStart: Int
    ) -> Diagnostic {
        let line = file.lineColumn(at: recordStart).line
        let expected = header.names.count
        let headerNote = DiagnosticNote(
            "the header is here", at: SourceSpan(file: file, range: header.spans[0].lowerBound..<(header.spans[expected - 1].upperBound)))
        if fields > expected {
            let start = extraFieldStart >= 0 ? extraFieldStart : recordStart
            return Diagnostic(
                DataDiagnostic.csvExtraFields(line: line, fields: fields, expected: expected),
                at: SourceSpan(file: file, range: start..<max(start, recordEnd)), notes: [headerNote])
        }
        return Diagnostic(
            DataDiagnostic.csvMissingFields(line: line, fields: fields, expected: expected, missing: Array(header.names[fields...])),
            at: SourceSpan(file: file, range: recordEnd..<recordEnd), notes: [headerNote])
    }

    /// Diagnostics in file order, at most `maxErrors`, the last one saying that reading stopped.
    private static func sortedAndCapped(_ errors: [Diagnostic]) -> [Diagnostic] {
        var sorted = errors.enumerated().sorted { a, b in
            let left = a.element.span?.range.lowerBound ?? 0
            let right = b.element.span?.range.lowerBound ?? 0
            return left != right ? left < right : a.offset < b.offset
        }.map(\.element)
        if sorted.count >= maxErrors {
            sorted = Array(sorted.prefix(maxErrors))
            sorted[maxErrors - 1].notes.append(DiagnosticNote("stopped after \(maxErrors) errors in this file"))
        }
        return sorted
    }
}
