import ChartFormat
import Testing
@testable import ChartLayout

/// Calendar-aligned time ticks in UTC, with the interval the axis formats labels by.
struct ScaleTimeTests {
    private func ms(_ year: Int64, _ month: Int64 = 1, _ day: Int64 = 1, _ hour: Int64 = 0, _ minute: Int64 = 0, _ second: Int64 = 0) -> Int64 {
        CivilDate.milliseconds(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    private func scale(_ start: Int64, _ end: Int64, firstWeekday: Int = 0) -> TimeScale {
        TimeScale(domain: ScaleInterval(Double(start), Double(end)), range: ScaleInterval(0, 600), firstWeekday: firstWeekday)
    }

    @Test func milliseconds() {
        let ticks = scale(0, 100).timeTicks(count: 10)
        #expect(ticks.interval == TimeTickInterval(.millisecond, 10))
        #expect(ticks.values == [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100])
    }

    @Test func seconds() {
        let ticks = scale(ms(2024, 3, 10, 9, 59, 58), ms(2024, 3, 10, 10, 1, 2)).timeTicks(count: 6)
        #expect(ticks.interval == TimeTickInterval(.second, 10))
        #expect(
            ticks.values == [
                ms(2024, 3, 10, 10, 0, 0), ms(2024, 3, 10, 10, 0, 10), ms(2024, 3, 10, 10, 0, 20),
                ms(2024, 3, 10, 10, 0, 30), ms(2024, 3, 10, 10, 0, 40), ms(2024, 3, 10, 10, 0, 50),
                ms(2024, 3, 10, 10, 1, 0)
            ])
    }

    @Test func minutes() {
        let ticks = scale(ms(2024, 3, 10, 10, 7), ms(2024, 3, 10, 10, 52)).timeTicks(count: 10)
        #expect(ticks.interval == TimeTickInterval(.minute, 5))
        #expect(ticks.values == stride(from: 10, through: 50, by: 5).map { ms(2024, 3, 10, 10, Int64($0)) })
    }

    @Test func hours() {
        let ticks = scale(ms(2024, 3, 10), ms(2024, 3, 11)).timeTicks(count: 8)
        #expect(ticks.interval == TimeTickInterval(.hour, 3))
        #expect(ticks.values == stride(from: 0, through: 24, by: 3).map { ms(2024, 3, 10, Int64($0)) })
    }

    @Test func days() {
        let ticks = scale(ms(2024, 1, 1), ms(2024, 1, 10)).timeTicks(count: 10)
        #expect(ticks.interval == TimeTickInterval(.day))
        #expect(ticks.values == (1...10).map { ms(2024, 1, Int64($0)) })
    }

    @Test func everyOtherDaySkipsThe31st() {
        let ticks = scale(ms(2024, 1, 20), ms(2024, 2, 10)).timeTicks(count: 10)
        #expect(ticks.interval == TimeTickInterval(.day, 2))
        #expect(
            ticks.values == [
                ms(2024, 1, 21), ms(2024, 1, 23), ms(2024, 1, 25), ms(2024, 1, 27), ms(2024, 1, 29),
                ms(2024, 2, 1), ms(2024, 2, 3), ms(2024, 2, 5), ms(2024, 2, 7), ms(2024, 2, 9)
            ])
    }

