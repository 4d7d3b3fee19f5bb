import Testing
@testable import ChartFormat

@Suite struct DateFormatTests {
    /// Saturday 2015-03-07 14:05:09.250 UTC: day 66 of the year (31 + 28 + 7), first quarter.
    let sample = CivilDate.milliseconds(year: 2015, month: 3, day: 7, hour: 14, minute: 5, second: 9, millisecond: 250)

    private func f(_ pattern: String, _ time: Int64, _ locale: ChartLocale = .enUS) -> String {
        do {
            return try DateFormat(parsing: pattern).format(time, locale: locale)
        } catch {
            return "error: \(error.message)"
        }
    }

    @Test func everyDirective() {
        let expected: [(String, String)] = [
            ("%Y", "2015"), ("%y", "15"), ("%m", "03"), ("%-m", "3"), ("%d", "07"), ("%-d", "7"), ("%e", " 7"),
            ("%b", "Mar"), ("%B", "March"), ("%a", "Sat"), ("%A", "Saturday"),
            ("%H", "14"), ("%I", "02"), ("%-I", "2"), ("%M", "05"), ("%S", "09"), ("%L", "250"), ("%p", "PM"),
            ("%j", "066"), ("%-j", "66"), ("%q", "1"), ("%u", "6"), ("%w", "6"), ("%%", "%"),
            ("%_m", " 3"), ("%0e", "07"), ("%_H", "14"), ("%0q", "01"),
            ("%Y-%m-%dT%H:%M:%S.%LZ", "2015-03-07T14:05:09.250Z"), ("Q%q %Y", "Q1 2015"), ("%d/%m/%Y", "07/03/2015"),
            ("→ %b", "→ Mar"), ("100%% %Y", "100% 2015"), ("", ""), ("no directives", "no directives")
        ]
        for (pattern, text) in expected {
            #expect(f(pattern, sample) == text, "\(pattern)")
        }
    }

    @Test func edgesOfTheClockAndCalendar() {
        let midnight = CivilDate.milliseconds(year: 2000, month: 1, day: 2) // a Sunday
        #expect(f("%I %p", midnight) == "12 AM")
        #expect(f("%I %p", midnight + 12 * 3_600_000) == "12 PM")
        #expect(f("%u %w %a", midnight) == "7 0 Sun")
        #expect(f("%y", midnight) == "00")
        #expect(f("%j", CivilDate.milliseconds(year: 2016, month: 12, day: 31)) == "366")
        #expect(f("%q", CivilDate.milliseconds(year: 2016, month: 12, day: 31)) == "4")
        #expect(f("%q", CivilDate.milliseconds(year: 2016, month: 4, day: 1)) == "2")
        #expect(f("%Y", CivilDate.milliseconds(year: 5)) == "0005")
        #expect(f("%-Y", CivilDate.milliseconds(year: 5)) == "5")
        #expect(f("%Y", CivilDate.milliseconds(year: 12_345)) == "12345")
        #expect(f("%Y %y", CivilDate.milliseconds(year: -44, month: 3, day: 15)) == "\u{2212}0044 56")
        // Before the epoch: 1969-12-31T23:59:59.999Z.
        #expect(f("%Y-%m-%d %H:%M:%S.%L", -1) == "1969-12-31 23:59:59.999")
    }

    @Test func locales() {
        #expect(f("%b %B %a %A", sample, .deDE) == "Mär März Sa Samstag")
        #expect(f("%-d %b %Y", sample, .frFR) == "7 mars 2015")
        #expect(f("%A %-d %B", sample, .esES) == "sábado 7 marzo")
        #expect(f("%a", sample, .nlNL) == "za")
        #expect(f("%b", CivilDate.milliseconds(year: 2015, month: 10, day: 1), .itIT) == "ott")
    }

