import ChartDiagnostics
import ChartFormat
import ChartValues

extension DataDiagnostic {
    /// The one error of a column whose cells `parse` declares a type they are not (SPEC §19.10): one per column,
    /// at the first cell that fails, saying how many fail and — for dates — the format that would read them,
    /// or why a date is impossible (`2008-02-30`). CSV/TSV and JSON data word it here; the loader reads its
    /// data (the column, the suggested format) to add a fix-it at the spec's `parse` entry.
    public struct ParseFailure: Sendable, Equatable {
        /// `csv-parse-*` or `json-parse-*`.
        public var kind: Kind
        /// The column `parse` names.
        public var column: String
        /// The type `parse` declares.
        public var declared: DataType
        /// The `parse` date format (`%Y-%m-%d`), nil for the plain `date` type (ISO 8601).
        public var format: String?
        /// The first failing cell as written (at most 40 characters, control characters dropped).
        public var text: String
        /// The 1-based row of that cell, said for JSON rows (a CSV cell's line:col is its place).
        public var row: Int?
        /// How many cells of the column fail.
        public var count: Int
        /// The date format that reads every failing cell, when one common pattern does.
        public var suggestion: String?
        /// Why the first failing cell names no date ("February has no 30th (2008-02-30)"), when it has a date's shape.
        public var impossibility: String?
    }

    /// Gathers the cells of one column that do not read as `parse` declares, to report them as one
    /// `ParseFailure`: the first one's place and text, the count, and the distinct texts a date format is
    /// looked for in.
    struct ParseFailureCollector {
        let column: String
        let declared: DataType
        let format: DateFormat?
        private(set) var count = 0
        private(set) var first: (text: String, span: SourceSpan?, row: Int?)?
        private var texts: [String] = []
        private var seen: Set<String> = []
        private var tooMany = false

        /// Beyond this many distinct failing texts no format is suggested (it would be a guess from a sample).
        static let distinctLimit = 4096

        init(column: String, declared: DataType, format: DateFormat?) {
            self.column = column
            self.declared = declared
            self.format = format
        }

        mutating func add(text: String, span: SourceSpan?, row: Int?) {
            count += 1
            if first == nil { first = (text, span, row) }
            guard declared == .date, !tooMany, !seen.contains(text) else { return }
            if seen.count >= Self.distinctLimit {
                tooMany = true
                return
            }
            seen.insert(text)
            texts.append(text)
        }

        /// The one diagnostic, or nil when no cell failed.
        func diagnostic(kind: Kind, locale: ChartLocale) -> Diagnostic? {
            guard let first else { return nil }
            var suggestion: String?
            var impossibility: String?
            if declared == .date {
                if let format {
                    impossibility = format.impossibility(first.text, locale: locale)
                } else {
                    impossibility = ISODate.impossibility(first.text)
                }
                if impossibility == nil, !tooMany, let found = DatePatternDetection.detect(texts, locale: locale),
                    found.pattern != format?.pattern
                {
                    suggestion = found.pattern
                }
            }
            let shown = QuotedText.withoutControlCharacters(String(first.text.prefix(40)))
            let failure = ParseFailure(
                kind: kind, column: column, declared: declared, format: format?.pattern, text: shown, row: first.row, count: count,
                suggestion: suggestion, impossibility: impossibility)
            return Diagnostic(DataDiagnostic.columnNotOfType(failure), at: first.span)
        }
    }
}
