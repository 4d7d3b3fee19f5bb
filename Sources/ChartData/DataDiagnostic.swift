import ChartDiagnostics
import ChartFormat
import ChartValues

/// The catalogue of what reading data can report: files, CSV/TSV and JSON data (each id listed in
/// `specs/diagnostics.md`). Each case carries what its sentence quotes (the cell, the line, the column, what was
/// found), `message` holds its one wording and `kind` its id; the readers only pick a case.
public enum DataDiagnostic: KindedDiagnosticMessage, Equatable {
    // files
    /// A file (or inline data) with nothing but whitespace.
    case emptyFile(path: String, json: Bool)
    /// A CSV or TSV file that starts like another format (`looksLike`), with what to do instead.
    case wrongContent(path: String, looksLike: String, format: String, advice: String)
    /// No file at `path`; `suggestion` is a close name in its folder, as the spec would write it.
    case fileNotFound(path: String, suggestion: String?)
    /// No file at `path` because its folder does not exist.
    case folderNotFound(path: String, folder: String)
    case fileIsDirectory(path: String)
    /// A FIFO, device or socket (`what`: "a named pipe").
    case fileNotRegular(path: String, what: String)
    /// Larger than the data limit (`limit`: the file layer's description of size and limit).
    case fileTooLarge(path: String, limit: String)
    /// The system's reason, as it gives it.
    case fileUnreadable(path: String, reason: String)
    /// A file that starts with a UTF-16 byte order mark.
    case utf16(path: String)
    /// A file with a NUL byte in it.
    case binary(path: String)
    // CSV and TSV
    case csvInvalidDelimiter
    case csvStrayQuote
    case csvTextAfterQuote
    case csvUnterminatedQuote
    /// A header name (of 1-based `column`) that is not UTF-8.
    case csvHeaderInvalidUTF8(column: Int)
    /// A header naming 1-based `column` like the earlier column `first`.
    case csvDuplicateHeader(name: String, column: Int, first: Int)
    /// A record with more fields than the header.
    case csvExtraFields(line: Int, fields: Int, expected: Int)
    /// A record with fewer fields than the header; `missing` are the header's names past its last field.
    case csvMissingFields(line: Int, fields: Int, expected: Int, missing: [String])
    /// A cell `parse` declares a number, a date (in `format`, when one is given) or a boolean that is not one.
    case csvNotNumber(line: Int, text: String, column: String)
    case csvNotDate(line: Int, text: String, column: String, format: String?)
    case csvNotBoolean(line: Int, text: String, column: String)
    case csvCellInvalidUTF8(line: Int, column: String)
    // JSON data
    /// A `property` path through a value that is not an object (`found`: "an array"); `here` names the value.
    case propertyThroughNonObject(property: String, here: String, found: String, part: String)
    /// A `property` path through an object without the key `part`.
    case propertyKeyMissing(property: String, here: String, part: String, keys: [String])
    /// Not an array of rows (`found`: "an object"); `arrayAt` is the path of an array inside it, to suggest.
    case notArray(found: String, arrayAt: String?)
    /// A row (1-based) that is not an object, the first of `more` + 1 such items.
    case rowNotObject(row: Int, found: String, more: Int)
    /// A cell that is an object or an array.
    case nestedCell(row: Int, field: String, found: String)
    /// Rows × fields past `limit`.
    case cellLimit(rows: Int, fields: Int, limit: Int)
    // CSV, TSV and JSON
    /// The cells of a column that `parse` declares a type they are not: one error for the column (SPEC §19.10).
    case columnNotOfType(ParseFailure)

    public enum Kind: String, DiagnosticKind {
        // files
        case empty = "data-empty"
        case binary = "data-binary"
        case encoding = "data-encoding"
        case fileNotFound = "data-file-not-found"
        case fileIsDirectory = "data-file-is-directory"
        case fileNotRegular = "data-file-not-regular"
        case fileTooLarge = "data-file-too-large"
        case fileUnreadable = "data-file-unreadable"
        case wrongContent = "data-wrong-content"
        // CSV and TSV
        case csvInvalidDelimiter = "csv-invalid-delimiter"
        case csvFieldCount = "csv-field-count"
        case csvUnterminatedQuote = "csv-unterminated-quote"
        case csvStrayQuote = "csv-stray-quote"
        case csvTextAfterQuote = "csv-text-after-quote"
        case csvDuplicateHeader = "csv-duplicate-header"
        case csvInvalidUTF8 = "csv-invalid-utf8"
        case csvParseNumber = "csv-parse-number"
        case csvParseDate = "csv-parse-date"
        case csvParseBoolean = "csv-parse-boolean"
        // JSON data
        case propertyNotFound = "data-property-not-found"
        case notArray = "data-not-array"
        case rowNotObject = "data-row-not-object"
        case jsonDataNested = "json-data-nested"
        case jsonParseNumber = "json-parse-number"
        case jsonParseDate = "json-parse-date"
        case jsonParseBoolean = "json-parse-boolean"
        case cellLimit = "data-cell-limit"

