import ChartFormat
import Testing
@testable import ChartLayout

/// The one place that turns a data extent and `zero`/`nice`/`domain` options into a final domain.
struct ScaleDomainTests {
    private func resolve(_ kind: ContinuousScaleKind, _ extent: ScaleInterval?, _ options: DomainOptions = DomainOptions()) throws -> ScaleInterval {
        try ScaleDomain.resolve(kind, extent: extent, options: options)
    }

    @Test func niceByDefault() throws {
        #expect(try resolve(.linear, ScaleInterval(3, 97)) == ScaleInterval(0, 100))
        #expect(try resolve(.linear, ScaleInterval(3, 97), DomainOptions(nice: false)) == ScaleInterval(3, 97))
    }

    @Test func zeroForBars() throws {
        #expect(try resolve(.linear, ScaleInterval(20, 97), DomainOptions(zero: true)) == ScaleInterval(0, 100))
        #expect(try resolve(.linear, ScaleInterval(-35, -5), DomainOptions(zero: true)) == ScaleInterval(-35, 0))
        #expect(try resolve(.linear, ScaleInterval(20, 97), DomainOptions(zero: true, nice: false)) == ScaleInterval(0, 97))
    }

    @Test func explicitDomainIsLiteral() throws {
        let polarization = DomainOptions(explicitStart: -0.6, explicitEnd: 0.6)
        #expect(try resolve(.linear, ScaleInterval(-0.45, 0.52), polarization) == ScaleInterval(-0.6, 0.6))
        let years = DomainOptions(explicitStart: 1945, explicitEnd: 2030, tickCount: 10)
        let domain = try resolve(.years, ScaleInterval(1947, 2025), years)
        #expect(domain == ScaleInterval(1945, 2030))
        #expect(
            LinearScale.years(domain: domain, range: ScaleInterval(400, 0)).ticks(count: 10) == [1950, 1960, 1970, 1980, 1990, 2000, 2010, 2020, 2030]
        )
        // Zero does not override an explicit domain; explicit order is kept.
        #expect(try resolve(.linear, ScaleInterval(3, 7), DomainOptions(zero: true, explicitStart: 10, explicitEnd: 2)) == ScaleInterval(10, 2))
        #expect(
            try resolve(.linear, ScaleInterval(3, 7), DomainOptions(nice: true, explicitStart: 0.13, explicitEnd: 0.96)) == ScaleInterval(0.13, 0.96))
    }

    @Test func oneExplicitEnd() throws {
        // `nice` only moves the data end: [0, 87] → [0, 90].
        #expect(try resolve(.linear, ScaleInterval(13, 87), DomainOptions(explicitStart: 0)) == ScaleInterval(0, 90))
        #expect(try resolve(.linear, ScaleInterval(13, 87), DomainOptions(explicitEnd: 200)) == ScaleInterval(0, 200))
    }

    @Test func singleValues() throws {
        #expect(try resolve(.linear, ScaleInterval(5, 5)) == ScaleInterval(4.5, 5.5))
        #expect(try resolve(.linear, ScaleInterval(0, 0)) == ScaleInterval(-1, 1))
        #expect(try resolve(.linear, ScaleInterval(-20, -20), DomainOptions(nice: false)) == ScaleInterval(-22, -18))
        #expect(try resolve(.linear, ScaleInterval(5, 5), DomainOptions(zero: true)) == ScaleInterval(0, 5))
        #expect(try resolve(.years, ScaleInterval(2012, 2012)) == ScaleInterval(2011, 2013))
        #expect(try resolve(.log, ScaleInterval(50, 50)) == ScaleInterval(1, 1000))
        let day = Double(CivilDate.millisecondsPerDay)
        #expect(try resolve(.time, ScaleInterval(day * 10, day * 10), DomainOptions(nice: false)) == ScaleInterval(day * 9, day * 11))
        #expect(try resolve(.linear, ScaleInterval(3, 7), DomainOptions(explicitStart: 4, explicitEnd: 4)) == ScaleInterval(3.6, 4.4))
    }

    @Test func noData() throws {
        #expect(try resolve(.linear, nil) == ScaleInterval(0, 1))
        #expect(try resolve(.log, nil) == ScaleInterval(1, 10))
        #expect(try resolve(.linear, nil, DomainOptions(explicitStart: 0, explicitEnd: 50)) == ScaleInterval(0, 50))
    }

    @Test func logDomains() throws {
        #expect(try resolve(.log, ScaleInterval(3, 4200)) == ScaleInterval(1, 10000))
        #expect(try resolve(.log, ScaleInterval(3, 4200), DomainOptions(zero: true, nice: false)) == ScaleInterval(3, 4200))
        // Rows without positive values are the checking stage's `log-scale-no-positive-values` (SPEC §19.2).
        #expect(throws: ScaleError.nonPositiveLogDomain(ScaleInterval(0, 100))) {
            try resolve(.log, ScaleInterval(3, 4200), DomainOptions(explicitStart: 0, explicitEnd: 100))
        }
        #expect(throws: ScaleError.nonPositiveLogDomain(ScaleInterval(-5, 4200))) {
            try resolve(.log, ScaleInterval(3, 4200), DomainOptions(explicitStart: -5))
        }
    }

    @Test func nonFiniteExplicitDomain() {
        #expect(throws: ScaleError.self) {
            try resolve(.linear, ScaleInterval(0, 1), DomainOptions(explicitStart: .nan, explicitEnd: 1))
        }
        #expect(throws: ScaleError.self) {
            try resolve(.linear, ScaleInterval(0, 1), DomainOptions(explicitEnd: .infinity))
        }
    }

    @Test func timeDomainsNiceToTheTickInterval() throws {
        let start = Double(CivilDate.milliseconds(year: 2024, month: 1, day: 13))
        let end = Double(CivilDate.milliseconds(year: 2024, month: 11, day: 20))
        let domain = try resolve(.time, ScaleInterval(start, end))
        #expect(domain == ScaleInterval(Double(CivilDate.milliseconds(year: 2024, month: 1)), Double(CivilDate.milliseconds(year: 2024, month: 12))))
    }

    @Test func extent() {
        #expect(ScaleInterval.extent(of: [3, .nan, -2, 8, .infinity]) == ScaleInterval(-2, 8))
        #expect(ScaleInterval.extent(of: [3, 0, -2, 8], positiveOnly: true) == ScaleInterval(3, 8))
        #expect(ScaleInterval.extent(of: [Double]()) == nil)
        #expect(ScaleInterval.extent(of: [-1, 0], positiveOnly: true) == nil)
    }
}
