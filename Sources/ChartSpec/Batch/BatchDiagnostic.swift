import ChartDiagnostics

/// What chartc says about a batch (`each`, SPEC §23): its shape (the parser), placeholders naming no value,
/// and the values a field gives (the build and lint, once the data is read).
public enum BatchDiagnostic: KindedDiagnosticMessage, DiagnosticCatalogue {
    /// `{word}` in the spec's text or expressions that names neither the `each` field nor its `as`.
    case unknownPlaceholder(found: String, name: String, suggestion: String?)
    /// `each` with both `field` and `values`.
    case fieldAndValues
    /// `each` with neither `field` nor `values`.
    case missingSource
    /// `each.values` without `as`.
    case valuesWithoutAs
    /// `each.as` with `field` (the field's name is the placeholder).
    case asWithField(field: String)
    /// `each.values: []`.
    case emptyValues
    /// `each` in a graphic of several views (`concat`, `repeat`).
    case withViews(key: String)
    /// `each` over a database's rows.
    case withDatabase
    /// A field with more values than a batch may build charts for.
    case tooManyValues(field: String, count: Int, limit: Int)
    /// `each.field` naming no field of the data (or of `calculate`).
    case unknownField(field: String, suggestion: String?)
    /// `each.field` whose every value is missing.
    case noValues(field: String)
    /// `-o FILE` for a batch, which writes a file per value.
    case outputFile(path: String)

    public enum Kind: String, DiagnosticKind {
        case unknownPlaceholder = "batch-placeholder"
        case each = "batch-each"
        case database = "batch-database"
        case limit = "batch-limit"
        case field = "batch-field"
        case output = "batch-output"

        public static let domain = "ChartSpec"
        public var severity: Severity { .error }
    }

    /// `5,001`.
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return text
    }

    public static var allIDs: [DiagnosticID] { Kind.allIDs }

    public var kind: Kind {
        switch self {
        case .unknownPlaceholder: .unknownPlaceholder
        case .fieldAndValues, .missingSource, .valuesWithoutAs, .asWithField, .emptyValues, .withViews: .each
        case .withDatabase: .database
        case .tooManyValues: .limit
        case .unknownField, .noValues: .field
        case .outputFile: .output
        }
    }

    public var message: String {
        switch self {
        case .unknownPlaceholder(let found, let name, let suggestion):
            let head = "'{\(found)}' names no value of this batch: 'each' gives '{\(name)}'"
            return suggestion.map { head + "; did you mean '{\($0)}'?" } ?? head
        case .fieldAndValues:
            return "'each' takes 'field' (one chart per value of a data field) or 'values' with 'as' (one chart per listed value), not both"
        case .missingSource:
            return
                "'each' needs 'field' (one chart per value of a data field, e.g. { \"field\": \"city\" }) or 'values' with 'as' (e.g. { \"values\": [\"Seattle\"], \"as\": \"city\" })"
        case .valuesWithoutAs:
            return "'each.values' needs 'as': the name its value goes by in the spec's text, e.g. \"as\": \"city\" for {city}"
        case .asWithField(let field):
            return "'each.as' names the value of a list of 'values'; with 'field' the value is written {\(field)}: remove 'as'"
        case .emptyValues:
            return "'each.values' is empty: list the values to build a chart for"
        case .withViews(let key):
            return "'each' builds one chart per value, which a graphic of several views ('\(key)') cannot be yet: write 'each' in a one-view spec"
        case .withDatabase:
            return
                "'each' over database data is not supported yet: each chart would need its own statement; write the value in 'data.query' (one spec per value), or export the rows to a file"
        case .tooManyValues(let field, let count, let limit):
            return
                "'each' over '\(field)' would build \(Self.grouped(count)) charts, more than a batch may (\(Self.grouped(limit))): batch over a field with fewer values, or list the ones to build in 'values' with 'as'"
        case .unknownField(let field, let suggestion):
            let head = "'each.field' names no field of the data: '\(field)'"
            return suggestion.map { head + "; did you mean '\($0)'?" } ?? head
        case .noValues(let field):
            return "'each' over '\(field)' builds no chart: the field has no values"
        case .outputFile(let path):
            return "-o \(path) names one file, but this spec is a batch that writes one file per value and a manifest: give -o a folder"
        }
    }
}
