import Testing

@testable import ChartFormat

/// SPEC §19.10: text columns written as dates in a common pattern, and why an impossible date is impossible.
@Suite struct DatePatternDetectionTests {
    private func detect(_ values: [String], _ locale: ChartLocale = .enUS) -> String? {
        DatePatternDetection.detect(values, locale: locale)?.pattern
    }

    @Test func commonPatterns() {
        #expect(detect(["Jan 1 2000", "Feb 12 2000", "Mar 3 2001"]) == "%b %d %Y")
        #expect(detect(["January 1, 2000", "March 12, 2000"]) == "%B %d, %Y")
        #expect(detect(["1 January 2000", "12 March 2000"]) == "%d %B %Y")
        #expect(detect(["01/31/2015", "02/01/2015"]) == "%m/%d/%Y")
        #expect(detect(["31.01.2015", "01.02.2015"]) == "%d.%m.%Y")
        #expect(detect(["2015-1-31", "2015-12-1"]) == "%Y-%m-%d")
        #expect(detect(["2015/01/31 10:00", "2015/02/01 09:30"]) == "%Y/%m/%d %H:%M")
        #expect(detect(["2015-01-31 10:00:05", "2015-02-01 09:30:00"]) == "%Y-%m-%d %H:%M:%S")
        #expect(detect(["1/31/2015 2:05 PM", "2/1/2015 11:30 AM"]) == "%m/%d/%Y %I:%M %p")
        #expect(detect(["01-Jan-15", "12-Mar-16"]) == "%d-%b-%y")
        #expect(detect(["Jan 2000", "Feb 2001"]) == "%b %Y")
        #expect(detect(["Mon, Jan 3 2000", "Tue, Jan 4 2000"]) == "%a, %b %d %Y")
        #expect(detect(["1. Januar 2000", "3. März 2001"], .deDE) == "%d. %B %Y")
    }

    @Test func notDates() {
        #expect(detect(["Agriculture", "Mining"]) == nil)
        #expect(detect(["1.5", "2.25"]) == nil)
        #expect(detect(["Jan 1 2000", "not a date"]) == nil)
        #expect(detect(["A-1", "B-2"]) == nil)
        #expect(detect(["12:30", "13:00"]) == nil)
        #expect(detect([]) == nil)
        // An impossible date anywhere: no format reads the column.
        #expect(detect(["02/28/2015", "02/30/2015"]) == nil)
    }

    @Test func dayAndMonthByTheDataOrTheLocale() throws {
        let byData = try #require(DatePatternDetection.detect(["01/02/2015", "31/01/2015"], locale: .enUS))
        #expect(byData.pattern == "%d/%m/%Y")
        #expect(byData.order == .data(example: "31/01/2015"))
        let monthFirst = try #require(DatePatternDetection.detect(["01/02/2015", "01/31/2015"], locale: .enGB))
        #expect(monthFirst.pattern == "%m/%d/%Y")
        #expect(monthFirst.order == nil)
        let us = try #require(DatePatternDetection.detect(["01/02/2015", "03/04/2015"], locale: .enUS))
        #expect(us.pattern == "%m/%d/%Y")
        #expect(us.order == .locale("en-US"))
        #expect(us.order?.explanation.contains("en-US") == true)
        let gb = try #require(DatePatternDetection.detect(["01/02/2015", "03/04/2015"], locale: .enGB))
        #expect(gb.pattern == "%d/%m/%Y")
        #expect(gb.order == .locale("en-GB"))
    }

    @Test func impossibleISODates() {
        #expect(ISODate.impossibility("2008-02-30") == "February has no 30th (2008-02-30)")
        #expect(ISODate.impossibility("2009-02-29") == "February 2009 has no 29th: 2009 is not a leap year (2009-02-29)")
        #expect(ISODate.impossibility("2008-02-29") == nil)
        #expect(ISODate.impossibility("2015-13-01") == "there is no month 13; months run 1–12 (2015-13-01)")
        #expect(ISODate.impossibility("2015-04-31") == "April has no 31st (2015-04-31)")
        #expect(ISODate.impossibility("2015-01-00") == "there is no day 0 of a month; days start at 1 (2015-01-00)")
        #expect(ISODate.impossibility("2015-01-31T25:00:00Z") == "there is no hour 25; hours run 0–23 (2015-01-31T25:00:00Z)")
        #expect(ISODate.impossibility("2015-01-31 10:61") == "there is no minute 61; minutes run 0–59 (2015-01-31 10:61)")
        #expect(ISODate.impossibility("2015-01-31T10:00:00+01:00") == nil)
        #expect(ISODate.impossibility("yesterday") == nil)
    }

    @Test func impossibleInAFormat() throws {
        let format = try DateFormat(parsing: "%b %d %Y")
        #expect(format.impossibility("Feb 30 2008", locale: .enUS) == "February has no 30th (Feb 30 2008)")
        #expect(format.impossibility("Feb 28 2008", locale: .enUS) == nil)
        #expect(format.impossibility("hello", locale: .enUS) == nil)
        let clock = try DateFormat(parsing: "%I:%M %p")
        #expect(clock.impossibility("13:00 PM", locale: .enUS) == "there is no hour 13 with PM; a 12-hour clock runs 1–12 (13:00 PM)")
    }
}
