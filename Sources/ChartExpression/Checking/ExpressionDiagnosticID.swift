/// The stable ids of every diagnostic the expression language reports (listed in `specs/diagnostics.md`), so
/// callers and tests can match on them without repeating string literals.
public enum ExpressionDiagnosticID {
    /// Malformed text: unknown character, unterminated string, missing operand or parenthesis, `=` for `==`.
    public static let syntax = "expr-syntax"
    /// A field name that is not in the data (or not yet calculated).
    public static let unknownField = "unknown-field"
    /// A function name the language does not have.
    public static let unknownFunction = "unknown-function"
    /// A function called with too few or too many arguments.
    public static let arguments = "expr-arguments"
    /// A type error that is certain before reading data: `'abc' * 2`, `year(congress)` on a number.
    public static let type = "expr-type"
    /// An aggregate function where it cannot be used: in a row expression, nested, or a bare non-group field
    /// in an `aggregate` value; or a bad `quantile` probability.
    public static let aggregate = "expr-aggregate"
    /// A `format(x, "fmt")` pattern that is not a valid number or date format.
    public static let format = "expr-format"
    /// The table an expression runs on does not have a field it was checked against, or has it with another
    /// type (a bug in the caller rather than in the spec, reported instead of crashing).
    public static let dataMismatch = "expr-data-mismatch"
    /// A window function (SPEC §14) where it cannot be used: in `calculate`, `filter` or `aggregate`, nested in
    /// another one, or an aggregate that `window` does not offer over a partition.
    public static let window = "expr-window"
    /// The row count `n` of `rolling_*(x, n)`, `lag` or `lead` that is not a positive whole number constant.
    public static let windowSize = "expr-window-size"
}
