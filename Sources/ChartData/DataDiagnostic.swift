import ChartDiagnostics
import ChartValues

/// The catalogue of what reading data can report: files, CSV/TSV and JSON data (each id listed in
/// `specs/diagnostics.md`). The readers compose the sentences, which quote the cell, the line and the column;
/// the id and the severity come only from a kind of this catalogue.
public enum DataDiagnostic {
    /// `ComposedWording` only until the readers' sentences are cases of this catalogue (DEVELOPERS.md).
    public enum Kind: String, DiagnosticKind, ComposedWording {
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

    /// The one wording of `data-empty`, for every reader: a file (or inline data) with nothing but whitespace.
    static func empty(_ file: SourceFile, json: Bool) -> Diagnostic {
        Diagnostic(
            Kind.empty, "\(file.path) is empty; expected \(json ? "a JSON array of rows" : "a header row and data rows")",
            at: SourceSpan(file: file, offset: 0)
        )
    }
}
