import Testing
@testable import ChartFormat

/// ISO 8601 dates read and written in UTC, and the civil-calendar arithmetic under them.
@Suite struct ISODateTests {
    @Test func isoDates() {
        #expect(ISODate.parse("2015-01-31") == CivilDate.milliseconds(year: 2015, month: 1, day: 31))
        #expect(ISODate.parse("2015-02-30") == nil)
        #expect(ISODate.parse("2015-01-31T12:00:00Z").map(ISODate.format) == "2015-01-31T12:00:00Z")
        #expect(ISODate.parse("2015-01-31T12:00:00+01:00").map(ISODate.format) == "2015-01-31T11:00:00Z")
        #expect(ISODate.parse("2012/01/01") == nil)
        #expect(ISODate.parseLenient("2012/01/01").map(ISODate.format) == "2012-01-01")
        #expect(ISODate.format(CivilDate.milliseconds(year: 1969, month: 12, day: 31, hour: 23)) == "1969-12-31T23:00:00Z")
    }

    @Test func civilDaysRoundTrip() {
        #expect(CivilDate.components(0).weekday == 4)
        for days in stride(from: Int64(-800_000), through: 800_000, by: 997) {
            let c = CivilDate.civil(fromDays: days)
            #expect(CivilDate.days(year: c.year, month: c.month, day: c.day) == days)
        }
    }
}
