import ChartData
import ChartDiagnostics
import ChartSpec
import ChartSystem
import ChartTestSupport
import Foundation
import Testing
@testable import ChartPipeline

/// A spec file and its CSV (as `dataName`) in a fresh temporary folder, run through the parser, loader, planner
/// and runner.
private func runSpec(_ specText: String, csv: String, dataName: String = "members.csv") throws -> PipelineOutput {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chartc-pipeline-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try csv.write(to: folder.appendingPathComponent(dataName), atomically: true, encoding: .utf8)
    let path = folder.appendingPathComponent("chart.chart.json").path
    let parsed = SpecParser.parse(SourceFile(path: path, text: specText))
    let spec = try #require(parsed.spec, "\(parsed.diagnostics.map(\.message))")
    return try Pipeline.run(spec: spec)
}

/// The polarization example's own spec (examples/, through ChartTestSupport) over a few hand-made rows.
@Test func polarizationSpecFromFileToCSV() throws {
    let spec = try ExampleSpecs.polarization()
    let csv = """
        congress,chamber,party_code,bioname,nominate_dim1
        79,House,100,"A, B",-0.5
        80,House,100,C,-0.4
        80,Senate,100,D,-0.25
        80,House,200,E,0.3
        80,President,100,F,-0.9
        80,House,200,G,0.5
        81,Senate,200,H,0.25
        81,House,100,I,
        81,House,100,J,-0.375

        """
    let output = try runSpec(spec, csv: csv, dataName: "HSall_members.csv")
    // 1947: D -0.4 -0.25 → -0.325; R 0.3 0.5 → 0.4; all -0.4 -0.25 0.3 0.5 → 0.025.
    //   (0.3 is stored as 0.29999999999999998890, so the exact midpoint of -0.25 and it prints as
    //   0.024999999999999994, as DuckDB's quantile_cont prints it.)
    // 1949: D -0.375 (the empty score skipped); R 0.25; all -0.375 0.25 → -0.0625.
    #expect(
        TableWriter.csv(output.table) == """
            year,party,median
            1947,Congress,0.024999999999999994
            1947,Democrats,-0.325
            1947,Republicans,0.4
            1949,Congress,-0.0625
            1949,Democrats,-0.375
            1949,Republicans,0.25

            """)
    #expect(output.plan.columns == ["congress", "chamber", "party_code", "nominate_dim1"])
    #expect(output.plan.description.hasPrefix("load    "))
    #expect(output.plan.description.contains("HSall_members.csv  (csv; 4 of 5 columns: congress, chamber, party_code, nominate_dim1)"))
}

@Test func planningErrorsComeBackAsDiagnostics() throws {
    let spec = """
        {
          "data": { "url": "members.csv" },
          "groupBy": ["chambr"],
          "aggregate": { "n": "count()" },
          "mark": "bar"
        }
        """
    do {
        _ = try runSpec(spec, csv: "chamber,n\nHouse,1\n")
        Issue.record("expected an error")
    } catch let error as DiagnosticError {
        #expect(error.diagnostics.map(\.id) == ["unknown-field"])
        #expect(error.diagnostics.first?.message.contains("did you mean 'chamber'?") == true)
        #expect(error.diagnostics.first?.fixIt?.replacement == "chamber")
    }
}

@Test func misspelledSortKeysGetAFixItInsideTheQuotes() throws {
    let text = """
        {"data": {"url": "members.csv"}, "groupBy": ["chamber"], "aggregate": {"total": "sum(n)"}, "sort": ["-totl"], "mark": "bar"}
        """
    let parsed = SpecParser.parse(SourceFile(path: "chart.chart.json", text: text))
    let spec = try #require(parsed.spec)
    let (plan, diagnostics) = Planner.plan(spec, schema: [("chamber", .string), ("n", .number)])
    #expect(plan == nil)
    let fixIt = try #require(diagnostics.first?.fixIt)
    #expect(fixIt.replacement == "total")
    let replaced = String(decoding: Array(text.utf8)[fixIt.span.range], as: UTF8.self)
    #expect(replaced == "totl")
}
