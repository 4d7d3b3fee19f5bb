import ChartData
import ChartDiagnostics
import ChartLint
import ChartValues
import Testing

/// The SPEC §13 publishing rules: too many panels, too many bins. Both decide on the built table.
@Suite("Lint facet and bin rules")
struct FacetRuleTests {
    typealias H = LintHarness

    static func panels(_ count: Int) -> Table {
        let keys = (0..<count).map { "site \($0)" }
        return Table(columns: [
            Column(name: "site", type: .string, values: keys.map { .string($0) }),
            Column(name: "n", type: .number, values: keys.indices.map { .number(Double($0)) })
        ])
    }

    @Test func moreThanThirtyPanelsIsAWarningAtTheField() {
        let body =
            ##""groupBy": ["site"], "aggregate": {"n": "count()"}, "mark": "bar", "encoding": {"x": {"field": "site"}, "y": {"field": "n"}}, "facet": {"field": ⟪"site"}"##
        let found = H.expect("facet-too-many-panels", in: H.quiet(body), table: Self.panels(31))
        #expect(found.first?.severity == .warning)
        #expect(found.first?.message.contains("31 values") == true)
        H.expect("facet-too-many-panels", in: H.quiet(body.replacingOccurrences(of: "⟪", with: "")), table: Self.panels(30))
    }

    @Test func binWithAStepMakingOver200IntervalsIsAWarningAtTheCalculation() {
        func table(step: Double, count: Int) -> Table {
            var starts = Column(name: "b", type: .number, values: (0..<count).map { .number(Double($0) * step) })
            starts.binStep = step
            return Table(columns: [starts, Column(name: "n", type: .number, values: (0..<count).map { _ in .number(1) })])
        }
        let body =
            ##""calculate": {"b": ⟪"bin(x, 0.5)"}, "groupBy": ["b"], "aggregate": {"n": "count()"}, "mark": "bar", "encoding": {"x": {"field": "b"}, "y": {"field": "n"}}"##
        let found = H.expect("bin-too-many-intervals", in: H.quiet(body), table: table(step: 0.5, count: 201))
        #expect(found.first?.message.contains("201 intervals") == true)
        H.expect("bin-too-many-intervals", in: H.quiet(body.replacingOccurrences(of: "⟪", with: "")), table: table(step: 0.5, count: 200))
        // bin(x) chooses its own step: never flagged.
        H.expect(
            "bin-too-many-intervals",
            in: H.quiet(body.replacingOccurrences(of: "⟪", with: "").replacingOccurrences(of: "bin(x, 0.5)", with: "bin(x)")),
            table: table(step: 0.5, count: 300))
    }
}
