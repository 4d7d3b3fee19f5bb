import ChartData
import ChartDiagnostics
import ChartSpec
import ChartSystem
import Foundation
import Testing
@testable import ChartPipeline

/// `Pipeline.run` reads only the columns a spec with `aggregate` names, yet must report exactly what a full read
/// reports: a problem in a column it skipped sends it back to read the whole file.
@Suite struct ProjectedLoadTests {
    static let spec = """
        {
          "data": { "url": "data.csv" },
          "groupBy": ["party"],
          "aggregate": { "total": "sum(score)" },
          "mark": "bar",
          "encoding": { "x": { "field": "party" }, "y": { "field": "total" } }
        }
        """

    /// Writes `csv` next to the spec in a fresh folder and runs the pipeline.
    static func run(csv: [UInt8]) throws -> PipelineOutput {
        try withSpec(csv: csv) { spec throws in try Pipeline.run(spec: spec) }
    }

    /// Writes `csv` next to the spec in a fresh folder and gives the parsed spec to `body`.
    static func withSpec<T>(csv: [UInt8], _ body: (ChartSpec) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chartc-projection-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(csv).write(to: folder.appendingPathComponent("data.csv"))
        let parsed = SpecParser.parse(SourceFile(path: folder.appendingPathComponent("chart.chart.json").path, text: spec))
        let spec = try #require(parsed.spec, "\(parsed.diagnostics.map(\.message))")
        return try body(spec)
    }

    @Test func readsOnlyTheNamedColumnsAndAggregatesThem() throws {
        let output = try Self.run(csv: Array("party,name,score,note\nD,Ann,1.5,x\nR,Bob,2,y\nD,Cy,3,z\n".utf8))
        #expect(output.plan.columns == ["party", "score"])
        #expect(TableWriter.csv(output.table) == "party,total\nD,4.5\nR,2\n")
        #expect(output.provenance.isEmpty) // local files are not hashed
    }

    @Test func lintSchemaTypesOnlyTheNamedColumnsButListsThemAll() throws {
        // 'count' holds numbers but the spec never names it: listed (for did-you-mean) as a string, unread.
        let schema = try Self.withSpec(csv: Array("party,count,score\nD,1,1.5\nR,2,2\n".utf8)) { spec throws in
            try Pipeline.schema(spec: spec, context: .standard())
        }
        let fields = try #require(schema)
        #expect(fields.map(\.name) == ["party", "count", "score"])
        #expect(fields.map(\.type) == [.string, .string, .number])
    }

    @Test func invalidUTF8InAnUnreadColumnIsStillReported() throws {
        // 'name' is never read by the spec, but a full read rejects its second cell; so must the projected run.
        let csv = Array("party,name,score\nD,Ann,1\nR,B".utf8) + [0xFF] + Array("b,2\n".utf8)
        #expect {
            _ = try Self.run(csv: csv)
        } throws: { error in
            guard let error = error as? DiagnosticError else { return false }
            return error.diagnostics.map(\.id) == ["csv-invalid-utf8"]
                && error.diagnostics.first?.message.contains("column 'name'") == true
        }
    }
}

/// `LoadContext.sampleBytes` (lint's fast path): a large file is read up to its first whole records; a smaller
/// file, or a sample with anything to report, is read whole.
@Suite struct SampledLoadTests {
    static func csv(rows: Int, badRowAt bad: Int? = nil) -> [UInt8] {
        var text = "party,name,score\n"
        for row in 0..<rows { text += row == bad ? "R,oops\n" : "\(row % 2 == 0 ? "D" : "R"),N\(row),\(row)\n" }
        return Array(text.utf8)
    }

    static func run(_ csv: [UInt8], sample: Int?) throws -> PipelineOutput {
        try ProjectedLoadTests.withSpec(csv: csv) { spec throws in
            try Pipeline.run(spec: spec, context: LoadContext(fetch: LoadContext.standard().fetch, sampleBytes: sample))
        }
    }

    @Test func aLargeFileIsReadUpToItsFirstWholeRecords() throws {
        let output = try Self.run(Self.csv(rows: 1000), sample: 100)
        #expect(output.isSample)
        // 17 header bytes, then rows of 7 and 9 bytes ("D,N0,0", "D,N10,10"): rows 0…10 end within 100 bytes.
        // D: 0+2+4+6+8+10, R: 1+3+5+7+9.
        #expect(TableWriter.csv(output.table) == "party,total\nD,30\nR,25\n")
        #expect(output.schema.map(\.name) == ["party", "name", "score"])
    }

    @Test func aSmallFileOrNoSampleReadsEveryRow() throws {
        let small = try Self.run(Self.csv(rows: 4), sample: 1 << 20)
        #expect(!small.isSample)
        #expect(TableWriter.csv(small.table) == "party,total\nD,2\nR,4\n")
        let whole = try Self.run(Self.csv(rows: 1000), sample: nil)
        #expect(!whole.isSample)
    }

    @Test func aProblemInTheSampleIsReportedAsTheWholeReadReportsIt() throws {
        #expect {
            _ = try Self.run(Self.csv(rows: 1000, badRowAt: 3), sample: 200)
        } throws: { error in
            (error as? DiagnosticError)?.diagnostics.first?.id == "csv-field-count"
        }
    }
}
