import ChartData
import ChartDiagnostics
import ChartLayout
import ChartLint
import ChartSemantics
import ChartSpec
import ChartValues
import Testing

/// SPEC §19.2: a log scale over rows with no value above zero is an error lint reports, at the same line:col as
/// build (both go through the checking stage's `log-scale-no-positive-values`).
@Suite struct LogScaleValuesTests {
    typealias H = LintHarness

    static func rows(_ values: [Double], facet: [String]? = nil) -> Table {
        var columns = [
            Column(name: "a", type: .number, values: values.indices.map { .number(Double($0)) }),
            Column(name: "b", type: .number, values: values.map { .number($0) })
        ]
        if let facet { columns.append(Column(name: "f", type: .string, values: facet.map { .string($0) })) }
        return Table(columns: columns)
    }

    static let spec = H.quiet(
        ##""mark": "point", "encoding": {"x": {"field": "a"}, "y": {"field": "b", "scale": {"type": ⟪"log"}}}"##)

    @Test func lintReportsALogScaleOverValuesAtOrBelowZero() throws {
        let found = H.expect("log-scale-no-positive-values", in: Self.spec, table: Self.rows([0, -2, -0.5]))
        #expect(found.first?.message.contains("'b' has none") == true)
        #expect(found.first?.severity == .error)
        // Build says the same at the same place.
        let (text, positions) = H.unmark(Self.spec)
        let spec = try #require(SpecParser.parse(SourceFile(path: "test.chart.json", text: text)).spec)
        #expect(throws: DiagnosticError.self) { try ChartLayoutEngine.check(spec, table: Self.rows([0, -2, -0.5])) }
        do {
            _ = try ChartLayoutEngine.check(spec, table: Self.rows([0, -2, -0.5]))
        } catch {
            #expect(error.diagnostics.map(\.id) == ["log-scale-no-positive-values"])
            #expect(error.diagnostics.map(H.position) == positions)
        }
        // One value above zero is something to show; no rows at all is an empty chart; without the rows, quiet.
        H.expect("log-scale-no-positive-values", in: H.unmark(Self.spec).text, table: Self.rows([0, 5]))
        H.expect("log-scale-no-positive-values", in: H.unmark(Self.spec).text, table: Self.rows([]))
        H.expect("log-scale-no-positive-values", in: H.unmark(Self.spec).text)
    }

    @Test func aRangeEndOrALayerWithPositiveValuesIsEnough() {
        // y2's values share the scale.
        let range = H.quiet(
            ##""mark": "bar", "encoding": {"x": {"field": "a"}, "y": {"field": "b", "scale": {"type": "log"}}, "y2": {"field": "c"}}"##)
        var rows = Self.rows([0, -1])
        rows = Table(columns: rows.columns + [Column(name: "c", type: .number, values: [.number(10), .number(20)])])
        H.expect("log-scale-no-positive-values", in: range, table: rows)
    }

    @Test func eachIndependentPanelNeedsPositiveValues() {
        let faceted = H.quiet(
            ##""mark": "point", "facet": {"field": "f", "y": "independent"}, "encoding": {"x": {"field": "a"}, "y": {"field": "b", "scale": {"type": ⟪"log"}}}"##
        )
        let found = H.expect("log-scale-no-positive-values", in: faceted, table: Self.rows([1, 2, 0, -1], facet: ["p", "p", "q", "q"]))
        #expect(found.first?.message.contains("'q'") == true)
        // Shared: the panels' values together.
        let shared = H.quiet(
            ##""mark": "point", "facet": {"field": "f"}, "encoding": {"x": {"field": "a"}, "y": {"field": "b", "scale": {"type": "log"}}}"##)
        H.expect("log-scale-no-positive-values", in: shared, table: Self.rows([1, 2, 0, -1], facet: ["p", "p", "q", "q"]))
    }

    @Test func aNormalizedStackCannotGoOnALogScale() {
        let text = H.quiet(
            ##""mark": "bar", "encoding": {"x": {"field": "a", "type": "nominal"}, "y": {"field": "b", "stack": "normalize", "scale": {"type": ⟪"log"}}}"##
        )
        H.expect("scale-invalid-domain", in: text, table: Self.rows([1, 2]))
    }
}
