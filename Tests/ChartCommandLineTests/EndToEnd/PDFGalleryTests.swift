import ChartTestSupport
import Foundation
import Testing
@testable import ChartCommandLine

/// Every example built as PDF by the `chartc` binary (`build examples --format svg,pdf` into a scratch folder,
/// not committed: they are binary) and checked with the tools a reader's machine has (`PDFChecks`): `qpdf
/// --check`, `pdffonts` (faces embedded, with Unicode maps), `pdftotext` (every text block of the chart comes
/// back whole, in order, where the layout put it), and `pdftoppm` against `rsvg-convert` of the SVG.
@Suite("PDF gallery", .serialized)
struct PDFGalleryTests {
    static let checks: PDFChecks? = PDFChecks.build(root: ExampleGalleryGoldenTests.examplesPath, label: "gallery")

    static func paths() -> [String] { ExampleGalleryGoldenTests.specPaths() }

    @Test(
        "qpdf --check passes and pdffonts lists the style's faces, embedded and subset, with Unicode maps",
        .enabled(if: PDFChecks.toolsInstalled, "needs qpdf, poppler-utils, librsvg2-bin, fonts-liberation and fonts-dejavu-core"), arguments: paths())
    func validAndEmbedded(_ path: String) throws {
        try #require(Self.checks, "the gallery did not build").checkFileAndFonts(path)
    }

    @Test(
        "pdftotext gives back every text block of the SVG, whole, in reading order, where the layout put it", .enabled(if: PDFChecks.toolsInstalled),
        arguments: paths())
    func textComesBack(_ path: String) throws {
        try #require(Self.checks, "the gallery did not build").checkText(path)
    }

    /// Thresholds, measured and justified at `PDFChartsTests.limits`: as rasterized, mean absolute difference below 7
    /// (of 255) and share of pixels differing by more than 64 in a channel below 4 %; both pictures blurred by 1 px,
    /// below 3 and (more than 32) 2 %.
    @Test(
        "pdftoppm of the PDF matches rsvg-convert of the SVG",
        .enabled(if: PDFChecks.toolsInstalled && PDFChecks.pillowInstalled, "needs poppler-utils, librsvg2-bin and python3-pil"), arguments: paths())
    func picturesMatch(_ path: String) throws {
        let checks = try #require(Self.checks, "the gallery did not build")
        let difference = try #require(try checks.pictureDifference(path))
        PDFChartsTests.expectClose(difference, path)
    }

    @Test("a PDF build is deterministic, and links and document information are there", .enabled(if: PDFChecks.toolsInstalled))
    func deterministicWithLinks() throws {
        let folder = try #require(Self.checks, "the gallery did not build").output
        let again = FileManager.default.temporaryDirectory.appendingPathComponent("chartc-pdf-again-\(getpid())")
        defer { try? FileManager.default.removeItem(at: again) }
        let result = try ChartcBinary.run(["build", "examples/polarization/polarization.chart.json", "-o", again.path, "--format", "pdf"])
        #expect(result.status == 0, "\(result.error)")
        let first = try Data(contentsOf: folder.appendingPathComponent("polarization.pdf"))
        let second = try Data(contentsOf: again.appendingPathComponent("polarization.pdf"))
        #expect(first == second)
        let raw = String(decoding: first, as: UTF8.self)
        let svg = try String(contentsOf: folder.appendingPathComponent("polarization.svg"), encoding: .utf8)
        let hrefs = svg.components(separatedBy: "<a href=\"").count - 1
        #expect(hrefs > 0)
        #expect(raw.components(separatedBy: "/Subtype /Link").count - 1 >= hrefs)
        #expect(raw.contains("/Title (Political ideology in Congress, 1948-2025)"))
        #expect(!raw.contains("/CreationDate"))
    }
}
