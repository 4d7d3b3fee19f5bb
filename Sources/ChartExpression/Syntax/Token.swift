/// One lexical unit of an expression, with the UTF-8 byte range it covers in `ExpressionSource.text`.
struct Token: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case number(Double)
        case string(String)
        /// A bare name: a field, a function, or one of the words `true false null in`.
        case identifier(String)
        /// A name in backticks: always a field.
        case quotedIdentifier(String)
        case punctuation(Punctuation)
        case end
    }

    var kind: Kind
    var range: Range<Int>

    var punctuation: Punctuation? {
        if case .punctuation(let punctuation) = kind { return punctuation }
        return nil
    }

    var identifier: String? {
        if case .identifier(let name) = kind { return name }
        return nil
    }

    /// How the token reads in a message: `'+'`, `'year'`, `the number 12`, `the end of the expression`.
    var quotedDescription: String {
        switch kind {
        case .number(let value): return "the number \(Expr.numberText(value))"
        case .string: return "a text literal"
        case .identifier(let name): return "'\(name)'"
        case .quotedIdentifier(let name): return "`\(name)`"
        case .punctuation(let punctuation): return "'\(punctuation.rawValue)'"
        case .end: return "the end of the expression"
        }
    }
}

/// Operators and delimiters, spelled as in the language.
enum Punctuation: String, Sendable, Equatable, CaseIterable {
    case leftParen = "("
    case rightParen = ")"
    case comma = ","
    case question = "?"
    case colon = ":"
    case bang = "!"
    case plus = "+"
    case minus = "-"
    case star = "*"
    case slash = "/"
    case percent = "%"
    case less = "<"
    case lessEqual = "<="
    case greater = ">"
    case greaterEqual = ">="
    case equalEqual = "=="
    case bangEqual = "!="
    case andAnd = "&&"
    case orOr = "||"
}
