/// The ids of the diagnostics `SpecParser` produces (JSON syntax errors come from `JSONDiagnosticID`). Each is
/// listed in `specs/diagnostics.md`.
public enum SpecDiagnosticID {
    public static let unknownKey = "unknown-key"
    public static let wrongType = "wrong-type"
    public static let unknownValue = "unknown-value"
    public static let missingKey = "missing-key"
    public static let invalidValue = "invalid-value"
    public static let dataSource = "data-source"
    public static let groupByWithoutAggregate = "groupby-without-aggregate"
    public static let totalNotGrouped = "total-not-grouped"
    public static let invalidURLScheme = "invalid-url-scheme"
    public static let sourceWithoutName = "source-without-name"
    public static let conflictingKeys = "conflicting-keys"
    public static let misplacedKey = "misplaced-key"
    public static let unknownLocale = "unknown-locale"
    public static let windowByWithoutWindow = "windowby-without-window"
    public static let databaseURL = "data-database-url"
    public static let passwordInSpec = "data-password-in-spec"
    public static let invalidParseFormat = "invalid-parse-format"
}
