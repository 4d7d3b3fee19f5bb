import ChartData
import ChartValues
import Testing
@testable import ChartExpression

private let N = Value.null
private func num(_ x: Double) -> Value { .number(x) }
private func str(_ x: String) -> Value { .string(x) }

/// SPEC §21's row functions: `substring`, `indexof`, `minutes`, `seconds`, `milliseconds` and `quantile_normal`.
@Suite struct TextAndDistributionFunctionTests {
    /// JavaScript's `substring` (Vega's), in characters: clamped, cut toward zero, swapped when start > end.
    @Test(arguments: [
        ("substring('chartc', 1, 5)", "hart"), ("substring('chartc', 5, 1)", "hart"), ("substring('chartc', 2)", "artc"),
        ("substring('chartc', -3, 2)", "ch"), ("substring('chartc', 4, 99)", "tc"), ("substring('chartc', 1.9, 3.9)", "ha"),
        ("substring('chartc', 6)", ""), ("substring('', 0, 3)", ""), ("substring('e\u{301}lan', 0, 1)", "e\u{301}"),
        ("substring('👩‍👩‍👧 family', 2)", "family"), ("substring('Zürich', 1, 3)", "ür")
    ])
    func substringCountsCharacters(_ text: String, _ expected: String) throws {
        #expect(try values(text, rows: [0]) == [str(expected)])
    }

    @Test(arguments: [
        ("indexof('chartc', 'art')", 2.0), ("indexof('chartc', 'c')", 0), ("indexof('chartc', 'x')", -1), ("indexof('chartc', '')", 0),
        ("indexof('', 'a')", -1), ("indexof('Zürich Zürich', 'rich')", 2), ("indexof('👩‍👩‍👧 and x', 'x')", 6)
    ])
    func indexofCountsCharactersBeforeTheFirstMatch(_ text: String, _ expected: Double) throws {
        #expect(try values(text, rows: [0]) == [num(expected)])
    }

    @Test func textFunctionsOverAColumnAndNulls() throws {
        #expect(try values("substring(s, 1, 3)") == [str("pp"), str("an"), N, str(""), str("pp")])
        #expect(try values("indexof(s, 'a')") == [num(0), num(1), N, num(-1), num(0)])
        // `indexof(t, p) >= 0` exactly when `contains(t, p)`.
        #expect(
            try values("(indexof(s, 'pp') >= 0) == contains(s, 'pp')") == [
                .boolean(true), .boolean(true), .boolean(false), .boolean(true), .boolean(true)
            ])
        #expect(try values("substring(s, n)") == [str("pple"), str("Banana"), N, str(""), str("")])
        #expect(try values("substring(s, 0, null)") == [N, N, N, N, N])
    }

    /// (date, minutes, seconds, milliseconds), before 1970 too.
    @Test(arguments: [
        ("2020-01-01T10:17:42.250Z", 17.0, 42.0, 250.0), ("2021-06-30T23:59:59.999Z", 59, 59, 999), ("2024-02-29", 0, 0, 0),
        ("1969-12-31T23:58:01.001Z", 58, 1, 1), ("1900-03-01T00:00:59.500Z", 0, 59, 500), ("2020-01-01T01:30:15+02:00", 30, 15, 0)
    ])
    func timePartsInUTC(_ date: String, _ minutes: Double, _ seconds: Double, _ milliseconds: Double) throws {
        let table = Table(columns: [dateColumn("d", [date])])
        #expect(try values("minutes(d)", on: table) == [num(minutes)])
        #expect(try values("seconds(d)", on: table) == [num(seconds)])
        #expect(try values("milliseconds(d)", on: table) == [num(milliseconds)])
        // The row-at-a-time definitions agree with the column kernels.
        #expect(
            try values("minutes(date('\(date)')) * 1e5 + seconds(date('\(date)')) * 1e3 + milliseconds(date('\(date)'))", on: table) == [
                num(minutes * 1e5 + seconds * 1e3 + milliseconds)
            ])
    }

    /// Against SciPy's `norm.ppf` (printed with `repr`), correctly rounded values of the normal quantile.
    @Test(arguments: [
        (0.975, 1.959963984540054), (0.5, 0.0), (0.025, -1.9599639845400545), (0.8413447460685429, 1.0),
        (1e-7, -5.1993375821928165), (0.999, 3.090232306167813), (1e-300, -37.0470962993612), (0.6, 0.2533471031357997)
    ])
    func normalQuantileIsExact(_ p: Double, _ expected: Double) throws {
        let table = Table(columns: [numberColumn("p", [p])])
        for text in ["quantile_normal(p)", "quantile_normal(\(p))"] {
            let got = try #require(try values(text, on: table).first?.numberValue, "\(text)")
            #expect(abs(got - expected) <= 2e-15 * max(1, abs(expected)), "\(text) = \(got), SciPy \(expected)")
        }
    }

    @Test func normalQuantileWithMeanAndDeviationAndOutsideItsDomain() throws {
        let table = Table(columns: [numberColumn("p", [0.975, 0, 1, -0.5, 2, nil])])
        let z = try values("quantile_normal(p)", on: table)
        #expect(z.dropFirst() == [N, N, N, N, N])
        #expect(try values("quantile_normal(p, 10, 2)", on: table).first == num(10 + 2 * 1.959963984540054))
        #expect(try values("quantile_normal(0.975, 0, 0)", on: table) == [N, N, N, N, N, N])
        #expect(try values("quantile_normal(0.975, 0, -1)", on: table) == [N, N, N, N, N, N])
    }

    @Test(arguments: [
        ("substr(s, 1)", "unknown function 'substr'; did you mean 'substring'?"),
        ("strpos(s, 'a')", "unknown function 'strpos'; did you mean 'indexof'?"),
        ("minute(d)", "unknown function 'minute'; did you mean 'minutes'?"),
        ("qnorm(n)", "unknown function 'qnorm'; did you mean 'quantile_normal'?")
    ])
    func namesFromOtherLanguagesAreSuggested(_ text: String, _ message: String) {
        #expect(rowDiagnostics(text).map(\.message) == [message])
    }

    @Test(arguments: ["substring(n, 1)", "substring(s, '1')", "indexof(s, 1)", "minutes(s)", "quantile_normal(s)", "substring(s)", "indexof(s)"])
    func wrongArgumentsAreErrors(_ text: String) {
        let diagnostics = rowDiagnostics(text)
        #expect(diagnostics.count == 1 && diagnostics.allSatisfy { $0.severity == .error }, "\(text): \(diagnostics.map(\.message))")
    }
}