        public static let domain = "ChartData"
        public var severity: Severity {
            switch self {
            case .csvStrayQuote: .warning
            default: .error
            }
        }

        /// The id of a JSON cell that `parse` declares `type` but does not read as one. A string column takes
        /// every cell, so it never fails.
        static func jsonParse(_ type: DataType) -> Kind {
            switch type {
            case .number, .string: .jsonParseNumber
            case .date: .jsonParseDate
            case .boolean: .jsonParseBoolean
            }
        }
    }

    public var kind: Kind {
        switch self {
        case .emptyFile: .empty
        case .wrongContent: .wrongContent
        case .fileNotFound, .folderNotFound: .fileNotFound
        case .fileIsDirectory: .fileIsDirectory
        case .fileNotRegular: .fileNotRegular
        case .fileTooLarge: .fileTooLarge
        case .fileUnreadable: .fileUnreadable
        case .utf16: .encoding
        case .binary: .binary
        case .csvInvalidDelimiter: .csvInvalidDelimiter
        case .csvStrayQuote: .csvStrayQuote
        case .csvTextAfterQuote: .csvTextAfterQuote
        case .csvUnterminatedQuote: .csvUnterminatedQuote
        case .csvHeaderInvalidUTF8, .csvCellInvalidUTF8: .csvInvalidUTF8
        case .csvDuplicateHeader: .csvDuplicateHeader
        case .csvExtraFields, .csvMissingFields: .csvFieldCount
        case .csvNotNumber: .csvParseNumber
        case .csvNotDate: .csvParseDate
        case .csvNotBoolean: .csvParseBoolean
        case .propertyThroughNonObject, .propertyKeyMissing: .propertyNotFound
        case .notArray: .notArray
        case .rowNotObject: .rowNotObject
        case .nestedCell: .jsonDataNested
        case .cellLimit: .cellLimit
        case .columnNotOfType(let failure): failure.kind
        }
    }

