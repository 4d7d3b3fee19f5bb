import ChartTestSupport
import Foundation
import Testing

@testable import ChartCommandLine

/// SPEC §22 and §23 on the maps: the gallery's maps (a county choropleth, a world choropleth over the sphere and a
/// graticule, a symbol map and a locator map) build by the `chartc` binary as PDF and PNG. The PDF passes `qpdf
/// --check` and `pdftotext` gives back its title and source line; the PNG passes `pngcheck`, carries its title,
/// and agrees with headless Chromium's rendering of the SVG (SPEC §23's tolerance). The county map's PNG, 3,200
/// filled and stroked regions, is drawn in a few seconds even by a debug build.
@Suite("Maps as PDF and PNG", .serialized)
struct MapOutputTests {
    static let mapsRoot = ExampleGalleryGoldenTests.examplesPath + "/maps"

    static var toolsInstalled: Bool { PDFChecks.toolsInstalled && PNGGalleryTests.toolsInstalled }

    /// `chartc build examples/maps --format svg,pdf,png` into a scratch folder, and how long it took.
    static let built: (folder: URL, seconds: Double)? = {
        guard toolsInstalled else { return nil }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chartc-maps-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        let start = Date()
        guard let result = try? ChartcBinary.run(["build", mapsRoot, "-o", folder.path, "--format", "svg,pdf,png", "--offline"]),
            result.status == 0
        else { return nil }
        return (folder, Date().timeIntervalSince(start))
    }()

    static func paths() -> [String] { PDFChecks.specPaths(root: mapsRoot) }

    /// The spec's title and source names, as written.
    static func titleAndSources(_ path: String) throws -> (title: String, sources: [String]) {
        let data = try Data(contentsOf: URL(fileURLWithPath: mapsRoot + "/" + path))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let title = try #require(object["title"] as? String)
        let sources = (object["sources"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
        return (title, sources)
    }

    @Test(
        "qpdf --check passes and pdftotext finds the title and the source line",
        .enabled(if: toolsInstalled, "needs qpdf, poppler-utils, pngcheck, chromium"),
        arguments: paths())
    func pdfIsValidAndReadable(_ path: String) throws {
        let folder = try #require(Self.built, "the maps did not build").folder
        let pdf = folder.appendingPathComponent(PDFChecks.name(path) + ".pdf").path
        let check = try ToolProcess.run(try #require(PDFChecks.tool("qpdf")), ["--check", pdf])
        #expect(check.status == 0, "\(check.output)")
        let text = try ToolProcess.run(try #require(PDFChecks.tool("pdftotext")), [pdf, "-"])
        #expect(text.status == 0)
        let words = PDFChecks.squeeze(text.output)
        let (title, sources) = try Self.titleAndSources(path)
        #expect(words.contains(PDFChecks.squeeze(title)), "\(path): the title is not in \(words)")
        #expect(!sources.isEmpty)
        for source in sources {
            #expect(words.contains(PDFChecks.squeeze(source)), "\(path): the source '\(source)' is not in \(words)")
        }
    }

    @Test(
        "pngcheck passes and the PNG agrees with Chromium's rendering of the SVG",
        .enabled(if: toolsInstalled, "needs pngcheck, chromium, python3-pil"),
        arguments: paths())
    func pngIsValidAndAgreesWithChromium(_ path: String) throws {
        try PNGGalleryTests.check(PDFChecks.name(path), in: try #require(Self.built, "the maps did not build").folder)
    }

    /// The four maps as SVG, PDF and PNG (the county map's 3,200 regions filled and stroked at scale 2) within a
    /// minute on a loaded debug build: it once took 10–15 s for the county map's PNG alone.
    @Test("the maps build in reasonable time", .enabled(if: toolsInstalled))
    func theMapsBuildInReasonableTime() throws {
        let seconds = try #require(Self.built, "the maps did not build").seconds
        print("maps as svg, pdf, png: \(String(format: "%.1f", seconds)) s")
        #expect(seconds < 60)
    }
}
