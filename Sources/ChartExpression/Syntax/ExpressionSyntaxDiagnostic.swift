import ChartDiagnostics

/// The expression lexer's and parser's one id, `expr-syntax` (listed in `specs/diagnostics.md`): malformed text,
/// an unknown character, an unterminated string, a missing operand or parenthesis, `=` for `==`. Like the JSON
/// reader's, its sentences are composed where the problem is found, from the text around it (the token that
/// was probably meant, the operator written another way), hence `ComposedWording`; what the checker reports is a
/// case of `ExpressionDiagnostic`.
public enum ExpressionSyntaxDiagnostic {
    /// `ComposedWording`: the lexer and parser word a problem from the bytes around it (DEVELOPERS.md).
    public enum Kind: String, DiagnosticKind, ComposedWording {
        /// Malformed text: unknown character, unterminated string, missing operand or parenthesis, `=` for `==`.
        case syntax = "expr-syntax"

        public static let domain = "ChartExpression"
        public var severity: Severity { .error }
    }
}
