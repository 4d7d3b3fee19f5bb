import ChartDiagnostics
import ChartFont
import ChartLayout
import ChartStyle
import ChartTestSupport
import Foundation
import Testing

@testable import ChartRender

/// Poppler's and qpdf's command-line tools, which the PDF tests check the files with (`.ci/run` installs
/// `poppler-utils` and `qpdf`).
enum PDFTools {
    static func path(_ name: String) -> String? { ToolProcess.find(name) }

    static var available: Bool { ["qpdf", "pdftotext", "pdffonts"].allSatisfy { path($0) != nil } }
    static var liberationInstalled: Bool { FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf") }

    /// Runs a tool on a PDF written to a temporary file; returns its exit status and standard output.
    static func run(_ tool: String, _ arguments: [String], pdf: [UInt8]) throws -> (status: Int32, output: String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("chartc-pdf-\(UUID().uuidString).pdf")
        try Data(pdf).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try ToolProcess.run(path(tool) ?? tool, arguments.map { $0 == "FILE" ? file.path : $0 })
    }
}

@Suite("PDF writer")
struct PDFWriterTests {
    static let style = TextStyle(size: 12)

    /// A small scene with the things charts draw: a rounded rect, a dashed line, a path with an arc, a circle
    /// with opacity, a gradient-filled bar in a clipped, translated group, and text beyond ASCII with a link.
    static func scene() -> Scene {
        var scene = Scene(width: 300, height: 200, title: "Zürich −5 °C", description: "A test scene")
        scene.definitions = [
            .linearGradient(
                LinearGradient(
                    id: "ramp", x1: 0, y1: 100, x2: 0, y2: 0,
                    stops: [
                        .init(offset: 0, color: "#fee391"), .init(offset: 0.5, color: "#fb9a29"), .init(offset: 1, color: "#993404")
                    ])),
            .clipRect(id: "plot", box: Box(x: 0, y: 0, width: 200, height: 100))
        ]
        var path = PathBuilder()
        path.move(to: 10, 150)
        path.arc(to: 50, 150, radius: 20)
        path.line(to: 60, 180)
        let line = TextBlockLine(runs: [
            TextRun("Sources: ", style: TextStyle(size: 12, weight: .bold)),
            TextRun("Zürich −5 °C ← → ", style: style),
            TextRun("Example", style: TextStyle(size: 12, italic: true), link: "https://example.org/data?a=1&b=(2)")
        ])
        scene.children = [
            .rect(RectNode(box: Box(x: 5, y: 5, width: 40, height: 20), cornerRadius: 4, fill: .color("#1f5fbf"))),
            .line(LineNode(x1: 0, y1: 30, x2: 300, y2: 30, stroke: Stroke(.color("#888"), width: 1, dash: [4, 2], cap: .round))),
            .path(PathNode(d: path.d, stroke: Stroke(.color("red"), width: 2, join: .round))),
            .circle(CircleNode(cx: 100, cy: 150, radius: 8, fill: .color("rgba(0, 128, 0, 0.5)"), opacity: 0.8)),
            .group(
                GroupNode(
                    translate: (dx: 50, dy: 40), clipID: "plot",
                    children: [
                        .rect(RectNode(box: Box(x: 10, y: 20, width: 20, height: 80), fill: .gradient(id: "ramp")))
                    ])),
            .text(TextNode(block: TextBlock(lines: [line], style: style), x: 10, baseline: 190, fill: "#333")),
            .text(TextNode(block: .single("Rotated", style: style), x: 280, baseline: 100, anchor: .middle, fill: "black", rotation: -90))
        ]
        return scene
    }

    @Test("the cross-reference table gives each object's byte offset", .enabled(if: PDFTools.liberationInstalled, "needs fonts-liberation"))
    func crossReference() throws {
        let pdf = try PDFWriter.write(Self.scene())
        let text = String(decoding: pdf, as: UTF8.self)
        #expect(text.hasPrefix("%PDF-1.7\n"))
        let startxref = try #require(text.range(of: "startxref\n", options: .backwards))
        let xrefOffset = try #require(Int(text[startxref.upperBound...].prefix { $0.isNumber }))
        let xref = Array(pdf[xrefOffset...])
        #expect(xref.starts(with: Array("xref\n0 ".utf8)))
        let lines = String(decoding: xref, as: UTF8.self).split(whereSeparator: \.isNewline)
        let count = try #require(Int(lines[1].split(separator: " ")[1]))
        for number in 1..<count {
            let entry = lines[2 + number]
            let offset = try #require(Int(entry.prefix(10)))
            #expect(pdf[offset...].starts(with: Array("\(number) 0 obj\n".utf8)), "object \(number)")
        }
    }

