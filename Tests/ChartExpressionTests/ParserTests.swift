import Testing
import ChartDiagnostics
@testable import ChartExpression

@Suite struct ParserTests {
    @Test(arguments: [
        ("a || b && c", "(a || (b && c))"),
        ("a && b || c", "((a && b) || c)"),
        ("!a && b", "((!a) && b)"),
        ("-a * b", "((-a) * b)"),
        ("a - b - c", "((a - b) - c)"),
        ("a / b * c", "((a / b) * c)"),
        ("a + b * c % d", "(a + ((b * c) % d))"),
        ("a < b == c > d", "((a < b) == (c > d))"),
        ("a <= b != c >= d", "((a <= b) != (c >= d))"),
        ("a == b in (1, 2)", "((a == b) in [1, 2])"),
        ("x in (1, 2) && y", "((x in [1, 2]) && y)"),
        ("x + 1 in (1, 'a', null)", "((x + 1) in [1, 'a', null])"),
        ("c ? a : b ? d : e", "(c ? a : (b ? d : e))"),
        ("c ? a ? 1 : 2 : 3", "(c ? (a ? 1 : 2) : 3)"),
        ("a || b ? 1 : 2", "((a || b) ? 1 : 2)"),
        ("(a + b) * c", "((a + b) * c)"),
        ("-0.5", "-0.5"),
        ("- 3", "-3"),
        ("--3", "(--3)"),
        ("-(3)", "(-3)"),
        ("!!a", "(!(!a))"),
        ("1e3 + .5 + 2.", "((1000 + 0.5) + 2)"),
        ("1E-2", "0.01"),
        ("'it\\'s' + \"say \\\"hi\\\"\"", "('it's' + 'say \"hi\"')"),
        ("`Miles per Gallon` / 2", "(Miles per Gallon / 2)"),
        ("`a\\`b`", "a`b"),
        ("f(a, b + 1)", "f(a, (b + 1))"),
        ("count()", "count()"),
        ("true && false || null", "((true && false) || null)"),
        ("año + Größe", "(año + Größe)"),
        ("a\u{00A0}+\tb\n", "(a + b)"),
        ("party_code == 100 ? 'Democrats' : 'Republicans'", "((party_code == 100) ? 'Democrats' : 'Republicans')")
    ])
    func precedence(_ text: String, _ expected: String) {
        #expect(parsed(text) == expected)
    }

    @Test func positionsOfEveryNode() throws {
        let text = "year(d) + -2 * (n - 1)"
        let expr = try #require(parse(text).0)
        #expect(expr.range == 0..<22)
        #expect(expr.tokenRange == 8..<9)
        guard case .binary(.add, let call, let product) = expr.kind else { Issue.record("not +"); return }
        #expect(call.range == 0..<7)
        #expect(call.tokenRange == 0..<4)
        #expect(call.children.map(\.range) == [5..<6])
        #expect(product.range == 10..<22)
        #expect(product.tokenRange == 13..<14)
        guard case .binary(.multiply, let literal, let group) = product.kind else { Issue.record("not *"); return }
        #expect(literal.kind == .number(-2))
        #expect(literal.range == 10..<12)
        #expect(group.range == 15..<22)
        #expect(group.tokenRange == 18..<19)
        #expect(group.children.map(\.range) == [16..<17, 20..<21])
        #expect(slice(text, group.range) == "(n - 1)")
    }

    @Test func positionsOfMembershipConditionalAndFields() throws {
        let membership = try #require(parse("x in (1, 'b')").0)
        #expect(membership.range == 0..<13)
        #expect(membership.tokenRange == 2..<4)
        #expect(membership.children.map(\.range) == [0..<1, 6..<7, 9..<12])

        let conditional = try #require(parse("a ? `b c` : !d").0)
        #expect(conditional.range == 0..<14)
        #expect(conditional.tokenRange == 2..<3)
        #expect(conditional.children.map(\.range) == [0..<1, 4..<9, 12..<14])
        #expect(conditional.children[1].kind == .field("b c"))
    }

