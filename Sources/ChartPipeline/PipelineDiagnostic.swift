import ChartDiagnostics
import ChartValues

/// The catalogue of what loading data and planning and running the pipeline report themselves (each id listed
/// in `specs/diagnostics.md`); an unknown field is the expression catalogue's `unknown-field`, a data file's
/// problem the data catalogue's, a fetch the network catalogue's. Each case carries the fields its sentence
/// names; `message` holds the one wording of each, `kind` its id and severity.
public enum PipelineDiagnostic: KindedDiagnosticMessage, Equatable {
    /// A field listed twice in `groupBy` or `windowBy` (`list` names which).
    case listedTwice(field: String, list: String)
    /// An aggregate output with the name of a `groupBy` field.
    case aggregateNamedAsGroup(String)
    /// Two totals for one field.
    case twoTotals(String)
    /// A window output with the name of a field the output already has.
    case windowNamedAsOutput(String)
    /// `complete: true` without `groupBy` (a warning: nothing to complete).
    case completeWithoutGroupBy
    /// `complete` would make more than `limit` rows.
    case completeTooLarge(limit: Int, groupBy: [String])
    /// A `windowBy` field that the aggregation drops (`outputs`: the fields left).
    case windowByDropped(field: String, outputs: [String])
    /// A `windowBy` field the output does not have.
    case unknownWindowByField(field: String, suggestion: String?, outputs: [String])
    /// A data file whose name does not say its format.
    case fileFormatUnknown(path: String)
    /// A download whose name and Content-Type (nil: none sent) do not say its format.
    case downloadFormatUnknown(url: String, contentType: String?)
    /// A `parse` entry naming a field the data (`origin`: "data.csv", "the query") does not have.
    case parseUnknownField(field: String, origin: String, names: [String])
    /// A `fold` field the data (`origin`) does not have.
    case foldUnknownField(field: String, origin: String, names: [String])
    /// `fold.as` naming a field the data keeps.
    case foldNameTaken(String)
    /// Folded fields of different types (`field` is not of `first`'s type).
    case foldTypes(field: String, type: DataType, first: String, firstType: DataType)
    /// A statistics step (SPEC §21) reading a field that holds no numbers (`datesAllowed`: a regression's x).
    case statisticsNotNumeric(step: String, field: String, type: DataType, datesAllowed: Bool)
    /// A statistics step beside `aggregate`: both would replace the rows.
    case statisticsWithAggregate(step: String)
    /// A statistics step's `groupBy` field named like a field the step makes.
    case statisticsNameTaken(step: String, field: String, outputs: [String])
    /// A `pivot` or `lookup` (`step`) naming a field its data (`origin`) does not have.
    case reshapeUnknownField(step: String, field: String, origin: String, names: [String])
    /// A `pivot.value` of `type` that `op` cannot reduce (a sum of text).
    case pivotValueType(field: String, type: DataType, op: String)
    /// A `pivot.field` with more values than columns a table may have.
    case pivotTooWide(field: String, count: Int, limit: Int)
    /// A value of `pivot.field` that would make a column named like a `groupBy` field.
    case pivotNameTaken(name: String, field: String)
    /// A field `lookup` adds named like one the data has.
    case lookupNameTaken(name: String)
    /// `rows` of `of` rows whose `on` value is no `key` of the other data (`origin`) (a warning).
    case lookupUnmatched(rows: Int, of: Int, on: String, key: String, origin: String, nearMisses: [NearMiss])
    /// `count` rows of the other data repeat a key an earlier row has; the first row of a key is used (a warning).
    case lookupRepeatedKeys(count: Int, key: String, origin: String)
    /// A `flatten` field the data (`origin`) does not have (`arrayFields`: those holding arrays, for a did-you-mean).
    case flattenUnknownField(field: String, origin: String, names: [String], arrayFields: [String])
    /// A `flatten` field whose cell in `row` holds `found`, not an array.
    case flattenNotArray(field: String, row: Int, found: String, arrayFields: [String])
    /// `flatten.as` naming a field the data keeps.
    case flattenNameTaken(name: String)
    /// A `lookup` of database rows whose other rows are not in the same database (a file, another server).
    case lookupAcrossDatabases
    /// A `pivot` of database rows that has no exact SQL form (`reason`).
    case pivotInDatabase(reason: PivotInDatabase)

    /// Why a database `pivot` cannot run in PostgreSQL.
    public enum PivotInDatabase: Sendable, Equatable {
        /// Columns named after dates (their text depends on chartc's date format).
        case dateField(String)
        /// An op SQL computes otherwise than chartc (a quantile's interpolation, a spread's two passes).
        case operation(String)
    }

