import ChartTestSupport
import Foundation
import Testing
@testable import ChartCommandLine

/// Charts unlike the gallery's, built as PDF and checked with the same tools (`PDFChecks`): every mark type,
/// long wrapped notes, rotated value labels, a color-ramp legend, a log scale, a hidden series, a normalized
/// stack, sized points with a bottom legend, the de-DE and en-GB locales, a 200 px chart of long words,
/// characters beyond Latin-1 (− → ← ° ± € accented, Turkish and Icelandic names, curly quotes), a house style with
/// DejaVu Sans files (regular, bold, italic; bold italic synthesized) and a logo drawing a gradient, dashes,
/// opacity and text, a dense 360 px DejaVu Serif style with the logo at the left, and a theme naming families
/// that are not installed before `sans-serif` (measured, drawn and embedded in the face `sans-serif` stands for). The specs are in `PDFCharts/` beside this folder.
@Suite("PDF of unusual charts", .serialized)
struct PDFChartsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("PDFCharts").path
    static let checks: PDFChecks? = PDFChecks.build(root: root, label: "unusual")

    static func paths() -> [String] { PDFChecks.specPaths(root: root) }

    /// How far poppler's picture of the PDF may be from librsvg's picture of the SVG (`PDFChecks.pictureDifference`).
    /// Measured 2026-11-24 (poppler 22, librsvg 2.54) on the 20 gallery charts, these charts and a few more tried
    /// by hand (the print house style's narrow variant, a 200 px chart of long German words, a normalized stack):
    /// as rasterized, mean 0.5–4.8 of 255 and share 0.1–2.3 % (highest: `serif/narrow-serif` and the print style's narrow variant, dense
    /// DejaVu Serif text that librsvg hints and poppler does not; then the heat map and the shares chart, whose
    /// many cell and bar edges the two anti-alias differently); blurred first, mean 0.3–2.1 and share 0.0–1.2 %
    /// (highest: the day-by-day gradient bars, where poppler and librsvg step a ramp differently). Crops of these
    /// looked at agree to a fraction of a px: what remains is edges. Limits, 40–70 % over the worst chart (charts
    /// not seen may have denser text): as rasterized mean 7, share 4 % (a net for thin lines that blurring would
    /// fade); blurred mean 3, share 2 %. What they catch, measured by changing the pictures: everything 1 px to the right gives, blurred,
    /// share 1.6–6.9 % on charts with much text or many marks (2 px: 4–12 %), but only 0.2–0.3 % on the sparse
    /// rules and text-mark charts; the title blanked adds 1.1–2.2 to the raw mean. So this is a net for gross
    /// differences (a layer, a gradient or a clip lost, colors wrong, a dense chart shifted); where each text sits
    /// (to 1 px) and that every block and face is there is `textComesBack`'s and `validAndEmbedded`'s job, and the
    /// logo (whose absence moves the numbers by under 0.1) is checked by `logo`.
    static let limits = (mean: 7.0, share: 0.04, blurredMean: 3.0, blurredShare: 0.02)

    @Test(
        "qpdf --check passes and pdffonts lists the style's faces, embedded and subset, with Unicode maps",
        .enabled(if: PDFChecks.toolsInstalled, "needs qpdf, poppler-utils, librsvg2-bin, fonts-liberation and fonts-dejavu-core"), arguments: paths())
    func validAndEmbedded(_ path: String) throws {
        try #require(Self.checks, "the charts did not build").checkFileAndFonts(path)
    }

    @Test(
        "pdftotext gives back every text block, whole, in reading order, where the layout put it", .enabled(if: PDFChecks.toolsInstalled),
        arguments: paths())
    func textComesBack(_ path: String) throws {
        try #require(Self.checks, "the charts did not build").checkText(path)
    }

    @Test(
        "pdftoppm of the PDF matches rsvg-convert of the SVG",
        .enabled(if: PDFChecks.toolsInstalled && PDFChecks.pillowInstalled, "needs poppler-utils, librsvg2-bin and python3-pil"), arguments: paths())
    func picturesMatch(_ path: String) throws {
        let checks = try #require(Self.checks, "the charts did not build")
        let difference = try #require(try checks.pictureDifference(path))
        PDFChartsTests.expectClose(difference, path)
    }

    @Test("the theme's logo is in the PDF, its text in the face its font-family names", .enabled(if: PDFChecks.toolsInstalled))
    func logo() throws {
        let checks = try #require(Self.checks, "the charts did not build")
        let pdf = checks.pdf("themed/themed-lines.chart.json")
        let words = try PDFChecks.words(pdf)
        let scene = try #require(try checks.scene("themed/themed-lines.chart.json"))
        // The logo sits at the bottom right, 22 px high: its words are there, below every text block of the chart.
        let logoWords = words.filter { $0.minY > scene.height - 40 && $0.minX > scene.width / 2 }
        #expect(logoWords.map(\.text) == ["Gazette", "Süd"], "\(logoWords.map(\.text))")
        let fonts = try ToolProcess.run(try #require(PDFChecks.tool("pdffonts")), [pdf]).output
        #expect(fonts.contains("+DejaVuSerif-Bold ") == false && fonts.contains("+DejaVuSerif "), "\(fonts)")
        #expect(fonts.contains("+DejaVuSerif-Italic "), "\(fonts)")
        #expect(fonts.contains("+DejaVuSans-Oblique "), "the italic axis title: \(fonts)")
        #expect(!fonts.contains("Liberation"), "\(fonts)")
    }

    /// Whether this process may hide the system font folder from a child (`unshare -m` with a bind mount: root
    /// with CAP_SYS_ADMIN, as in this project's containers).
    static var canHideFonts: Bool {
        guard getuid() == 0, let unshare = ToolProcess.find("unshare") else { return false }
        return (try? ToolProcess.run(unshare, ["-m", "true"]))?.status == 0
    }

    @Test(
        "with no default face installed, a PDF build fails naming the spec, the families and the package to install",
        .enabled(if: canHideFonts, "needs root and unshare to hide /usr/share/fonts from chartc"))
    func missingDefaultFace() throws {
        let binary = try #require(ChartcBinary.executable)
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let empty = scratch.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let spec = Self.root + "/step-line.chart.json"
        let script =
            "mount --bind '\(empty.path)' /usr/share/fonts && HOME='\(empty.path)' '\(binary.path)' build '\(spec)' -o '\(scratch.path)' --format pdf 2>&1; echo \"exit $?\""
        let result = try ToolProcess.run(try #require(ToolProcess.find("unshare")), ["-m", "/bin/sh", "-c", script])
        #expect(
            result.output.contains(spec + ": error: no installed font of the family 'Helvetica', 'Arial', 'Liberation Sans', 'Nimbus Sans'"),
            "\(result.output)")
        #if os(Linux)
            #expect(
                result.output.contains(
                    "install fonts-liberation (Debian/Ubuntu: apt-get install fonts-liberation) for Liberation Sans [font-not-found]"),
                "\(result.output)")
        #endif
        #expect(result.output.contains("exit 1"), "\(result.output)")
        #expect(!FileManager.default.fileExists(atPath: scratch.appendingPathComponent("step-line.pdf").path))
    }

    @Test("same input, same bytes; SOURCE_DATE_EPOCH sets the dates; links and document information", .enabled(if: PDFChecks.toolsInstalled))
    func deterministicLinksInformation() throws {
        let checks = try #require(Self.checks, "the charts did not build")
        let spec = Self.root + "/line-monotone-hidden.chart.json"
        let again = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: again) }
        #expect(try ChartcBinary.run(["build", spec, "-o", again.path, "--format", "pdf"]).status == 0)
        let first = try Data(contentsOf: URL(fileURLWithPath: checks.pdf("line-monotone-hidden.chart.json")))
        let second = try Data(contentsOf: again.appendingPathComponent("line-monotone-hidden.pdf"))
        #expect(first == second)
        let dated = try ChartcBinary.run(["build", spec, "-o", again.path, "--format", "pdf"], environment: ["SOURCE_DATE_EPOCH": "1700000000"])
        #expect(dated.status == 0)
        let datedBytes = try Data(contentsOf: again.appendingPathComponent("line-monotone-hidden.pdf"))
        #expect(String(decoding: datedBytes, as: UTF8.self).contains("/CreationDate (D:20231114221320Z) /ModDate (D:20231114221320Z)"))
        let raw = String(decoding: first, as: UTF8.self)
        #expect(!raw.contains("/CreationDate"))
        #expect(raw.contains("/Subtype /Link") && raw.contains("/URI (https://example.org/data?q=temp&year=2024)"))
        let info = try ToolProcess.run(try #require(PDFChecks.tool("pdfinfo")), [checks.pdf("line-monotone-hidden.chart.json")]).output
        #expect(info.contains("Title:           Six cities’ temperatures, January → June"), "\(info)")
        #expect(info.contains("Subject:         Monthly mean, °C. Montréal is hidden at first"), "\(info)")
        // The hidden series is not drawn (as in the SVG), so none of its words come back.
        let words = try PDFChecks.words(checks.pdf("line-monotone-hidden.chart.json"))
        #expect(words.contains { $0.text == "Zürich" } && words.contains { $0.text == "Þórshöfn" })
    }

    static func expectClose(_ difference: PDFChecks.Difference, _ path: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(difference.mean < limits.mean, "\(path): mean absolute difference \(difference.mean)", sourceLocation: sourceLocation)
        #expect(difference.share < limits.share, "\(path): share of differing pixels \(difference.share)", sourceLocation: sourceLocation)
        #expect(
            difference.blurredMean < limits.blurredMean, "\(path): mean absolute difference, blurred, \(difference.blurredMean)",
            sourceLocation: sourceLocation)
        #expect(
            difference.blurredShare < limits.blurredShare, "\(path): share of differing pixels, blurred, \(difference.blurredShare)",
            sourceLocation: sourceLocation)
    }
}
