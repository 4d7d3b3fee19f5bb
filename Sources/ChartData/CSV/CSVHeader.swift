import ChartDiagnostics

/// The header row of a CSV/TSV file: the column names and where each is written.
///
/// Naming rules (what pandas and DuckDB users expect, made strict where guessing would hide a mistake):
/// - Names are kept exactly as written (no trimming), after unquoting.
/// - An empty name becomes `columnN`, N being the column's 1-based position (`column1` for the first), so a
///   file written with an unnamed index column still loads; if that name is taken, `_2`, `_3`… is appended.
/// - A name written twice is an error (`csv-duplicate-header`): a field reference would be ambiguous.
struct CSVHeader {
    var names: [String]
    /// The byte range of each name in the file (quotes included), for diagnostics.
    var spans: [Range<Int>]
    /// The offset where the first data record starts.
    var bodyStart: Int

    /// Reads the first record starting at `start` (after a BOM and blank lines). Returns nil for a file with
    /// no records at all.
    static func read(file: SourceFile, base: UnsafePointer<UInt8>, count: Int, start: Int, delimiter: UInt8) throws(DiagnosticError) -> CSVHeader? {
        var tokenizer = CSVTokenizer(base: base, count: count, delimiter: delimiter, position: start)
        guard tokenizer.skipBlankLines() else { return nil }
        var names: [String] = []
        var spans: [Range<Int>] = []
        var errors: [Diagnostic] = []
        var scratch: [UInt8] = []
        while true {
            let field = tokenizer.next()
            let span = field.quoted ? (field.start - 1)..<min(field.end + 1, count) : field.start..<field.end
            // A quote inside an unquoted name is part of the name (`height (")`), as in the rows.
            if field.problem != .strayQuote, let problem = CSVReader.diagnostic(for: field, file: file) {
                errors.append(problem)
                if field.problem == .unterminatedQuote { break }
            }
            var name: String?
            if field.escaped {
                CSVTokenizer.unescape(base, field.start, field.end, into: &scratch)
                name = UTF8Validation.string(scratch)
            } else {
                name = UTF8Validation.string(base + field.start, field.end - field.start)
            }
            if let name {
                names.append(name)
            } else {
                errors.append(
                    Diagnostic(DataDiagnostic.csvHeaderInvalidUTF8(column: names.count + 1), at: SourceSpan(file: file, range: span)))
                names.append("")
            }
            spans.append(span)
            if field.endsRecord { break }
        }
        if !errors.isEmpty { throw DiagnosticError(errors) }

        // Name empty columns, then reject duplicates.
        var taken = Set(names)
        for index in names.indices where names[index].isEmpty {
            var candidate = "column\(index + 1)"
            var suffix = 2
            while taken.contains(candidate) {
                candidate = "column\(index + 1)_\(suffix)"
                suffix += 1
            }
            names[index] = candidate
            taken.insert(candidate)
        }
        var firstIndex: [String: Int] = [:]
        for (index, name) in names.enumerated() {
            if let first = firstIndex[name] {
                let name = QuotedText.truncated(name, limit: 60)
                errors.append(
                    Diagnostic(
                        DataDiagnostic.csvDuplicateHeader(name: name, column: index + 1, first: first + 1),
                        at: SourceSpan(file: file, range: spans[index]),
                        notes: [DiagnosticNote("'\(name)' is first used here", at: SourceSpan(file: file, range: spans[first]))]))
            } else {
                firstIndex[name] = index
            }
        }
        if !errors.isEmpty { throw DiagnosticError(errors) }
        return CSVHeader(names: names, spans: spans, bodyStart: tokenizer.position)
    }
}
