import ChartTestSupport
import Foundation
import Testing
@testable import ChartCommandLine

/// Charts unlike the gallery's, built as PDF and checked with the same tools (`PDFChecks`): every mark type,
/// long wrapped notes, rotated value labels, a color-ramp legend, a log scale, a hidden series, the de-DE and
/// en-GB locales, characters beyond Latin-1 (− → ← ° ± accented and Icelandic names, curly quotes), a house style
/// with DejaVu Sans files (regular, bold, italic) and a logo drawing a gradient, dashes, opacity and text, and a
/// theme naming a family that is not installed. The specs are in `PDFCharts/` beside this folder.
@Suite("PDF of unusual charts", .serialized)
struct PDFChartsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("PDFCharts").path
    static let checks: PDFChecks? = PDFChecks.build(root: root, label: "unusual")

    static func paths() -> [String] { PDFChecks.specPaths(root: root) }

    /// How far poppler's picture of the PDF may be from librsvg's picture of the SVG (`PDFChecks.pictureDifference`).
    /// Measured 2026-11-24 on the gallery and on these charts: mean 0.6–2.4 of 255, share 0.3–1.5 %. What remains is
    /// anti-aliasing (two rasterizers cover glyph and line edges differently: poppler hints nothing, librsvg draws
    /// text through Pango and FreeType, which kerns — the PDF does not, as the layout measures without kerning, so a
    /// long line drifts by up to a px at its end) and gradients (poppler steps a shading's ramp). Everything drawn
    /// 2 px off measured mean 8–16 and share 5–12 %; one bar, the logo or one block of text missing adds 0.5–1.5
    /// points of share, which the text and font checks catch more surely. Limits: mean 3, share 2 %.
    static let limits = (mean: 3.0, share: 0.02)

    @Test("qpdf --check passes and pdffonts lists the style's faces, embedded and subset, with Unicode maps", .enabled(if: PDFChecks.toolsInstalled, "needs qpdf, poppler-utils, librsvg2-bin, fonts-liberation and fonts-dejavu-core"), arguments: paths())
    func validAndEmbedded(_ path: String) throws {
        try #require(Self.checks, "the charts did not build").checkFileAndFonts(path)
    }

    @Test("pdftotext gives back every text block, whole, in reading order, where the layout put it", .enabled(if: PDFChecks.toolsInstalled), arguments: paths())
    func textComesBack(_ path: String) throws {
        try #require(Self.checks, "the charts did not build").checkText(path)
    }

    @Test("pdftoppm of the PDF matches rsvg-convert of the SVG", .enabled(if: PDFChecks.toolsInstalled && PDFChecks.pillowInstalled, "needs poppler-utils, librsvg2-bin and python3-pil"), arguments: paths())
    func picturesMatch(_ path: String) throws {
        // A family nobody has: librsvg draws the SVG in fontconfig's substitute (DejaVu Sans here), while the PDF
        // embeds Liberation Sans, whose widths the layout measured (checked by `validAndEmbedded` and `textComesBack`).
        guard !path.hasSuffix("missing-family.chart.json") else { return }
        let checks = try #require(Self.checks, "the charts did not build")
        let difference = try #require(try checks.pictureDifference(path))
        #expect(difference.mean < Self.limits.mean, "\(path): mean absolute difference \(difference.mean)")
        #expect(difference.share < Self.limits.share, "\(path): share of differing pixels \(difference.share)")
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
}
