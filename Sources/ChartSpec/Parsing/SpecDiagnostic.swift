import ChartDiagnostics

/// The catalogue of what `SpecParser` reports (JSON syntax errors are `JSONDiagnostic`'s): the ids, each listed
/// in `specs/diagnostics.md`, and their severity. The sentences are composed by `SpecDecoder`'s helpers
/// (`unknownKey`, `wrongType`, `unknownValue`, `missingKey`, …) and the sections, which know the path and the
/// allowed keys; they reach a `Diagnostic` only through a kind of this catalogue (`decoder.error(.kind, …)`).
/// What two places report is a case with its one wording (the planner sees an empty `aggregate` and a total
/// the parser could not judge).
public enum SpecDiagnostic: KindedDiagnosticMessage {
    /// `groupBy` without an `aggregate` (or with an empty one, which the planner sees).
    case groupByWithoutAggregate
    /// A `total` field that is not one of `groupBy`'s fields (nil: there is no `groupBy`).
    case totalNotGrouped(String, groupBy: [String]?)

    public enum Kind: String, DiagnosticKind {
        case unknownKey = "unknown-key"
        case wrongType = "wrong-type"
        case unknownValue = "unknown-value"
        case missingKey = "missing-key"
        case invalidValue = "invalid-value"
        case dataSource = "data-source"
        case groupByWithoutAggregate = "groupby-without-aggregate"
        case totalNotGrouped = "total-not-grouped"
        case invalidURLScheme = "invalid-url-scheme"
        case sourceWithoutName = "source-without-name"
        case conflictingKeys = "conflicting-keys"
        case misplacedKey = "misplaced-key"
        case unknownLocale = "unknown-locale"
        case windowByWithoutWindow = "windowby-without-window"
        case databaseURL = "data-database-url"
        case passwordInSpec = "data-password-in-spec"
        case invalidParseFormat = "invalid-parse-format"
        case layerLimit = "layer-limit"
        case annotationLimit = "annotation-limit"
        case windowLimit = "window-limit"
        case compositeAggregate = "composite-aggregate"
        case errorbarRange = "errorbar-range"

        public static let domain = "ChartSpec"
        public var severity: Severity {
            switch self {
            case .unknownLocale: .warning
            default: .error
            }
        }
    }

    public var kind: Kind {
        switch self {
        case .groupByWithoutAggregate: .groupByWithoutAggregate
        case .totalNotGrouped: .totalNotGrouped
        }
    }

    public var message: String {
        switch self {
        case .groupByWithoutAggregate:
            return "'groupBy' needs an 'aggregate' saying what to compute for each group, e.g. \"aggregate\": { \"count\": \"count()\" }"
        case .totalNotGrouped(let field, nil):
            return
                "'total' collapses the field '\(field)', but there is no 'groupBy': a total aggregates again with one grouping field replaced by a label"
        case .totalNotGrouped(let field, let grouped?):
            if let suggestion = Suggestions.closest(to: field, in: grouped) {
                return "'total' collapses the field '\(field)', which is not in 'groupBy'; did you mean '\(suggestion)'?"
            }
            return "'total' collapses the field '\(field)', which is not in 'groupBy' (\(SpecDecoder.list(grouped.map { "'\($0)'" })))"
        }
    }
}
