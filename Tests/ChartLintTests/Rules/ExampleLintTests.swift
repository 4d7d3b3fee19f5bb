import ChartData
import ChartDiagnostics
import ChartLint
import ChartSpec
import ChartTestSupport
import ChartValues
import Testing

/// Newsroom warnings must not be noise: the SPEC's own example and every chart in `examples/` lint without
/// errors, and with no warning but these, each a publishing mistake we would point out in review.
@Suite("Examples lint clean")
struct ExampleLintTests {
    /// The warnings each example has (the same list as BadInputTests' `ExampleCommandTests`).
    static let defended: [String: [String]] = [
        // Made-up data should still say so in a source line ("Made-up data for this example").
        "examples/pen-pal-letters/letters.chart.json": ["missing-source"],
        "examples/step-counts/step-counts.chart.json": ["missing-source"],
        // Tableau's orange (#f28e2c, 2.4:1) and teal (#76b7b2, 2.2:1) are too faint for 2 px lines on white.
        "examples/seattle-weather/monthly-highs-direct.chart.json": ["low-contrast", "low-contrast"],
        // 13 and 15 words: the detail belongs in the subtitle.
        "examples/seattle-weather/rain-days-stacked.chart.json": ["long-title"],
        "examples/seattle-weather/temperature-band.chart.json": ["long-title"],
        // The point of the example: fifteen budget functions, eight of them thin slices whose labels stack outside.
        "examples/arcs/us-budget-2023.chart.json": ["arc-too-many-slices"]
    ]

    @Test func theSpecExampleIsClean() throws {
        let polarization = try ExampleSpecs.polarization()
        let schema: [(name: String, type: DataType)] = [
            ("congress", .number), ("chamber", .string), ("party_code", .number), ("nominate_dim1", .number)
        ]
        let (diagnostics, _) = LintHarness.lint(polarization, schema: schema)
        #expect(diagnostics.map(\.id) == [])
        // With the pipeline's rows: three series, the hidden one among them.
        let parties = ["Democrats", "Republicans", "Congress"]
        let table = Table(columns: [
            Column(name: "year", type: .number, values: [1949, 1949, 1949].map { .number($0) }),
            Column(name: "party", type: .string, values: parties.map { .string($0) }),
            Column(name: "median", type: .number, values: [-0.3, 0.3, 0].map { .number($0) })
        ])
        #expect(LintHarness.lint(polarization, table: table).diagnostics.map(\.id) == [])
    }

    @Test func everyExampleLintsWithoutErrorsOrNoise() throws {
        for path in TestFiles.exampleSpecs {
            let file = try #require(TestFiles.sourceFile(path))
            let parsed = SpecParser.parse(file)
            let spec = try #require(parsed.spec, "\(path) does not parse")
            // Without the data some rules cannot run (series come from the pipeline); `chartc lint` runs them all
            // (BadInputTests' ExampleCommandTests checks the exact list there).
            let found = Linter.lint(spec: spec, schema: nil).map(\.id)
            let defended = Self.defended[path] ?? []
            #expect(found.allSatisfy { defended.contains($0) }, "\(path): \(found)")
        }
    }
}
