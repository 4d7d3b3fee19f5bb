import ChartData
import ChartDiagnostics
import ChartLint
import ChartValues
import Foundation
import Testing

/// The `window` rules (SPEC §14) and the window expression checks lint runs against the output's fields.
@Suite("Lint window rules")
struct WindowRuleTests {
    typealias H = LintHarness
    let schema: [(name: String, type: DataType)] = [("city", .string), ("date", .date), ("temp", .number), ("rain", .number)]

    @Test func windowByMustNameAnOutputField() {
        let grouped =
            ##""groupBy": ["city", "date"], "aggregate": {"high": "max(temp)"}, "window": {"avg": "rolling_mean(high, 7)"}, "mark": "line", "encoding": {"x": {"field": "date"}, "y": {"field": "avg"}}"##
        let found = H.expect("window-by-field", in: H.quiet(grouped + ##", "windowBy": [⟪"cty"]"##), schema: schema)
        #expect(found.first?.fixIt?.replacement == "\"city\"")
        let dropped = H.expect("window-by-field", in: H.quiet(grouped + ##", "windowBy": [⟪"rain"]"##), schema: schema)
        #expect(dropped.first?.message.contains("add it to groupBy") == true)
        H.expect("window-by-field", in: H.quiet(grouped + ##", "windowBy": ["city"]"##), schema: schema)
    }

    @Test func windowExpressionsAreCheckedAgainstTheOutput() {
        let spec = H.quiet(
            ##""groupBy": ["city"], "aggregate": {"high": "max(temp)"}, "window": {"a": "rolling_mean(high, ⟪0)", "b": "⟪stdev(high)", "c": "cumsum(⟪temp)"}, "keep": "⟪d > 1", "mark": "bar", "encoding": {"x": {"field": "city"}, "y": {"field": "a"}}"##
        )
        let (diagnostics, positions) = H.lint(spec, schema: schema)
        let window = diagnostics.filter { ["expr-window", "expr-window-size", "unknown-field"].contains($0.id) }
        #expect(window.map(\.id) == ["expr-window-size", "expr-window", "unknown-field", "unknown-field"])
        #expect(window.map(H.position) == positions)
        // A window field is an output field for the encoding.
        #expect(!diagnostics.contains { $0.id == "encoding-unknown-field" })
    }

    @Test func windowFunctionsInCalculateAreErrors() {
        H.expect(
            "expr-window",
            in: H.quiet(##""calculate": {"c": "⟪cumsum(rain)"}, "mark": "bar", "encoding": {"x": {"field": "city"}, "y": {"field": "c"}}"##),
            schema: schema)
    }

    @Test func anOrderFieldRepeatingInAPartitionIsAWarning() {
        let table = Table(columns: [
            Column(name: "city", type: .string, values: ["A", "A", "B", "B"].map { .string($0) }),
            Column(name: "day", type: .number, values: [1, 2, 1, 2].map { .number($0) }),
            Column(name: "high", type: .number, values: [1, 2, 3, 4].map { .number($0) }),
            Column(name: "avg", type: .number, values: [1, 2, 3, 4].map { .number($0) })
        ])
        let body =
            ##""groupBy": ["city", "day"], "aggregate": {"high": "max(temp)"}, "window": {"avg": "rolling_mean(high, 2)"}, "mark": "line", "encoding": {"x": {"field": "day"}, "y": {"field": "avg"}}"##
        let found = H.expect("window-order-repeats", in: H.quiet(body.replacingOccurrences(of: "\"window\"", with: "⟪\"window\"")), table: table)
        #expect(found.first?.severity == .warning)
        #expect(found.first?.message.contains("add 'city' to windowBy") == true)
        H.expect("window-order-repeats", in: H.quiet(body + ##", "windowBy": ["city"]"##), table: table)
    }

    /// Issue 24: the advice named every other grouping field, one that leaves a row per partition too (every
    /// share 100%). It names only fields that separate the series and keep several rows in a partition.
    @Test func theAdviceNamesOnlyAFieldThatSeparatesTheSeries() {
        let table = Table(columns: [
            Column(name: "city", type: .string, values: ["A", "A", "B", "B"].map { .string($0) }),
            Column(name: "id", type: .string, values: ["r1", "r2", "r3", "r4"].map { .string($0) }),
            Column(name: "day", type: .number, values: [1, 2, 1, 2].map { .number($0) }),
            Column(name: "high", type: .number, values: [1, 2, 3, 4].map { .number($0) }),
            Column(name: "share", type: .number, values: [1, 2, 3, 4].map { .number($0) })
        ])
        let body =
            ##""groupBy": ["city", "id", "day"], "aggregate": {"high": "max(temp)"}, ⟪"window": {"share": "high / sum(high)"}, "mark": "line", "encoding": {"x": {"field": "day"}, "y": {"field": "share"}}"##
        let found = H.expect("window-order-repeats", in: H.quiet(body), table: table)
        let message = found.first?.message ?? ""
        #expect(message.contains("add 'city' to windowBy") && !message.contains("'id'"), "\(message)")
    }

    @Test func twoFieldsTogetherAreAdvisedWhenNeitherAloneSeparates() {
        let table = Table(columns: [
            Column(name: "city", type: .string, values: ["A", "A", "A", "A", "B", "B", "B", "B"].map { .string($0) }),
            Column(name: "kind", type: .string, values: ["x", "x", "y", "y", "x", "x", "y", "y"].map { .string($0) }),
            Column(name: "day", type: .number, values: [1, 2, 1, 2, 1, 2, 1, 2].map { .number($0) }),
            Column(name: "high", type: .number, values: [1, 2, 3, 4, 5, 6, 7, 8].map { .number($0) }),
            Column(name: "avg", type: .number, values: [1, 2, 3, 4, 5, 6, 7, 8].map { .number($0) })
        ])
        let body =
            ##""groupBy": ["city", "kind", "day"], "aggregate": {"high": "max(temp)"}, ⟪"window": {"avg": "rolling_mean(high, 2)"}, "mark": "line", "encoding": {"x": {"field": "day"}, "y": {"field": "avg"}}"##
        let found = H.expect("window-order-repeats", in: H.quiet(body), table: table)
        #expect(found.first?.message.contains("add 'city' and 'kind' to windowBy") == true, "\(found.first?.message ?? "")")
    }

    /// SPEC §19.11: a faceted chart's running figures are partitioned by the facet field, so panels do not mix.
    @Test func theFacetFieldPartitionsTheWindow() {
        let table = Table(columns: [
            Column(name: "city", type: .string, values: ["A", "A", "B", "B"].map { .string($0) }),
            Column(name: "day", type: .number, values: [1, 2, 1, 2].map { .number($0) }),
            Column(name: "high", type: .number, values: [1, 2, 3, 4].map { .number($0) }),
            Column(name: "avg", type: .number, values: [1, 2, 3, 4].map { .number($0) })
        ])
        let body =
            ##""groupBy": ["city", "day"], "aggregate": {"high": "max(temp)"}, "window": {"avg": "rolling_mean(high, 2)"}, "facet": {"field": "city"}, "mark": "line", "encoding": {"x": {"field": "day"}, "y": {"field": "avg"}}"##
        H.expect("window-order-repeats", in: H.quiet(body), table: table)
    }
}
