import ChartFormat
import Testing

@testable import ChartLayout

/// A time axis never ticks finer than its data (SPEC §19.7): whole days get no "12:00" ticks, monthly figures no
/// mid-month ones.
struct TimePrecisionTests {
    private func ms(_ year: Int64, _ month: Int64 = 1, _ day: Int64 = 1, _ hour: Int64 = 0) -> Double {
        Double(CivilDate.milliseconds(year: year, month: month, day: day, hour: hour))
    }

    @Test func precisionOfValues() {
        #expect(TimePrecision.unit(of: [ms(2020), ms(2021), ms(2024)]) == .year)
        #expect(TimePrecision.unit(of: [ms(2020, 1), ms(2020, 2), ms(2020, 7)]) == .month)
        #expect(TimePrecision.unit(of: [ms(2020, 1, 1), ms(2020, 1, 2)]) == .day)
        #expect(TimePrecision.unit(of: [ms(2020, 1, 1), ms(2020, 1, 1, 6)]) == nil)
        #expect(TimePrecision.unit(of: [ms(1950, 3, 4), ms(1969, 12, 31)]) == .day)
        #expect(TimePrecision.unit(of: []) == nil)
    }

    @Test func fourDaysTickOnDaysNotNoon() {
        let domain = ScaleInterval(ms(2024, 3, 1), ms(2024, 3, 4))
        let free = TimeScale(domain: domain, range: ScaleInterval(0, 550)).timeTicks(count: 7)
        #expect(free.interval?.unit == .hour)
        let days = TimeScale(domain: domain, range: ScaleInterval(0, 550), finestUnit: .day).timeTicks(count: 7)
        #expect(days.interval == TimeTickInterval(.day))
        #expect(days.values.map(Double.init) == [ms(2024, 3, 1), ms(2024, 3, 2), ms(2024, 3, 3), ms(2024, 3, 4)])
    }

    @Test func threeMonthsTickOnMonths() {
        let domain = ScaleInterval(ms(2024, 1), ms(2024, 3))
        let months = TimeScale(domain: domain, range: ScaleInterval(0, 550), finestUnit: .month).timeTicks(count: 10)
        #expect(months.interval?.unit == .month)
        #expect(months.values.map(Double.init) == [ms(2024, 1), ms(2024, 2), ms(2024, 3)])
    }
}
