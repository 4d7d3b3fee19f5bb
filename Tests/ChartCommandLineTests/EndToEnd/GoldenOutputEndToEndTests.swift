import Foundation
import Testing

/// What the real `chartc` binary prints for the polarization example and for `--help`, as golden files in
/// `Golden/` (`CHARTC_RECORD=1 swift test --filter Golden` re-records them; review the diff).
@Suite struct GoldenOutputEndToEndTests {
    @Test func helpGoesToStandardOutput() throws {
        let result = try ChartcBinary.run(["--help"])
        #expect(result.status == 0)
        #expect(result.error == "")
        assertGolden(name: "help-chartc.txt", actual: result.output)
    }

    @Test func dataOnThePolarizationExample() throws {
        let result = try ChartcBinary.run(["data", "examples/polarization/polarization.chart.json"])
        #expect(result.status == 0)
        #expect(result.error == "")
        let lines = result.output.split(separator: "\n")
        #expect(lines.first == "year,party,median")
        #expect(lines.count == 1 + 40 * 3) // congresses 80-119, three series each
        #expect(lines.dropFirst().first?.hasPrefix("1947,Congress,") == true)
        assertGolden(name: "data-polarization.csv", actual: result.output)
    }

    @Test func planOnThePolarizationExample() throws {
        let result = try ChartcBinary.run(["plan", "examples/polarization/polarization.chart.json"])
        #expect(result.status == 0)
        #expect(result.output.contains("congress, chamber, party_code, nominate_dim1"))
        assertGolden(name: "plan-polarization.txt", actual: result.output)
    }

    @Test func dataAndPlanOfAHistogram() throws {
        let data = try ChartcBinary.run(["data", "examples/seattle-weather/highs-histogram.chart.json"])
        #expect(data.status == 0)
        #expect(data.output.hasPrefix("high,high_end,days\n"))
        assertGolden(name: "data-highs-histogram.csv", actual: data.output)
        let plan = try ChartcBinary.run(["plan", "examples/seattle-weather/highs-histogram.chart.json"])
        #expect(plan.status == 0)
        #expect(plan.output.contains("bin     high = bin(temp_max, 2)"))
        assertGolden(name: "plan-highs-histogram.txt", actual: plan.output)
    }
}