    /// An unmatched lookup value and the other data's key it is probably meant to be.
    public struct NearMiss: Sendable, Equatable {
        public var value: String
        public var key: String
    }

    public enum Kind: String, DiagnosticKind {
        case duplicateField = "duplicate-field"
        case completeWithoutGroupBy = "complete-without-group-by"
        case completeTooLarge = "complete-too-large"
        case windowByField = "window-by-field"
        case formatUnknown = "data-format-unknown"
        case parseUnknownField = "data-parse-unknown-field"
        case flatten = "data-flatten"
        case fold = "data-fold"
        case statisticsFieldType = "statistics-field-type"
        case statisticsStep = "statistics-step"
        case pivot = "data-pivot"
        case lookup = "data-lookup"
        case lookupUnmatched = "lookup-unmatched"
        case lookupRepeatedKey = "lookup-repeated-key"

        public static let domain = "ChartPipeline"
        public var severity: Severity {
            switch self {
            case .completeWithoutGroupBy, .lookupUnmatched, .lookupRepeatedKey: .warning
            default: .error
            }
        }
    }

    public var kind: Kind {
        switch self {
        case .listedTwice, .aggregateNamedAsGroup, .twoTotals, .windowNamedAsOutput: .duplicateField
        case .completeWithoutGroupBy: .completeWithoutGroupBy
        case .completeTooLarge: .completeTooLarge
        case .windowByDropped, .unknownWindowByField: .windowByField
        case .fileFormatUnknown, .downloadFormatUnknown: .formatUnknown
        case .parseUnknownField: .parseUnknownField
        case .foldUnknownField, .foldNameTaken, .foldTypes: .fold
        case .flattenUnknownField, .flattenNotArray, .flattenNameTaken: .flatten
        case .statisticsNotNumeric: .statisticsFieldType
        case .statisticsWithAggregate, .statisticsNameTaken: .statisticsStep
        case .reshapeUnknownField(let step, _, _, _): step == "pivot" ? .pivot : .lookup
        case .pivotValueType, .pivotTooWide, .pivotNameTaken, .pivotInDatabase: .pivot
        case .lookupNameTaken, .lookupAcrossDatabases: .lookup
        case .lookupUnmatched: .lookupUnmatched
        case .lookupRepeatedKeys: .lookupRepeatedKey
        }
    }

