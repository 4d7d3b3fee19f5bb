import ChartCommandLine
import ChartData
import ChartDiagnostics
import ChartSpec
import Foundation
import Testing

/// Draws every chart as a one-line text naming its spec and row count, and fails for specs whose title starts
/// with "Fail", so build's bookkeeping can be tested apart from layout.
private struct StubRenderer: ChartRenderer {
    func render(_ chart: PipelineResult, formats: [OutputFormat]) throws(DiagnosticError) -> [[UInt8]] {
        let spec = chart.spec
        let title = spec.title?.value ?? ""
        if title.hasPrefix("Fail") {
            throw DiagnosticError(Diagnostic(TestMessage(.error, "stub-failure", "the stub cannot draw '\(title)'"), at: spec.title?.span))
        }
        return formats.map { Array("\($0.rawValue):\(title):\(chart.table.rowCount)\n".utf8) }
    }
}

private func spec(title: String) -> String {
    """
    {"title": "\(title)", "data": {"values": [{"a": 1}, {"a": 2}]}, "mark": "point", "encoding": {"x": {"field": "a"}}}
    """
}

@Suite struct BuildCommandTests {
    @Test func manySpecsBuildInParallelAndReportInInputOrder() throws {
        let root = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        var expectedOutput = ""
        var failing: [String] = []
        for index in 0..<24 {
            let name = String(format: "chart%02d", index)
            let title = index % 5 == 3 ? "Fail \(index)" : "Chart \(index)"
            try Data(spec(title: title).utf8).write(to: root.appendingPathComponent("\(name).chart.json"))
            if title.hasPrefix("Fail") {
                failing.append(name)
            } else {
                expectedOutput += "wrote \(root.path)/\(name).svg\n"
            }
        }
        let console = BufferConsole()
        let status = Chartc.run(["build", root.path], console: console, environment: CommandEnvironment(renderer: StubRenderer()))
        #expect(status == 1)
        #expect(console.output == expectedOutput)
        let errorLines = console.error.split(separator: "\n").map(String.init)
        let failures = errorLines.filter { $0.contains("[stub-failure]") }
        #expect(failures.map { String($0.prefix(while: { $0 != "." }).dropFirst(root.path.count + 1)) } == failing)
        // The summary names the failed specs, in input order, as the build was given them.
        let summary = try #require(errorLines.firstIndex { $0.hasPrefix("built 19 charts in ") })
        #expect(errorLines[summary].hasSuffix("; 5 failed:"))
        #expect(Array(errorLines[(summary + 1)...]) == failing.map { "  \(root.path)/\($0).chart.json" })
        #expect(try String(decoding: Data(contentsOf: root.appendingPathComponent("chart00.svg")), as: UTF8.self) == "svg:Chart 0:2\n")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("chart03.svg").path))
    }

    @Test func aFailedRebuildKeepsTheOldOutput() throws {
        let root = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let specURL = root.appendingPathComponent("c.chart.json")
        try Data(spec(title: "Good").utf8).write(to: specURL)
        let environment = CommandEnvironment(renderer: StubRenderer())
        #expect(Chartc.run(["build", specURL.path], console: BufferConsole(), environment: environment) == 0)
        try Data(spec(title: "Fail now").utf8).write(to: specURL)
        #expect(Chartc.run(["build", specURL.path], console: BufferConsole(), environment: environment) == 1)
        let svg = String(decoding: try Data(contentsOf: root.appendingPathComponent("c.svg")), as: UTF8.self)
        #expect(svg == "svg:Good:2\n")
    }

    @Test func collidingOutputsBuildOnlyTheFirst() throws {
        let root = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        for folder in ["x", "y"] {
            let url = root.appendingPathComponent("\(folder)/same.chart.json")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(spec(title: folder).utf8).write(to: url)
        }
        let console = BufferConsole()
        let status = Chartc.run(
            ["build", root.path, "-o", root.path + "/out"], console: console, environment: CommandEnvironment(renderer: StubRenderer()))
        #expect(status == 1)
        #expect(console.output == "wrote \(root.path)/out/same.svg\n")
        #expect(
            console.error.hasPrefix(
                "\(root.path)/y/same.chart.json: error: not built: its output '\(root.path)/out/same.svg' would overwrite the chart built from '\(root.path)/x/same.chart.json'"
            ))
    }
}

/// A message with any id and severity, to test the build command apart from every catalogue.
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
