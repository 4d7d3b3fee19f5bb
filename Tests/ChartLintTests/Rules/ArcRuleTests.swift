import ChartData
import ChartDiagnostics
import ChartLayout
import ChartLint
import ChartSemantics
import ChartSpec
import ChartValues
import Testing

/// SPEC §21: an arc needs `theta`; a negative or non-numeric `theta` is an error build and lint report alike (never
/// a slice silently dropped); past 7 slices lint warns and suggests grouping the rest as "Other".
@Suite struct ArcRuleTests {
    typealias H = LintHarness

    static func rows(_ values: [Double]) -> Table {
        Table(columns: [
            Column(name: "party", type: .string, values: values.indices.map { .string("P\($0)") }),
            Column(name: "votes", type: .number, values: values.map { .number($0) })
        ])
    }

    @Test func aNegativeThetaIsAnErrorInLintAndBuild() throws {
        let spec = H.quiet(##""mark": "arc", "encoding": {"theta": {"field": ⟪"votes"}, "color": {"field": "party"}}"##)
        let table = Self.rows([10, -2, 5, -1])
        let found = H.expect("arc-invalid-theta", in: spec, table: table)
        #expect(found.first?.message.contains("2 rows have a negative 'votes'") == true)
        #expect(found.first?.severity == .error)
        let (text, positions) = H.unmark(spec)
        let parsed = try #require(SpecParser.parse(SourceFile(path: "test.chart.json", text: text)).spec)
        do {
            _ = try ChartLayoutEngine.check(parsed, table: table)
            Issue.record("a negative theta built")
        } catch {
            #expect(error.diagnostics.map(\.id) == ["arc-invalid-theta"])
            #expect(error.diagnostics.map(H.position) == positions)
        }
        H.expect("arc-invalid-theta", in: H.unmark(spec).text, table: Self.rows([10, 0, 5]))
    }

    @Test func aTextThetaIsAnError() {
        let spec = H.quiet(##""mark": "arc", "encoding": {"theta": {"field": ⟪"party"}}"##)
        H.expect("arc-invalid-theta", in: spec, table: Self.rows([1, 2]))
    }

    @Test func anArcWithoutThetaHasNoPosition() {
        let spec = H.quiet(##""mark": "arc", ⟪"encoding": {"color": {"field": "party"}}"##)
        let found = H.expect("missing-position", in: spec, table: Self.rows([1, 2]))
        #expect(found.first?.message.contains("\"theta\"") == true)
    }

    @Test func moreThanSevenSlicesIsAWarning() {
        let spec = H.quiet(##""mark": "arc", "encoding": {"theta": {"field": "votes"}, "color": {"field": ⟪"party"}}"##)
        let found = H.expect("arc-too-many-slices", in: spec, table: Self.rows((1...8).map(Double.init)))
        #expect(found.first?.message.contains("8 slices") == true)
        #expect(found.first?.message.contains("\"Other\"") == true)
        H.expect("arc-too-many-slices", in: H.unmark(spec).text, table: Self.rows((1...7).map(Double.init)))
    }

    /// Channels an arc does not draw, and arc options on other marks, are rejected at their line:col.
    @Test func positionsOnAnArcAreRejected() {
        let spec = H.quiet(##""mark": "arc", "encoding": {"theta": {"field": "votes"}, ⟪"x": {"field": "party"}}"##)
        H.expect("channel-not-supported", in: spec, table: Self.rows([1, 2]))
    }
}
