import Testing
import ChartData
import ChartSpec
@testable import ChartLayout

/// Labels on inputs nobody designs for: many thousands of marks, hundreds of series, odd angles, empty and null
/// values. They must lay out quickly, never overlap and never crash.
@Suite struct LabelRobustnessTests {
    typealias F = Fixture

    @Test func thousandsOfLabelledBarsLayOutQuickly() throws {
        var spec = F.spec(.bar)
        spec.mark.labels = LabelOptions()
        spec.encoding.x = F.channel(.x, "name")
        spec.encoding.y = F.channel(.y, "value")
        let count = 20_000
        let table = Table(columns: [
            F.strings("name", (0..<count).map { "C\($0)" }),
            F.numbers("value", (0..<count).map { Double(($0 * 7919) % 1000) })
        ])
        let clock = ContinuousClock()
        let elapsed = try clock.measure { _ = try ChartLayoutEngine.layout(spec: spec, table: table) }
        #expect(elapsed < .seconds(20))
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
        for mark in MarkType.allCases where mark.traits.takes(.labels) || mark.traits.required.contains(.text) {
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
