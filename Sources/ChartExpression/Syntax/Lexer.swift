import ChartDiagnostics

/// Splits expression text into tokens, scanning UTF-8 bytes. Recoverable mistakes (`=` for `==`, `≤` for `<=`,
/// `&` for `&&`) produce the intended token plus an error with a fix-it, so the parser can go on and report
/// more; anything else (an unterminated string, a stray `#`) stops the scan with one error.
struct Lexer {
    private let source: ExpressionSource
    private let bytes: [UInt8]
    private var index = 0
    private(set) var diagnostics: [Diagnostic] = []

    init(source: ExpressionSource) {
        self.source = source
        self.bytes = Array(source.text.utf8)
    }

    /// All tokens up to and including `.end`, or nil after a fatal error (then `diagnostics` says why).
    static func tokenize(_ source: ExpressionSource) -> (tokens: [Token]?, diagnostics: [Diagnostic]) {
        var lexer = Lexer(source: source)
        var tokens: [Token] = []
        while true {
            guard let token = lexer.next() else { return (nil, lexer.diagnostics) }
            tokens.append(token)
            if token.kind == .end { return (tokens, lexer.diagnostics) }
        }
    }

    // MARK: scanning

    private mutating func next() -> Token? {
        skipWhitespace()
        guard index < bytes.count else { return Token(kind: .end, range: bytes.count..<bytes.count) }
        let start = index
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return scanNumber()
        case UInt8(ascii: "."):
            if index + 1 < bytes.count, Self.isDigit(bytes[index + 1]) { return scanNumber() }
            return fail("unexpected '.'; fields with dots or spaces in their name are written in backticks: `a.b`", start..<start + 1)
        case UInt8(ascii: "'"), UInt8(ascii: "\""):
            return scanString()
        case UInt8(ascii: "`"):
            return scanQuotedIdentifier()
        case UInt8(ascii: "("): return punctuation(.leftParen, length: 1)
        case UInt8(ascii: ")"): return punctuation(.rightParen, length: 1)
        case UInt8(ascii: ","): return punctuation(.comma, length: 1)
        case UInt8(ascii: "?"): return punctuation(.question, length: 1)
        case UInt8(ascii: ":"): return punctuation(.colon, length: 1)
        case UInt8(ascii: "+"): return punctuation(.plus, length: 1)
        case UInt8(ascii: "-"): return punctuation(.minus, length: 1)
        case UInt8(ascii: "*"): return punctuation(.star, length: 1)
        case UInt8(ascii: "/"): return punctuation(.slash, length: 1)
        case UInt8(ascii: "%"): return punctuation(.percent, length: 1)
        case UInt8(ascii: "<"):
            if peek(1) == UInt8(ascii: "=") { return punctuation(.lessEqual, length: 2) }
            if peek(1) == UInt8(ascii: ">") { return recovered(.bangEqual, length: 2, "'<>' is not an operator") }
            return punctuation(.less, length: 1)
        case UInt8(ascii: ">"):
            if peek(1) == UInt8(ascii: "=") { return punctuation(.greaterEqual, length: 2) }
            return punctuation(.greater, length: 1)
        case UInt8(ascii: "="):
            if peek(1) == UInt8(ascii: "=") {
                if peek(2) == UInt8(ascii: "=") { return recovered(.equalEqual, length: 3, "'===' is not an operator") }
                return punctuation(.equalEqual, length: 2)
            }
            if peek(1) == UInt8(ascii: "<") { return recovered(.lessEqual, length: 2, "'=<' is not an operator") }
            if peek(1) == UInt8(ascii: ">") { return recovered(.greaterEqual, length: 2, "'=>' is not an operator") }
            return recovered(.equalEqual, length: 1, "'=' is not an operator")
        case UInt8(ascii: "!"):
            if peek(1) == UInt8(ascii: "=") {
                if peek(2) == UInt8(ascii: "=") { return recovered(.bangEqual, length: 3, "'!==' is not an operator") }
                return punctuation(.bangEqual, length: 2)
            }
            return punctuation(.bang, length: 1)
        case UInt8(ascii: "&"):
            if peek(1) == UInt8(ascii: "&") { return punctuation(.andAnd, length: 2) }
            return recovered(.andAnd, length: 1, "'&' is not an operator")
        case UInt8(ascii: "|"):
            if peek(1) == UInt8(ascii: "|") { return punctuation(.orOr, length: 2) }
            return recovered(.orOr, length: 1, "'|' is not an operator")
        case UInt8(ascii: "["), UInt8(ascii: "]"):
            return fail("unexpected '\(Character(Unicode.Scalar(byte)))'; lists are written in parentheses, as in `x in (1, 2)`", start..<start + 1)
        default:
            if Self.isIdentifierStart(byte) { return scanIdentifier() }
            if byte >= 0x80 { return scanNonASCII() }
            let shown =
                byte < 0x20 || byte == 0x7F ? "control character 0x\(String(byte, radix: 16))" : "character '\(Character(Unicode.Scalar(byte)))'"
            return fail("unexpected \(shown)", start..<start + 1)
        }
    }

    private func peek(_ offset: Int) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    private mutating func punctuation(_ punctuation: Punctuation, length: Int) -> Token {
        let range = index..<index + length
        index += length
        return Token(kind: .punctuation(punctuation), range: range)
    }

    /// A misspelled operator: report it with a fix-it and carry on as if the user had written `intended`.
    private mutating func recovered(_ intended: Punctuation, length: Int, _ message: String) -> Token {
        let range = index..<index + length
        let span = source.span(for: range)
        diagnostics.append(
            Diagnostic(
                ExpressionSyntaxDiagnostic.Kind.syntax,
                "\(message); did you mean '\(intended.rawValue)'?",
                at: span,
                fixIt: FixIt(span: span, replacement: intended.rawValue)
            ))
        return punctuation(intended, length: length)
    }

    private mutating func fail(_ message: String, _ range: Range<Int>, fixIt: String? = nil) -> Token? {
        let span = source.span(for: range)
        diagnostics.append(
            Diagnostic(ExpressionSyntaxDiagnostic.Kind.syntax, message, at: span, fixIt: fixIt.map { FixIt(span: span, replacement: $0) }))
        return nil
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                index += 1
            } else if byte >= 0x80, let (scalar, length) = UTF8Scalar.decode(bytes, at: index), scalar.properties.isWhitespace {
                index += length
            } else {
                return
            }
        }
    }

    // MARK: numbers

    private mutating func scanNumber() -> Token? {
        let start = index
        while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            let exponentStart = index
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, Self.isDigit(bytes[index]) else {
                return fail("expected digits after the exponent 'e' of a number", exponentStart..<index)
            }
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        }
        let range = start..<index
        if index < bytes.count, Self.isIdentifierPart(bytes[index]) || bytes[index] == UInt8(ascii: ".") {
            var end = index
            while end < bytes.count, Self.isIdentifierPart(bytes[end]) || bytes[end] == UInt8(ascii: ".") { end += 1 }
            return fail(
                "unexpected '\(String(decoding: bytes[index..<end], as: UTF8.self))' after a number; a field name cannot start with a digit unless it is written in backticks",
                start..<end)
        }
        let lexeme = String(decoding: bytes[range], as: UTF8.self)
        guard let value = Double(lexeme), value.isFinite else {
            return fail("the number \(lexeme) is too large", range)
        }
        return Token(kind: .number(value), range: range)
    }

    // MARK: strings and quoted names

    private mutating func scanString() -> Token? {
        let start = index
        let quote = bytes[index]
        index += 1
        guard let text = scanQuoted(until: quote, start: start, what: "text", closing: quote == UInt8(ascii: "'") ? "'" : "\"") else { return nil }
        return Token(kind: .string(text), range: start..<index)
    }

    private mutating func scanQuotedIdentifier() -> Token? {
        let start = index
        index += 1
        guard let name = scanQuoted(until: UInt8(ascii: "`"), start: start, what: "field name", closing: "`") else { return nil }
        if name.isEmpty { return fail("empty field name: write a name between the backticks", start..<index) }
        return Token(kind: .quotedIdentifier(name), range: start..<index)
    }

    /// Reads up to the closing `quote` (consuming it), decoding `\\`, `\'`, `\"`, `` \` ``, `\n`, `\t`.
    private mutating func scanQuoted(until quote: UInt8, start: Int, what: String, closing: String) -> String? {
        var content: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            if byte == quote {
                index += 1
                return String(decoding: content, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                guard index + 1 < bytes.count else { break }
                let escaped = bytes[index + 1]
                switch escaped {
                case UInt8(ascii: "\\"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"): content.append(escaped)
                case UInt8(ascii: "n"): content.append(0x0A)
                case UInt8(ascii: "t"): content.append(0x09)
                case UInt8(ascii: "r"): content.append(0x0D)
                default:
                    let length = UTF8Scalar.decode(bytes, at: index + 1)?.length ?? 1
                    _ = fail(
                        "unknown escape '\\\(String(decoding: bytes[(index + 1)..<(index + 1 + length)], as: UTF8.self))' in \(what); write '\\\\' for a backslash",
                        index..<(index + 1 + length))
                    return nil
                }
                index += 2
                continue
            }
            content.append(byte)
            index += 1
        }
        _ = fail("unterminated \(what): add a closing \(closing)", start..<bytes.count)
        return nil
    }

    // MARK: names

    private mutating func scanIdentifier() -> Token? {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if Self.isIdentifierPart(byte) {
                index += 1
            } else if byte >= 0x80, let (scalar, length) = UTF8Scalar.decode(bytes, at: index), Self.isNameScalar(scalar) {
                index += length
            } else {
                break
            }
        }
        return Token(kind: .identifier(String(decoding: bytes[start..<index], as: UTF8.self)), range: start..<index)
    }

    /// A non-ASCII character: a letter starts a name; a look-alike operator (`≤`, `×`, `−`) is recovered with a
    /// fix-it; curly quotes and anything else stop the scan.
    private mutating func scanNonASCII() -> Token? {
        let start = index
        guard let (scalar, length) = UTF8Scalar.decode(bytes, at: index) else {
            return fail("invalid UTF-8 in expression", start..<start + 1)
        }
        if Self.isNameScalar(scalar) && !scalar.properties.isWhitespace { return scanIdentifier() }
        switch scalar {
        case "\u{2264}": return recovered(.lessEqual, length: length, "'≤' is not an operator")
        case "\u{2265}": return recovered(.greaterEqual, length: length, "'≥' is not an operator")
        case "\u{2260}": return recovered(.bangEqual, length: length, "'≠' is not an operator")
        case "\u{00D7}", "\u{22C5}": return recovered(.star, length: length, "'\(Character(scalar))' is not an operator")
        case "\u{00F7}": return recovered(.slash, length: length, "'÷' is not an operator")
        case "\u{2212}", "\u{2013}", "\u{2014}": return recovered(.minus, length: length, "'\(Character(scalar))' is not the minus operator")
        case "\u{00AC}": return recovered(.bang, length: length, "'¬' is not an operator")
        case "\u{2227}": return recovered(.andAnd, length: length, "'∧' is not an operator")
        case "\u{2228}": return recovered(.orOr, length: length, "'∨' is not an operator")
        case "\u{2018}", "\u{2019}", "\u{201A}":
            return fail("curly quote '\(Character(scalar))': write text between straight quotes ' or \"", start..<start + length, fixIt: "'")
        case "\u{201C}", "\u{201D}", "\u{201E}":
            return fail("curly quote '\(Character(scalar))': write text between straight quotes ' or \"", start..<start + length, fixIt: "'")
        default:
            return fail("unexpected character '\(Character(scalar))' (U+\(String(scalar.value, radix: 16, uppercase: true)))", start..<start + length)
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }

    private static func isIdentifierPart(_ byte: UInt8) -> Bool { isIdentifierStart(byte) || isDigit(byte) }

    /// Non-ASCII characters that may appear in bare names: letters, digits and combining marks (`año`, `Größe`).
    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.isAlphabetic { return true }
        switch properties.generalCategory {
        case .decimalNumber, .nonspacingMark, .spacingMark, .enclosingMark, .connectorPunctuation: return true
        default: return false
        }
    }
}

/// Decoding one Unicode scalar from UTF-8 bytes, for messages and name characters (the text came from a Swift
/// `String`, so it is valid UTF-8; the decoder still never reads past the end).
enum UTF8Scalar {
    static func decode(_ bytes: [UInt8], at index: Int) -> (scalar: Unicode.Scalar, length: Int)? {
        guard index < bytes.count else { return nil }
        let lead = bytes[index]
        let length: Int
        var value: UInt32
        switch lead {
        case 0x00..<0x80: return (Unicode.Scalar(lead), 1)
        case 0xC0..<0xE0: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0..<0xF0: length = 3; value = UInt32(lead & 0x0F)
        case 0xF0..<0xF8: length = 4; value = UInt32(lead & 0x07)
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}