    public var message: String {
        switch self {
        case .listedTwice(let field, let list):
            return "'\(field)' is listed twice in \(list)."
        case .aggregateNamedAsGroup(let name):
            return "The aggregate field '\(name)' has the name of a groupBy field; give it another name."
        case .twoTotals(let field):
            return "'\(field)' has two totals."
        case .windowNamedAsOutput(let name):
            return "The window field '\(name)' has the name of a field of the output; give it another name."
        case .completeWithoutGroupBy:
            return "complete fills missing groupBy combinations, but there is no groupBy."
        case .completeTooLarge(let limit, let groupBy):
            return
                "complete would create more than \(limit) rows (every combination of \(groupBy.joined(separator: ", "))); group by fewer or coarser fields."
        case .windowByDropped(let field, let outputs):
            return
                "windowBy can only use fields of the output (\(outputs.joined(separator: ", "))); '\(field)' is dropped by the aggregation — add it to groupBy."
        case .unknownWindowByField(let field, let suggestion?, _):
            return "unknown windowBy field '\(field)'; did you mean '\(suggestion)'?"
        case .unknownWindowByField(let field, nil, let outputs):
            return "unknown windowBy field '\(field)'"
                + (outputs.isEmpty ? "; the output has no fields" : "; the fields here are: \(outputs.joined(separator: ", "))")
        case .fileFormatUnknown(let path):
            return "cannot tell the format of '\(path)' from its name; add \"format\": \"csv\", \"tsv\" or \"json\" to data"
        case .downloadFormatUnknown(let url, let contentType):
            let sent = contentType.map { "the server sent Content-Type: \($0)" } ?? "the server sent no Content-Type"
            return
                "cannot tell the format of '\(url)': its name has no .csv, .tsv or .json extension and \(sent); add \"format\": \"csv\", \"tsv\" or \"json\" to data"
        case .parseUnknownField(let field, let origin, let names):
            return "parse names '\(field)', which is not a field of \(origin)." + Suggestions.didYouMean(field, in: names)
        case .foldUnknownField(let field, let origin, let names):
            return "fold names '\(field)', which is not a field of \(origin)." + Suggestions.didYouMean(field, in: names)
        case .foldNameTaken(let name):
            return "fold would make a field '\(name)', but the data already has one it keeps; name the new field otherwise in 'fold.as'"
        case .foldTypes(let field, let type, let first, let firstType):
            return
                "'\(field)' holds \(Self.describe(type)) but '\(first)' holds \(Self.describe(firstType)); folded fields share one value field, so they need one type (read them alike with data.parse)"

        case .statisticsNotNumeric(let step, let field, let type, let datesAllowed):
            return
                "'\(step)' computes over numbers, but '\(field)' holds \(Self.describe(type))\(datesAllowed ? " (a regression's x may hold numbers or dates)" : ""); read it as numbers with data.parse, or name a numeric field"
        case .statisticsWithAggregate(let step):
            return
                "'\(step)' and 'aggregate' both replace the rows: draw the aggregated rows and the \(step) in separate layers (a layer may have its own '\(step)' or 'aggregate')"
        case .statisticsNameTaken(let step, let field, let outputs):
            return
                "'\(step).groupBy' lists '\(field)', but the \(step) makes a field of that name (it makes \(outputs.joined(separator: ", "))); rename the field with calculate"
        case .reshapeUnknownField(let step, let field, let origin, let names):
            return "\(step) names '\(field)', which is not a field of \(origin)." + Suggestions.didYouMean(field, in: names)
        case .pivotValueType(let field, let type, let op):
            return
                "pivot takes the \(op) of '\(field)', which holds \(Self.describe(type)); use an op that takes any values (count, distinct, min, max, first, last) or read '\(field)' as numbers with data.parse"
        case .pivotTooWide(let field, let count, let limit):
            return
                "pivot would make \(count) columns, one per value of '\(field)' (at most \(limit)); pivot on a field with fewer values, or filter the rows first"
        case .pivotNameTaken(let name, let field):
            return "pivot would make a column '\(name)' from a value of '\(field)', but '\(name)' is a groupBy field; rename one of them"
        case .flattenUnknownField(let field, let origin, let names, let arrayFields):
            let suggestion = Suggestions.didYouMean(field, in: arrayFields.isEmpty ? names : arrayFields)
            return "flatten names '\(field)', which is not a field of \(origin)."
                + (suggestion.isEmpty && !arrayFields.isEmpty ? " The fields holding arrays: \(arrayFields.joined(separator: ", "))." : suggestion)
        case .flattenNotArray(let field, let row, let found, let arrayFields):
            var text = "flatten needs arrays, but '\(field)' holds \(found) in row \(row); flatten only fields whose values are arrays"
            let suggestion = Suggestions.didYouMean(field, in: arrayFields)
            if !suggestion.isEmpty {
                text += "." + suggestion
            } else if !arrayFields.isEmpty {
                text += " (here: \(arrayFields.joined(separator: ", ")))"
            }
            return text
        case .flattenNameTaken(let name):
            return "flatten would name a field '\(name)', but the data already has one; name it otherwise in 'flatten.as'"
        case .lookupAcrossDatabases:
            return
                "lookup joins in PostgreSQL only rows of the same database: give 'lookup.data' the same \"database\" with a \"table\" or \"query\" (load the other rows into it), or write the LEFT JOIN in 'data.query'"
        case .pivotInDatabase(.dateField(let field)):
            return
                "pivot cannot name columns after the dates of '\(field)' in PostgreSQL; pivot on a text field (calculate one in 'data.query', e.g. to_char(day, 'YYYY-MM-DD') AS day_text)"
        case .pivotInDatabase(.operation(let op)):
            return
                "pivot's op '\(op)' has no exact SQL form in PostgreSQL yet; use count, distinct, sum, mean, min, max, first or last, or compute the \(op) with 'groupBy' and 'aggregate'"
        case .lookupNameTaken(let name):
            return "lookup would add a field '\(name)', but the data already has one; name the new field otherwise in 'lookup.as'"
        case .lookupUnmatched(let rows, let of, let on, let key, let origin, let nearMisses):
            let share = rows == of ? "none of the \(of) rows found a match" : "\(rows) of \(of) rows found no match"
            var text =
                "\(share): \(rows == 1 ? "its" : "their") '\(on)' is not among the '\(key)' values of \(origin), so the fields lookup adds are empty there"
            if !nearMisses.isEmpty {
                text += " (" + nearMisses.map { "'\($0.value)': did you mean '\($0.key)'?" }.joined(separator: ", ") + ")"
            }
            return text
        case .lookupRepeatedKeys(let count, let key, let origin):
            return
                "\(count) row\(count == 1 ? "" : "s") of \(origin) repeat\(count == 1 ? "s" : "") a '\(key)' value an earlier row has; lookup uses the first row of each key"
        }
    }

    private static func describe(_ type: DataType) -> String {
        switch type {
        case .number: "numbers"
        case .string: "text"
        case .date: "dates"
        case .boolean: "booleans"
        }
    }
}
