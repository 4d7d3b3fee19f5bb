import ChartCommandLine
import ChartDiagnostics
import ChartLayout
import ChartPipeline
import ChartSpec
import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The gallery under `examples/` as golden files: every spec `chartc build examples` builds (so not the ones in
/// `.chartcignore`) is built the way `build` does — parse, pipeline, `DefaultRenderer` — and its SVG compared with
/// the `NAME.svg` committed next to it, so a change in layout shows up as a diff of the pictures people look at.
/// `CHARTC_RECORD=1` rewrites the SVGs (then look at them and review the diff). Each chart must also lay out
/// without text that overlaps or leaves the canvas.
@Suite struct ExampleGalleryTests {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // ChartCommandLineTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    static var examplesPath: String { packageRoot.appendingPathComponent("examples").path }

    /// Every spec the gallery build picks up, relative to `examples/`, sorted.
    static func specPaths() -> [String] {
        let root = examplesPath
        return SpecFiles.expand([root]).files.map { String($0.dropFirst(root.count + 1)) }.sorted()
    }

    /// What `chartc build` does with one spec, up to the SVG text; the scene too, for the text checks.
    static func build(_ path: String) throws -> (scene: Scene, svg: String)? {
        let file: SourceFile
        switch SpecFiles.read(examplesPath + "/" + path) {
        case .success(let read): file = read
        case .failure(let diagnostic):
            Issue.record("\(path): \(diagnostic.message)")
            return nil
        }
        let parsed = SpecParser.parse(file)
        guard let spec = parsed.spec, parsed.succeeded else {
            Issue.record("\(path) does not parse: \(parsed.diagnostics.map(\.message))")
            return nil
        }
        let output = try Pipeline.run(spec: spec)
        // The house style the spec resolves to (its `theme`, the folder's chartc.theme.json), as build does.
        let request = ThemeResolver.Request(specPath: file.path, specTheme: spec.theme.map { ($0.value, $0.span) })
        let theme = ThemeResolver.chooseFile(request) == nil ? ChartTheme.standard : try ChartTheme.load(try ThemeResolver.resolve(request))
        let scene = try ChartLayoutEngine.layout(spec: theme.sized(spec), table: output.table, theme: theme)
        let svg = try DefaultRenderer().render(spec: spec, table: output.table, sources: output.provenance, format: .svg, theme: theme)
        return (scene, svg)
    }

    @Test func theGalleryHasItsCharts() {
        let paths = Self.specPaths()
        for expected in ["polarization/polarization.chart.json", "pen-pal-letters/letters.chart.json", "seattle-weather/temperature-ranges.chart.json", "step-counts/step-counts.chart.json"] {
            #expect(paths.contains(expected))
        }
    }

    @Test(arguments: specPaths())
    func exampleMatchesItsSVG(_ path: String) throws {
        guard let (scene, svg) = try Self.build(path) else { return }
        #expect(scene.textLayoutProblems().isEmpty, "\(path): \(scene.textLayoutProblems())")
        // Well-formed XML, and the same bytes when built again (charts are committed and diffed).
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse(), "\(path) is not well-formed XML: \(String(describing: parser.parserError))")
        #expect(try Self.build(path)?.svg == svg, "\(path) built twice gives different bytes")
        let svgPath = Self.examplesPath + "/" + String(path.dropLast(SpecFiles.suffix.count)) + ".svg"
        if ProcessInfo.processInfo.environment["CHARTC_RECORD"] == "1" {
            try Data(svg.utf8).write(to: URL(fileURLWithPath: svgPath), options: .atomic)
            return
        }
        guard let data = FileManager.default.contents(atPath: svgPath) else {
            Issue.record("missing \(svgPath); run with CHARTC_RECORD=1 to create it")
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        if svg != expected {
            Issue.record("\(path) no longer draws its committed SVG (run with CHARTC_RECORD=1 to re-record, then look at it)\n\(firstDifference(expected: expected, actual: svg))")
        }
    }
}