    @Test("same scene, same bytes; a date only from SOURCE_DATE_EPOCH", .enabled(if: PDFTools.liberationInstalled, "needs fonts-liberation"))
    func deterministic() throws {
        let first = try PDFWriter.write(Self.scene())
        let second = try PDFWriter.write(Self.scene())
        #expect(first == second)
        #expect(!String(decoding: first, as: UTF8.self).contains("/CreationDate"))
        let dated = try PDFWriter.write(Self.scene(), options: PDFWriter.Options(creationDate: 1_700_000_000))
        #expect(String(decoding: dated, as: UTF8.self).contains("/CreationDate (D:20231114221320Z)"))
        #expect(PDFWriter.date(0) == "D:19700101000000Z")
        #expect(PDFWriter.date(-1) == "D:19691231235959Z")
    }

    @Test(
        "qpdf accepts it; pdftotext gives back the text; pdffonts lists embedded Unicode faces",
        .enabled(if: PDFTools.available && PDFTools.liberationInstalled, "needs qpdf, poppler-utils and fonts-liberation"))
    func checkedByTools() throws {
        let pdf = try PDFWriter.write(Self.scene())
        let check = try PDFTools.run("qpdf", ["--check", "FILE"], pdf: pdf)
        #expect(check.status == 0, "\(check.output)")
        let text = try PDFTools.run("pdftotext", ["FILE", "-"], pdf: pdf).output
        #expect(text.contains("Sources: Zürich −5 °C ← → Example"))
        #expect(text.contains("Rotated"))
        let fonts = try PDFTools.run("pdffonts", ["FILE"], pdf: pdf).output.split(separator: "\n").dropFirst(2)
        #expect(fonts.count == 3) // regular, bold, italic
        for font in fonts {
            #expect(font.contains("CID TrueType") && font.contains("Identity-H") && font.contains("yes yes yes"), "\(font)")
        }
        let info = try PDFTools.run("pdfinfo", ["FILE"], pdf: pdf).output
        #expect(info.contains("Title:           Zürich −5 °C"))
        #expect(info.contains("Subject:         A test scene"))
        #expect(info.contains("Page size:       225 x 150 pts"))
        let raw = String(decoding: try PDFWriter.write(Self.scene(), options: PDFWriter.Options(compressStreams: false)), as: UTF8.self)
        #expect(pdf.count < raw.utf8.count / 2) // compressed: the faces and operators take less than half the room
        #expect(raw.contains("/S /URI /URI (https://example.org/data?a=1&b=\\(2\\))"))
        #expect(raw.contains("/ShadingType 2") && raw.contains("/FunctionType 3"))
        #expect(raw.contains("[4 2] 0 d") && raw.contains("1 J") && raw.contains("1 j"))
    }

