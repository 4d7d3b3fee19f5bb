import Testing
import ChartData
import ChartSpec
@testable import ChartLayout

/// Labels on inputs nobody designs for: many thousands of marks, hundreds of series, odd angles, empty and null
/// values. They must lay out quickly, never overlap and never crash.
@Suite struct LabelRobustnessTests {
    typealias F = Fixture

    /// Bars with value labels: laying out ten times the bars must cost about ten times as much (the label placer
    /// and the band scale are near-linear), never a hundred (a quadratic pass over the labels). Measured against
    /// a baseline of 2,000 bars in the same run, so a loaded machine slows both alike; an absolute limit of 20 s
    /// failed under load (24 s for 20,000 bars in a debug build with five other builds running).
    @Test func thousandsOfLabelledBarsLayOutQuickly() throws {
        func layoutTime(_ count: Int) throws -> Duration {
            var spec = F.spec(.bar)
            spec.mark.labels = LabelOptions()
            spec.encoding.x = F.channel(.x, "name")
            spec.encoding.y = F.channel(.y, "value")
            let table = Table(columns: [
                F.strings("name", (0..<count).map { "C\($0)" }),
                F.numbers("value", (0..<count).map { Double(($0 * 7919) % 1000) })
            ])
            let clock = ContinuousClock()
            return try clock.measure { _ = try ChartLayoutEngine.layout(spec: spec, table: table) }
        }
        // The fastest of a few runs of each: load only ever adds time.
        let small = try (0..<3).map { _ in try layoutTime(2_000) }.min() ?? .zero
        let large = try (0..<2).map { _ in try layoutTime(20_000) }.min() ?? .zero
        let ratio = large / small
        // n log n gives about 11–13; quadratic work would give 100.
        #expect(ratio < 35, "20,000 bars took \(large), \(ratio)× the \(small) of 2,000")
    }

    @Test func hundredsOfDirectNamesNeverOverlap() throws {
        var spec = F.spec(.line)
        spec.encoding.x = F.channel(.x, "t")
        spec.encoding.y = F.channel(.y, "v")
        spec.encoding.color = F.channel(.color, "s")
        spec.legend = LegendSpec(position: Located(.direct, at: nil))
        var t: [Double?] = [], v: [Double?] = [], s: [String] = []
        for series in 0..<300 {
            for step in 0..<2 {
                t.append(Double(step))
                v.append(Double(series % 7))
                s.append("Series \(series)")
            }
        }
        let scene = try ChartLayoutEngine.layout(spec: spec, table: Table(columns: [F.numbers("t", t), F.numbers("v", v), F.strings("s", s)]))
        let names = scene.texts().filter { $0.classes.contains("chartc-direct-label") }
        #expect(!names.isEmpty && names.count < 300)
        #expect(scene.textLayoutProblems().isEmpty)
    }

    @Test func oddAnglesNullsAndZerosStillLayOut() throws {
        for angle in [45.0, -45, 90, 180, -360] {
            var spec = F.spec(.bar)
            spec.mark.labels = LabelOptions(angle: Located(angle, at: nil))
            spec.encoding.x = F.channel(.x, "name")
            spec.encoding.y = F.channel(.y, "value")
            let table = Table(columns: [F.strings("name", ["a", "b", "c", "d"]), F.numbers("value", [nil, 0, -3, 1e300])])
            let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
            #expect(scene.textLayoutProblems().isEmpty, "angle \(angle): \(scene.textLayoutProblems())")
        }
    }

    @Test func labelsOnEveryMarkTypeThatHasThem() throws {
        // The table of marks says which take labels and draw text (the others reject them).
        // An arc has no x and y; its labels are tested with its slices (ArcMarkTests).
        for mark in MarkType.allCases where (mark.traits.takes(.labels) || mark.traits.required.contains(.text)) && mark != .arc {
            var spec = F.spec(mark)
            if mark.traits.takes(.labels) { spec.mark.labels = LabelOptions(skipZero: true) }
            spec.encoding.x = F.channel(.x, "x")
            spec.encoding.y = F.channel(.y, "y")
            spec.encoding.text = F.channel(.text, "label")
            let table = Table(columns: [
                F.numbers("x", [1, 2, 3, 3]), F.numbers("y", [0, 5, 5, nil]), F.strings("label", ["zero", "", "same", "null"])
            ])
            let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
            #expect(scene.textLayoutProblems().isEmpty, "\(mark): \(scene.textLayoutProblems())")
        }
    }
}
