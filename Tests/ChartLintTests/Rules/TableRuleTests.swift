import ChartData
import ChartDiagnostics
import ChartLayout
import ChartLint
import ChartPipeline
import ChartSemantics
import ChartSpec
import ChartValues
import Testing

/// SPEC §24: a table's mistakes are reported at their line:col, by the parser (keys a table replaces, keys one
/// display takes, what is not drawn yet) and by the checks build and lint share (fields not in the rows, bars and
/// heat cells over text, formats, schemes); lint's publishing rules about marks stay quiet on a table.
@Suite struct TableRuleTests {
    typealias H = LintHarness

    static let rows = Table(columns: [
        Column(name: "country", type: .string, values: [.string("Japan"), .string("Chad"), .string("Peru")]),
        Column(name: "life", type: .number, values: [.number(84.6), .number(52.5), .number(77.1)]),
        Column(name: "gdp", type: .number, values: [.number(42_000), .number(1500), .number(6700)])
    ])
    static let schema: [(name: String, type: DataType)] = [("country", .string), ("life", .number), ("gdp", .number)]

    /// The parser's diagnostics with `id`, at the markers.
    static func expectParsed(_ id: String, in text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let (clean, positions) = H.unmark(text)
        let parsed = SpecParser.parse(SourceFile(path: "test.chart.json", text: clean))
        let matching = parsed.diagnostics.filter { $0.id == id }
        #expect(matching.map(H.position) == positions, "\(parsed.diagnostics.map(\.message))", sourceLocation: sourceLocation)
        #expect(matching.allSatisfy { $0.severity == .error }, sourceLocation: sourceLocation)
    }

    @Test func aColumnOrSortOfAFieldNotInTheRowsIsAnErrorWithDidYouMean() throws {
        let spec = H.quiet(
            """
            "table": {"columns": [{"field": "country"}, {"field": ⟪"lfe"}],
              "sort": ⟪"-gpd"}
            """)
        let found = H.expect("table-unknown-field", in: spec, schema: Self.schema, table: Self.rows)
        #expect(found.first?.message.contains("did you mean 'life'?") == true)
        #expect(found.last?.message.contains("did you mean 'gdp'?") == true)
        // The sort's fix-it keeps the minus sign.
        let fix = try #require(found.last?.fixIt)
        #expect(fix.replacement == "gdp")
        #expect(fix.span.range.count == 3)
        // Build says the same, at the same place.
        let parsed = try #require(SpecParser.parse(SourceFile(path: "test.chart.json", text: H.unmark(spec).text)).spec)
        do {
            _ = try ChartLayoutEngine.check(parsed, table: Self.rows)
            Issue.record("a table with an unknown field built")
        } catch {
            #expect(error.diagnostics.map(H.position) == H.unmark(spec).positions)
        }
    }

    @Test func aSparklineColumnNamesNoFieldOfTheRows() {
        let spec = H.quiet(
            #""table": {"columns": [{"field": "country"}, {"field": "trend", "display": "sparkline", "from": {"data": {"url": "y.csv"}, "key": "country", "x": "year", "y": "gdp"}}]}"#
        )
        let (diagnostics, _) = H.lint(spec, schema: Self.schema, table: Self.rows, allowingParseErrors: true)
        #expect(!diagnostics.contains { $0.id == "table-unknown-field" })
    }

    @Test func aSparklineJoinsOnAFieldOfTheRows() {
        H.expect(
            "table-unknown-field",
            in: H.quiet(
                #""table": {"columns": [{"field": "country"}, {"field": "trend", "display": "sparkline", "from": {"data": {"url": "y.csv"}, "key": ⟪"county", "x": "year", "y": "gdp"}}]}"#
            ), schema: Self.schema, table: Self.rows)
    }

    @Test func aSparklinesXOrYNotInItsDataIsAnErrorAtItsLineAndColumn() throws {
        let text =
            #"{"data": {"url": "d.csv"}, "table": {"columns": [{"field": "t", "display": "sparkline", "from": {"data": {"url": "y.csv"}, "key": "country", "x": ⟪"yaer", "y": ⟪"gpd"}}]}}"#
        let (clean, positions) = H.unmark(text)
        let spec = try #require(SpecParser.parse(SourceFile(path: "t.chart.json", text: clean)).spec)
        let from = try #require(spec.table?.columns.first?.from)
        let found = SparklineRows.check(from, columns: ["country", "year", "gdp"])
        #expect(found.map(\.id) == ["unknown-field", "unknown-field"])
        #expect(found.map(H.position) == positions)
        #expect(found.first?.message.contains("did you mean 'year'?") == true)
        #expect(found.last?.fixIt?.replacement == "\"gdp\"")
    }

