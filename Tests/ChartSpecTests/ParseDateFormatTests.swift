import Testing
import ChartValues
import ChartDiagnostics
@testable import ChartSpec

/// `data.parse` date formats (SPEC §3 v2): `{ "Date": "%b %d %Y" }`.
@Suite struct ParseDateFormatTests {
    @Test func aValueWithPercentIsADateFormat() throws {
        let result = parse(lines(#""data": { "url": "a.csv", "parse": { "Date": "%b %d %Y", "n": "number" } }"#, markLine, #""locale": "de-DE""#))
        #expect(result.diagnostics.isEmpty)
        let data = try #require(result.spec?.data)
        #expect(data.parse.map(\.field.value) == ["Date", "n"])
        #expect(data.parse.map(\.type.value) == [.date, .number])
        #expect(data.parseFormats.map(\.field.value) == ["Date"])
        #expect(position(data.parseFormats.first?.format.span) == "2:48")
        #expect(data.parseLocale.identifier == "de-DE")
    }

    @Test func aBadDirectiveIsUnderlined() {
        let result = parse(lines(#""data": { "url": "a.csv", "parse": { "Date": "%b %Q %Y" } }"#, markLine))
        #expect(result.ids == ["invalid-parse-format"])
        // The string's quote is at column 48; `%Q` is its 4th and 5th characters.
        let span = result.diagnostics.first?.span
        #expect(position(span) == "2:52")
        #expect(span?.range.count == 2)
        #expect(
            result.diagnostics.first?.message.hasPrefix("invalid date format \"%b %Q %Y\" in 'data.parse.Date': unknown date directive '%Q'") == true)
    }

    @Test func aQuarterCannotBeParsed() {
        let result = parse(lines(#""data": { "url": "a.csv", "parse": { "q": "%Y Q%q" } }"#, markLine))
        #expect(result.ids == ["invalid-parse-format"])
        #expect(position(result.diagnostics.first) == "2:50") // the `%` of `%q`
    }
}
