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

    /// The PDF draws the logo from the same sanitized tree the SVG serializes (issue 24 item 6): the house style's
    /// logo, rasterized 4× by poppler from the PDF and by librsvg from the SVG, is the same picture in its box.
    @Test(
        "the house style's logo looks the same in the PDF as in the SVG",
        .enabled(if: PDFChecks.toolsInstalled && PDFChecks.pillowInstalled, "needs poppler-utils, librsvg2-bin and python3-pil"))
    func houseLogoMatches() throws {
        let checks = try #require(Self.checks, "the gallery did not build")
        let path = "house-styles/us-population-print.chart.json"
        let logo = try #require(try checks.scene(path)?.logo)
        let base = checks.output.appendingPathComponent("us-population-print").path
        #expect(
            try ToolProcess.run(try #require(PDFChecks.tool("pdftoppm")), ["-r", "384", "-png", "-singlefile", base + ".pdf", base + "-logo-pdf"])
                .status
                == 0)
        #expect(
            try ToolProcess.run(try #require(PDFChecks.tool("rsvg-convert")), ["-z", "4", base + ".svg", "-o", base + "-logo-svg.png"]).status == 0)
        // The logo's box, and the page's background just left of it (which both must agree is empty).
        let box = [logo.x, logo.y, logo.x + logo.width, logo.y + logo.height].map { Int(($0 * 4).rounded()) }
        let script = """
            import sys
            from PIL import Image, ImageChops
            box = tuple(int(v) for v in sys.argv[3:7])
            a = Image.open(sys.argv[1]).convert('RGB').crop(box); b = Image.open(sys.argv[2]).convert('RGB').crop(box)
            d = ImageChops.difference(a, b)
            n = a.size[0] * a.size[1]
            mean = sum(sum(v * c for v, c in enumerate(band.histogram())) for band in d.split()) / (3 * n)
            def ink(img): return sum(1 for px in img.getdata() if px[0] > 100 and px[1] < 80 and px[2] < 80) / n
            print(mean, ink(a), ink(b))
            """
        let arguments = ["-c", script, base + "-logo-pdf.png", base + "-logo-svg.png"] + box.map(String.init)
        let output = try ToolProcess.run("/usr/bin/python3", arguments).output
        let numbers = output.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Double($0) }
        try #require(numbers.count == 3, "\(output)")
        // Both draw the red mark and the red words (about a third of the box), and agree but for glyph edges.
        #expect(numbers[1] > 0.15 && numbers[2] > 0.15, "the logo's red share: PDF \(numbers[1]), SVG \(numbers[2])")
        #expect(abs(numbers[1] - numbers[2]) < 0.03, "the logo's red share: PDF \(numbers[1]), SVG \(numbers[2])")
        #expect(numbers[0] < 12, "mean difference in the logo's box: \(numbers[0])")
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
