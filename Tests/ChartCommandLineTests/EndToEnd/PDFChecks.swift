import ChartLayout
import ChartPipeline
import ChartSpec
import ChartTestSupport
import Foundation
import Testing
@testable import ChartCommandLine

/// The checks every PDF `chartc build` writes must pass, shared by the gallery suite and the suite of unusual
/// charts: `qpdf --check`, `pdffonts` (the faces the chart's style names, embedded, subset, with Unicode maps),
/// `pdftotext -bbox` (each text block of the scene comes back, whole, in order, where the layout put it) and
/// `pdftoppm` against `rsvg-convert` of the SVG at the same size.
struct PDFChecks {
    /// The folder the specs are under (`examples/`, or the unusual charts' fixture folder).
    let root: String
    /// Where `chartc build ROOT --format svg,pdf` wrote its files (flat: NAME.svg, NAME.pdf).
    let output: URL

    static func tool(_ name: String) -> String? { ToolProcess.find(name) }

    static var toolsInstalled: Bool {
        ["qpdf", "pdffonts", "pdftotext", "pdftoppm", "rsvg-convert"].allSatisfy { tool($0) != nil }
            && FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf")
            && FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    }

    static var fontToolsInstalled: Bool {
        (try? ToolProcess.run("/usr/bin/python3", ["-c", "import fontTools"]))?.status == 0
    }

    static var pillowInstalled: Bool {
        (try? ToolProcess.run("/usr/bin/python3", ["-c", "import PIL"]))?.status == 0
    }

    /// Builds every spec under `root` as SVG and PDF into a scratch folder named `label`.
    static func build(root: String, label: String) -> PDFChecks? {
        guard toolsInstalled else { return nil }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("chartc-pdf-\(label)-\(getpid())")
        try? FileManager.default.removeItem(at: output)
        guard let result = try? ChartcBinary.run(["build", root, "-o", output.path, "--format", "svg,pdf", "--offline"]), result.status == 0 else {
            return nil
        }
        return PDFChecks(root: root, output: output)
    }

    /// The specs under `root`, relative to it, sorted.
    static func specPaths(root: String) -> [String] {
        SpecFiles.expand([root]).files.map { String($0.dropFirst(root.count + 1)) }.sorted()
    }

    static func name(_ path: String) -> String {
        String(path.split(separator: "/").last ?? "").replacingOccurrences(of: ".chart.json", with: "")
    }

    /// The scene `chartc build` lays out for a spec (relative to `root`), in the house style it resolves to.
    func scene(_ path: String) throws -> Scene? {
        guard case .success(let file) = SpecFiles.read(root + "/" + path), let spec = SpecParser.parse(file).spec else { return nil }
        // Layered specs (SPEC §11) too: each layer's rows.
        let output = try Pipeline.runLayers(spec: spec, context: .standard())
        let theme = try ThemeOptions.theme(for: spec, arguments: nil)
        // As `chartc build` does (`Compiler`): a map's shapes (SPEC §22) from every layer's data, each layer's rows
        // pointing into them, so points and labels are placed through the same fitted projection.
        let (shapes, shapeLayers) =
            spec.isLayered
            ? MapShapes.combine(top: output.top.geometries, layers: output.layers.map { ($0.table, $0.geometries) })
            : (output.top.geometries, [])
        let layers = spec.isLayered ? shapeLayers : []
        // As `chartc build` does: annotations' aggregates over the output rows first (SPEC §12), then the panels'
        // order (`facet.sort`, SPEC §13), both computed by the pipeline.
        var resolved = try PanelOrder.resolve(try AnnotationValues.resolve(spec, table: output.top.table), table: output.top.table)
        resolved.geometries = shapes
        return try ChartLayoutEngine.layout(
            chart: try ChartLayoutEngine.check(theme.sized(resolved), table: output.top.table, layers: layers), table: output.top.table, theme: theme)
    }

    func pdf(_ path: String) -> String { output.appendingPathComponent(Self.name(path) + ".pdf").path }

    /// Whitespace collapsed to single spaces, as text extraction does not keep the layout's spacing.
    static func squeeze(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\u{0C}" }).joined(separator: " ")
    }

    // MARK: qpdf and pdffonts

