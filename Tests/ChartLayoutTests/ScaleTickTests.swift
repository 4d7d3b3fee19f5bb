import Testing
@testable import ChartLayout

/// Linear ticks and nice domains, against values worked out by hand from the 1-2-5 rule (raw step = width / count,
/// rounded at √2, √10, √50 of its decade).
struct ScaleTickTests {
    private func ticks(_ start: Double, _ end: Double, _ count: Int = 10, integer: Bool = false) -> [Double] {
        LinearTicks.ticks(ScaleInterval(start, end), count: count, integer: integer)
    }

    @Test func unitInterval() {
        #expect(ticks(0, 1) == [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1])
        #expect(ticks(0, 1, 5) == [0, 0.2, 0.4, 0.6, 0.8, 1])
        #expect(ticks(0, 1, 2) == [0, 0.5, 1])
    }

    @Test func hundred() {
        #expect(ticks(0, 100) == [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100])
        #expect(ticks(0, 100, 5) == [0, 20, 40, 60, 80, 100])
        #expect(ticks(0, 100, 3) == [0, 50, 100])
    }

    @Test func symmetricAroundZero() {
        #expect(ticks(-0.6, 0.6) == [-0.6, -0.5, -0.4, -0.3, -0.2, -0.1, 0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6])
        #expect(ticks(-0.6, 0.6, 5) == [-0.6, -0.4, -0.2, 0, 0.2, 0.4, 0.6])
    }

    @Test func yearsFromThePolarizationChart() {
        #expect(ticks(1945, 2030, 10) == [1950, 1960, 1970, 1980, 1990, 2000, 2010, 2020, 2030])
        #expect(ticks(1945, 2030, 10, integer: true) == [1950, 1960, 1970, 1980, 1990, 2000, 2010, 2020, 2030])
        #expect(ticks(1945, 2030, 5) == [1960, 1980, 2000, 2020])
    }

    @Test func integerTicksNeverFractional() {
        // Raw step 0.4 would give 2019.5; whole years only.
        #expect(ticks(2019, 2023, 10, integer: true) == [2019, 2020, 2021, 2022, 2023])
        #expect(ticks(2019, 2023, 10) == [2019, 2019.5, 2020, 2020.5, 2021, 2021.5, 2022, 2022.5, 2023])
        #expect(ticks(2012.2, 2012.8, 10, integer: true) == [])
    }

    @Test func smallDecimals() {
        #expect(ticks(0.001, 0.0034) == [0.001, 0.0012, 0.0014, 0.0016, 0.0018, 0.002, 0.0022, 0.0024, 0.0026, 0.0028, 0.003, 0.0032, 0.0034])
        #expect(ticks(0.001, 0.0034, 5) == [0.001, 0.0015, 0.002, 0.0025, 0.003])
    }

    @Test func tinyAndHuge() {
        #expect(ticks(1e-12, 5e-12, 4) == [1e-12, 2e-12, 3e-12, 4e-12, 5e-12])
        #expect(ticks(0, 5e9, 5) == [0, 1e9, 2e9, 3e9, 4e9, 5e9])
        #expect(ticks(0, 3e30, 3) == [0, 1e30, 2e30, 3e30])
        #expect(ticks(1e-30, 3e-30, 2) == [1e-30, 2e-30, 3e-30])
    }

    @Test func negativeAndReversed() {
        #expect(ticks(-35, -5, 5) == [-35, -30, -25, -20, -15, -10, -5])
        #expect(ticks(100, 0, 5) == [0, 20, 40, 60, 80, 100])
    }

    @Test func degenerateAndInvalid() {
        #expect(ticks(5, 5) == [5])
        #expect(ticks(.nan, 1) == [])
        #expect(ticks(0, .infinity) == [])
        #expect(ticks(0, 1, 0) == [0, 1])
    }

    @Test func lowCountStillFindsATick() {
        // Count 1 picks a step of 0.1, with no multiple in [0.31, 0.39]; doubling the hint finds 0.35.
        #expect(ticks(0.31, 0.39, 1) == [0.35])
    }

    @Test func ticksPrintCleanly() {
        let domains: [(Double, Double)] = [(0, 0.3), (0.1, 0.7), (-1.3, 2.9), (0.07, 0.71), (1.1, 1.9), (0.0001, 0.00073), (-0.6, 0.6), (3.3, 9.9)]
        for (start, end) in domains {
            for count in [2, 3, 5, 7, 10, 20] {
                for tick in ticks(start, end, count) {
                    let text = "\(tick)"
                    #expect(!text.contains("0000") && !text.contains("9999"), "\(text) in \(start)…\(end) count \(count)")
                }
            }
        }
    }