    @Test func positionsCountUTF8Bytes() throws {
        let text = "'été' + x"
        let expr = try #require(parse(text).0)
        #expect(expr.children.map(\.range) == [0..<7, 10..<11])
        #expect(expr.tokenRange == 8..<9)
    }

    // MARK: errors

    /// (text, message, line:col, spanned text)
    @Test(arguments: [
        ("(a + b", "expected ')' to close '(' at 1:1, found the end of the expression", "1:7", ""),
        ("f(a, (b)", "expected ',' or ')' after an argument of 'f' (its '(' is at 1:2), found the end of the expression", "1:9", ""),
        ("a + ", "expected a value after '+', but the expression ends", "1:5", ""),
        ("a +* b", "expected a value after '+', found '*'", "1:4", "*"),
        (")", "expected a value, found ')'", "1:1", ")"),
        ("a)", "unmatched ')'", "1:2", ")"),
        ("a b", "expected an operator between 'a' and 'b'; a field name with spaces is written in backticks: `a b`", "1:1", "a b"),
        (
            "Major Genre == 'Action'",
            "expected an operator between 'Major' and 'Genre'; a field name with spaces is written in backticks: `Major Genre`", "1:1",
            "Major Genre"
        ),
        (
            "year(Order Date) > 2000",
            "expected an operator between 'Order' and 'Date'; a field name with spaces is written in backticks: `Order Date`", "1:6",
            "Order Date"
        ),
        (
            "(Box Office  Gross > 5)",
            "expected an operator between 'Box' and 'Office'; a field name with spaces is written in backticks: `Box Office  Gross`", "1:2",
            "Box Office  Gross"
        ),
        (
            "x in ('a', New York)",
            "expected an operator between 'New' and 'York'; a field name with spaces is written in backticks: `New York`", "1:12",
            "New York"
        ),
        ("a true", "expected an operator before 'true'", "1:3", "true"),
        ("'a' 'b'", "expected an operator before a text literal", "1:5", "'b'"),
        ("", "the expression is empty", "1:1", ""),
        ("   ", "the expression is empty", "1:4", ""),
        ("'abc", "unterminated text: add a closing '", "1:1", "'abc"),
        ("x == \"abc", "unterminated text: add a closing \"", "1:6", "\"abc"),
        ("`abc", "unterminated field name: add a closing `", "1:1", "`abc"),
        ("``", "empty field name: write a name between the backticks", "1:1", "``"),
        ("a # b", "unexpected character '#'", "1:3", "#"),
        ("a ; b", "unexpected character ';'", "1:3", ";"),
        ("a.b", "unexpected '.'; fields with dots or spaces in their name are written in backticks: `a.b`", "1:2", "."),
        ("x == ‘a’", "curly quote '‘': write text between straight quotes ' or \"", "1:6", "‘"),
        ("a € b", "unexpected character '€' (U+20AC)", "1:3", "€"),
        ("12abc", "unexpected 'abc' after a number; a field name cannot start with a digit unless it is written in backticks", "1:1", "12abc"),
        ("1.2.3", "unexpected '.3' after a number; a field name cannot start with a digit unless it is written in backticks", "1:1", "1.2.3"),
        ("1e+", "expected digits after the exponent 'e' of a number", "1:2", "e+"),
        ("1e999", "the number 1e999 is too large", "1:1", "1e999"),
        ("'a\\qb'", "unknown escape '\\q' in text; write '\\\\' for a backslash", "1:3", "\\q"),
        ("x in 1", "expected '(' after 'in' to start a list of values, as in `x in (1, 2)`; found the number 1", "1:6", "1"),
        ("x in ()", "the list after 'in' is empty; write at least one value", "1:6", "()"),
        ("x in (1 2)", "expected ',' or ')' in the list after 'in' opened at 1:6, found the number 2", "1:9", "2"),
        ("a ? b", "expected ':' after the first branch of the '?' at 1:3, found the end of the expression", "1:6", ""),
        ("a &&", "expected a value after '&&', but the expression ends", "1:5", ""),
        ("f(,)", "expected a value after '(', found ','", "1:3", ","),
        ("+1", "expected a value, found '+' (there is no unary '+'; write the number alone)", "1:1", "+")
    ])
    func syntaxErrors(_ text: String, _ message: String, _ at: String, _ covered: String) {
        let (expr, diagnostics) = parse(text)
        #expect(expr == nil)
        #expect(diagnostics.count == 1)
        let diagnostic = diagnostics[0]
        #expect(diagnostic.id == "expr-syntax")
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message == message)
        #expect(position(diagnostic) == at)
        #expect(spanned(diagnostic) == covered)
    }

    /// SPEC §19.15: the error for an unquoted field name with spaces offers the backticked name as its fix-it.
    @Test func spacedFieldNamesGetABacktickFixIt() throws {
        let (expr, diagnostics) = parse("Major Genre == 'Action'")
        #expect(expr == nil)
        let fixIt = try #require(diagnostics.first?.fixIt)
        #expect(fixIt.replacement == "`Major Genre`")
        #expect(fixIt.span.range == 0..<11)
        // Applied, the expression parses and reads the field.
        let fixed = try #require(parse("`Major Genre` == 'Action'").0)
        #expect(fixed.children.first?.kind == .field("Major Genre"))
    }

    /// With the data's fields at hand, the error also says the backticked name is one of them (and only then).
    @Test func theBacktickFixItNotesAFieldOfTheData() {
        let schema = ExpressionSchema(fields: [("Major Genre", .string), ("Gross", .number)])
        let known = ExpressionCompiler.compileFilter(ExpressionSource(standalone: "Major Genre == 'Action'"), schema: schema).1
        #expect(known.count == 1)
        #expect(known.first?.notes.map(\.message) == ["'Major Genre' is a field of the data"])
        let unknown = ExpressionCompiler.compileFilter(ExpressionSource(standalone: "Box Office > 5"), schema: schema).1
        #expect(unknown.count == 1)
        #expect(unknown.first?.notes.isEmpty == true)
        #expect(unknown.first?.fixIt?.replacement == "`Box Office`")
    }

    /// Misspelled operators: an error with a fix-it, and the tree as intended.
    @Test(arguments: [
        ("a = 1", "(a == 1)", "'=' is not an operator; did you mean '=='?", "=", "=="),
        ("a === 1", "(a == 1)", "'===' is not an operator; did you mean '=='?", "===", "=="),
        ("a !== 1", "(a != 1)", "'!==' is not an operator; did you mean '!='?", "!==", "!="),
        ("a <> 1", "(a != 1)", "'<>' is not an operator; did you mean '!='?", "<>", "!="),
        ("a =< 1", "(a <= 1)", "'=<' is not an operator; did you mean '<='?", "=<", "<="),
        ("a & b", "(a && b)", "'&' is not an operator; did you mean '&&'?", "&", "&&"),
        ("a | b", "(a || b)", "'|' is not an operator; did you mean '||'?", "|", "||"),
        ("a and b", "(a && b)", "'and' is not an operator; did you mean '&&'?", "and", "&&"),
        ("a OR b", "(a || b)", "'OR' is not an operator; did you mean '||'?", "OR", "||"),
        ("not a", "(!a)", "'not' is not an operator; did you mean '!'?", "not", "!"),
        ("x IN (1)", "(x in [1])", "'IN' is not an operator; did you mean 'in'?", "IN", "in"),
        ("a ≥ 1", "(a >= 1)", "'≥' is not an operator; did you mean '>='?", "≥", ">="),
        ("a ≠ 1", "(a != 1)", "'≠' is not an operator; did you mean '!='?", "≠", "!="),
        ("a − 1", "(a - 1)", "'−' is not the minus operator; did you mean '-'?", "−", "-"),
        ("count(*)", "count()", "write count() to count rows, without '*'", "*", "")
    ])
    func recoveredOperators(_ text: String, _ tree: String, _ message: String, _ covered: String, _ replacement: String) throws {
        let (expr, diagnostics) = parse(text)
        #expect(expr.map(render) == tree)
        #expect(diagnostics.count == 1)
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.id == "expr-syntax")
        #expect(diagnostic.message == message)
        #expect(spanned(diagnostic) == covered)
        #expect(diagnostic.fixIt?.replacement == replacement)
        #expect(diagnostic.fixIt?.span == diagnostic.span)
    }

    @Test func severalRecoveredMistakesAreAllReported() {
        let (expr, diagnostics) = parse("a = 1 and b = 2 or c")
        #expect(expr.map(render) == "(((a == 1) && (b == 2)) || c)")
        #expect(diagnostics.map(spanned) == ["=", "=", "and", "or"])

        let (incomplete, incompleteDiagnostics) = parse("a and")
        #expect(incomplete == nil)
        #expect(
            incompleteDiagnostics.map(\.message) == [
                "'and' is not an operator; did you mean '&&'?", "expected a value after 'and', but the expression ends"
            ])
    }

    @Test func deepNestingIsRejectedNotCrashed() {
        let deepParens = String(repeating: "(", count: 5000) + "1" + String(repeating: ")", count: 5000)
        let (expr, diagnostics) = parse(deepParens)
        #expect(expr == nil)
        #expect(diagnostics.first?.message.hasPrefix("the expression is nested too deeply") == true)

        let longChain = Array(repeating: "x", count: 3000).joined(separator: " + ")
        let (chain, chainDiagnostics) = parse(longChain)
        #expect(chain == nil)
        #expect(chainDiagnostics.first?.message.hasPrefix("the expression is nested too deeply") == true)

        let bangs = String(repeating: "!", count: 3000) + "x"
        #expect(parse(bangs).0 == nil)

        let fine = Array(repeating: "x", count: 100).joined(separator: " + ")
        #expect(parse(fine).1.isEmpty)
    }

    // MARK: positions through JSON escapes

    @Test func errorPositionsThroughJSONEscapes() throws {
        // {"filter": "name == \"x\" && y = 2"}   the '=' is at file column 32.
        let source = jsonSource(literal: #""name == \"x\" && y = 2""#)
        #expect(source.text == "name == \"x\" && y = 2")
        let (_, diagnostics) = ExpressionParser.parse(source)
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.span?.description == "spec.chart.json:1:32")
        #expect(spanned(diagnostic) == "=")
    }

    @Test func errorPositionsThroughUnicodeEscapes() throws {
        // {"filter": "\u00e9t\u00e9 == 1 && y = 2"}: the decoded 'été' is 5 bytes, written as 13 in the file.
        let source = jsonSource(literal: #""\u00e9t\u00e9 == 1 && y = 2""#)
        #expect(source.text == "été == 1 && y = 2")
        let (_, diagnostics) = ExpressionParser.parse(source)
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.span?.description == "spec.chart.json:1:37")
        #expect(spanned(diagnostic) == "=")

        let (_, unknown) = ExpressionCompiler.compileRow(source, schema: ExpressionSchema(fields: [("y", .number)]))
        let field = try #require(unknown.first { $0.id == "unknown-field" })
        #expect(field.message.hasPrefix("unknown field 'été'"))
        #expect(spanned(field) == #"\u00e9t\u00e9"#)
        #expect(field.span?.description == "spec.chart.json:1:13")
    }

    @Test func errorAtTheEndPointsAtTheClosingQuote() throws {
        let source = jsonSource(literal: #""(a + \"b\"""#)
        let (_, diagnostics) = ExpressionParser.parse(source)
        let diagnostic = try #require(diagnostics.first)
        // {"filter": "(a + \"b\""}: the closing quote is byte 22, column 23.
        #expect(diagnostic.span?.range == 22..<22)
        #expect(diagnostic.message == "expected ')' to close '(' at 1:13, found the end of the expression")
        #expect(diagnostic.notes.first?.span?.description == "spec.chart.json:1:13")
    }
}
