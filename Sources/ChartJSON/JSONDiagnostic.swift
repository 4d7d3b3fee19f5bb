import ChartDiagnostics

/// The catalogue of everything `JSONReader` can report: the ids (each listed in `specs/diagnostics.md`) and
/// their severity. The sentences are composed by the reader's wording functions (`JSONParser+Errors.swift`), which
/// look at the bytes around the problem to say what was probably meant; they reach a `Diagnostic` only through
/// a kind of this catalogue.
public enum JSONDiagnostic {
    /// The ids, in the order the reader meets them.
    /// `ComposedWording`: the reader's wording functions look at the bytes around the problem to say what was
    /// probably meant, so a sentence depends on the bytes, not only on the kind.
    public enum Kind: String, DiagnosticKind, ComposedWording {
        case empty = "json-empty"
        case notObject = "json-not-object"
        case trailingComma = "json-trailing-comma"
        case duplicateKey = "json-duplicate-key"
        case controlCharacter = "json-control-character"
        case invalidEscape = "json-invalid-escape"
        case invalidSurrogate = "json-invalid-surrogate"
        case invalidUTF8 = "json-invalid-utf8"
        case numberOutOfRange = "json-number-out-of-range"
        case invalidNumber = "json-invalid-number"
        case tooDeep = "json-too-deep"
        case comment = "json-comment"
        case singleQuote = "json-single-quote"
        case unquotedKey = "json-unquoted-key"
        case unquotedString = "json-unquoted-string"
        case invalidLiteral = "json-invalid-literal"
        case missingComma = "json-missing-comma"
        case missingColon = "json-missing-colon"
        case missingValue = "json-missing-value"
        case expectedKey = "json-expected-key"
        case mismatchedBracket = "json-mismatched-bracket"
        case unterminatedString = "json-unterminated-string"
        case unterminatedObject = "json-unterminated-object"
        case unterminatedArray = "json-unterminated-array"
        case trailingContent = "json-trailing-content"
        case unexpectedCharacter = "json-unexpected-character"

        public static let domain = "ChartJSON"
        public var severity: Severity { .error }
    }
}
