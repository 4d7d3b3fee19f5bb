import Testing
@testable import ChartFormat

@Test func shortestNumbers() {
    #expect(NumberText.shortest(2012) == "2012")
    #expect(NumberText.shortest(-0.5) == "-0.5")
    #expect(NumberText.shortest(0.1 + 0.2) == "0.30000000000000004")
    #expect(NumberText.shortest(1e-7) == "0.0000001")
    #expect(NumberText.shortest(1.5e20) == "150000000000000000000")
    #expect(NumberText.shortest(1e300) == "1e+300")
    #expect(NumberText.shortest(-0.0) == "0")
}

@Test func isoDates() {
    #expect(ISODate.parse("2015-01-31") == CivilDate.milliseconds(year: 2015, month: 1, day: 31))
    #expect(ISODate.parse("2015-02-30") == nil)
    #expect(ISODate.parse("2015-01-31T12:00:00Z").map(ISODate.format) == "2015-01-31T12:00:00Z")
    #expect(ISODate.parse("2015-01-31T12:00:00+01:00").map(ISODate.format) == "2015-01-31T11:00:00Z")
    #expect(ISODate.parse("2012/01/01") == nil)
    #expect(ISODate.parseLenient("2012/01/01").map(ISODate.format) == "2012-01-01")
    #expect(ISODate.format(CivilDate.milliseconds(year: 1969, month: 12, day: 31, hour: 23)) == "1969-12-31T23:00:00Z")
    #expect(CivilDate.components(0).weekday == 4)
    for days in stride(from: Int64(-800_000), through: 800_000, by: 997) {
        let c = CivilDate.civil(fromDays: days)
        #expect(CivilDate.days(year: c.year, month: c.month, day: c.day) == days)
    }
}
