import ChartData
import ChartDiagnostics
import ChartFormat
import ChartValues
import Testing
@testable import ChartExpression

// sampleTable:    n      m     s         t     d                        b      Miles per Gallon
//           0:    1      2     apple     x     2024-02-29               true   18
//           1:   -2.5    2     Banana    y     2023-12-31T23:59:59Z     false  15
//           2:    null   3     null      z     null                     null   null
//           3:    0      0     ""        null  1970-01-01               true   16
//           4:   10      null  apple     x     2000-03-01T13:45:00Z     false  17

private let T = Value.boolean(true)
private let F = Value.boolean(false)
private let N = Value.null
private func num(_ x: Double) -> Value { .number(x) }
private func str(_ x: String) -> Value { .string(x) }

@Suite struct EvaluatorTests {
    @Test(arguments: [
        ("n + m", [num(3), num(-0.5), N, num(0), N]),
        ("n - m", [num(-1), num(-4.5), N, num(0), N]),
        ("n * m", [num(2), num(-5), N, num(0), N]),
        ("n / m", [num(0.5), num(-1.25), N, N, N]),
        ("n % m", [num(1), num(-0.5), N, N, N]),
        ("-n", [num(-1), num(2.5), N, num(0), num(-10)]),
        ("n / 0", [N, N, N, N, N]),
        ("n * 1e308 * 10", [N, N, N, num(0), N]),
        ("n + null", [N, N, N, N, N]),
        ("2 * n + 1", [num(3), num(-4), N, num(1), num(21)]),
        ("`Miles per Gallon` - 15", [num(3), num(0), N, num(1), num(2)])
    ])
    func arithmetic(_ text: String, _ expected: [Value]) throws {
        #expect(try values(text) == expected)
    }

    @Test(arguments: [
        ("s + '!'", [str("apple!"), str("Banana!"), N, str("!"), str("apple!")]),
        ("'<' + s", [str("<apple"), str("<Banana"), N, str("<"), str("<apple")]),
        ("s + t", [str("applex"), str("Bananay"), N, N, str("applex")]),
        ("s + n", [str("apple1"), str("Banana-2.5"), N, str("0"), str("apple10")]),
        ("s + d", [str("apple2024-02-29"), str("Banana2023-12-31T23:59:59Z"), N, str("1970-01-01"), str("apple2000-03-01T13:45:00Z")]),
        ("s + b", [str("appletrue"), str("Bananafalse"), N, str("true"), str("applefalse")]),
        ("n + ''", [str("1"), str("-2.5"), N, str("0"), str("10")]),
        ("s + null", [N, N, N, N, N]),
        ("'year ' + 2012", [str("year 2012"), str("year 2012"), str("year 2012"), str("year 2012"), str("year 2012")])
    ])
    func joining(_ text: String, _ expected: [Value]) throws {
        #expect(try values(text) == expected)
    }

    @Test(arguments: [
        ("n < m", [T, T, F, F, F]),
        ("n <= m", [T, T, F, T, F]),
        ("n > 0", [T, F, F, F, T]),
        ("n >= 0", [T, F, F, T, T]),
        ("0 < n", [T, F, F, F, T]),
        ("n == 1", [T, F, F, F, F]),
        ("n != 1", [F, T, F, T, T]),
        ("n == m", [F, F, F, T, F]),
        ("n != m", [T, T, F, F, F]),
        ("n == null", [F, F, T, F, F]),
        ("n != null", [T, T, F, T, T]),
        ("null == n", [F, F, T, F, F]),
        ("n > null", [F, F, F, F, F]),
        ("s == 'apple'", [T, F, F, F, T]),
        ("s != 'apple'", [F, T, F, T, F]),
        ("s == 'pear'", [F, F, F, F, F]),
        ("s != 'pear'", [T, T, F, T, T]),
        ("s < 'b'", [T, T, F, T, T]),
        ("'b' > s", [T, T, F, T, T]),
        ("s >= 'apple'", [T, F, F, F, T]),
        ("t > s", [T, T, F, F, T]),
        ("s == s", [T, T, F, T, T]),
        ("s == t", [F, F, F, F, F]),
        ("s == null", [F, F, T, F, F]),
        ("t != null", [T, T, T, F, T]),
        ("d > '2000-01-01'", [T, T, F, F, T]),
        ("d == '1970-01-01'", [F, F, F, T, F]),
        ("d <= date('2000-03-01T13:45:00Z')", [F, F, F, T, T]),
        ("d == null", [F, F, T, F, F]),
        ("b == true", [T, F, F, T, F]),
        ("b != true", [F, T, F, F, T]),
        ("b == b", [T, T, F, T, T]),
        ("b == null", [F, F, T, F, F])
    ])
    func comparisons(_ text: String, _ expected: [Value]) throws {
        #expect(try values(text) == expected)
    }