    @Test func countIsRespected() {
        let domains: [(Double, Double)] = [(0, 1), (0, 7), (0, 13), (3, 97), (-42, 17), (0.2, 0.93), (1945, 2030), (0, 1234567)]
        for (start, end) in domains {
            for count in [2, 3, 4, 5, 6, 8, 10, 12, 15, 20] {
                let result = ticks(start, end, count)
                #expect(!result.isEmpty)
                #expect(Double(result.count) <= Double(count) * 1.5 + 1, "\(result.count) ticks for \(start)…\(end) count \(count)")
                #expect(result == result.sorted())
            }
        }
    }

    @Test func tickStep() {
        let step = LinearTicks.step(ScaleInterval(0, 1), count: 10)
        #expect(step == TickStep(mantissa: 1, exponent: -1))
        #expect(step?.fractionDigits == 1)
        #expect(LinearTicks.step(ScaleInterval(0.001, 0.0034), count: 5) == TickStep(mantissa: 5, exponent: -4))
        #expect(LinearTicks.step(ScaleInterval(0.001, 0.0034), count: 5)?.fractionDigits == 4)
        #expect(LinearTicks.step(ScaleInterval(0, 100), count: 5)?.value == 20)
        #expect(LinearTicks.step(ScaleInterval(0, 100), count: 5)?.fractionDigits == 0)
        #expect(LinearTicks.step(ScaleInterval(1945, 2030), count: 10)?.value == 10)
        #expect(LinearTicks.step(ScaleInterval(1, 1), count: 10) == nil)
        #expect(TickStep(mantissa: 1, exponent: -1).multiple(3) == 0.3)
        #expect(TickStep(mantissa: 2, exponent: -1).multiple(7) == 1.4)
    }

    @Test func nice() {
        #expect(LinearTicks.nice(ScaleInterval(0.13, 0.96), count: 10) == ScaleInterval(0.1, 1))
        #expect(LinearTicks.nice(ScaleInterval(3, 97), count: 10) == ScaleInterval(0, 100))
        #expect(LinearTicks.nice(ScaleInterval(-0.57, 0.61), count: 5) == ScaleInterval(-0.6, 0.8))
        #expect(LinearTicks.nice(ScaleInterval(97, 3), count: 10) == ScaleInterval(100, 0))
        #expect(LinearTicks.nice(ScaleInterval(2019.2, 2023.6), count: 10, integer: true) == ScaleInterval(2019, 2024))
        #expect(LinearTicks.nice(ScaleInterval(0, 0.0034), count: 5) == ScaleInterval(0, 0.0035))
        #expect(LinearTicks.nice(ScaleInterval(5, 5), count: 10) == ScaleInterval(5, 5))
        #expect(LinearTicks.nice(ScaleInterval(-1234, 98765), count: 10) == ScaleInterval(-10000, 100000))
    }

    /// `scale.zero: false` on a short axis (SPEC §19.7): only the end the count's step would carry to zero takes a
    /// finer step; the axis keeps the count's round step, not ten ticks thinned to `0.005 0.015 0.025 …` whose last
    /// label falls short of the data.
    @Test func niceAvoidingZeroKeepsTheCountsStep() throws {
        let low = LinearTicks.nice(ScaleInterval(0.00771, 0.04768), count: 2, avoidingZero: true)
        #expect(low == ScaleInterval(0.005, 0.06))
        #expect(LinearTicks.niceStep(low, count: 2, avoidingZero: true)?.value == 0.02)
        let negative = LinearTicks.nice(ScaleInterval(-3_985_356, -317_437), count: 2, avoidingZero: true)
        #expect(
            negative.lower <= -3_985_356 && negative.lower > -6_000_000 && negative.upper >= -317_437 && negative.upper < 0, "\(negative)")
        let step = try #require(LinearTicks.niceStep(negative, count: 2, avoidingZero: true))
        #expect(step.value == 2_000_000)
        // Without zero: false, the same domains are ticked as before: both ends on a tick.
        #expect(LinearTicks.niceStep(ScaleInterval(-4.4e6, -3.95e6), count: 7)?.value == 50_000)
        // Years stop at whole years.
        #expect(LinearTicks.nice(ScaleInterval(1.2, 9.6), count: 2, integer: true, avoidingZero: true) == ScaleInterval(1, 10))
    }
}