    public var message: String {
        switch self {
        case .emptyFile(let path, let json):
            return "\(path) is empty; expected \(json ? "a JSON array of rows" : "a header row and data rows")"
        case .wrongContent(let path, let looksLike, let format, let advice):
            return "\(path) looks like \(looksLike), not \(format) text; \(advice)"
        case .fileNotFound(let path, let suggestion):
            return "no data file at '\(path)' (paths are relative to the spec's folder)" + (suggestion.map { ". Did you mean '\($0)'?" } ?? "")
        case .folderNotFound(let path, let folder):
            return "no data file at '\(path)': the folder '\(folder)' does not exist (paths are relative to the spec's folder)"
        case .fileIsDirectory(let path):
            return "'\(path)' is a folder, not a data file; point url at a .csv, .tsv or .json file"
        case .fileNotRegular(let path, let what):
            return "'\(path)' is \(what), not a regular file; chartc reads data only from regular files"
        case .fileTooLarge(let path, let limit):
            return "the data file '\(path)' \(limit)"
        case .fileUnreadable(let path, let reason):
            return "cannot read the data file '\(path)': \(reason)"
        case .utf16(let path):
            return "\(path) is UTF-16 (it starts with a UTF-16 byte order mark); save it as UTF-8"
        case .binary(let path):
            return "\(path) looks like a binary file, not text (it contains a NUL byte); expected CSV or TSV text"
        case .csvInvalidDelimiter:
            return "a quote, a line break or NUL cannot separate fields"
        case .csvStrayQuote:
            return
                "a quote inside an unquoted field, read as a literal character; if it was meant to quote the field, quote the whole field and double the quote inside it (\"a \"\"b\"\" c\")"
        case .csvTextAfterQuote:
            return "text after the closing quote of a field; a quote inside a quoted field is written twice (\"\")"
        case .csvUnterminatedQuote:
            return "this quote is never closed, so the rest of the file reads as one field; close it, or write a quote inside a field as \"\""
        case .csvHeaderInvalidUTF8(let column):
            return "the header name in column \(column) is not valid UTF-8; save the file as UTF-8"
        case .csvDuplicateHeader(let name, let column, let first):
            return "the header names column \(column) '\(name)' again (column \(first) has that name); rename one of them"
        case .csvExtraFields(let line, let fields, let expected):
            return Self.fieldCount(line: line, fields: fields, expected: expected)
                + "; the extra fields start here (is a comma inside a value that needs quotes?)"
        case .csvMissingFields(let line, let fields, let expected, let missing):
            return Self.fieldCount(line: line, fields: fields, expected: expected) + "; missing \(QuotedText.list(missing, limit: 3))"
        case .csvNotNumber(let line, let text, let column):
            return "line \(line): '\(text)' in column '\(column)' is not a number, but parse declares '\(column)' a number"
        case .csvNotDate(let line, let text, let column, let format?):
            return "line \(line): '\(text)' in column '\(column)' does not match the date format '\(format)' that parse declares for '\(column)'"
        case .csvNotDate(let line, let text, let column, nil):
            return
                "line \(line): '\(text)' in column '\(column)' is not a date (YYYY-MM-DD, YYYY/MM/DD or an ISO 8601 timestamp), but parse declares '\(column)' a date"
        case .csvNotBoolean(let line, let text, let column):
            return
                "line \(line): '\(text)' in column '\(column)' is not a boolean (true/false, yes/no, 1/0), but parse declares '\(column)' a boolean"
        case .csvCellInvalidUTF8(let line, let column):
            return "line \(line): the cell in column '\(column)' is not valid UTF-8; save the file as UTF-8"
        case .propertyThroughNonObject(let property, let here, let found, let part):
            return "property '\(property)': \(here) is \(found), not an object, so it has no '\(part)'"
        case .propertyKeyMissing(let property, let here, let part, let keys):
            return "property '\(property)': \(here) has no key '\(part)'." + Suggestions.didYouMean(part, in: keys)
        case .notArray(let found, let arrayAt):
            return "expected an array of rows (objects such as {\"year\": 2012, \"value\": 3}), found \(found)"
                + (arrayAt.map { "; to read the array at '\($0)', set \"property\": \"\($0)\" in data" } ?? "")
        case .rowNotObject(let row, let found, let more):
            return "row \(row) is \(found); each row must be an object such as {\"field\": value}"
                + (more > 0 ? " (…and \(more) more \(more == 1 ? "item that is not a row" : "items that are not rows"))" : "")
        case .columnNotOfType(let failure):
            return Self.wording(failure)
        case .nestedCell(let row, let field, let found):
            return
                "row \(row): '\(field)' is \(found); a cell must be a number, string, boolean or null (flatten the data, or point \"property\" at the array of rows)"
        case .cellLimit(let rows, let fields, let limit):
            return
                "these rows make a table of \(CountText.grouped(rows)) rows × \(CountText.grouped(fields)) fields; chartc reads at most \(CountText.grouped(limit)) cells (rows × fields) from JSON data (rows with keys of their own: give every row the same keys, or use aggregate so that only the fields the spec reads are loaded)"
        }
    }

    /// The one wording of `columnNotOfType`: the first failing cell (or why its date is impossible), how many
    /// more fail, and the format that reads them.
    private static func wording(_ failure: ParseFailure) -> String {
        let column = QuotedText.truncated(failure.column, limit: 60)
        let text = failure.text
        var sentence = failure.row.map { "row \($0): " } ?? ""
        if let impossibility = failure.impossibility {
            sentence += "impossible date in column '\(column)': \(impossibility)"
        } else {
            switch failure.declared {
            case .date where failure.format != nil:
                sentence += "'\(text)' in column '\(column)' does not match the parse format '\(failure.format ?? "")'"
            case .date:
                sentence +=
                    "'\(text)' in column '\(column)' is not a date (YYYY-MM-DD, YYYY/MM/DD or an ISO 8601 timestamp), but parse declares '\(column)' a date"
            case .boolean:
                sentence += "'\(text)' in column '\(column)' is not a boolean (true/false, yes/no, 1/0), but parse declares '\(column)' a boolean"
            case .number, .string:
                sentence += "'\(text)' in column '\(column)' is not a number, but parse declares '\(column)' a number"
            }
        }
        let count = failure.count
        if count > 1 {
            sentence += " (…and \(count - 1) more cell\(count == 2 ? "" : "s") of column '\(column)' fail\(count == 2 ? "s" : ""))"
        }
        if let suggestion = failure.suggestion {
            sentence += "; the parse format '\(suggestion)' reads \(count == 1 ? "it" : "them all")"
        }
        return sentence
    }

    private static func fieldCount(line: Int, fields: Int, expected: Int) -> String {
        "line \(line) has \(fields) field\(fields == 1 ? "" : "s"), the header has \(expected)"
    }

    /// The one wording of `data-empty`, for every reader: a file (or inline data) with nothing but whitespace.
    static func empty(_ file: SourceFile, json: Bool) -> Diagnostic {
        Diagnostic(DataDiagnostic.emptyFile(path: file.path, json: json), at: SourceSpan(file: file, offset: 0))
    }
}
