import ChartDiagnostics

/// Turns expression text into an `Expr` tree (SPEC §4), or explains with positions why it cannot.
///
/// Misspelled operators that are certainly meant as something else (`=`, `and`, `or`, `not`, `≤`) are reported
/// with a fix-it and parsed as intended, so one run can also report later mistakes; the tree is still returned
/// then, but the diagnostics contain errors. Any other syntax error stops parsing and the tree is nil.
public enum ExpressionParser {
    /// How deeply expressions may nest (parentheses, operator chains, calls). Deeper input is rejected so that
    /// every recursive pass over the tree stays well inside the stack.
    public static let maximumDepth = 200

    public static func parse(_ source: ExpressionSource) -> (Expr?, [Diagnostic]) {
        let (tokens, lexerDiagnostics) = Lexer.tokenize(source)
        guard let tokens else { return (nil, lexerDiagnostics) }
        var parser = Parser(source: source, tokens: tokens)
        parser.diagnostics = lexerDiagnostics
        do {
            let expr = try parser.parseWhole()
            return (expr, parser.diagnostics)
        } catch {
            return (nil, parser.diagnostics)
        }
    }
}

/// Thrown inside the parser after the error has been recorded.
struct ParseFailure: Error {}

/// A recursive-descent parser with precedence climbing for the binary operators.
struct Parser {
    let source: ExpressionSource
    let tokens: [Token]
    var position = 0
    var depth = 0
    var diagnostics: [Diagnostic] = []

    init(source: ExpressionSource, tokens: [Token]) {
        self.source = source
        self.tokens = tokens
    }

    // MARK: token stream

    private var current: Token { tokens[min(position, tokens.count - 1)] }

    private func peek(_ offset: Int) -> Token { tokens[min(position + offset, tokens.count - 1)] }

    private var previous: Token? { position > 0 ? tokens[position - 1] : nil }

    @discardableResult
    private mutating func advance() -> Token {
        let token = current
        if position < tokens.count - 1 { position += 1 }
        return token
    }

    private func isPunctuation(_ punctuation: Punctuation) -> Bool { current.punctuation == punctuation }

    // MARK: errors

    private mutating func fail(_ message: String, at range: Range<Int>, notes: [DiagnosticNote] = [], fixIt: String? = nil) -> ParseFailure {
        record(message, at: range, notes: notes, fixIt: fixIt)
        return ParseFailure()
    }

    private mutating func record(_ message: String, at range: Range<Int>, notes: [DiagnosticNote] = [], fixIt: String? = nil) {
        let span = source.span(for: range)
        diagnostics.append(
            Diagnostic(
                ExpressionSyntaxDiagnostic.Kind.syntax, message, at: span, notes: notes, fixIt: fixIt.map { FixIt(span: span, replacement: $0) }))
    }

    /// `line:col` of a text range in the spec file, for messages that refer back to an earlier token.
    private func position(of range: Range<Int>) -> String {
        let span = source.span(for: range)
        let (line, column) = span.file.lineColumn(at: span.range.lowerBound)
        return "\(line):\(column)"
    }

    private mutating func enter() throws(ParseFailure) {
        depth += 1
        if depth > ExpressionParser.maximumDepth {
            throw fail(
                "the expression is nested too deeply (more than \(ExpressionParser.maximumDepth) levels); split it into several `calculate` fields",
                at: current.range)
        }
    }

    private mutating func checked(_ expr: Expr) throws(ParseFailure) -> Expr {
        if expr.height > ExpressionParser.maximumDepth {
            throw fail(
                "the expression is nested too deeply (more than \(ExpressionParser.maximumDepth) levels); split it into several `calculate` fields",
                at: expr.tokenRange)
        }
        return expr
    }

    // MARK: grammar

    mutating func parseWhole() throws(ParseFailure) -> Expr {
        if current.kind == .end {
            throw fail("the expression is empty", at: current.range)
        }
        let expr = try parseExpression()
        guard current.kind != .end else { return expr }
        let token = current
        if token.punctuation == .rightParen {
            throw fail("unmatched ')'", at: token.range)
        }
        try failOnSpacedFieldName()
        if startsOperand(token) {
            throw fail("expected an operator before \(token.quotedDescription)", at: token.range)
        }
        throw fail("unexpected \(token.quotedDescription)", at: token.range)
    }

    /// conditional := or ('?' conditional ':' conditional)?
    private mutating func parseExpression() throws(ParseFailure) -> Expr {
        try enter()
        defer { depth -= 1 }
        let condition = try parseBinary(minimum: 1)
        guard isPunctuation(.question) else { return condition }
        let question = advance()
        let then = try parseExpression()
        guard isPunctuation(.colon) else {
            throw fail(
                "expected ':' after the first branch of the '?' at \(position(of: question.range)), found \(current.quotedDescription)",
                at: current.range,
                notes: [DiagnosticNote("'?' is here", at: source.span(for: question.range))]
            )
        }
        advance()
        let otherwise = try parseExpression()
        return try checked(
            Expr(
                .conditional(condition, then, otherwise),
                range: condition.range.lowerBound..<otherwise.range.upperBound,
                tokenRange: question.range
            ))
    }