    @Test func parseErrors() throws {
        func error(_ pattern: String) -> FormatError? {
            do {
                _ = try DateFormat(parsing: pattern)
                return nil
            } catch {
                return error
            }
        }
        #expect(error("%k")?.offset == 0)
        #expect(error("%k")?.message.contains("unknown date directive '%k'") == true)
        #expect(error("%Y %Q")?.offset == 3)
        #expect(error("abc %")?.offset == 4)
        #expect(error("abc %")?.message.contains("'%%'") == true)
        #expect(error("é%x")?.offset == 2)
        #expect(error("%-")?.offset == 0)
        #expect(error("%Y-%m-%d") == nil)
        #expect(try DateFormat(parsing: "%b %Y").pattern == "%b %Y")
    }

    // MARK: Automatic tick labels

    private func day(_ year: Int64, _ month: Int64, _ day: Int64, _ hour: Int64 = 0, _ minute: Int64 = 0) -> Int64 {
        CivilDate.milliseconds(year: year, month: month, day: day, hour: hour, minute: minute)
    }

    @Test func automaticYears() {
        let ticks = [day(2019, 1, 1), day(2020, 1, 1), day(2021, 1, 1)]
        #expect(DateFormat.automatic(forTicks: ticks, locale: .enUS) == ["2019", "2020", "2021"])
        #expect(DateFormat.TickGranularity(ticks: ticks) == .year)
    }

    @Test func automaticMonths() {
        let quarters = [day(2020, 1, 1), day(2020, 4, 1), day(2020, 7, 1), day(2020, 10, 1), day(2021, 1, 1), day(2021, 4, 1)]
        #expect(DateFormat.automatic(forTicks: quarters, locale: .enUS) == ["Jan 2020", "Apr", "Jul", "Oct", "Jan 2021", "Apr"])
        let fromApril = [day(2020, 4, 1), day(2020, 7, 1), day(2020, 10, 1), day(2021, 1, 1)]
        #expect(DateFormat.automatic(forTicks: fromApril, locale: .deDE) == ["Apr 2020", "Jul", "Okt", "Jan 2021"])
    }

    @Test func automaticDays() {
        let weeks = [day(2020, 1, 5), day(2020, 1, 12), day(2020, 1, 19), day(2020, 1, 26), day(2020, 2, 2)]
        #expect(DateFormat.automatic(forTicks: weeks, locale: .enUS) == ["Jan 5", "12", "19", "26", "Feb 2"])
        #expect(DateFormat.automatic(forTicks: weeks, locale: .enGB) == ["5 Jan", "12", "19", "26", "2 Feb"])
        #expect(DateFormat.automatic(forTicks: weeks, locale: .deDE) == ["5. Jan", "12.", "19.", "26.", "2. Feb"])
        #expect(DateFormat.automatic(forTicks: weeks, locale: .frFR) == ["5 janv.", "12", "19", "26", "2 févr."])
    }

    @Test func automaticTimes() {
        let hours = [day(2020, 1, 5, 18), day(2020, 1, 6), day(2020, 1, 6, 6), day(2020, 1, 6, 12, 30)]
        #expect(DateFormat.automatic(forTicks: hours, locale: .enUS) == ["18:00", "Jan 6", "06:00", "12:30"])
        let seconds = [day(2020, 1, 5, 18) + 15_000, day(2020, 1, 5, 18) + 30_000]
        #expect(DateFormat.automatic(forTicks: seconds, locale: .enUS) == ["18:00:15", "18:00:30"])
        let milliseconds = [day(2020, 1, 5, 18) + 500, day(2020, 1, 5, 18) + 1_000]
        #expect(DateFormat.automatic(forTicks: milliseconds, locale: .enUS) == ["18:00:00.500", "18:00:01.000"])
        #expect(DateFormat.automatic(forTicks: [], locale: .enUS) == [])
    }

    @Test func automaticFormatsMatchTheirPatterns() throws {
        let ticks = [day(2020, 1, 5, 18), day(2020, 1, 6), day(2020, 3, 1), day(2021, 1, 1)]
        for locale in ChartLocale.all {
            for granularity in [ticks, Array(ticks.dropFirst()), Array(ticks.dropFirst(2)), [ticks[3]], [ticks[0] + 1, ticks[0] + 1_000]] {
                for format in DateFormat.automaticFormats(forTicks: granularity, locale: locale) {
                    #expect(try DateFormat(parsing: format.pattern) == format)
                }
            }
        }
    }
}
