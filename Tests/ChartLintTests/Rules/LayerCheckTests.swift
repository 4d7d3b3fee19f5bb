import ChartData
import ChartDiagnostics
import ChartLint
import ChartLayout
import ChartSemantics
import ChartValues
import Testing

/// The checking stage over layers (SPEC §11): each layer is checked against its own rows with the same checks
/// (one report for an inherited mistake), one scale per channel across layers, and lint's rules see every layer.
@Suite struct LayerCheckTests {
    static let schema: [(name: String, type: DataType)] = [("d", .string), ("v", .number), ("t", .date)]

    @Test func aChannelQuantitativeInOneLayerAndNominalInAnotherIsAnErrorAtTheSecond() {
        let (diagnostics, positions) = LintHarness.lint(
            LintHarness.quiet(
                #"""
                "layers": [
                  { "mark": "point", "encoding": { "x": { "field": "v" }, "y": { "field": "v" } } },
                  { "mark": "line", "encoding": { "x": { "field": ⟪"d" }, "y": { "field": "v" } } }
                ]
                """#), schema: Self.schema)
        let conflicts = diagnostics.filter { $0.id == "layer-channel-type-conflict" }
        #expect(conflicts.count == 1)
        #expect(conflicts.first.map(LintHarness.position) == positions.first)
        #expect(
            conflicts.first?.message.hasPrefix(
                "'layers[1].encoding.x' is categories (nominal or ordinal) in layer 1, but layer 0 draws it as quantitative") == true)
        #expect(conflicts.first?.severity == .error)
    }

    @Test func aDeclaredTypeConflictsToo() {
        let (diagnostics, positions) = LintHarness.lint(
            LintHarness.quiet(
                #"""
                "encoding": { "y": { "field": "v" } },
                "layers": [
                  { "mark": "point", "encoding": { "x": { "field": "t" } } },
                  { "mark": "line", "encoding": { "x": { "field": "v", "type": ⟪"quantitative" } } }
                ]
                """#), schema: Self.schema)
        let conflicts = diagnostics.filter { $0.id == "layer-channel-type-conflict" }
        #expect(conflicts.count == 1)
        #expect(conflicts.first.map(LintHarness.position) == positions.first)
        #expect(conflicts.first?.message.contains("is quantitative in layer 1, but layer 0 draws it as temporal") == true)
    }

    @Test func layersThatAgreeAreClean() {
        let (diagnostics, _) = LintHarness.lint(
            LintHarness.quiet(
                #"""
                "encoding": { "x": { "field": "d" }, "y": { "field": "v" } },
                "layers": [{ "mark": "bar" }, { "mark": "point", "encoding": { "y": { "field": "v" } } }]
                """#), schema: Self.schema)
        #expect(diagnostics.filter { $0.severity == .error }.map(\.message) == [])
    }

    @Test func eachLayerIsCheckedAgainstItsOwnRowsAndAnInheritedMistakeIsReportedOnce() {
        let (diagnostics, positions) = LintHarness.lint(
            LintHarness.quiet(
                #"""
                "encoding": { "x": { "field": ⟪"dd" }, "y": { "field": "v" } },
                "layers": [
                  { "mark": "point" },
                  { "mark": "line", "groupBy": ["d"], "aggregate": { "m": "mean(v)" }, "encoding": { "y": { "field": ⟪"v" } } }
                ]
                """#), schema: Self.schema)
        let unknown = diagnostics.filter { $0.id == "encoding-unknown-field" }
        // `dd` is wrong in both layers, reported once; the aggregating layer's rows have no `v`.
        #expect(unknown.map(LintHarness.position) == positions)
        #expect(unknown.last?.message.hasPrefix("'layers[1].encoding.y' shows the field 'v', which 'aggregate' leaves out") == true)
    }

    @Test func aTextLayerNeedsItsTextChannel() {
        let (diagnostics, positions) = LintHarness.lint(
            LintHarness.quiet(
                #"""
                "encoding": { "x": { "field": "d" }, "y": { "field": "v" } },
                "layers": [{ "mark": "line" }, { "mark": ⟪"text" }]
                """#), schema: Self.schema)
        #expect(diagnostics.filter { $0.id == "text-without-text" }.map(LintHarness.position) == positions)
    }

    @Test func lintRulesSeeEveryLayersMark() {
        let (diagnostics, positions) = LintHarness.lint(
            LintHarness.quiet(
                #"""
                "encoding": { "x": { "field": "d" }, "y": { "field": "v" } },
                "layers": [{ "mark": { "type": "line", "interpolate": "monotone" } }, { "mark": { "type": "bar", ⟪"interpolate": "monotone" } }]
                """#), schema: Self.schema)
        let ignored = diagnostics.filter { $0.id == "option-not-supported" }
        #expect(ignored.map(LintHarness.position) == positions)
        #expect(ignored.first?.message.contains("bar marks do not draw 'mark.interpolate'") == true)
    }
}

@Test func layerDiagnosticIDsAreDocumented() throws {
    let page = String(decoding: try #require(TestFiles.bytes("specs/diagnostics.md")), as: UTF8.self)
    for id in LayerDiagnostic.Kind.allIDs + LayoutDiagnostic.Kind.allIDs {
        #expect(page.contains("| \(id.name) |"), "\(id.name) is missing from specs/diagnostics.md")
    }
}

@Test func anInheritedStackThatAnotherLayerUsesIsNotIgnored() {
    let (quiet, _) = LintHarness.lint(
        LintHarness.quiet(
            #"""
            "encoding": { "x": { "field": "d" }, "y": { "field": "v", "stack": "normalize" }, "color": { "field": "d" } },
            "layers": [{ "mark": "area" }, { "mark": "line" }]
            """#), schema: LayerCheckTests.schema)
    #expect(quiet.filter { $0.id == "option-ignored" }.map(\.message) == [])
    let (noisy, positions) = LintHarness.lint(
        LintHarness.quiet(
            #"""
            "encoding": { "x": { "field": "d" }, "y": { "field": "v", ⟪"stack": "normalize" } },
            "layers": [{ "mark": "point" }, { "mark": "line" }]
            """#), schema: LayerCheckTests.schema)
    #expect(noisy.filter { $0.id == "option-ignored" }.map(LintHarness.position) == positions)
}