    @Test(arguments: [
        ("n in (1, 10)", [T, F, F, F, T]),
        ("n in (1, null)", [T, F, T, F, F]),
        ("n in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)", [T, F, F, F, T]),
        ("n in (m, 10)", [F, F, F, T, T]),
        ("n in (m, null)", [F, F, T, T, F]),
        ("s in ('apple', '')", [T, F, F, T, T]),
        ("t in ('x', null)", [T, F, F, T, T]),
        ("s in (t, 'Banana')", [F, T, F, F, F]),
        ("d in ('2024-02-29', '1970-01-01')", [T, F, F, T, F]),
        ("b in (false)", [F, T, F, F, T]),
        ("null in (n)", [F, F, T, F, F]),
        ("!(n in (1, 10))", [F, T, T, T, F])
    ])
    func membership(_ text: String, _ expected: [Value]) throws {
        #expect(try values(text) == expected)
    }

    /// Null is falsy: `&&`, `||`, `!` and `?:` treat a null condition as false and never give null.
    @Test(arguments: [
        ("b && n > 0", [T, F, F, F, F]),
        ("b || n > 5", [T, F, F, T, T]),
        ("!b", [F, T, T, F, T]),
        ("b && true", [T, F, F, T, F]),
        ("b || false", [T, F, F, T, F]),
        ("null && true", [F, F, F, F, F]),
        ("null || true", [T, T, T, T, T]),
        ("!null", [T, T, T, T, T]),
        ("b ? n : m", [num(1), num(2), num(3), num(0), N]),
        ("b ? 'yes' : 'no'", [str("yes"), str("no"), str("no"), str("yes"), str("no")]),
        ("n > 0 ? s : null", [str("apple"), N, N, N, str("apple")]),
        ("n > 0 ? s : t", [str("apple"), str("y"), str("z"), N, str("apple")]),
        ("b ? d : null", [date("2024-02-29"), N, N, date("1970-01-01"), N]),
        ("b ? b : n > 0", [T, F, F, T, T]),
        ("null ? 1 : 2", [num(2), num(2), num(2), num(2), num(2)])
    ])
    func logicAndConditional(_ text: String, _ expected: [Value]) throws {
        #expect(try values(text) == expected)
    }

    @Test(arguments: [
        ("abs(n)", [num(1), num(2.5), N, num(0), num(10)]),
        ("round(n)", [num(1), num(-3), N, num(0), num(10)]),
        ("round(n / 4)", [num(0), num(-1), N, num(0), num(3)]),
        ("floor(n)", [num(1), num(-3), N, num(0), num(10)]),
        ("ceil(n)", [num(1), num(-2), N, num(0), num(10)]),
        ("sqrt(n)", [num(1), N, N, num(0), num(10.0.squareRoot())]),
        ("log(n)", [num(0), N, N, N, num(2.302585092994046)]),
        ("log10(n)", [num(0), N, N, N, num(1)]),
        ("exp(n * 0)", [num(1), num(1), N, num(1), num(1)]),
        ("exp(n * 1000)", [N, num(0), N, num(1), N]),
        ("pow(n, 2)", [num(1), num(6.25), N, num(0), num(100)]),
        ("pow(m, n * 2)", [num(4), num(0.03125), N, num(1), N]),
        ("min(n, m)", [num(1), num(-2.5), N, num(0), N]),
        ("max(n, m, 1)", [num(2), num(2), N, num(1), N]),
        ("min(d, date('2000-01-01'))", [date("2000-01-01"), date("2000-01-01"), N, date("1970-01-01"), date("2000-01-01")]),
        ("round(n * 1.23456, 2)", [num(1.23), num(-3.09), N, num(0), num(12.35)]),
        ("round(n * 1234, -2)", [num(1200), num(-3100), N, num(0), num(12300)])
    ])
    func numericFunctions(_ text: String, _ expected: [Value]) throws {
        #expect(try values(text) == expected)
    }