    /// `qpdf --check` passes; `pdffonts` lists the faces the chart's style names — the theme's font files, else
    /// Liberation Sans regular and bold — each embedded, subset and with a ToUnicode map; no other face but the
    /// DejaVu Sans fallback for characters the main face lacks.
    func checkFileAndFonts(_ path: String) throws {
        let name = Self.name(path)
        let check = try ToolProcess.run(try #require(Self.tool("qpdf")), ["--check", pdf(path)])
        #expect(check.status == 0, "\(name): \(check.output)")
        #expect(check.output.contains("No syntax or stream encoding errors found"), "\(name): \(check.output)")
        let fonts = try ToolProcess.run(try #require(Self.tool("pdffonts")), [pdf(path)]).output.split(separator: "\n").dropFirst(2)
        let scene = try #require(try scene(path))
        // The PostScript names of the faces expected: "DejaVuSerif", "DejaVuSerif-Bold", … from the files.
        var expected: [String] = []
        if let files = scene.fontFiles {
            // Regular and bold first: they are always used (title, body text); italic where a style asks for it.
            // (The DejaVu files are named by their PostScript names.)
            for file in [files.regular, files.bold, files.italic, files.boldItalic].compactMap({ $0 }) {
                expected.append(URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent)
            }
        } else if let first = Self.firstFamily(scene.fontFamily), first != "Helvetica", FontconfigMatch.available {
            // A theme's family, or the face its generic family stands for (SPEC §19.12), named first in the stack:
            // the faces fontconfig gives for that name in each style.
            expected = try ["", ":bold", ":italic", ":bold:italic"].map { try #require(FontconfigMatch.postScriptName(first + $0)) }
        } else {
            expected = ["LiberationSans", "LiberationSans-Bold", "LiberationSans-Italic", "LiberationSans-BoldItalic"]
        }
        // Each style the chart's text uses has its face: italic (a source's site) and bold italic when drawn.
        let styles = Set(
            scene.texts().flatMap { $0.node.block.lines.flatMap(\.runs) }.filter { !$0.text.isEmpty }.map {
                [$0.style.weight == .bold, $0.style.italic]
            })
        if let files = scene.fontFiles {
            if styles.contains([false, true]), let italic = files.italic {
                expected.append("~" + URL(fileURLWithPath: italic).deletingPathExtension().lastPathComponent)
            }
        } else if styles.contains([false, true]) {
            expected.append("~" + expected[2])
        }
        let listed = fonts.map { String($0.split(separator: " ").first ?? "") }
        let embeddedNames = listed.map { String($0.split(separator: "+").last ?? "") }
        for required in expected.prefix(2) {
            #expect(embeddedNames.contains(required), "\(name): \(required) missing from \(listed)")
        }
        for required in expected where required.hasPrefix("~") {
            #expect(embeddedNames.contains(String(required.dropFirst())), "\(name): \(required.dropFirst()) missing from \(listed)")
        }
        expected = expected.map { $0.hasPrefix("~") ? String($0.dropFirst()) : $0 }
        // Every glyph drawn is a real one: no .notdef (glyph 0) in the text operators.
        // (In the page's operators, which qpdf writes out uncompressed.)
        let plain = output.appendingPathComponent(name + "-uncompressed.pdf").path
        _ = try ToolProcess.run(try #require(Self.tool("qpdf")), ["--stream-data=uncompress", pdf(path), plain])
        let raw = String(decoding: try Data(contentsOf: URL(fileURLWithPath: plain)), as: UTF8.self)
        #expect(raw.contains(" TJ\n"), "\(name): no text operators found")
        var notdef = 0
        for line in raw.split(separator: "\n") where line.hasSuffix(" TJ") {
            for piece in line.split(separator: "<").dropFirst() {
                let hex = Array(piece.prefix { $0 != ">" })
                notdef += stride(from: 0, to: hex.count - 3, by: 4).filter { String(hex[$0..<($0 + 4)]) == "0000" }.count
            }
        }
        #expect(notdef == 0, "\(name): \(notdef) characters drawn as .notdef")
        // Each embedded face is a TrueType file fontTools reads whole: tables, every outline kept, widths, cmap.
        if Self.fontToolsInstalled {
            let script = """
                import io, re, sys, zlib
                from fontTools.ttLib import TTFont
                raw = open(sys.argv[1], 'rb').read()
                faces = 0
                for m in re.finditer(rb'<< /Length (\\d+) /Filter /FlateDecode /Length1 (\\d+) >>\\nstream\\n', raw):
                    data = zlib.decompress(raw[m.end():m.end() + int(m.group(1))])
                    assert len(data) == int(m.group(2)), 'Length1'
                    font = TTFont(io.BytesIO(data))
                    glyf = font['glyf']
                    for name in font.getGlyphOrder():
                        glyf[name].recalcBounds(glyf)
                    assert len(font['hmtx'].metrics) == font['maxp'].numGlyphs
                    faces += 1
                print(faces)
                """
            let result = try ToolProcess.run("/usr/bin/python3", ["-c", script, pdf(path)])
            #expect(
                result.status == 0 && Int(result.output.trimmingCharacters(in: .whitespacesAndNewlines)) == fonts.count,
                "\(name): fontTools: \(result.output)")
        }
        // Besides: DejaVu Sans for characters the face lacks, and the faces the logo's text names.
        let logoFamilies = (scene.logo?.content.body ?? "").replacingOccurrences(of: " ", with: "")
        for embedded in embeddedNames {
            let family = String(embedded.split(separator: "-").first ?? "")
            #expect(
                expected.contains(embedded) || embedded.hasPrefix("DejaVuSans") || (!family.isEmpty && logoFamilies.contains(family)),
                "\(name): unexpected face \(embedded) in \(listed)")
        }
        for font in fonts {
            let columns = font.split(separator: " ")
            // name (with a six-letter subset tag), type (CID TrueType: 2 words), encoding, emb, sub, uni, object id
            #expect(columns.count >= 8 && columns[4] == "yes" && columns[5] == "yes" && columns[6] == "yes", "\(name): \(font)")
            #expect(columns.first.map { $0.count > 7 && $0.dropFirst(6).first == "+" } ?? false, "\(name): \(font)")
        }
    }

    /// The first family of a CSS font stack, unquoted.
    static func firstFamily(_ stack: String) -> String? {
        stack.split(separator: ",").first.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " '\"")) }
    }

    // MARK: pdftotext

    /// One word `pdftotext -bbox` found, with its box in px (the page's points / 0.75, y down).
    struct Word {
        var text: String
        var minX, minY, maxX, maxY: Double
        var centerX: Double { (minX + maxX) / 2 }
        var centerY: Double { (minY + maxY) / 2 }
    }

    static func words(_ pdf: String) throws -> [Word] {
        let output = try ToolProcess.run(try #require(tool("pdftotext")), ["-bbox", pdf, "-"]).output
        var words: [Word] = []
        for line in output.split(separator: "\n") where line.contains("<word ") {
            func attribute(_ name: String) -> Double? {
                guard let range = line.range(of: name + "=\"") else { return nil }
                return Double(line[range.upperBound...].prefix { $0 != "\"" })
            }
            guard let open = line.firstIndex(of: ">"), let close = line.range(of: "</word>"),
                let minX = attribute("xMin"), let minY = attribute("yMin"), let maxX = attribute("xMax"), let maxY = attribute("yMax")
            else { continue }
            let text = String(line[line.index(after: open)..<close.lowerBound])
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
                .replacingOccurrences(of: "&amp;", with: "&")
            words.append(Word(text: text, minX: minX / 0.75, minY: minY / 0.75, maxX: maxX / 0.75, maxY: maxY / 0.75))
        }
        return words
    }

    /// Every text block of the scene (title, subtitle, notes, sources, byline, ticks, axis titles, legend and
    /// value labels) comes back from the PDF whole and in its own reading order: the words whose centres lie in
    /// the block's box, in the order pdftotext reads them, are the block's lines, word for word. A word missing,
    /// out of order, doubled or from another place fails. For blocks that are not rotated, the text also sits
    /// where the layout put it: its anchor (the start of its lines, their middle or their end) within 1 px, and
    /// its width between the measured width less 6 % (pair kerning, which the PDF applies as SVG renderers do and
    /// the layout's measure leaves out, only tightens) and the measured width plus 1 px.
    func checkText(_ path: String) throws {
        let name = Self.name(path)
        // Known gap (stop 26): `scene(_:)` lays out one view, not a graphic of several (concat/repeat, SPEC §20),
        // so it cannot say where their text goes; such a PDF is still checked by qpdf and pdffonts.
        if case .success(let file) = SpecFiles.read(root + "/" + path), SpecParser.parse(file).spec?.hasViews == true { return }
        // Known gap (this stop): `scene(_:)` does not lay a table (SPEC §24) out as the build does (its columns come
        // out at other widths), so it cannot say where a cell's text goes; a table's PDF is still checked by qpdf,
        // pdffonts and pdftoppm against rsvg-convert of its SVG.
        if case .success(let file) = SpecFiles.read(root + "/" + path), SpecParser.parse(file).spec?.table != nil { return }
        let scene = try #require(try scene(path))
        let words = try Self.words(pdf(path))
        // The scene laid out here is the one `chartc build` wrote: its SVG has one <text> per text block (and the
        // logo's own), so no block of the SVG escapes the comparison below.
        let svg = try String(contentsOf: output.appendingPathComponent(name + ".svg"), encoding: .utf8)
        let logoTexts = (scene.logo?.content.body ?? "").components(separatedBy: "<text").count - 1
        #expect(
            svg.components(separatedBy: "<text").count - 1 == scene.texts().count + logoTexts,
            "\(name): the SVG's text elements and the scene's differ")
        var checked = 0
        for placed in scene.texts() {
            let box = placed.box
            let inside = words.filter {
                $0.centerX >= box.minX - 1 && $0.centerX <= box.maxX + 1 && $0.centerY >= box.minY - 1 && $0.centerY <= box.maxY + 1
            }
            let wanted = Self.squeeze(placed.node.block.lines.map(\.text).joined(separator: " "))
            guard !wanted.isEmpty else { continue }
            let got = inside.map(\.text).joined(separator: " ")
            #expect(got == wanted, "\(name): the block \"\(wanted)\" reads \"\(got)\" in the PDF")
            checked += 1
            let node = placed.node
            guard got == wanted, node.rotation.truncatingRemainder(dividingBy: 360) == 0,
                let minX = inside.map(\.minX).min(), let maxX = inside.map(\.maxX).max()
            else { continue }
            // A line that ends in a space (a run "Source: ") is measured with it; pdftotext's word ends before it.
            guard !node.block.lines.contains(where: { $0.text.hasSuffix(" ") || $0.text.hasPrefix(" ") }) else { continue }
            let anchorX = node.x + (box.minX - node.box.minX)
            let measured = node.block.width
            switch node.anchor {
            case .start: #expect(abs(minX - anchorX) < 1, "\(name): \"\(wanted)\" starts at \(minX) px in the PDF, \(anchorX) px in the layout")
            case .middle:
                #expect(
                    abs((minX + maxX) / 2 - anchorX) < 1,
                    "\(name): \"\(wanted)\" is centred on \((minX + maxX) / 2) px in the PDF, \(anchorX) px in the layout")
            case .end: #expect(abs(maxX - anchorX) < 1, "\(name): \"\(wanted)\" ends at \(maxX) px in the PDF, \(anchorX) px in the layout")
            }
            #expect(
                maxX - minX <= measured + 1 && maxX - minX >= measured * 0.94 - 1,
                "\(name): \"\(wanted)\" is \(maxX - minX) px wide in the PDF, \(measured) px measured")
        }
        #expect(checked > 3, "\(name)")
    }

    // MARK: pdftoppm against rsvg-convert

    /// How far two pictures differ: the mean absolute difference over all channels (0…255), and the share of
    /// pixels whose largest channel difference exceeds a threshold.
    struct Difference {
        /// As rasterized: threshold 64.
        var mean: Double, share: Double
        /// Both pictures blurred first (Gaussian, radius 1 px), which evens out how each rasterizer covers glyph
        /// and line edges (anti-aliasing, hinting) but not a mark or a glyph in another place: threshold 32.
        var blurredMean: Double, blurredShare: Double
    }

    /// The PDF rasterized by poppler and the SVG by librsvg, both at 96 dpi (1 px = 1 px), compared.
    func pictureDifference(_ path: String) throws -> Difference? {
        let base = output.appendingPathComponent(Self.name(path)).path
        #expect(
            try ToolProcess.run(try #require(Self.tool("pdftoppm")), ["-r", "96", "-png", "-singlefile", base + ".pdf", base + "-pdf"]).status == 0)
        #expect(try ToolProcess.run(try #require(Self.tool("rsvg-convert")), [base + ".svg", "-o", base + "-svg.png"]).status == 0)
        let script = """
            import sys
            from PIL import Image, ImageChops, ImageFilter
            a = Image.open(sys.argv[1]).convert('RGB'); b = Image.open(sys.argv[2]).convert('RGB')
            if a.size != b.size:
                print('size', a.size, b.size); sys.exit(0)
            def measure(a, b, threshold):
                d = ImageChops.difference(a, b)
                n = a.size[0] * a.size[1]
                total = sum(sum(value * count for value, count in enumerate(band.histogram())) for band in d.split())
                return total / (3 * n), sum(1 for px in d.getdata() if max(px) > threshold) / n
            raw = measure(a, b, 64)
            blurred = measure(a.filter(ImageFilter.GaussianBlur(1)), b.filter(ImageFilter.GaussianBlur(1)), 32)
            print(raw[0], raw[1], blurred[0], blurred[1])
            """
        let output = try ToolProcess.run("/usr/bin/python3", ["-c", script, base + "-pdf.png", base + "-svg.png"]).output
        let numbers = output.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Double($0) }
        #expect(numbers.count == 4, "\(Self.name(path)): \(output)")
        return numbers.count == 4 ? Difference(mean: numbers[0], share: numbers[1], blurredMean: numbers[2], blurredShare: numbers[3]) : nil
    }
}
