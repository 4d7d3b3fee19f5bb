import Testing

@testable import ChartSystem

/// The clock behind `chartc build --timings`: laps partition the wall time, a lap can hand part of its time to
/// another phase (decoding done while the statement's rows streamed in), and the report's arithmetic holds.
@Suite struct PhaseTimingsTests {
    /// Spends about `milliseconds` of wall time.
    private func spend(_ milliseconds: Double) {
        let end = PhaseTimings.now() + UInt64(milliseconds * 1e6)
        while PhaseTimings.now() < end {}
    }

    @Test func lapsAddUpByPhaseInFirstSeenOrder() {
        let timings = PhaseTimings()
        spend(1)
        timings.lap("a")
        spend(2)
        timings.lap("b")
        spend(1)
        timings.lap("a")
        let phases = timings.phases
        #expect(phases.map(\.name) == ["a", "b"])
        #expect(phases[0].milliseconds >= 2 && phases[1].milliseconds >= 2)
    }

    @Test func movedTimeGoesToTheOtherPhaseAndNeverExceedsTheLap() {
        let timings = PhaseTimings()
        spend(3)
        timings.lap(PhaseTimings.statement, moving: 1_000_000, to: "decode")
        let phases = timings.phases
        #expect(phases.map(\.name) == ["statement", "decode"])
        #expect(phases[1].milliseconds == 1)
        #expect(phases[0].milliseconds >= 2)
        // More than the lap's time: everything goes to the other phase, nothing is negative.
        let other = PhaseTimings()
        other.lap(PhaseTimings.statement, moving: 10_000_000_000, to: "decode")
        #expect(other.phases.first { $0.name == "statement" }?.milliseconds == 0)
        #expect((other.phases.first { $0.name == "decode" }?.milliseconds ?? -1) >= 0)
    }

    @Test func reportSaysTotalWaitAndWhatChartcAdded() {
        let timings = PhaseTimings()
        spend(1)
        timings.lap("spec")
        spend(2)
        timings.lap(PhaseTimings.statement)
        let lines = timings.report(title: "x.chart.json").split(separator: "\n").map(String.init)
        #expect(lines.first == "timings: x.chart.json")
        #expect(
            lines.map { $0.split(separator: " ").first.map(String.init) ?? "" } == [
                "timings:", "start-up", "spec", "statement", "total", "statement", "chartc"
            ])
        #expect(lines.allSatisfy { $0 == lines[0] || $0.hasPrefix("  ") && $0.contains(" ms") })
        #expect(lines.last?.hasSuffix("total − statement wait") == true)
    }

    @Test(arguments: [(0.0, "0.000"), (0.0004, "0.000"), (0.0005, "0.001"), (12.3456, "12.346"), (1000.05, "1000.050"), (-1.0, "0.000")])
    func millisecondsHaveThreeDecimals(value: Double, text: String) {
        #expect(PhaseTimings.milliseconds(value) == text)
    }
}
