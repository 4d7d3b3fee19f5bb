import Testing
@testable import ChartLayout

/// Mapping, inverting, clamping and reversing of linear, power and log scales, and log ticks.
struct ScaleContinuousTests {
    @Test func linearMapsAndInverts() {
        let scale = LinearScale(domain: ScaleInterval(0, 100), range: ScaleInterval(0, 500))
        #expect(scale(50) == 250)
        #expect(scale(-10) == -50)
        #expect(scale(150) == 750)
        #expect(scale.invert(250) == 50)
        #expect(scale(.nan) == nil)
        #expect(scale(.infinity) == nil)
        #expect(scale.invert(.nan) == nil)
    }

    @Test func linearClampAndReverse() {
        let clamped = LinearScale(domain: ScaleInterval(0, 100), range: ScaleInterval(0, 500), clamp: true)
        #expect(clamped(150) == 500)
        #expect(clamped(-1) == 0)
        #expect(clamped.invert(600) == 100)
        // A y axis: values grow upwards, pixels downwards.
        let y = LinearScale(domain: ScaleInterval(0, 100), range: ScaleInterval(400, 0))
        #expect(y(25) == 300)
        #expect(y.invert(300) == 25)
        let reversed = LinearScale(domain: ScaleInterval(0, 100), range: ScaleInterval(400, 0), reverse: true)
        #expect(reversed(25) == 100)
        #expect(y.reversed()(25) == 100)
    }

    @Test func linearDegenerateDomainMapsToTheMiddle() {
        let scale = LinearScale(domain: ScaleInterval(5, 5), range: ScaleInterval(0, 300))
        #expect(scale(5) == 150)
        #expect(scale(7) == 150)
    }

    @Test func linearTicksAndNice() throws {
        let scale = LinearScale(domain: ScaleInterval(3, 97), range: ScaleInterval(0, 1)).niced(tickCount: 10)
        #expect(scale.domain == ScaleInterval(0, 100))
        #expect(scale.ticks(count: 5) == [0, 20, 40, 60, 80, 100])
        #expect(scale.tickStep(count: 5)?.value == 20)
        var mutable = LinearScale(domain: ScaleInterval(0.13, 0.96), range: ScaleInterval(0, 1))
        mutable.nice()
        #expect(mutable.domain == ScaleInterval(0.1, 1))
        let generic: any ContinuousScale = try LogScale(domain: ScaleInterval(3, 4200), range: ScaleInterval(0, 1))
        #expect(generic.niced(tickCount: 10).domain == ScaleInterval(1, 10000))
        let years = LinearScale.years(domain: ScaleInterval(1945, 2030), range: ScaleInterval(400, 0))
        #expect(years.ticks(count: 10) == [1950, 1960, 1970, 1980, 1990, 2000, 2010, 2020, 2030])
        #expect(years.ticks(count: 100).count == 86)
        #expect(years.ticks(count: 100).allSatisfy { $0 == $0.rounded() })
        #expect(years(1945) == 400)
        #expect(years(2030) == 0)
    }

    @Test func sqrtScale() {
        let scale = PowScale.sqrt(domain: ScaleInterval(0, 100), range: ScaleInterval(0, 10))
        #expect(scale(25) == 5)
        #expect(scale(100) == 10)
        #expect(scale.invert(5) == 25)
        let signed = PowScale.sqrt(domain: ScaleInterval(-100, 100), range: ScaleInterval(-10, 10))
        #expect(signed(-25) == -5)
        #expect(scale.ticks(count: 5) == [0, 20, 40, 60, 80, 100])
        let square = PowScale(exponent: 2, domain: ScaleInterval(0, 10), range: ScaleInterval(0, 100))
        #expect(square(5) == 25)
    }

    @Test func logRejectsNonPositiveDomains() {
        #expect(throws: ScaleError.nonPositiveLogDomain(ScaleInterval(0, 100))) {
            try LogScale(domain: ScaleInterval(0, 100), range: ScaleInterval(0, 1))
        }
        #expect(throws: ScaleError.nonPositiveLogDomain(ScaleInterval(-1, 10))) {
            try LogScale(domain: ScaleInterval(-1, 10), range: ScaleInterval(0, 1))
        }
        #expect(throws: ScaleError.nonFiniteDomain(ScaleInterval(1, .infinity))) {
            try LogScale(domain: ScaleInterval(1, .infinity), range: ScaleInterval(0, 1))
        }
        #expect(ScaleError.nonPositiveLogDomain(ScaleInterval(0, 100)).message.contains("[0, 100]"))
        #expect(ScaleError.nonPositiveLogDomain(ScaleInterval(0, 100)).diagnosticID.name == "log-scale-domain")
    }

    @Test func logMapsAndSkipsNonPositiveValues() throws {
        let scale = try LogScale(domain: ScaleInterval(1, 1000), range: ScaleInterval(0, 300))
        #expect(scale(10) == 100)
        #expect(scale(1000) == 300)
        #expect(scale(0) == nil)
        #expect(scale(-5) == nil)
        #expect(scale.invert(200) == 100)
        #expect(scale.niced().domain == ScaleInterval(1, 1000))
        #expect(try LogScale(domain: ScaleInterval(3, 4200), range: ScaleInterval(0, 1)).niced().domain == ScaleInterval(1, 10000))
        #expect(try LogScale(domain: ScaleInterval(4200, 3), range: ScaleInterval(0, 1)).niced().domain == ScaleInterval(10000, 1))
    }

    @Test func logTicks() throws {
        let wide = try LogScale(domain: ScaleInterval(1e6, 5e9), range: ScaleInterval(0, 1))
        #expect(wide.ticks(count: 10) == [1e6, 2e6, 5e6, 1e7, 2e7, 5e7, 1e8, 2e8, 5e8, 1e9, 2e9, 5e9])
        #expect(wide.ticks(count: 5) == [1e6, 1e7, 1e8, 1e9])

        let fractions = try LogScale(domain: ScaleInterval(0.001, 1), range: ScaleInterval(0, 1))
        #expect(fractions.ticks(count: 10) == [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1])

        let huge = try LogScale(domain: ScaleInterval(1, 1e20), range: ScaleInterval(0, 1))
        #expect(huge.ticks(count: 10) == [1, 1e2, 1e4, 1e6, 1e8, 1e10, 1e12, 1e14, 1e16, 1e18, 1e20])

        // Within one decade the 1-2-5 marks are too few: fall back to even steps.
        let narrow = try LogScale(domain: ScaleInterval(20, 80), range: ScaleInterval(0, 1))
        #expect(narrow.ticks(count: 10) == [20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80])

        let decade = try LogScale(domain: ScaleInterval(1, 10), range: ScaleInterval(0, 1))
        #expect(decade.ticks(count: 10) == [1, 2, 5, 10])

        let tiny = try LogScale(domain: ScaleInterval(1e-300, 1e300), range: ScaleInterval(0, 1))
        #expect(tiny.ticks(count: 6) == [1e-300, 1e-200, 1e-100, 1, 1e100, 1e200, 1e300])

        let single = try LogScale(domain: ScaleInterval(7, 7), range: ScaleInterval(0, 1))
        #expect(single.ticks(count: 10) == [7])
    }

    @Test func normalized() {
        let scale = LinearScale(domain: ScaleInterval(10, 20), range: ScaleInterval(0, 1))
        #expect(scale.normalized(15) == 0.5)
        #expect(scale.normalized(25) == 1.5)
    }
}
