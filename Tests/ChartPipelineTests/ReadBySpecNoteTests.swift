import ChartData
import ChartDiagnostics
import ChartSpec
import Foundation
import Testing
@testable import ChartPipeline

/// A problem in a data file names the spec that read it: a note at the spec's `data.url`, from the loader, so
/// every command that loads data (build, lint, data, plan) says it.
@Suite struct ReadBySpecNoteTests {
    /// Every diagnostic of `Pipeline.run` (and of `Pipeline.schema`) for `spec` next to a `data.csv` holding `csv`.
    func diagnostics(spec: String, csv: String) throws -> (run: [Diagnostic], schema: [Diagnostic], specFile: SourceFile) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chartc-read-by-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(csv.utf8).write(to: folder.appendingPathComponent("data.csv"))
        let file = SourceFile(path: folder.appendingPathComponent("chart.chart.json").path, text: spec)
        let parsed = try #require(SpecParser.parse(file).spec)
        var run: [Diagnostic] = []
        var schema: [Diagnostic] = []
        do { _ = try Pipeline.run(spec: parsed) } catch { run = error.diagnostics }
        do { _ = try Pipeline.schema(spec: parsed, context: .standard()) } catch { schema = error.diagnostics }
        return (run, schema, file)
    }

    static let spec =
        "{\n  \"data\": { \"url\": \"data.csv\" },\n  \"mark\": \"bar\",\n  \"encoding\": { \"x\": { \"field\": \"a\" }, \"y\": { \"field\": \"b\" } }\n}\n"

    @Test func anErrorInTheDataFileNamesTheSpec() throws {
        let (run, schema, file) = try diagnostics(spec: Self.spec, csv: "a,b\n1,2\n3,4,5\n")
        for found in [run, schema] {
            let error = try #require(found.first)
            #expect(error.id == "csv-field-count")
            #expect(error.span?.file.path.hasSuffix("/data.csv") == true)
            let note = try #require(error.notes.last)
            #expect(note.message == "'data.csv' is read by this spec")
            #expect(note.span?.file === file)
            #expect(note.span?.description.hasSuffix("chart.chart.json:2:20") == true)
            #expect(error.notes.filter { $0.message == note.message }.count == 1)
        }
    }

    @Test func anErrorAtTheSpecItselfHasNoSuchNote() throws {
        // A missing file is reported at the spec's data.url already.
        let missing = Self.spec.replacingOccurrences(of: "data.csv", with: "nothere.csv")
        let (run, _, file) = try diagnostics(spec: missing, csv: "a,b\n1,2\n")
        let error = try #require(run.first)
        #expect(error.span?.file === file)
        #expect(!error.notes.contains { $0.message.hasSuffix("is read by this spec") })
        // Inline values are in the spec: nothing to name.
        let inline = try #require(SpecParser.parse(SourceFile(path: "v.chart.json", text: #"{"data": {"values": [{"a": 1}]}, "mark": "bar"}"#)).spec)
        #expect(
            ReadBySpecNote.adding(to: [Diagnostic(TestMessage(.error, "x", "m"), path: "elsewhere.csv")], for: inline.data).first?.notes.isEmpty
                == true)
    }
}

/// A message with any id and severity, to test the note apart from every catalogue.
private struct TestMessage: DiagnosticMessage {
    let severity: Severity
    let diagnosticID: DiagnosticID
    let message: String

    init(_ severity: Severity, _ name: String, _ message: String) {
        self.severity = severity
        self.diagnosticID = DiagnosticID(domain: "Tests", name: name)
        self.message = message
    }
}
