import ChartData
import ChartDiagnostics
import ChartValues
import Testing
@testable import ChartExpression

@Suite struct CheckerTests {
    /// (expression, id, message, spanned text, fix-it replacement or nil)
    @Test(arguments: [
        ("nn + 1", "unknown-field", "unknown field 'nn'; did you mean 'n'?", "nn", "n" as String?),
        (
            "miles_per_gallon > 3", "unknown-field", "unknown field 'miles_per_gallon'; did you mean 'Miles per Gallon'?", "miles_per_gallon",
            "`Miles per Gallon`"
        ),
        (
            "`Mile per Gallon` > 3", "unknown-field", "unknown field 'Mile per Gallon'; did you mean 'Miles per Gallon'?", "`Mile per Gallon`",
            "`Miles per Gallon`"
        ),
        ("True", "unknown-field", "unknown field 'True'; did you mean 'true'?", "True", "true"),
        ("NULL == n", "unknown-field", "unknown field 'NULL'; did you mean 'null'?", "NULL", "null"),
        ("year > 3", "unknown-field", "unknown field 'year'; 'year' is a function, called like year(…)", "year", nil),
        ("zzzzzz", "unknown-field", "unknown field 'zzzzzz'", "zzzzzz", nil),
        ("lowr(s)", "unknown-function", "unknown function 'lowr'; did you mean 'lower'?", "lowr", "lower"),
        ("Year(d)", "unknown-function", "unknown function 'Year'; did you mean 'year'?", "Year", "year"),
        ("startswith(s, 'a')", "unknown-function", "unknown function 'startswith'; did you mean 'startsWith'?", "startswith", "startsWith"),
        (
            "avg(n)", "unknown-function", "unknown function 'avg'; did you mean 'mean'? It is an aggregate, so it belongs in `aggregate`", "avg",
            "mean"
        ),
        ("len(s)", "unknown-function", "unknown function 'len'; did you mean 'length'?", "len", "length"),
        ("if(b, 1, 2)", "unknown-function", "there is no function 'if'; write `condition ? a : b`", "if", nil),
        (
            "medain(n) > 1", "unknown-function", "unknown function 'medain'; did you mean 'median'? It is an aggregate, so it belongs in `aggregate`",
            "medain", "median"
        ),
        ("frobnicate(n)", "unknown-function", "unknown function 'frobnicate'", "frobnicate", nil),
        ("pow(n)", "expr-arguments", "'pow' takes 2 arguments but is given 1; write pow(base, exponent)", "pow(n)", nil),
        ("abs(n, m)", "expr-arguments", "'abs' takes 1 argument but is given 2; write abs(x)", "m", nil),
        ("round(n, 1, 2, 3)", "expr-arguments", "'round' takes 1 to 2 arguments but is given 4; write round(x) or round(x, digits)", "2, 3", nil),
        (
            "max(n, m) + min()", "expr-aggregate",
            "'min' is an aggregate; use it in `aggregate`, or give min two or more values to compare within a row", "min", nil
        ),
        (
            "replace(s, 'a')", "expr-arguments", "'replace' takes 3 arguments but is given 2; write replace(text, find, replacement)",
            "replace(s, 'a')", nil
        ),
        ("'abc' * 2", "expr-type", "'*' needs numbers, but 'abc' is a string", "'abc'", nil),
        ("n - '12'", "expr-type", "'-' needs numbers, but '12' is a string; write 12 without quotes", "'12'", "12"),
        (
            "d + 1", "expr-type",
            "'+' adds numbers or joins strings, but 'd' is a date; use year(…), number(…) (milliseconds) or another date function", "d", nil
        ),
        ("b * 2", "expr-type", "'*' needs numbers, but 'b' is a boolean", "b", nil),
        ("-s", "expr-type", "'-' needs a number, but 's' is a string", "s", nil),
        ("!n", "expr-type", "'!' needs a boolean, but 'n' is a number", "n", nil),
        ("n && b", "expr-type", "'&&' needs booleans, but 'n' is a number", "n", nil),
        ("year(n)", "expr-type", "'year' needs a date, but 'n' is a number; a number that holds years can be used as it is", "n", nil),
        ("month(s)", "expr-type", "'month' needs a date, but 's' is a string; convert it with date(…)", "s", nil),
        ("lower(5)", "expr-type", "'lower' needs a string, but 5 is a number; convert it with string(…)", "5", nil),
        ("length(b)", "expr-type", "'length' needs a string, but 'b' is a boolean", "b", nil),
        ("abs(s)", "expr-type", "'abs' needs a number, but 's' is a string", "s", nil),
        ("max(n, d)", "expr-type", "'max' needs a number, but 'd' is a date; all values of 'max' must have one type", "d", nil),
        ("min(s, t)", "expr-type", "'min' needs a number or a date, but 's' is a string", "s", nil),
        ("date(b)", "expr-type", "'date' needs a string or a date or a number, but 'b' is a boolean", "b", nil),
        ("date(2020, '1')", "expr-type", "'date' needs a number, but '1' is a string (date(year, month, day) takes numbers)", "'1'", nil),
        (
            "d == 2012", "expr-type",
            "'==' compares 'd', a date, with 2012, a number; they can never be equal; to compare years write year(d) == 2012", "2012", nil
        ),
        ("d < n", "expr-type", "'<' cannot compare 'd', a date, with 'n', a number; to compare years write year(d) < n", "n", nil),
        (
            "n == '100'", "expr-type", "'==' compares 'n', a number, with '100', a string; they can never be equal; write 100 without quotes",
            "'100'", "100"
        ),
        ("s != 5", "expr-type", "'!=' compares 's', a string, with 5, a number; they can never be equal; write '5' in quotes", "5", "'5'"),
        (
            "d > '2020-13-01'", "expr-type",
            "'2020-13-01' is compared with a date but names none that exists: there is no month 13; months run 1–12 (2020-13-01)", "'2020-13-01'",
            nil
        ),
        (
            "d > 'soon'", "expr-type", "'soon' is compared with a date but is not one; write dates as 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:MM:SSZ'",
            "'soon'",
            nil
        ),
        // SPEC §19.10: a constant date(…) that names no date says why, at the literal (issue 24).
        ("d > date('2020-02-30')", "expr-type", "date(…) names a date that does not exist: February has no 30th (2020-02-30)", "'2020-02-30'", nil),
        (
            "d > date(2013, 2, 29)", "expr-type",
            "date(…) names a date that does not exist: February 2013 has no 29th: 2013 is not a leap year (2013, 2, 29)", "date(2013, 2, 29)", nil
        ),
        (
            "d > date(2012, 13, 1)", "expr-type", "date(…) names a date that does not exist: there is no month 13; months run 1–12 (2012, 13, 1)",
            "date(2012, 13, 1)", nil
        ),
        ("d > s", "expr-type", "'>' cannot compare 'd', a date, with 's', a string; convert the string with date(…)", "s", nil),
        ("b < true", "expr-type", "'<' cannot order booleans; compare them with == or !=", "<", nil),
        ("s in ('a', 2)", "expr-type", "'in' compares 's', a string, with 2, a number; they can never be equal; write '2' in quotes", "2", "'2'"),
        (
            "d in ('2020-01-01', 'soon')", "expr-type",
            "'soon' is compared with a date but is not one; write dates as 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:MM:SSZ'", "'soon'", nil
        ),
        ("b ? 1 : 'x'", "expr-type", "the two branches of '?' must have the same type, but 1 is a number and 'x' is a string", "'x'", nil),
        ("n ? 1 : 2", "expr-type", "the condition before '?' must be a boolean, but 'n' is a number", "n", nil),
        ("format(n, s)", "expr-type", "the pattern of 'format' must be a string literal such as \",.0f\" or \"%Y\"", "s", nil),
        ("format(s, ',.0f')", "expr-type", "'format' needs a number or a date, but 's' is a string", "s", nil),
        ("median(n)", "expr-aggregate", "'median' is an aggregate; use it in `aggregate`", "median", nil),
        ("count() > 3", "expr-aggregate", "'count' is an aggregate; use it in `aggregate`", "count", nil)
    ])
    func diagnostic(_ text: String, _ id: String, _ message: String, _ covered: String, _ replacement: String?) throws {
        let diagnostics = rowDiagnostics(text)
        #expect(diagnostics.count == 1, "\(diagnostics.map(\.message))")
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.id == id)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message == message)
        #expect(spanned(diagnostic) == covered)
        #expect(diagnostic.fixIt?.replacement == replacement)
        if diagnostic.fixIt != nil { #expect(diagnostic.fixIt?.span == diagnostic.span) }
    }

    @Test(arguments: [
        "n + m * 2", "s + '!'", "s + n", "d > '2000-01-01'", "d == '2024-02-29T00:00:00Z'", "'2000/01/01' <= d",
        "d in ('2024-02-29', null)", "n == null", "null != s", "b == true", "!b || n > 0", "b ? s : null",
        "`Miles per Gallon` / 2", "year(d) == 2024", "weekday(d) == 'Mon'", "isValid(n) && length(s) > 2",
        "date(s) > d", "min(d, date('2020-01-01'))", "max(n, 1, m)", "string(b) + string(d)", "number(s) + 1",
        "abs(null)", "1 + null", "null", "null == null", "n in (1, null, 3)", "contains(lower(s), 'a')"
    ])
    func validExpressionsHaveNoDiagnostics(_ text: String) {
        #expect(rowDiagnostics(text).map(\.message) == [])
    }

    @Test func independentMistakesAreAllReported() {
        let diagnostics = rowDiagnostics("nn + mm > 'x' && lowr(s)")
        #expect(diagnostics.map(\.id) == ["unknown-field", "unknown-field", "unknown-function"])
        #expect(diagnostics.map(spanned) == ["nn", "mm", "lowr"])
    }

    @Test func syntaxFixItsAndNameErrorsTogether() {
        // Sorted by position, whichever stage found them.
        let diagnostics = rowDiagnostics("nn = 1")
        #expect(diagnostics.map(\.id) == ["unknown-field", "expr-syntax"])
    }

    @Test func unknownFieldListsTheFieldsWhenNothingIsClose() throws {
        let diagnostic = try #require(rowDiagnostics("zzzzzz").first)
        #expect(diagnostic.notes.map(\.message) == ["available fields: n, m, s, t, d, b, Miles per Gallon"])
    }

    @Test func fieldReferencesAreWrittenBareWhenPossible() {
        #expect(TypeChecker.fieldReference("congress") == "congress")
        #expect(TypeChecker.fieldReference("_x1") == "_x1")
        #expect(TypeChecker.fieldReference("1x") == "`1x`")
        #expect(TypeChecker.fieldReference("in") == "`in`")
        #expect(TypeChecker.fieldReference("a`b") == "`a\\`b`")
        #expect(TypeChecker.fieldReference("année") == "`année`")
    }

    @Test func resultTypesAndFieldsUsed() throws {
        let schema = ExpressionSchema(table: sampleTable)
        func compile(_ text: String) -> CompiledExpression? {
            ExpressionCompiler.compileRow(ExpressionSource(standalone: text), schema: schema).0
        }
        #expect(compile("m + n * m")?.fieldsUsed == ["m", "n"])
        #expect(compile("m + n * m")?.resultType == .number)
        #expect(compile("s + n")?.resultType == .string)
        #expect(compile("month(d)")?.resultType == .string)
        #expect(compile("date(s)")?.resultType == .date)
        #expect(compile("n > 1 || b")?.resultType == .boolean)
        #expect(compile("null")?.resultType == nil)
        #expect(compile("n + null")?.resultType == nil)
        #expect(compile("b ? null : d")?.resultType == .date)
        #expect(compile("`Miles per Gallon`")?.fieldsUsed == ["Miles per Gallon"])
    }

    @Test func constantsAreFolded() throws {
        let schema = ExpressionSchema(fields: [])
        func constant(_ text: String) -> Value? {
            ExpressionCompiler.compileRow(ExpressionSource(standalone: text), schema: schema).0?.constantValue
        }
        #expect(constant("1 + 2 * 3") == .number(7))
        #expect(constant("'a' + 1") == .string("a1"))
        #expect(constant("2012 * 2 + 1787 > 5000 ? 'x' : 'y'") == .string("x"))
        #expect(constant("upper('abc')") == .string("ABC"))
        #expect(constant("1 / 0") == .null)
        #expect(constant("null == null") == .boolean(true))
        #expect(constant("date('2020-02-03') > '2020-01-01'") == .boolean(true))
    }

    @Test func schemaKeepsOrderAndLetsLaterFieldsReplaceEarlierOnes() {
        var schema = ExpressionSchema(fields: [("a", .number), ("b", .string), ("a", .string)])
        #expect(schema.names == ["a", "b"])
        #expect(schema.type(of: "a") == .string)
        schema.set("c", type: .date)
        schema.set("b", type: .number)
        #expect(schema.names == ["a", "b", "c"])
        #expect(schema.type(of: "b") == .number)
        #expect(schema.type(of: "zz") == nil)
    }
}

