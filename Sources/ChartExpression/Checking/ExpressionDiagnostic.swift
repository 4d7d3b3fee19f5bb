import ChartDiagnostics

/// The catalogue of what the expression language reports (each id listed in `specs/diagnostics.md`). Most
/// sentences are composed by the lexer, parser and checker, which know the text around the problem
/// (`Diagnostic(ExpressionDiagnostic.Kind.type, "…", at:)`); an unknown field is a case that carries the name, so
/// a caller can ask which field a diagnostic is about (the planner does not report a field twice when its own
/// calculation failed) and the checker and the planner word it the same way.
public enum ExpressionDiagnostic: KindedDiagnosticMessage, Equatable {
    /// `unknown <role> '<name>'` with a hint: the field is not in the data or not calculated before its use.
    case unknownField(String, role: String = "field", hint: UnknownFieldHint = .none)
    /// A bare name with an operator in it that exists as a field (`a-b`): it is read as `a - b`.
    case operatorInFieldName(String, left: String, operator: String, right: String)
    /// A `sort` field that is a data field but not one of the aggregated output's fields.
    case droppedByAggregation(String, outputs: [String])
    /// A field the plan was checked against is missing when the step runs (a chartc bug, not a spec mistake).
    case missingAtExecution(String, role: String, from: String)

    /// What follows `unknown field 'x'`.
    public enum UnknownFieldHint: Sendable, Equatable {
        case none
        /// A close name: `; did you mean 'y'?`
        case didYouMean(String)
        /// The name is a function: `; 'sum' is a function, called like sum(…)`
        case isFunction
        /// No close name: `; the fields here are: a, b`
        case fieldsHere([String])
    }

    /// The ids. `ComposedWording` only until the lexer's, parser's and checker's sentences are cases above
    /// (DEVELOPERS.md).
    public enum Kind: String, DiagnosticKind, ComposedWording {
        /// Malformed text: unknown character, unterminated string, missing operand or parenthesis, `=` for `==`.
        case syntax = "expr-syntax"
        /// A field name that is not in the data (or not yet calculated).
        case unknownField = "unknown-field"
        /// A function name the language does not have.
        case unknownFunction = "unknown-function"
        /// A function called with too few or too many arguments.
        case arguments = "expr-arguments"
        /// A type error that is certain before reading data: `'abc' * 2`, `year(congress)` on a number.
        case type = "expr-type"
        /// An aggregate function where it cannot be used: in a row expression, nested, or a bare non-group field
        /// in an `aggregate` value; or a bad `quantile` probability.
        case aggregate = "expr-aggregate"
        /// A `format(x, "fmt")` pattern that is not a valid number or date format.
        case format = "expr-format"
        /// The table an expression runs on does not have a field it was checked against, or has it with another
        /// type (a bug in the caller rather than in the spec, reported instead of crashing).
        case dataMismatch = "expr-data-mismatch"
        /// A window function (SPEC §14) where it cannot be used: in `calculate`, `filter` or `aggregate`, nested in
        /// another one, or an aggregate that `window` does not offer over a partition.
        case window = "expr-window"
        /// The row count `n` of `rolling_*(x, n)`, `lag` or `lead` that is not a positive whole number constant.
        case windowSize = "expr-window-size"

        public static let domain = "ChartExpression"
        public var severity: Severity { .error }
    }

    public var kind: Kind { .unknownField }

    /// The field the diagnostic is about.
    public var field: String {
        switch self {
        case .unknownField(let name, _, _), .operatorInFieldName(let name, _, _, _), .droppedByAggregation(let name, _),
            .missingAtExecution(let name, _, _):
            name
        }
    }

    public var message: String {
        switch self {
        case .unknownField(let name, let role, let hint):
            let head = "unknown \(role) '\(name)'"
            switch hint {
            case .none: return head
            case .didYouMean(let suggestion): return head + "; did you mean '\(suggestion)'?"
            case .isFunction: return head + "; '\(name)' is a function, called like \(name)(…)"
            case .fieldsHere(let names): return head + "; the fields here are: " + QuotedText.list(names, quote: false)
            }
        case .operatorInFieldName(let name, let left, let op, let right):
            return "'\(name)' is read as '\(left)' \(op) '\(right)'; a field name with '\(op)' in it is written in backticks"
        case .droppedByAggregation(let name, let outputs):
            return "sort can only use fields of the output (\(QuotedText.list(outputs, quote: false))); '\(name)' is dropped by the aggregation."
        case .missingAtExecution(let name, let role, let from):
            return "The \(role) '\(name)' is missing from the \(from)."
        }
    }
}