    /// Precedence climbing over the binary operators and `in`.
    private mutating func parseBinary(minimum: Int) throws(ParseFailure) -> Expr {
        var left = try parseUnary()
        while true {
            let token = current
            if let word = token.identifier, word.lowercased() == "in" {
                guard 3 >= minimum else { return left }
                if word != "in" {
                    record("'\(word)' is not an operator; did you mean 'in'?", at: token.range, fixIt: "in")
                }
                advance()
                left = try checked(try parseMembershipList(value: left, keyword: token))
                continue
            }
            guard let (op, recoveredFrom) = binaryOperator(token) else { return left }
            guard op.precedence >= minimum else { return left }
            if let word = recoveredFrom {
                record("'\(word)' is not an operator; did you mean '\(op.rawValue)'?", at: token.range, fixIt: op.rawValue)
            }
            advance()
            let right = try parseBinary(minimum: op.precedence + 1)
            left = try checked(Expr(.binary(op, left, right), range: left.range.lowerBound..<right.range.upperBound, tokenRange: token.range))
        }
    }

    /// The binary operator a token stands for; `and`/`or` (any case) are recovered as `&&`/`||`.
    private func binaryOperator(_ token: Token) -> (BinaryOperator, recoveredFrom: String?)? {
        if let punctuation = token.punctuation, let op = BinaryOperator(punctuation) { return (op, nil) }
        if let word = token.identifier {
            switch word.lowercased() {
            case "and": return (.and, word)
            case "or": return (.or, word)
            default: return nil
            }
        }
        return nil
    }

    /// After `in`: `( value, value, … )`.
    private mutating func parseMembershipList(value: Expr, keyword: Token) throws(ParseFailure) -> Expr {
        guard isPunctuation(.leftParen) else {
            throw fail(
                "expected '(' after 'in' to start a list of values, as in `x in (1, 2)`; found \(current.quotedDescription)", at: current.range)
        }
        let open = advance()
        try enter()
        defer { depth -= 1 }
        if isPunctuation(.rightParen) {
            throw fail("the list after 'in' is empty; write at least one value", at: open.range.lowerBound..<current.range.upperBound)
        }
        var items: [Expr] = []
        while true {
            items.append(try parseExpression())
            if isPunctuation(.comma) {
                advance()
                continue
            }
            if isPunctuation(.rightParen) { break }
            try failOnSpacedFieldName()
            throw fail(
                "expected ',' or ')' in the list after 'in' opened at \(position(of: open.range)), found \(current.quotedDescription)",
                at: current.range,
                notes: [DiagnosticNote("'(' is here", at: source.span(for: open.range))]
            )
        }
        let close = advance()
        return Expr(.membership(value, items), range: value.range.lowerBound..<close.range.upperBound, tokenRange: keyword.range)
    }

    /// unary := ('!' | '-') unary | primary. A minus directly before a number literal is folded into it.
    private mutating func parseUnary() throws(ParseFailure) -> Expr {
        let token = current
        if token.punctuation == .bang {
            advance()
            try enter()
            defer { depth -= 1 }
            let operand = try parseUnary()
            return try checked(Expr(.unary(.not, operand), range: token.range.lowerBound..<operand.range.upperBound, tokenRange: token.range))
        }
        if token.punctuation == .minus {
            advance()
            if case .number(let value) = current.kind {
                let number = advance()
                let range = token.range.lowerBound..<number.range.upperBound
                return Expr(.number(-value), range: range, tokenRange: range)
            }
            try enter()
            defer { depth -= 1 }
            let operand = try parseUnary()
            return try checked(Expr(.unary(.negate, operand), range: token.range.lowerBound..<operand.range.upperBound, tokenRange: token.range))
        }
        if let word = token.identifier, word.lowercased() == "not", startsOperand(peek(1)) {
            record("'\(word)' is not an operator; did you mean '!'?", at: token.range, fixIt: "!")
            advance()
            try enter()
            defer { depth -= 1 }
            let operand = try parseUnary()
            return try checked(Expr(.unary(.not, operand), range: token.range.lowerBound..<operand.range.upperBound, tokenRange: token.range))
        }
        return try parsePrimary()
    }

    /// Words that are never part of a field name written without backticks.
    private static let reservedWords: Set<String> = ["true", "false", "null", "in", "and", "or", "not"]

    private static func isPlainWord(_ token: Token) -> Bool {
        guard let name = token.identifier else { return false }
        return !reservedWords.contains(name.lowercased())
    }