    @Test func aHeatColumnOfFewerThanThreeValuesIsAWarning() {
        let two = Table(columns: [
            Column(name: "country", type: .string, values: [.string("Japan"), .string("Chad"), .string("Peru")]),
            Column(name: "life", type: .number, values: [.number(1), .number(2), .number(1)]),
            Column(name: "gdp", type: .number, values: [.number(1), .number(2), .number(3)])
        ])
        let found = H.expect(
            "table-heat-few-values",
            in: H.quiet(#""table": {"columns": [{"field": "life", "display": ⟪"heat"}, {"field": "gdp", "display": "heat"}]}"#), schema: Self.schema,
            table: two)
        #expect(found.first?.severity == .warning)
        #expect(found.first?.message.contains("only two values") == true)
    }

    @Test func barsAndHeatCellsNeedNumbers() {
        H.expect(
            "table-column-type",
            in: H.quiet(#""table": {"columns": [{"field": "country", "display": ⟪"bar"}, {"field": "life", "display": "heat"}]}"#),
            schema: Self.schema, table: Self.rows)
    }

    @Test func formatsAndSchemesAreChecked() {
        H.expect(
            "invalid-format", in: H.quiet(#""table": {"columns": [{"field": "life", "format": ".1⟪q"}]}"#), schema: Self.schema, table: Self.rows)
        H.expect(
            "color-unknown-scheme",
            in: H.quiet(#""table": {"columns": [{"field": "life", "display": "heat", "scheme": ⟪"bluez"}]}"#), schema: Self.schema,
            table: Self.rows)
    }

    @Test func aTableWithAKeyItReplacesIsAnError() {
        Self.expectParsed(
            "conflicting-keys",
            in: #"{"data": {"url": "d.csv"}, ⟪"mark": "bar", ⟪"encoding": {}, "table": {"columns": [{"field": "a"}]}}"#)
        Self.expectParsed("conflicting-keys", in: #"{"data": {"url": "d.csv"}, "table": {"columns": [{"field": "a"}]}, ⟪"height": 300}"#)
    }

    @Test func keysOfAnotherDisplayAndMissingColumnsAreErrors() {
        Self.expectParsed("misplaced-key", in: #"{"data": {"url": "d.csv"}, "table": {"columns": [{"field": "a", ⟪"scheme": "blues"}]}}"#)
        Self.expectParsed("missing-key", in: #"{"data": {"url": "d.csv"}, "table": ⟪{"rows": 5}}"#)
        Self.expectParsed("missing-key", in: #"{"data": {"url": "d.csv"}, "table": {"columns": [⟪{"field": "t", "display": "sparkline"}]}}"#)
        Self.expectParsed("invalid-value", in: #"{"data": {"url": "d.csv"}, "table": {"columns": [{"field": "a"}], "rows": ⟪0}}"#)
        Self.expectParsed("unknown-value", in: #"{"data": {"url": "d.csv"}, "table": {"columns": [{"field": "a", "display": ⟪"bars"}]}}"#)
    }

    @Test func anImageColumnIsAccepted() {
        let parsed = SpecParser.parse(
            SourceFile(path: "t.chart.json", text: #"{"data": {"url": "d.csv"}, "table": {"columns": [{"field": "a", "display": "image"}]}}"#))
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics.map(\.message))")
    }

    @Test func onlyThePublishingRulesAboutPageTextHoldForATable() {
        let spec = #"{"data": {"url": "d.csv"}, "table": {"columns": [{"field": "country"}, {"field": "gdp", "display": "bar"}]}}"#
        let ids = H.ids(spec, schema: Self.schema, table: Self.rows)
        #expect(ids.contains("missing-title"))
        #expect(ids.contains("missing-source"))
        #expect(!ids.contains("missing-alt"))
        #expect(!ids.contains("missing-position"))
        #expect(
            H.ids(
                H.quiet(#""table": {"columns": [{"field": "country"}, {"field": "gdp", "display": "bar"}]}"#), schema: Self.schema, table: Self.rows
            ).isEmpty)
    }
}
