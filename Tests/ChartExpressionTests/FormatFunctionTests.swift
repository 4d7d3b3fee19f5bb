import ChartData
import ChartDiagnostics
import ChartFormat
import ChartValues
import Testing
@testable import ChartExpression

private let N = Value.null
private func str(_ x: String) -> Value { .string(x) }

@Suite struct FormatFunctionTests {
    @Test(arguments: [
        ("format(n, '.1f')", ChartLocale.enUS, [str("1.0"), str("\u{2212}2.5"), N, str("0.0"), str("10.0")]),
        ("format(n * 1000, ',.0f')", ChartLocale.enUS, [str("1,000"), str("\u{2212}2,500"), N, str("0"), str("10,000")]),
        ("format(n * 1000, ',.0f')", ChartLocale.deDE, [str("1.000"), str("\u{2212}2.500"), N, str("0"), str("10.000")]),
        ("format(d, '%Y-%m-%d')", ChartLocale.enUS, [str("2024-02-29"), str("2023-12-31"), N, str("1970-01-01"), str("2000-03-01")]),
        ("format(d, '%b %Y')", ChartLocale.frFR, [str("févr. 2024"), str("déc. 2023"), N, str("janv. 1970"), str("mars 2000")]),
        ("format(d, '%a %H:%M')", ChartLocale.enUS, [str("Thu 00:00"), str("Sun 23:59"), N, str("Thu 00:00"), str("Wed 13:45")]),
        ("'Total: ' + format(m, ',')", ChartLocale.enUS, [str("Total: 2"), str("Total: 2"), str("Total: 3"), str("Total: 0"), N])
    ])
    func formats(_ text: String, _ locale: ChartLocale, _ expected: [Value]) throws {
        #expect(try values(text, locale: locale) == expected)
    }

    @Test func constantsAreFormattedWhileChecking() throws {
        let (compiled, _) = ExpressionCompiler.compileRow(
            ExpressionSource(standalone: "format(1234.5, ',.2f')"), schema: ExpressionSchema(fields: []))
        #expect(compiled?.constantValue == .string("1,234.50"))
        #expect(compiled?.resultType == .string)
    }

    @Test func formatOfNullIsNull() throws {
        #expect(try values("format(null, ',.2f')", rows: [0]) == [N])
    }

    @Test func invalidNumberPatternPointsAtTheBadCharacter() throws {
        let diagnostics = rowDiagnostics("format(n, ',.2q')")
        #expect(diagnostics.map(\.id) == ["expr-format"])
        #expect(diagnostics.first?.message.hasPrefix("invalid number format \",.2q\": ") == true)
        #expect(diagnostics.first.map(spanned) == "q")
    }

    @Test func datePatternOnANumberSaysSo() throws {
        let diagnostics = rowDiagnostics("format(year(d), '%Y')")
        #expect(diagnostics.map(\.id) == ["expr-format"])
        #expect(diagnostics.first?.message.hasSuffix("; date patterns such as %Y need a date, but 'year(d)' is a number") == true)
    }

    @Test func invalidDatePatternPointsThroughEscapes() throws {
        let text = #"format(d, '\'%Q')"#
        let diagnostics = rowDiagnostics(text)
        #expect(diagnostics.map(\.id) == ["expr-format"])
        #expect(diagnostics.first?.message.hasPrefix("invalid date format \"'%Q\": ") == true)
        #expect(diagnostics.first.map(spanned) == "%")
    }

    @Test func datePatternWithoutDirectivesIsAnError() throws {
        let diagnostics = rowDiagnostics("format(d, 'Year')")
        #expect(
            diagnostics.map(\.message) == [
                "\"Year\" has no date directives, so every date would print as that text; write directives such as %Y, %b %Y or %Y-%m-%d"
            ])
        #expect(diagnostics.first.map(spanned) == "'Year'")
    }
}