    @Test(arguments: [
        ("lower(s)", [str("apple"), str("banana"), N, str(""), str("apple")]),
        ("upper(s)", [str("APPLE"), str("BANANA"), N, str(""), str("APPLE")]),
        ("trim('  ' + s + ' \t')", [str("apple"), str("Banana"), N, str(""), str("apple")]),
        ("length(s)", [num(5), num(6), N, num(0), num(5)]),
        ("contains(s, 'an')", [F, T, N, F, F]),
        ("contains(s, '')", [T, T, N, T, T]),
        ("contains('xapplex', s)", [T, F, N, T, T]),
        ("startsWith(s, 'app')", [T, F, N, F, T]),
        ("endsWith(s, 'na')", [F, T, N, F, F]),
        ("contains(s, t)", [F, F, N, N, F]),
        ("replace(s, 'a', 'o')", [str("opple"), str("Bonono"), N, str(""), str("opple")]),
        ("replace(s, 'an', t)", [str("apple"), str("Byya"), N, N, str("apple")]),
        ("number('12.5') + number(s)", [N, N, N, N, N]),
        ("number(b)", [num(1), num(0), N, num(1), num(0)]),
        ("number(d) / 1000", [num(1_709_164_800), num(1_704_067_199), N, num(0), num(951_918_300)]),
        ("string(n)", [str("1"), str("-2.5"), N, str("0"), str("10")]),
        ("string(b)", [str("true"), str("false"), N, str("true"), str("false")]),
        ("string(d)", [str("2024-02-29"), str("2023-12-31T23:59:59Z"), N, str("1970-01-01"), str("2000-03-01T13:45:00Z")]),
        ("isValid(n)", [T, T, F, T, T]),
        ("isValid(t)", [T, T, T, F, T]),
        ("isValid(null)", [F, F, F, F, F])
    ])
    func stringAndConversionFunctions(_ text: String, _ expected: [Value]) throws {
        #expect(try values(text) == expected)
    }

    @Test(arguments: [
        ("number('12.5')", num(12.5)),
        ("number(' -1e3 ')", num(-1000)),
        ("number('12abc')", N),
        ("number('nan')", N),
        ("number('')", N),
        ("string(2012)", str("2012")),
        ("string(0.1 + 0.2)", str("0.30000000000000004")),
        ("string(-0.5)", str("-0.5")),
        ("date('2020-01-31')", date("2020-01-31")),
        ("date('2020/01/31')", date("2020-01-31")),
        ("date('2020-01-31T10:00:00+02:00')", date("2020-01-31T08:00:00Z")),
        ("date('soon')", N),
        ("date(2012)", date("2012-01-01")),
        ("date(2012, 2)", date("2012-02-01")),
        ("date(2012, 2, 29)", date("2012-02-29")),
        ("date(2012.5)", N),
        ("length('été')", num(3)),
        ("length('e\u{0301}')", num(1)),
        ("upper('straße')", str("STRASSE")),
        ("trim('\u{00A0} a b \u{2003}')", str("a b")),
        ("replace('aaa', 'aa', 'b')", str("ba")),
        ("replace('abc', '', 'x')", str("abc")),
        ("contains('Größe', 'öß')", T),
        ("endsWith('abc', '')", T),
        ("'a' < 'B'", F),
        ("'Z' < 'a'", T),
        ("'é' > 'z'", T)
    ])
    func scalarCases(_ text: String, _ expected: Value) throws {
        let table = Table(columns: [numberColumn("x", [1])])
        #expect(try values(text, on: table) == [expected])
    }

    @Test func stringFunctionsReinternEqualResults() throws {
        let table = Table(columns: [stringColumn("s", ["A", "a", "b", "A"])])
        let column = try evaluate("lower(s)", on: table)
        guard case .string(let codes, let dictionary) = column.storage else { Issue.record("not strings"); return }
        #expect(dictionary == ["a", "b"])
        #expect(codes == [0, 0, 1, 0])
    }

