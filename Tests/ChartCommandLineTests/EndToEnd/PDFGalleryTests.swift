import ChartLayout
import ChartPipeline
import ChartSpec
import ChartTestSupport
import Foundation
import Testing
@testable import ChartCommandLine

/// Every example built as PDF by the `chartc` binary (`build examples --format svg,pdf` into a scratch folder,
/// not committed: they are binary) and checked with the tools a reader's machine has: `qpdf --check`,
/// `pdffonts` (faces embedded, with Unicode maps), `pdftotext` (every text of the chart comes back, each block's
/// lines in order), and `pdftoppm` against `rsvg-convert` of the SVG at the same size (how far the pictures
/// differ, per pixel).
@Suite("PDF gallery", .serialized)
struct PDFGalleryTests {
    static func tool(_ name: String) -> String? { ToolProcess.find(name) }

    static var toolsInstalled: Bool {
        ["qpdf", "pdffonts", "pdftotext", "pdftoppm", "rsvg-convert"].allSatisfy { tool($0) != nil }
            && FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf")
    }

    static var pillowInstalled: Bool {
        (try? run("/usr/bin/python3", ["-c", "import PIL"]))?.status == 0
    }

    /// The gallery built once for all tests of the suite.
    static let built: URL? = {
        guard toolsInstalled else { return nil }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("chartc-pdf-gallery-\(getpid())")
        try? FileManager.default.removeItem(at: output)
        guard let result = try? ChartcBinary.run(["build", "examples", "-o", output.path, "--format", "svg,pdf"]), result.status == 0 else { return nil }
        return output
    }()

    static func names() -> [String] {
        ExampleGalleryGoldenTests.specPaths().map { path in
            String(path.split(separator: "/").last ?? "").replacingOccurrences(of: ".chart.json", with: "")
        }
    }

    /// The scene `chartc build` lays out for an example (relative to `examples/`), in the house style it resolves to.
    static func scene(_ path: String) throws -> Scene? {
        guard case .success(let file) = SpecFiles.read(ExampleGalleryGoldenTests.examplesPath + "/" + path),
              let spec = SpecParser.parse(file).spec else { return nil }
        // Layered examples (SPEC §11) too: each layer's rows.
        let output = try Pipeline.runLayers(spec: spec, context: .standard())
        let theme = try ThemeOptions.theme(for: spec, arguments: nil)
        let layers = spec.isLayered ? output.layerTables : []
        return try ChartLayoutEngine.layout(chart: try ChartLayoutEngine.check(theme.sized(spec), table: output.top.table, layers: layers), table: output.top.table, theme: theme)
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        try ToolProcess.run(executable, arguments)
    }

    /// Whitespace collapsed to single spaces, as text extraction does not keep the layout's spacing.
    static func squeeze(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\u{0C}" }).joined(separator: " ")
    }