    /// Two names side by side (`Major Genre == 'Action'`, `year(Order Date)`) are a field name with spaces written
    /// without backticks (SPEC §19.15): the error says so, covers the words, and its fix-it writes
    /// `` `Major Genre` ``. Does nothing unless the current token is a plain name right after one.
    private mutating func failOnSpacedFieldName() throws(ParseFailure) {
        guard let previous, Self.isPlainWord(previous), Self.isPlainWord(current) else { return }
        var end = position
        while end + 1 < tokens.count, Self.isPlainWord(tokens[end + 1]) { end += 1 }
        let range = previous.range.lowerBound..<tokens[end].range.upperBound
        let utf8 = Array(source.text.utf8)
        guard range.lowerBound >= 0, range.upperBound <= utf8.count else { return }
        let quoted = "`" + String(decoding: utf8[range], as: UTF8.self) + "`"
        throw fail(
            "expected an operator between \(previous.quotedDescription) and \(current.quotedDescription); a field name with spaces is written in backticks: \(quoted)",
            at: range,
            fixIt: quoted
        )
    }

    private func startsOperand(_ token: Token) -> Bool {
        switch token.kind {
        case .number, .string, .quotedIdentifier: return true
        case .identifier(let name): return !["in", "and", "or"].contains(name.lowercased())
        case .punctuation(let punctuation): return punctuation == .leftParen || punctuation == .bang
        case .end: return false
        }
    }

    private mutating func parsePrimary() throws(ParseFailure) -> Expr {
        let token = current
        switch token.kind {
        case .number(let value):
            advance()
            return Expr(.number(value), range: token.range, tokenRange: token.range)
        case .string(let text):
            advance()
            return Expr(.string(text), range: token.range, tokenRange: token.range)
        case .quotedIdentifier(let name):
            advance()
            return Expr(.field(name), range: token.range, tokenRange: token.range)
        case .identifier(let name):
            switch name {
            case "true", "false":
                advance()
                return Expr(.boolean(name == "true"), range: token.range, tokenRange: token.range)
            case "null":
                advance()
                return Expr(.null, range: token.range, tokenRange: token.range)
            default:
                break
            }
            if ["in", "and", "or"].contains(name.lowercased()) {
                throw missingOperand(found: token)
            }
            advance()
            if isPunctuation(.leftParen) { return try checked(try parseCall(name: name, nameToken: token)) }
            return Expr(.field(name), range: token.range, tokenRange: token.range)
        case .punctuation(.leftParen):
            advance()
            try enter()
            defer { depth -= 1 }
            var inner = try parseExpression()
            guard isPunctuation(.rightParen) else {
                try failOnSpacedFieldName()
                throw fail(
                    "expected ')' to close '(' at \(position(of: token.range)), found \(current.quotedDescription)",
                    at: current.range,
                    notes: [DiagnosticNote("'(' is here", at: source.span(for: token.range))]
                )
            }
            let close = advance()
            inner.range = token.range.lowerBound..<close.range.upperBound
            return inner
        default:
            throw missingOperand(found: token)
        }
    }

    /// "expected a value after '+', found ')'".
    private mutating func missingOperand(found token: Token) -> ParseFailure {
        var message = "expected a value"
        if let previous { message += " after \(previous.quotedDescription)" }
        if token.kind == .end {
            message += previous == nil ? "" : ", but the expression ends"
        } else {
            message += ", found \(token.quotedDescription)"
        }
        if token.punctuation == .plus, previous == nil || previous?.punctuation != nil {
            message += " (there is no unary '+'; write the number alone)"
        }
        return fail(message, at: token.range)
    }

    /// After a name and '(': arguments separated by commas. `count(*)` is recovered as `count()`.
    private mutating func parseCall(name: String, nameToken: Token) throws(ParseFailure) -> Expr {
        let open = advance()
        try enter()
        defer { depth -= 1 }
        var arguments: [Expr] = []
        if isPunctuation(.star), peek(1).punctuation == .rightParen {
            record("write \(name)() to count rows, without '*'", at: current.range, fixIt: "")
            advance()
        }
        if isPunctuation(.rightParen) {
            let close = advance()
            return Expr(.call(name, []), range: nameToken.range.lowerBound..<close.range.upperBound, tokenRange: nameToken.range)
        }
        while true {
            arguments.append(try parseExpression())
            if isPunctuation(.comma) {
                advance()
                continue
            }
            if isPunctuation(.rightParen) { break }
            try failOnSpacedFieldName()
            throw fail(
                "expected ',' or ')' after an argument of '\(name)' (its '(' is at \(position(of: open.range))), found \(current.quotedDescription)",
                at: current.range,
                notes: [DiagnosticNote("'(' is here", at: source.span(for: open.range))]
            )
        }
        let close = advance()
        return Expr(.call(name, arguments), range: nameToken.range.lowerBound..<close.range.upperBound, tokenRange: nameToken.range)
    }
}
