import Testing
@testable import ChartFormat

/// `DateFormat.parse`: the `parse` date formats of SPEC §3 read back what people write.
@Suite struct DateParsingTests {
    static func milliseconds(_ year: Int64, _ month: Int64, _ day: Int64, _ hour: Int64 = 0, _ minute: Int64 = 0) -> Int64 {
        CivilDate.days(year: year, month: month, day: day) * CivilDate.millisecondsPerDay + (hour * 60 + minute) * 60_000
    }

    func parse(_ pattern: String, _ text: String, _ locale: ChartLocale = .enUS) throws -> Int64? {
        try DateFormat(parsing: pattern).parse(text, locale: locale)
    }

    @Test func readsTheFormatsOfTheIssue() throws {
        #expect(try parse("%b %d %Y", "Jan 1 2000") == Self.milliseconds(2000, 1, 1))
        #expect(try parse("%m/%d/%Y", "01/31/2015") == Self.milliseconds(2015, 1, 31))
        #expect(try parse("%d.%m.%Y", "31.01.2015") == Self.milliseconds(2015, 1, 31))
        #expect(try parse("%d/%m/%Y", "31/01/2015") == Self.milliseconds(2015, 1, 31))
        #expect(try parse("%Y-%m-%d %H:%M", "2015-01-31 13:45") == Self.milliseconds(2015, 1, 31, 13, 45))
    }

    @Test func flexibleSpacesCaseAndNames() throws {
        #expect(try parse("%b %d %Y", "  JAN   1 2000 ") == Self.milliseconds(2000, 1, 1))
        #expect(try parse("%b %d %Y", "january 1 2000") == Self.milliseconds(2000, 1, 1))
        #expect(try parse("%B %e, %Y", "March  7, 2015") == Self.milliseconds(2015, 3, 7))
        #expect(try parse("%a %d %b %Y", "Sat 07 Mar 2015") == Self.milliseconds(2015, 3, 7))
        #expect(try parse("%I:%M %p", "2:05 pm") == Self.milliseconds(1900, 1, 1, 14, 5))
        #expect(try parse("%I %p", "12 AM") == Self.milliseconds(1900, 1, 1))
        #expect(try parse("%y-%j", "15-066") == Self.milliseconds(2015, 3, 7))
        #expect(try parse("%y", "69") == Self.milliseconds(1969, 1, 1))
        #expect(try parse("%Y-%m-%dT%H:%M:%S.%L", "2015-03-07T14:05:09.250") == Self.milliseconds(2015, 3, 7, 14, 5) + 9_250)
        #expect(try parse("100%% %Y", "100% 2015") == Self.milliseconds(2015, 1, 1))
    }

    @Test func monthNamesInEveryShippedLocaleAndInEnglish() throws {
        for locale in ChartLocale.all {
            for month in 1...12 {
                let long = locale.months[month - 1], short = locale.shortMonths[month - 1]
                #expect(try parse("%d %B %Y", "3 \(long) 2021", locale) == Self.milliseconds(2021, Int64(month), 3), "\(locale.identifier) \(long)")
                #expect(try parse("%d %b %Y", "3 \(short) 2021", locale) == Self.milliseconds(2021, Int64(month), 3), "\(locale.identifier) \(short)")
                let english = ChartLocale.enUS.shortMonths[month - 1]
                #expect(
                    try parse("%d %b %Y", "3 \(english) 2021", locale) == Self.milliseconds(2021, Int64(month), 3), "\(locale.identifier) \(english)")
            }
        }
        #expect(try parse("%d %B %Y", "1 März 2000", .deDE) == Self.milliseconds(2000, 3, 1))
    }

    @Test func whatDoesNotMatchIsNil() throws {
        #expect(try parse("%b %d %Y", "2000-01-01") == nil)
        #expect(try parse("%m/%d/%Y", "31/01/2015") == nil) // month 31
        #expect(try parse("%Y-%m-%d", "2015-02-29") == nil) // not a leap year
        #expect(try parse("%Y-%m-%d", "2015-01-31 extra") == nil)
        #expect(try parse("%Y-%m-%d", "") == nil)
        #expect(try parse("%H:%M", "24:00") == nil)
        #expect(try parse("%b %Y", "Foo 2000") == nil)
    }

    @Test func aQuarterCannotBeReadBack() throws {
        #expect(
            try DateFormat(parsing: "%Y Q%q").parsingProblem
                == FormatError(message: "'%q' (the quarter) cannot be read back into a date; read the year and month instead (%Y-%m)", offset: 4))
        #expect(try DateFormat(parsing: "%b %d %Y").parsingProblem == nil)
    }
}
