import ChartData
import ChartDiagnostics
import ChartLayout
import ChartPipeline
import ChartRender
import ChartSpec
import Foundation
import Testing

/// The gallery under `examples/` as golden files: every `NAME.chart.json` is built and its SVG compared with the
/// `NAME.svg` committed next to it, so a change in layout shows up as a diff of the pictures people look at.
/// `CHARTC_RECORD=1` rewrites the SVGs (then look at them and review the diff). Each chart must also lay out
/// without text that overlaps or leaves the canvas.
@Suite struct ExampleGalleryTests {
    static let examplesDirectory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // ChartCommandLineTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("examples")

    /// Every spec under `examples/`, as paths relative to it, sorted.
    static func specPaths() -> [String] {
        let root = examplesDirectory.path
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var paths: [String] = []
        while let item = enumerator.nextObject() as? String {
            if item.hasSuffix(".chart.json") { paths.append(item) }
        }
        return paths.sorted()
    }

    /// Parses a spec, runs its pipeline and lays it out; nil (and a recorded issue) when it does not parse.
    static func scene(specAt path: String) throws -> Scene? {
        let url = examplesDirectory.appendingPathComponent(path)
        let text = try String(contentsOf: url, encoding: .utf8)
        let file = SourceFile(path: url.path, text: text)
        let parsed = SpecParser.parse(file)
        guard let spec = parsed.spec, parsed.succeeded else {
            Issue.record("\(path) does not parse: \(parsed.diagnostics.map(\.message))")
            return nil
        }
        let output = try Pipeline.run(spec: spec)
        return try ChartLayoutEngine.layout(spec: spec, table: output.table)
    }

    @Test(arguments: specPaths())
    func exampleMatchesItsSVG(_ path: String) throws {
        guard let scene = try Self.scene(specAt: path) else { return }
        #expect(scene.textLayoutProblems().isEmpty, "\(path): \(scene.textLayoutProblems())")
        let svg = SVGWriter.write(scene, options: SVGWriter.Options(xmlDeclaration: true))
        let svgURL = Self.examplesDirectory.appendingPathComponent(String(path.dropLast(".chart.json".count)) + ".svg")
        if ProcessInfo.processInfo.environment["CHARTC_RECORD"] == "1" {
            try Data(svg.utf8).write(to: svgURL, options: .atomic)
            return
        }
        guard let data = FileManager.default.contents(atPath: svgURL.path) else {
            Issue.record("missing \(svgURL.path); run with CHARTC_RECORD=1 to create it")
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        if svg != expected {
            Issue.record("\(path) no longer draws its committed SVG (run with CHARTC_RECORD=1 to re-record, then look at it)\n\(firstDifference(expected: expected, actual: svg))")
        }
    }
}