    @Test func outputDictionaryHoldsOnlyValuesThatOccurInFirstAppearanceOrder() throws {
        let column = try evaluate("s == 'apple' ? 'yes' : t", rows: [1, 3, 0])
        guard case .string(let codes, let dictionary) = column.storage else { Issue.record("not strings"); return }
        #expect(dictionary == ["y", "yes"])
        #expect(codes == [0, 0, 1])
        #expect(column.valid == [true, false, true])
    }

    @Test func evaluatesTheGivenRowsInTheirOrder() throws {
        #expect(try values("n * 2", rows: [4, 0, 2]) == [num(20), num(2), N])
        #expect(try values("s + t", rows: [1]) == [str("Bananay")])
        #expect(try values("n", rows: []) == [])
        let column = try evaluate("year(d)", rows: [4, 4])
        #expect(column.name == "result")
        #expect(column.count == 2)
    }

    @Test func alwaysNullIsAColumnOfNullNumbers() throws {
        let column = try evaluate("n + null")
        #expect(column.type == .number)
        #expect(column.valid == [false, false, false, false, false])
    }

    @Test func booleanColumnsComeOutAsBooleans() throws {
        let column = try evaluate("n > 0")
        #expect(column.type == .boolean)
        guard case .boolean(let flags) = column.storage else { Issue.record("not booleans"); return }
        #expect(flags == [true, false, false, false, true])
        #expect(column.valid == [true, true, true, true, true])
    }

    // MARK: filters

    func select(_ text: String, rows: [Int]? = nil, table: Table = sampleTable) throws -> [Int] {
        let (compiled, diagnostics) = ExpressionCompiler.compileRow(ExpressionSource(standalone: text), schema: ExpressionSchema(table: table))
        guard let compiled else { throw CompileFailure(diagnostics: diagnostics) }
        return try compiled.selectRows(of: table, rows: rows)
    }

    @Test func selectRowsKeepsTrueRowsOnly() throws {
        #expect(try select("n > 0 && s == 'apple'") == [0, 4])
        #expect(try select("n > 0 && s == 'apple'", rows: [4, 3, 0]) == [4, 0])
        #expect(try select("b") == [0, 3])
        #expect(try select("!b") == [1, 2, 4])
        #expect(try select("true") == [0, 1, 2, 3, 4])
        #expect(try select("true", rows: [3, 1]) == [3, 1])
        #expect(try select("null") == [])
        #expect(try select("n > 100 && s == 'apple'") == [])
        #expect(try select("t != 'x' || n == null") == [1, 2])
    }

    // MARK: data that does not match the schema

    @Test func aFieldMissingFromTheTableIsADiagnosticNotACrash() throws {
        let schema = ExpressionSchema(fields: [("n", .number), ("gone", .string)])
        let (compiled, _) = ExpressionCompiler.compileRow(ExpressionSource(standalone: "gone + n"), schema: schema)
        let expression = try #require(compiled)
        do {
            _ = try expression.evaluate(on: sampleTable, rows: nil, name: "x")
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.map(\.id) == ["expr-data-mismatch"])
            #expect(error.diagnostics.first?.message == "the data has no field 'gone'")
            #expect(error.diagnostics.first.map(spanned) == "gone")
        }
    }

    @Test func aFieldOfAnotherTypeIsADiagnostic() throws {
        let schema = ExpressionSchema(fields: [("s", .number)])
        let expression = try #require(ExpressionCompiler.compileRow(ExpressionSource(standalone: "s * 2"), schema: schema).0)
        #expect(throws: DiagnosticError.self) { try expression.evaluate(on: sampleTable, rows: nil, name: "x") }
        #expect(throws: DiagnosticError.self) { try expression.selectRows(of: sampleTable, rows: [0]) }
    }

    @Test func rowsOutsideTheTableAreADiagnostic() throws {
        let expression = try #require(
            ExpressionCompiler.compileRow(ExpressionSource(standalone: "n"), schema: ExpressionSchema(table: sampleTable)).0)
        #expect(throws: DiagnosticError.self) { try expression.evaluate(on: sampleTable, rows: [0, 5], name: "x") }
        #expect(throws: DiagnosticError.self) { try expression.selectRows(of: sampleTable, rows: [-1]) }
    }
}
