import ChartData
import ChartDiagnostics
import ChartLint
import ChartSpec
import Testing

/// Newsroom warnings must not be noise: the SPEC's own example and every chart in `examples/` lint without
/// errors or warnings (their subtitles stand in for alt text).
@Suite("Examples lint clean")
struct ExampleLintTests {
    static let defended: Set<String> = []

    @Test func theSpecExampleIsClean() {
        let schema: [(name: String, type: DataType)] = [
            ("congress", .number), ("chamber", .string), ("party_code", .number), ("nominate_dim1", .number),
        ]
        let (diagnostics, _) = LintHarness.lint(TestSpecs.polarization, schema: schema)
        #expect(diagnostics.map(\.id) == [])
        // With the pipeline's rows: three series, the hidden one among them.
        let parties = ["Democrats", "Republicans", "Congress"]
        let table = Table(columns: [
            Column(name: "year", type: .number, values: [1949, 1949, 1949].map { .number($0) }),
            Column(name: "party", type: .string, values: parties.map { .string($0) }),
            Column(name: "median", type: .number, values: [-0.3, 0.3, 0].map { .number($0) }),
        ])
        #expect(LintHarness.lint(TestSpecs.polarization, table: table).diagnostics.map(\.id) == [])
    }

    @Test func everyExampleLintsWithoutErrorsOrNoise() throws {
        for path in TestFiles.exampleSpecs {
            let file = try #require(TestFiles.sourceFile(path))
            let parsed = SpecParser.parse(file)
            let spec = try #require(parsed.spec, "\(path) does not parse")
            let noisy = Linter.lint(spec: spec, schema: nil).filter { !Self.defended.contains($0.id) }
            #expect(noisy.isEmpty, "\(path): \(noisy.map { "[\($0.id)] \($0.message)" })")
        }
    }
}