@Suite struct CheckerExtrasTests {
    let table = Table(columns: [numberColumn("nominate-dim1", [1]), numberColumn("a/b", [2]), numberColumn("x", [3])])

    @Test func aBareNameWithAnOperatorInsideIsSuggestedInBackticks() throws {
        let diagnostics = rowDiagnostics("nominate-dim1 > 0", table: table)
        #expect(diagnostics.map(\.message) == ["'nominate-dim1' is read as 'nominate' - 'dim1'; a field name with '-' in it is written in backticks"])
        #expect(diagnostics.first.map(spanned) == "nominate-dim1")
        #expect(diagnostics.first?.fixIt?.replacement == "`nominate-dim1`")
        #expect(rowDiagnostics("a/b * 2", table: table).first?.fixIt?.replacement == "`a/b`")
        #expect(rowDiagnostics("`nominate-dim1` > 0", table: table).isEmpty)
        #expect(rowDiagnostics("x-x", table: table).isEmpty)
    }

    @Test func squareBracketsAreExplained() {
        let (_, diagnostics) = parse("x in [1, 2]")
        #expect(diagnostics.map(\.message) == ["unexpected '['; lists are written in parentheses, as in `x in (1, 2)`"])
    }

    @Test func filtersMustBeBooleans() throws {
        let schema = ExpressionSchema(table: sampleTable)
        func filter(_ text: String) -> (CompiledExpression?, [Diagnostic]) {
            ExpressionCompiler.compileFilter(ExpressionSource(standalone: text), schema: schema)
        }
        #expect(filter("n > 1").0 != nil)
        #expect(filter("null").0 != nil)
        let (compiled, diagnostics) = filter("n * 2")
        #expect(compiled == nil)
        #expect(diagnostics.map(\.id) == ["expr-type"])
        #expect(
            diagnostics.first?.message
                == "a filter must be true or false for each row, but this expression gives a number; compare it, e.g. `n * 2 != 0`")
        #expect(diagnostics.first.map(spanned) == "n * 2")
        #expect(filter("nn").1.map(\.id) == ["unknown-field"])
    }
}
