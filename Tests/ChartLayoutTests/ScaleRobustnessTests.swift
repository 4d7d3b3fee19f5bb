import Testing
@testable import ChartLayout

/// Extreme and hostile domains: every scale must return quickly, never trap, and keep tick counts bounded.
struct ScaleRobustnessTests {
    private let extremes: [Double] = [
        0, -0.0, 1, -1, Double.leastNonzeroMagnitude * 1000, -Double.leastNonzeroMagnitude * 1000, Double.leastNonzeroMagnitude, 1e-12, 0.1, 0.3, 7,
        1e15, 9.007199254740993e15, 1e22, 1e23, 1e300,
        Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude, -1e300, .nan, .infinity, -.infinity
    ]

    @Test func linearTicksOnExtremeDomains() {
        for a in extremes {
            for b in extremes {
                for count in [0, 1, 5, 10, 1000] {
                    let ticks = LinearTicks.ticks(ScaleInterval(a, b), count: count)
                    #expect(ticks.count <= Swift.max(1, count) * 2 + 2)
                    #expect(ticks.allSatisfy { $0.isFinite })
                    _ = LinearTicks.nice(ScaleInterval(a, b), count: count)
                    _ = LinearScale(domain: ScaleInterval(a, b), range: ScaleInterval(0, 100))(a)
                }
            }
        }
        #expect(LinearTicks.ticks(ScaleInterval(-1e308, 1e308), count: 4) == [-1e308, -5e307, 0, 5e307, 1e308])
    }

    @Test func logAndTimeOnExtremeDomains() {
        for a in extremes {
            for b in extremes {
                if let log = try? LogScale(domain: ScaleInterval(a, b), range: ScaleInterval(0, 1)) {
                    #expect(log.ticks(count: 10).count <= 16)
                    _ = log.niced()
                }
                let time = TimeScale(domain: ScaleInterval(a, b), range: ScaleInterval(0, 1))
                #expect(time.ticks(count: 10).count <= 16)
                _ = time.niced()
                _ = try? ScaleDomain.resolve(.time, extent: ScaleInterval(a, b), options: DomainOptions())
                _ = try? ScaleDomain.resolve(.log, extent: ScaleInterval(a, b), options: DomainOptions())
                _ = try? ScaleDomain.resolve(.linear, extent: ScaleInterval(a, b), options: DomainOptions(zero: true))
            }
        }
        let widest = TimeScale(domain: ScaleInterval(-8.64e15, 8.64e15), range: ScaleInterval(0, 1)).timeTicks(count: 10)
        #expect(widest.interval?.unit == .year)
        #expect(!widest.values.isEmpty && widest.values.count <= 16)
    }
}
