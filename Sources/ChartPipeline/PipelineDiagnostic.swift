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
    /// `SOURCE_DATE_EPOCH` set to something other than a whole number of seconds, for a byline's `{updated}`.
    case sourceDateEpoch(value: String)
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
    /// A lookup onto map data (SPEC §22) that leaves `count` of `of` features without a value; `names` (in order)
    /// say which, by name when the features have one (a warning).
    case lookupFeaturesWithoutValue(count: Int, of: Int, on: String, key: String, origin: String, names: [String])
    /// `rows` of the `of` rows of the other data (`origin`) of a lookup onto map data whose key matches no feature;
    /// `values` the keys, each once, in the data's order (a warning).
    case lookupRowsWithoutFeature(rows: Int, of: Int, key: String, origin: String, on: String, values: [String], nearMisses: [NearMiss])
    /// The keys of a lookup's other data look like another id system than the features' (a warning).
    case lookupKeySystem(key: String, origin: String, on: String, mismatch: KeySystemMismatch)
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

    /// How a lookup's keys differ from the features' id system (`lookup-key-system`).
    public enum KeySystemMismatch: Sendable, Equatable {
        /// Codes written without their leading zeros ("1001" for "01001").
        case lostZeros(example: String, restored: String, width: Int)
        /// Names where the features have codes (`useName`: the features have a `name` to join on).
        case namesForCodes(examples: [String], featureExamples: [String], width: Int?, useName: Bool)
        /// Codes where the features have names (`useID`: the features have an `id` to join on).
        case codesForNames(examples: [String], featureExamples: [String], useID: Bool)
        /// Letter codes ("USA", "CA") where the features have numeric codes.
        case lettersForNumbers(examples: [String], featureExamples: [String], width: Int?, letters: Int, useName: Bool)
        /// Letter codes where the features have names.
        case lettersForNames(examples: [String], featureExamples: [String], letters: Int)
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
        case lookupFeaturesWithoutValue = "lookup-features-without-value"
        case lookupRowsWithoutFeature = "lookup-rows-without-feature"
        case lookupKeySystem = "lookup-key-system"
        case sourceDateEpoch = "source-date-epoch"

        public static let domain = "ChartPipeline"
        public var severity: Severity {
            switch self {
            case .completeWithoutGroupBy, .lookupUnmatched, .lookupRepeatedKey, .lookupFeaturesWithoutValue, .lookupRowsWithoutFeature,
                .lookupKeySystem:
                .warning
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
        case .lookupFeaturesWithoutValue: .lookupFeaturesWithoutValue
        case .lookupRowsWithoutFeature: .lookupRowsWithoutFeature
        case .lookupKeySystem: .lookupKeySystem
        case .sourceDateEpoch: .sourceDateEpoch
        }
    }

    public var message: String {
        switch self {
        case .sourceDateEpoch(let value):
            return
                "SOURCE_DATE_EPOCH is '\(value)', not a whole number of seconds since 1970-01-01 UTC: the byline's '{updated}' cannot be written (unset it to use the data's read time, or give e.g. SOURCE_DATE_EPOCH=1767225600)"
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
        case .lookupFeaturesWithoutValue(let count, let of, let on, let key, let origin, let names):
            let share = count == of ? "none of the \(of) features found a value" : "\(count) of \(of) features have no value"
            return
                "\(share): \(count == 1 ? "its" : "their") '\(on)' is not among the '\(key)' values of \(origin), so \(count == 1 ? "it is" : "they are") drawn as missing: \(Self.listed(names))"
        case .lookupRowsWithoutFeature(let rows, let of, let key, let origin, let on, let values, let nearMisses):
            let share = rows == of ? "none of the \(of) rows of \(origin) matches a feature" : "\(rows) of \(of) rows of \(origin) match no feature"
            let named = values.map { value in
                nearMisses.first { $0.value == value }.map { "'\(value)' (did you mean '\($0.key)'?)" } ?? "'\(value)'"
            }
            return
                "\(share): \(rows == 1 ? "its" : "their") '\(key)' is not among the features' '\(on)' values, so \(rows == 1 ? "it is" : "they are") not drawn: \(Self.listed(named))"
        case .lookupKeySystem(let key, let origin, let on, let mismatch):
            let theirs = "the '\(key)' values of \(origin)"
            func quoted(_ values: [String]) -> String { values.map { "'\($0)'" }.joined(separator: ", ") }
            func codes(_ width: Int?) -> String { width.map { "\(Self.digitWords($0)) codes" } ?? "codes" }
            switch mismatch {
            case .lostZeros(let example, let restored, let width):
                return
                    "\(theirs) look like codes that lost their leading zeros ('\(example)' for the features' '\(restored)'): write them with their zeros, as text ('\(restored)'), or read '\(key)' as numbers (lookup then pads a number with zeros to the features' \(Self.digitWords(width)) codes)"
            case .namesForCodes(let examples, let featureExamples, let width, let useName):
                let fix = useName ? "set 'lookup.on' to \"name\" to join by the features' names" : "key the data by the features' codes"
                return
                    "\(theirs) look like names (\(quoted(examples))), but the features' '\(on)' values are \(codes(width)) (\(quoted(featureExamples))): \(fix)"
            case .codesForNames(let examples, let featureExamples, let useID):
                let fix = useID ? "set 'lookup.on' to \"id\" to join by the features' codes" : "key the data by the features' names"
                return
                    "\(theirs) look like codes (\(quoted(examples))), but the features' '\(on)' values are names (\(quoted(featureExamples))): \(fix)"
            case .lettersForNumbers(let examples, let featureExamples, let width, let letters, let useName):
                let kind = letters == 3 ? "ISO 3166-1 alpha-3 codes" : "two-letter codes (ISO alpha-2 or postal)"
                let fix =
                    useName
                    ? "join by the features' names (set 'lookup.on' to \"name\") or key the data by numeric code" : "key the data by numeric code"
                return
                    "\(theirs) look like \(kind) (\(quoted(examples))), but the features' '\(on)' values are numeric \(codes(width)) (\(quoted(featureExamples))): \(fix)"
            case .lettersForNames(let examples, let featureExamples, let letters):
                let kind = letters == 3 ? "ISO 3166-1 alpha-3 codes" : "two-letter codes (ISO alpha-2 or postal)"
                return
                    "\(theirs) look like \(kind) (\(quoted(examples))), but the features' '\(on)' values are names (\(quoted(featureExamples))): key the data by name"
            }
        case .lookupRepeatedKeys(let count, let key, let origin):
            return
                "\(count) row\(count == 1 ? "" : "s") of \(origin) repeat\(count == 1 ? "s" : "") a '\(key)' value an earlier row has; lookup uses the first row of each key"
        }
    }

    /// The first five of `items`, then how many more.
    private static func listed(_ items: [String]) -> String {
        let shown = items.prefix(5).joined(separator: ", ")
        return items.count > 5 ? "\(shown) and \(items.count - 5) more" : shown
    }

    /// "five-digit" for 5.
    private static func digitWords(_ count: Int) -> String {
        let words = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
        return (1...9).contains(count) ? "\(words[count - 1])-digit" : "\(count)-digit"
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
