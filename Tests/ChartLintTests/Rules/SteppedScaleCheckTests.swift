import ChartData
import ChartDiagnostics
import ChartLayout
import ChartLint
import ChartSemantics
import ChartSpec
import ChartValues
import Testing

/// SPEC §22: the stepped color scales (`quantize`, `quantile`, `threshold`) are refused at their line:col, by lint
/// and build alike, whenever they could not be drawn as written (`scale-steps`).
@Suite struct SteppedScaleCheckTests {
    typealias H = LintHarness

    static let table = Table(columns: [
        Column(name: "county", type: .string, values: ["A", "B", "C", "D"].map(Value.string)),
        Column(name: "rate", type: .number, values: [1, 4, 9, 16].map(Value.number))
    ])

    /// A bar chart with `color` written as `color`.
    static func spec(_ color: String) -> String {
        H.quiet(#""mark": "bar", "encoding": {"x": {"field": "county"}, "y": {"field": "rate"}, "color": "# + color + "}")
    }

    @Test func validStepsPassLint() {
        for color in [
            ##"{"field": "rate", "scale": {"type": "quantize", "bins": 4, "nice": true, "zero": true}}"##,
            ##"{"field": "rate", "scale": {"type": "quantize", "domain": [0, 20], "range": ["#eee", "#999", "#333"]}}"##,
            ##"{"field": "rate", "scale": {"type": "quantile", "bins": 3, "scheme": "greens", "reverse": true}}"##,
            ##"{"field": "rate", "scale": {"type": "threshold", "domain": [5, 10], "range": ["#eee", "#999", "#333"]}}"##,
            ##"{"field": "rate", "scale": {"type": "threshold", "domain": [5], "scheme": "reds"}}"##
        ] {
            let ids = H.ids(Self.spec(color), table: Self.table).filter { $0 != "missing-alt" }
            #expect(!ids.contains("scale-steps"), "\(color): \(ids)")
            #expect(!ids.contains { $0.hasPrefix("scale-") || $0 == "domain-shape" }, "\(color): \(ids)")
        }
    }

    @Test func binsMustBeAWholeNumberFromTwo() {
        for bins in ["1", "2.5", "0", "-3", "21"] {
            let found = H.expect(
                "scale-steps", in: Self.spec(#"{"field": "rate", "scale": {"type": "quantize", "bins": ⟪"# + bins + "}}"), table: Self.table)
            #expect(found.first?.message.contains("a whole number from 2 to 20, found \(bins)") == true, "\(found.map(\.message))")
        }
    }

    @Test func binsOnAnotherScaleTypeIsRefused() {
        H.expect("scale-steps", in: Self.spec(##"{"field": "rate", "scale": {"bins": ⟪4}}"##), table: Self.table)
        let found = H.expect(
            "scale-steps", in: Self.spec(##"{"field": "rate", "scale": {"type": "threshold", "domain": [5], "bins": ⟪4}}"##), table: Self.table)
        #expect(found.first?.message.contains("breaks in 'domain'") == true)
    }

    @Test func thresholdBreaksMustAscend() {
        let found = H.expect(
            "scale-steps", in: Self.spec(##"{"field": "rate", "scale": {"type": "threshold", "domain": [5, 10, ⟪8]}}"##), table: Self.table)
        #expect(found.first?.message.contains("ascending order, but 8 follows 10") == true, "\(found.map(\.message))")
        H.expect("scale-steps", in: Self.spec(##"{"field": "rate", "scale": {"type": "threshold", "domain": [5, ⟪5]}}"##), table: Self.table)
        H.expect("scale-steps", in: Self.spec(##"{"field": "rate", "scale": {"type": "threshold", "domain": [⟪"low", 5]}}"##), table: Self.table)
    }

    @Test func thresholdNeedsItsBreaks() {
        let found = H.expect("scale-steps", in: Self.spec(##"{"field": "rate", "scale": {"type": ⟪"threshold"}}"##), table: Self.table)
        #expect(found.first?.message.contains("needs 'domain'") == true)
    }

    @Test func aRangeOfTheWrongCountSaysHowManyAreNeeded() {
        let threshold = H.expect(
            "scale-steps", in: Self.spec(##"{"field": "rate", "scale": {"type": "threshold", "domain": [5, 10], "range": ⟪["#eee", "#333"]}}"##),
            table: Self.table)
        #expect(threshold.first?.message.contains("lists 2 colors, but 2 breaks in 'domain' make 3 steps: give 3 colors") == true)
        let quantile = H.expect(
            "scale-steps", in: Self.spec(##"{"field": "rate", "scale": {"type": "quantile", "bins": 4, "range": ⟪["#eee", "#999", "#333"]}}"##),
            table: Self.table)
        #expect(quantile.first?.message.contains("lists 3 colors, but 'bins' is 4: give 4 colors") == true)
        H.expect("scale-steps", in: Self.spec(##"{"field": "rate", "scale": {"type": "quantize", "range": ⟪["#eee"]}}"##), table: Self.table)
    }

    @Test func quantizeNeedsNumbers() {
        let found = H.expect("scale-steps", in: Self.spec(##"{"field": "county", "scale": {"type": ⟪"quantize"}}"##), table: Self.table)
        #expect(found.first?.message.contains("shows 'county' as text") == true, "\(found.map(\.message))")
        H.expect("scale-steps", in: Self.spec(##"{"field": "rate", "type": "ordinal", "scale": {"type": ⟪"quantile"}}"##), table: Self.table)
    }

    @Test func onlyColorTakesSteps() {
        let size = H.quiet(
            ##""mark": "point", "encoding": {"x": {"field": "county"}, "y": {"field": "rate"}, "size": {"field": "rate", "scale": {"type": ⟪"quantize"}}}"##
        )
        let found = H.expect("scale-steps", in: size, table: Self.table)
        #expect(found.first?.message.contains("only 'color' takes it") == true)
        // One error, not also the size channel's own "sqrt only" one.
        #expect(!H.ids(H.unmark(size).text, table: Self.table).contains("scale-type-mismatch"))
        let x = H.quiet(
            ##""mark": "point", "encoding": {"x": {"field": "rate", "scale": {"type": ⟪"threshold", "domain": [5]}}, "y": {"field": "rate"}}"##)
        H.expect("scale-steps", in: x, table: Self.table)
    }

    @Test func optionsTheTypeIgnoresAreRefused() {
        H.expect(
            "scale-steps", in: Self.spec(##"{"field": "rate", "scale": {"type": "quantile", "nice": ⟪true, "zero": ⟪false}}"##), table: Self.table)
        H.expect("scale-steps", in: Self.spec(##"{"field": "rate", "scale": {"type": "quantile", "domain": ⟪[0, 10]}}"##), table: Self.table)
        H.expect(
            "scale-steps", in: Self.spec(##"{"field": "rate", "scale": {"type": "threshold", "domain": [4], "nice": ⟪true}}"##), table: Self.table)
        H.expect("scale-steps", in: Self.spec(##"{"field": "rate", "scale": {"type": "quantize", "domain": ⟪[0, 5, 10]}}"##), table: Self.table)
        H.expect("scale-steps", in: Self.spec(##"{"field": "rate", "scale": {"type": "quantize", "domain": ⟪[10, 0]}}"##), table: Self.table)
        H.expect("scale-steps", in: Self.spec(##"{"field": "rate", "along": ⟪"x", "scale": {"type": "quantize"}}"##), table: Self.table)
    }

    @Test func buildRefusesWhatLintRefuses() throws {
        let spec = Self.spec(##"{"field": "rate", "scale": {"type": "threshold", "domain": [5, ⟪2]}}"##)
        let (text, positions) = H.unmark(spec)
        let parsed = try #require(SpecParser.parse(SourceFile(path: "test.chart.json", text: text)).spec)
        do {
            _ = try ChartLayoutEngine.check(parsed, table: Self.table)
            Issue.record("breaks out of order built")
        } catch {
            #expect(error.diagnostics.map(\.id) == ["scale-steps"])
            #expect(error.diagnostics.map(H.position) == positions)
        }
    }
}