    @Test("qpdf --check passes and pdffonts lists embedded faces with Unicode maps", .enabled(if: toolsInstalled, "needs qpdf, poppler-utils, librsvg2-bin and fonts-liberation"), arguments: names())
    func validAndEmbedded(_ name: String) throws {
        let folder = try #require(Self.built, "the gallery did not build")
        let pdf = folder.appendingPathComponent(name + ".pdf").path
        let check = try Self.run(try #require(Self.tool("qpdf")), ["--check", pdf])
        #expect(check.status == 0, "\(name): \(check.output)")
        let fonts = try Self.run(try #require(Self.tool("pdffonts")), [pdf]).output.split(separator: "\n").dropFirst(2)
        // The default face, or the faces of the house style the example resolves to (examples/house-styles).
        let path = try #require(ExampleGalleryGoldenTests.specPaths().first { $0.hasSuffix("/" + name + ".chart.json") })
        if let files = try #require(try Self.scene(path)).fontFiles {
            let family = URL(fileURLWithPath: files.regular).deletingPathExtension().lastPathComponent.split(separator: "-").first.map(String.init) ?? ""
            #expect(!family.isEmpty && fonts.contains { $0.contains("+" + family) }, "\(name): \(fonts)")
            #expect(!fonts.contains { $0.contains("LiberationSans") }, "\(name): \(fonts)")
        } else {
            #expect(fonts.contains { $0.contains("+LiberationSans ") }, "\(name): \(fonts)")
            #expect(fonts.contains { $0.contains("LiberationSans-Bold") }, "\(name): \(fonts)")
        }
        for font in fonts {
            let columns = font.split(separator: " ")
            // name, type (CID TrueType: 2 words), encoding, emb, sub, uni, object id
            #expect(columns.count >= 8 && columns[4] == "yes" && columns[6] == "yes", "\(name): \(font)")
        }
    }

    @Test("pdftotext gives back every text of the SVG, each block's lines in reading order", .enabled(if: toolsInstalled), arguments: names())
    func textComesBack(_ name: String) throws {
        let folder = try #require(Self.built, "the gallery did not build")
        let path = try #require(ExampleGalleryGoldenTests.specPaths().first { $0.hasSuffix("/" + name + ".chart.json") })
        let scene = try #require(try Self.scene(path))
        let extracted = Self.squeeze(try Self.run(try #require(Self.tool("pdftotext")), [folder.appendingPathComponent(name + ".pdf").path, "-"]).output)
        var checked = 0
        for placed in scene.texts() {
            var from = extracted.startIndex
            for line in placed.node.block.lines {
                let wanted = Self.squeeze(line.text)
                guard !wanted.isEmpty else { continue }
                guard let found = extracted.range(of: wanted, range: from..<extracted.endIndex) else {
                    Issue.record("\(name): \"\(wanted)\" (of \"\(placed.text)\") is missing or out of order in the PDF's text")
                    break
                }
                from = found.upperBound
                checked += 1
            }
        }
        #expect(checked > 10, "\(name)")
    }

    /// The PDF rasterized by poppler and the SVG by librsvg, both at 96 dpi (1 px = 1 px), compared pixel by
    /// pixel: the mean absolute difference over all channels (0…255) and the share of pixels whose largest
    /// channel difference exceeds 64. Measured on the gallery (2026-11-23): mean 1.0–2.7, share 0.6–1.7 % —
    /// anti-aliased glyph and line edges, which the two rasterizers draw differently, and the arrows, which
    /// librsvg takes from another face. Limits: mean 4, share 3 %. Everything drawn 2 px off fails both on every
    /// example measured (mean 8.3–15.8, share 5.4–11.6 %); a missing block of text is caught by the text test
    /// above, not here (blanking the title adds only 0.5–1.2 points of share).
    @Test("pdftoppm of the PDF matches rsvg-convert of the SVG", .enabled(if: toolsInstalled && pillowInstalled, "needs poppler-utils, librsvg2-bin and python3-pil"), arguments: names())
    func picturesMatch(_ name: String) throws {
        let folder = try #require(Self.built, "the gallery did not build")
        let base = folder.appendingPathComponent(name).path
        #expect(try Self.run(try #require(Self.tool("pdftoppm")), ["-r", "96", "-png", "-singlefile", base + ".pdf", base + "-pdf"]).status == 0)
        #expect(try Self.run(try #require(Self.tool("rsvg-convert")), [base + ".svg", "-o", base + "-svg.png"]).status == 0)
        let script = """
        import sys
        from PIL import Image, ImageChops
        a = Image.open(sys.argv[1]).convert('RGB'); b = Image.open(sys.argv[2]).convert('RGB')
        if a.size != b.size:
            print('size', a.size, b.size); sys.exit(0)
        d = ImageChops.difference(a, b)
        total = 0; differing = 0; n = a.size[0] * a.size[1]
        for px in d.getdata():
            total += px[0] + px[1] + px[2]
            if max(px) > 64: differing += 1
        print(total / (3 * n), differing / n)
        """
        let output = try Self.run("/usr/bin/python3", ["-c", script, base + "-pdf.png", base + "-svg.png"]).output
        let numbers = output.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Double($0) }
        #expect(numbers.count == 2, "\(name): \(output)")
        guard numbers.count == 2 else { return }
        #expect(numbers[0] < 4, "\(name): mean absolute difference \(numbers[0])")
        #expect(numbers[1] < 0.03, "\(name): share of differing pixels \(numbers[1])")
    }

    @Test("a PDF build is deterministic, and links and document information are there", .enabled(if: toolsInstalled))
    func deterministicWithLinks() throws {
        let folder = try #require(Self.built, "the gallery did not build")
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
