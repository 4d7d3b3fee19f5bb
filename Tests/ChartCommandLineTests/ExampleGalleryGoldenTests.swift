import ChartCommandLine
import ChartData
import ChartDiagnostics
import ChartLayout
import ChartNetwork
import ChartSpec
import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The gallery under `examples/` as golden files: every spec `chartc build examples` builds (so not the ones in
/// `.chartcignore`) is built by `chartc build` itself (`Chartc.run`, into a scratch folder) and its SVG compared
/// with the `NAME.svg` committed next to it, so a change in layout shows up as a diff of the pictures people look
/// at. `CHARTC_RECORD=1 swift test --filter Golden` rewrites the SVGs and the PNGs beside them (then look at them
/// and review the diff).
/// Each chart must also lay out without text that overlaps or leaves the canvas.
@Suite struct ExampleGalleryGoldenTests {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // ChartCommandLineTests
        .deletingLastPathComponent() // Tests
        .deletingLastPathComponent()

    static var examplesPath: String { packageRoot.appendingPathComponent("examples").path }

    /// Every spec the gallery build picks up, relative to `examples/`, sorted.
    static func specPaths() -> [String] {
        let root = examplesPath
        return SpecFiles.expand([root]).files.map { String($0.dropFirst(root.count + 1)) }.sorted()
    }

    /// `build`'s own renderer, with a check on the way: a chart whose text overlaps or leaves the canvas fails to
    /// build, with the problems as its diagnostic.
    struct TextCheckingRenderer: ChartRenderer {
        func render(_ chart: PipelineResult, formats: [OutputFormat]) throws(DiagnosticError) -> [[UInt8]] {
            let renderer = DefaultRenderer()
            let laidOut = try renderer.layout(chart, formats: formats)
            let scene: Scene
            if let still = laidOut.still {
                scene = still
            } else {
                scene = try ChartLayoutEngine.layout(
                    spec: chart.theme.sized(chart.spec), table: chart.table, layers: chart.layers, theme: chart.theme)
            }
            let problems = scene.textLayoutProblems()
            if !problems.isEmpty {
                throw DiagnosticError(
                    Diagnostic(TestMessage(.error, "text-layout", "text overlaps or leaves the canvas: \(problems)"), path: chart.spec.file.path))
            }
            var files: [[UInt8]] = []
            for format in formats { files.append(try renderer.write(laidOut, format: format)) }
            return files
        }
    }

    /// `chartc build examples/PATH -o SCRATCH`: the SVG it writes, or nil (with the build's messages recorded).
    static func build(_ path: String) throws -> String? {
        let output = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let console = BufferConsole()
        // Re-recording also draws each example's PNG (SPEC §23, committed beside its SVG so the gallery shows what
        // `--format png` makes); `PNGGalleryTests` checks the committed PNGs still agree with the build's.
        let formats = recordingGoldenFiles ? ["--format", "svg,png"] : []
        let status = Chartc.run(
            ["build", examplesPath + "/" + path, "-o", output.path, "--offline"] + formats,
            console: console, environment: CommandEnvironment(renderer: TextCheckingRenderer()))
        guard status == 0 else {
            Issue.record("chartc build \(path) failed:\n\(console.error)")
            return nil
        }
        let name = String(path.split(separator: "/").last ?? "").dropLast(SpecFiles.suffix.count)
        if recordingGoldenFiles, let png = FileManager.default.contents(atPath: output.appendingPathComponent(name + ".png").path) {
            let folder = (examplesPath + "/" + path).split(separator: "/").dropLast().joined(separator: "/")
            try Data(png).write(to: URL(fileURLWithPath: "/" + folder + "/" + name + ".png"), options: .atomic)
        }
        return String(decoding: try Data(contentsOf: output.appendingPathComponent(name + ".svg")), as: UTF8.self)
    }

    @Test func theGalleryHasItsCharts() {
        let paths = Self.specPaths()
        for expected in [
            "polarization/polarization.chart.json", "pen-pal-letters/letters.chart.json", "seattle-weather/temperature-ranges.chart.json",
            "step-counts/step-counts.chart.json"
        ] {
            #expect(paths.contains(expected))
        }
    }

    @Test(arguments: specPaths())
    func exampleMatchesItsSVG(_ path: String) throws {
        let svg = try #require(try Self.build(path))
        // Well-formed XML, and the same bytes when built again (charts are committed and diffed).
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse(), "\(path) is not well-formed XML: \(String(describing: parser.parserError))")
        #expect(try Self.build(path) == svg, "\(path) built twice gives different bytes")
        let svgPath = String(path.dropLast(SpecFiles.suffix.count)) + ".svg"
        assertGolden(file: URL(fileURLWithPath: Self.examplesPath + "/" + svgPath), shownAs: "examples/" + svgPath, actual: svg)
    }
}

/// A message with any id and severity, to test the gallery apart from every catalogue.
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