    @Test(
        "characters the face lacks come from DejaVu Sans; characters no face has still copy as text",
        .enabled(
            if: PDFTools.available && PDFTools.liberationInstalled
                && FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")))
    func fallbackAndActualText() throws {
        var scene = Scene(width: 200, height: 50)
        scene.children = [.text(TextNode(block: .single("ok ✓ 日本 done", style: Self.style), x: 10, baseline: 30, fill: "black"))]
        let pdf = try PDFWriter.write(scene)
        #expect(try PDFTools.run("qpdf", ["--check", "FILE"], pdf: pdf).status == 0)
        let fonts = try PDFTools.run("pdffonts", ["FILE"], pdf: pdf).output
        #expect(fonts.contains("+LiberationSans ") && fonts.contains("+DejaVuSans "))
        let text = try PDFTools.run("pdftotext", ["FILE", "-"], pdf: pdf).output
        #expect(text.contains("ok ✓ 日本 done"))
    }

    @Test("a face whose licence forbids embedding, or with CFF outlines, is an error at its path", .enabled(if: PDFTools.liberationInstalled))
    func notEmbeddable() throws {
        let original = try OpenTypeFace.read(path: "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("chartc-embed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // The table directory: 12 bytes, then 16 per table (tag, checksum, offset, length).
        let count = Int(original.bytes[4]) << 8 | Int(original.bytes[5])
        func record(_ tag: String) -> Int? {
            (0..<count).map { 12 + $0 * 16 }.first { Array(original.bytes[$0..<($0 + 4)]) == Array(tag.utf8) }
        }
        var restricted = original.bytes
        let os2 = try #require(record("OS/2"))
        let os2Offset = Int(restricted[os2 + 8]) << 24 | Int(restricted[os2 + 9]) << 16 | Int(restricted[os2 + 10]) << 8 | Int(restricted[os2 + 11])
        restricted[os2Offset + 8] = 0
        restricted[os2Offset + 9] = 2
        var cff = original.bytes
        let glyf = try #require(record("glyf"))
        cff[glyf + 3] = UInt8(ascii: "X") // no 'glyf' table: not TrueType outlines
        for (name, bytes, expected) in [("restricted.ttf", restricted, "licence"), ("cff.ttf", cff, "CFF")] {
            let path = directory.appendingPathComponent(name).path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let fonts = PDFFontSource(families: [], files: .init(regular: path), cache: FontCache())
            do {
                _ = try PDFWriter.write(Self.scene(), options: PDFWriter.Options(fonts: fonts))
                Issue.record("expected an error for \(name)")
            } catch {
                let diagnostic = try #require(error.diagnostics.first)
                #expect(diagnostic.id == "font-not-embeddable")
                #expect(diagnostic.path == path)
                #expect(diagnostic.message.contains(expected), "\(diagnostic.message)")
            }
        }
    }

    @Test(
        "the scene's font files are what the PDF embeds (a theme's faces)",
        .enabled(if: PDFTools.available && FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf")))
    func sceneFontFiles() throws {
        var scene = Self.scene()
        scene.fontFamily = "'DejaVu Serif', serif"
        scene.fontFiles = SceneFontFiles(
            regular: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf", bold: "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf")
        let fonts = try PDFTools.run("pdffonts", ["FILE"], pdf: try PDFWriter.write(scene)).output
        #expect(fonts.contains("+DejaVuSerif ") && fonts.contains("+DejaVuSerif-Bold "), "\(fonts)")
        #expect(!fonts.contains("Liberation"))
    }

    @Test("a link inside translated groups is placed where its text is on the page", .enabled(if: PDFTools.liberationInstalled))
    func linkInGroup() throws {
        var scene = Scene(width: 200, height: 100)
        let block = TextBlock.single("Data", style: Self.style)
        let text = SceneNode.text(TextNode(block: block, x: 10, baseline: 20, fill: "black", link: "https://example.org"))
        scene.children = [.group(GroupNode(translate: (dx: 30, dy: 10), children: [.group(GroupNode(translate: (dx: 5, dy: 5), children: [text]))]))]
        let raw = String(decoding: try PDFWriter.write(scene), as: UTF8.self)
        // x: 10 + 30 + 5 = 45 px = 33.75 pt; the baseline at 20 + 10 + 5 = 35 px, the box from the ascent above it
        // to the descent below it, in points from the bottom of the 75 pt page.
        let ascent = TextMeasurer.ascent(Self.style), descent = TextMeasurer.descent(Self.style)
        let rect = [45, 100 - (35 + descent), 45 + block.width, 100 - (35 - ascent)].map { PDFSyntax.number($0 * 0.75) }.joined(separator: " ")
        #expect(raw.contains("/Rect [" + rect + "]"), "\(rect)")
    }

    @Test("a face that is not installed is an error that names what to install")
    func missingFace() throws {
        let fonts = PDFFontSource(families: ["Helvetica", "Liberation Sans", "sans-serif"], directories: ["/nonexistent-fonts"], cache: FontCache())
        do {
            _ = try PDFWriter.write(Self.scene(), options: PDFWriter.Options(fonts: fonts))
            Issue.record("expected an error")
        } catch {
            let diagnostic = try #require(error.diagnostics.first)
            #expect(diagnostic.id == "font-not-found")
            #expect(diagnostic.message.contains("'Helvetica', 'Liberation Sans'"))
            #if os(Linux)
                #expect(diagnostic.message.contains("apt-get install fonts-liberation"))
            #endif
        }
    }

    @Test("a theme's family that is not installed falls back to the default face; with neither, the error names both and what to install")
    func themeFamilyFallsBackToDefaultFace() throws {
        var scene = Self.scene()
        scene.fontFamily = "'Source Sans 3', serif"
        var fonts = PDFFontSource.forScene(scene)
        #expect(fonts.families.prefix(2) == ["Source Sans 3", "serif"])
        #expect(fonts.families.contains("Liberation Sans") && fonts.families.contains("Helvetica"))
        fonts.directories = ["/nonexistent-fonts"]
        fonts.cache = FontCache()
        do {
            _ = try PDFWriter.write(scene, options: PDFWriter.Options(fonts: fonts))
            Issue.record("expected an error")
        } catch {
            let diagnostic = try #require(error.diagnostics.first)
            #expect(diagnostic.id == "font-not-found")
            #expect(diagnostic.message.contains("'Source Sans 3', 'Helvetica', 'Arial', 'Liberation Sans'"), "\(diagnostic.message)")
            #if os(Linux)
                #expect(
                    diagnostic.message.contains("install fonts-liberation (Debian/Ubuntu: apt-get install fonts-liberation) for Liberation Sans"),
                    "\(diagnostic.message)")
            #endif
        }
    }

    @Test(
        "the theme's logo is drawn: viewport, shapes, transforms, use, gradient as its first stop, text in the face it names",
        .enabled(
            if: PDFTools.available && PDFTools.liberationInstalled
                && FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")))
    func logo() throws {
        var scene = Scene(width: 300, height: 100)
        let markup =
            ##"<svg viewBox="0 0 60 12">"##
            + ##"<defs><linearGradient id="g"><stop offset="0" stop-color="#123456"/><stop offset="1" stop-color="#ffffff"/></linearGradient>"##
            + ##"<rect id="dot" width="2" height="2" fill="#00ff00"/></defs>"##
            + ##"<g transform="translate(1,1) scale(0.5)"><ellipse cx="10" cy="10" rx="10" ry="8" fill="url(#g)"/></g>"##
            + ##"<use href="#dot" x="20" y="5"/><polygon points="0,0 4,0 2,3" style="fill: #ff0000; opacity: 0.5"/>"##
            + ##"<line x1="0" y1="11" x2="60" y2="11" stroke="#888" stroke-dasharray="2 1"/><rect x="0" y="0" width="5" height="5" display="none"/>"##
            + ##"<text x="30" y="9" font-family="DejaVu Serif, serif" font-size="8" text-anchor="middle">Gazette &amp; <tspan font-weight="bold">Co</tspan></text></svg>"##
        scene.logo = SceneLogo(try LogoSanitizer.read(Array(markup.utf8)), x: 100, y: 50, height: 24)
        let pdf = try PDFWriter.write(scene)
        #expect(try PDFTools.run("qpdf", ["--check", "FILE"], pdf: pdf).status == 0)
        #expect(try PDFTools.run("pdftotext", ["FILE", "-"], pdf: pdf).output.contains("Gazette & Co"))
        let fonts = try PDFTools.run("pdffonts", ["FILE"], pdf: pdf).output
        #expect(fonts.contains("+DejaVuSerif ") && fonts.contains("+DejaVuSerif-Bold "), "\(fonts)")
        let raw = String(decoding: try PDFWriter.write(scene, options: PDFWriter.Options(compressStreams: false)), as: UTF8.self)
        #expect(raw.contains("100 50 120 24 re\nW n\n2 0 0 2 100 50 cm")) // the viewport: clip, then viewBox scaled by 2
        #expect(raw.contains("0.0706 0.2039 0.3373 rg")) // the gradient's first stop
        #expect(raw.contains("0 1 0 rg")) // the used rect
        #expect(raw.contains("[2 1] 0 d"))
        #expect(raw.contains("/ca 0.5"))
        #expect(!raw.contains("0 0 5 0 l")) // display="none" draws nothing
    }

    @Test("a hostile logo cannot blow up: use of use of use, deep nesting, broken markup, random bytes", .enabled(if: PDFTools.liberationInstalled))
    func hostileLogo() throws {
        // Each group draws the one before twice: 2^40 rects if nothing stopped it.
        var markup = ##"<svg viewBox="0 0 10 10"><defs><rect id="g0" width="1" height="1"/>"##
        for level in 1...40 { markup += ##"<g id="g\##(level)"><use href="#g\##(level - 1)"/><use href="#g\##(level - 1)" x="1"/></g>"## }
        markup += ##"</defs><use href="#g40"/><g id="self"><use href="#self"/></g>"##
        let depth = LogoLimits.standard.depth - 2
        markup += String(repeating: "<g>", count: depth) + "<rect width='1' height='1'/>" + String(repeating: "</g>", count: depth) + "</svg>"
        var scene = Scene(width: 100, height: 100)
        scene.logo = SceneLogo(try LogoSanitizer.read(Array(markup.utf8)), x: 0, y: 0, height: 10)
        let clock = ContinuousClock()
        let start = clock.now
        let pdf = try PDFWriter.write(scene)
        #expect(clock.now - start < .seconds(10))
        #expect(try PDFTools.run("qpdf", ["--check", "FILE"], pdf: pdf).status == 0 || !PDFTools.available)
        var random = SeededRandom(seed: 19)
        let pieces = [
            "<svg viewBox='0 0 9 9'>", "<g transform='rotate(45) scale(", "<rect width='3' height='2' rx='9'/>", "<text x='1' y='5'>Ab&#x2192;",
            "</text>", "<path d='M0 0L5 5A2 2 0 1 1 3 3z'/>", "<use href='#a'/>", "<circle id='a' r='2' style='fill:url(#b);opacity:.5'/>", "</g>",
            "&", "<", "\"", "'", ">", "</svg>", "<polygon points='1,2 3'/>", "<tspan font-style='italic'>é"
        ]
        for _ in 0..<300 {
            var text = ""
            for _ in 0..<Int(random.next() % 20) { text += pieces[Int(random.next() % UInt64(pieces.count))] }
            scene.logo = LogoSanitizer.sanitize(Array(text.utf8)).map { SceneLogo($0, x: 1, y: 1, height: 20) }
            _ = try PDFWriter.write(scene)
        }
    }

    @Test(
        "Flate streams: Python's zlib reads back what PDFDeflate wrote (runs, long matches, far matches, random bytes)",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")))
    func deflateRoundTrip() throws {
        var random = SeededRandom(seed: 7)
        let text = Array(String(repeating: "0.2126 -1 10 40 Tm /F1 12 Tf [<0024> 55 <0039>] TJ\n", count: 400).utf8)
        let noise = (0..<70_000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let far = noise.prefix(300) + Array(repeating: UInt8(0), count: 40_000) + noise.prefix(300) // a match 40,300 bytes back is out of the window
        let cases: [[UInt8]] = [
            [], [1], [1, 2], Array(repeating: 7, count: 100_000), text, noise, Array(far), Array(text + noise.prefix(5000) + text)
        ]
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("chartc-deflate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (index, data) in cases.enumerated() {
            let compressed = PDFDeflate.compress(data)
            let plain = directory.appendingPathComponent("\(index).bin"), packed = directory.appendingPathComponent("\(index).z")
            try Data(data).write(to: plain)
            try Data(compressed).write(to: packed)
            let check = try ToolProcess.run(
                "/usr/bin/python3",
                [
                    "-c", "import sys, zlib; print(zlib.decompress(open(sys.argv[1], 'rb').read()) == open(sys.argv[2], 'rb').read())", packed.path,
                    plain.path
                ])
            #expect(check.output == "True\n", "case \(index): \(check.output)")
        }
        #expect(PDFDeflate.compress(text).count < text.count / 10)
        #expect(PDFDeflate.compress(Array(repeating: 7, count: 100_000)).count < 1000)
    }

    @Test("the logo's transforms and lengths")
    func logoAttributes() throws {
        #expect(PDFPage.transforms("translate(10) rotate(90) scale(2,3)").count == 3)
        #expect(PDFPage.transforms("matrix(1 0 0 1 5 6)") == [[1, 0, 0, 1, 5, 6]])
        #expect(PDFPage.transforms("scale(2) bogus(1)") == [[2, 0, 0, 2, 0, 0]])
        #expect(LogoElement.length("12px") == 12 && LogoElement.length("x") == nil)
    }

    @Test(
        "pair kerning as TJ adjustments (and in the anchor's width); italic and bold a face lacks are synthesized",
        .enabled(if: PDFTools.liberationInstalled))
    func kerningAndSyntheticStyles() throws {
        var scene = Scene(width: 200, height: 60)
        scene.children = [
            .text(TextNode(block: .single("AVAV", style: Self.style), x: 100, baseline: 20, anchor: .end, fill: "black")),
            .text(TextNode(block: .single("slanted", style: TextStyle(size: 12, italic: true)), x: 10, baseline: 40, fill: "black")),
            .text(TextNode(block: .single("heavy", style: TextStyle(size: 12, weight: .bold)), x: 10, baseline: 55, fill: "black"))
        ]
        let regular = "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf"
        let fonts = PDFFontSource(families: [], files: .init(regular: regular), cache: FontCache())
        let raw = String(decoding: try PDFWriter.write(scene, options: PDFWriter.Options(fonts: fonts, compressStreams: false)), as: UTF8.self)
        let face = try OpenTypeFace.read(path: regular)
        let a = face.glyph(for: 0x41), v = face.glyph(for: 0x56)
        let pair = face.kerning(a, v)
        #expect(pair < 0)
        #expect(raw.contains("> " + PDFSyntax.number(-Double(pair) * 1000 / Double(face.unitsPerEm), decimals: 3) + " <"))
        // Anchored at its end: it starts where the kerned width (A-V, V-A, A-V), not the measured one, puts it.
        let measured = TextBlock.single("AVAV", style: Self.style).width
        let start = 100 - measured - Self.style.size * Double(2 * pair + face.kerning(v, a)) / Double(face.unitsPerEm)
        #expect(raw.contains("1 0 0 -1 " + PDFSyntax.number(start) + " 20 Tm"), "\(start)")
        #expect(raw.contains("1 0 0.2126 -1 10 40 Tm"))
        #expect(raw.contains("w 2 Tr"))
    }

    @Test("SVG path data becomes PDF path operators: relative commands, arcs as curves, bad data stops the path")
    func pathData() {
        let square = PDFPath(svg: "M10,10 h20 v20 H10 Z")
        #expect(square.operators == "10 10 m\n30 10 l\n30 30 l\n10 30 l\nh\n")
        let relative = PDFPath(svg: "m5 5 l10 0 10 10")
        #expect(relative.operators == "5 5 m\n15 5 l\n25 15 l\n")
        let arc = PDFPath(svg: "M0,0A10,10 0 0,1 20,0")
        #expect(arc.operators.hasSuffix("20 0 c\n"))
        #expect(abs(arc.minY - -10) < 0.01) // the half circle bulges up to y = -10
        let broken = PDFPath(svg: "M1,1 L2,2 L3,x L4,4")
        #expect(broken.operators == "1 1 m\n2 2 l\n")
        #expect(PDFPath(svg: "").isEmpty)
        #expect(PDFPath(svg: "M1e2,-.5").operators == "100 -0.5 m\n")
    }

    @Test("strings and names are escaped")
    func syntax() {
        #expect(PDFSyntax.textString("a (b) \\c") == "(a \\(b\\) \\\\c)")
        #expect(PDFSyntax.textString("°") == "<FEFF00B0>")
        #expect(PDFSyntax.name("A B#(c)") == "/A#20B#23#28c#29")
        #expect(PDFSyntax.number(-0.001) == "0")
        #expect(PDFSyntax.number(1.5) == "1.5")
        #expect(PDFSyntax.number(.nan) == "0")
    }
}