    @Test func weeksStartOnTheLocalesFirstWeekday() {
        // 2024-01-01 was a Monday.
        let sundays = scale(ms(2024, 1, 1), ms(2024, 3, 1), firstWeekday: ChartLocale.enUS.firstWeekday).timeTicks(count: 8)
        #expect(sundays.interval == TimeTickInterval(.week))
        #expect(
            sundays.values == [
                ms(2024, 1, 7), ms(2024, 1, 14), ms(2024, 1, 21), ms(2024, 1, 28),
                ms(2024, 2, 4), ms(2024, 2, 11), ms(2024, 2, 18), ms(2024, 2, 25)
            ])
        let mondays = scale(ms(2024, 1, 1), ms(2024, 3, 1), firstWeekday: ChartLocale.enGB.firstWeekday).timeTicks(count: 8)
        #expect(
            mondays.values == [
                ms(2024, 1, 1), ms(2024, 1, 8), ms(2024, 1, 15), ms(2024, 1, 22), ms(2024, 1, 29),
                ms(2024, 2, 5), ms(2024, 2, 12), ms(2024, 2, 19), ms(2024, 2, 26)
            ])
    }

    @Test func months() {
        let ticks = scale(ms(2023, 1, 15), ms(2024, 1, 15)).timeTicks(count: 12)
        #expect(ticks.interval == TimeTickInterval(.month))
        #expect(ticks.values == (2...12).map { ms(2023, Int64($0)) } + [ms(2024, 1)])
    }

    @Test func quarters() {
        let ticks = scale(ms(2020, 1, 1), ms(2022, 12, 31)).timeTicks(count: 10)
        #expect(ticks.interval == TimeTickInterval(.month, 3))
        #expect(ticks.values == [2020, 2021, 2022].flatMap { year in [1, 4, 7, 10].map { ms(Int64(year), Int64($0)) } })
    }

    @Test func decades() {
        let ticks = scale(ms(1945), ms(2030)).timeTicks(count: 10)
        #expect(ticks.interval == TimeTickInterval(.year, 10))
        #expect(ticks.values == stride(from: 1950, through: 2030, by: 10).map { ms(Int64($0)) })
    }

    @Test func centuries() {
        let ticks = scale(ms(1000), ms(2000)).timeTicks(count: 5)
        #expect(ticks.interval == TimeTickInterval(.year, 200))
        #expect(ticks.values == [1000, 1200, 1400, 1600, 1800, 2000].map { ms(Int64($0)) })
    }

    @Test func beforeTheEpoch() {
        let ticks = scale(ms(1899, 6), ms(1905, 6)).timeTicks(count: 6)
        #expect(ticks.interval == TimeTickInterval(.year))
        #expect(ticks.values == (1900...1905).map { ms(Int64($0)) })
    }

    @Test func niceWidensToIntervalBoundaries() {
        let niced = scale(ms(2024, 1, 13), ms(2024, 11, 20)).niced(tickCount: 10)
        #expect(niced.domain == ScaleInterval(Double(ms(2024, 1, 1)), Double(ms(2024, 12, 1))))
    }

    @Test func tickCountStaysNearTheHint() {
        let spans: [(Int64, Int64)] = [
            (0, 5000), (ms(2024, 1, 1), ms(2024, 1, 1, 7)), (ms(2024, 1, 1), ms(2024, 4, 17)), (ms(1990), ms(2024, 6)), (ms(-500), ms(2024))
        ]
        for (start, end) in spans {
            for count in [3, 5, 8, 10, 15] {
                let ticks = scale(start, end).timeTicks(count: count)
                #expect(!ticks.values.isEmpty)
                #expect(
                    Double(ticks.values.count) <= Double(count) * 1.5 + 1,
                    "\(ticks.values.count) for count \(count), \(String(describing: ticks.interval))")
            }
        }
    }

    @Test func degenerateAndUnsupported() {
        #expect(scale(5, 5).timeTicks().values == [5])
        let far = TimeScale(domain: ScaleInterval(0, 1e300), range: ScaleInterval(0, 1))
        #expect(far.timeTicks().values.isEmpty)
        #expect(far.timeTicks().interval == nil)
        let nan = TimeScale(domain: ScaleInterval(.nan, 1), range: ScaleInterval(0, 1))
        #expect(nan.ticks(count: 10).isEmpty)
    }

    @Test func intervalFloorAndNext() {
        let month = TimeTickInterval(.month, 3)
        #expect(month.floor(ms(2024, 5, 17, 13)) == ms(2024, 4, 1))
        #expect(month.next(after: ms(2024, 10, 1)) == ms(2025, 1, 1))
        let year = TimeTickInterval(.year, 5)
        #expect(year.floor(ms(-3, 6)) == ms(-5))
        #expect(TimeTickInterval(.minute, 15).ceil(ms(2024, 1, 1, 0, 1)) == ms(2024, 1, 1, 0, 15))
        #expect(TimeTickInterval(.day, 2).floor(ms(2024, 1, 31, 12)) == ms(2024, 1, 29))
        #expect(TimeTickInterval(.day, 2).next(after: ms(2023, 2, 27)) == ms(2023, 3, 1))
    }
}
