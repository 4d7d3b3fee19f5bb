import ChartDiagnostics
import ChartTestSupport
import Foundation
import Testing

@testable import ChartFont

/// Fonts every test machine has (`fonts-liberation`, `fonts-dejavu-core`; `.ci/run` installs them).
enum InstalledFonts {
    static let liberationRegular = "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf"
    static let liberationBold = "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf"
    static let dejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let dejaVuSerifBold = "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf"
    static var all: [String] { [liberationRegular, liberationBold, dejaVuSans, dejaVuSerifBold] }
    static var present: Bool { all.allSatisfy { FileManager.default.fileExists(atPath: $0) } }

    /// Python with fontTools (`python3-fonttools`), an independent reader to compare with.
    static let python = "/usr/bin/python3"
    static var hasFontTools: Bool {
        (try? run(python, ["-c", "import fontTools"]))?.status == 0
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        try ToolProcess.run(executable, arguments)
    }
}

@Suite("Font reader")
struct FontReaderTests {
    /// Characters whose advances are compared: ASCII letters and digits, and what charts print beyond ASCII.
    static let sample: [UInt32] = Array(0x20...0x7E) + [0xB0, 0xE9, 0xFC, 0xF1, 0x2212, 0x2190, 0x2192, 0x2026, 0x2013, 0x2014, 0x20AC, 0x1F600]

    /// fontTools' view of a face: units per em, hhea line metrics, names, OS/2 weight and the advance of each
    /// sample scalar (-1 when unmapped).
    static func fontToolsFacts(_ path: String) throws -> [String] {
        let script = """
            import sys
            from fontTools.ttLib import TTFont
            f = TTFont(sys.argv[1])
            cmap = f.getBestCmap()
            hmtx = f['hmtx']
            name = f['name']
            print(f['head'].unitsPerEm, f['hhea'].ascent, f['hhea'].descent, f['hhea'].lineGap, f['OS/2'].usWeightClass)
            print(name.getDebugName(1)); print(name.getDebugName(2)); print(name.getDebugName(6))
            for s in sys.argv[2].split(','):
                g = cmap.get(int(s))
                print(hmtx[g][0] if g is not None else -1)
            """
        let result = try InstalledFonts.run(InstalledFonts.python, ["-c", script, path, sample.map(String.init).joined(separator: ",")])
        #expect(result.status == 0)
        return result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test(
        "advances, metrics and names equal fontTools' for Liberation Sans and DejaVu",
        .enabled(if: InstalledFonts.present && InstalledFonts.hasFontTools, "needs fonts-liberation, fonts-dejavu-core and python3-fonttools"))
    func matchesFontTools() throws {
        for path in InstalledFonts.all {
            let face = try OpenTypeFace.read(path: path)
            let facts = try Self.fontToolsFacts(path)
            let head = facts[0].split(separator: " ").compactMap { Int($0) }
            #expect(head == [face.unitsPerEm, face.ascender, -face.descender, face.lineGap, face.weight], "\(path)")
            #expect(facts[1] == face.names.family)
            #expect(facts[2] == face.names.subfamily)
            #expect(facts[3] == face.names.postScriptName)
            for (index, scalar) in Self.sample.enumerated() {
                let expected = Int(facts[4 + index]) ?? -2
                #expect((face.advance(scalar) ?? -1) == expected, "U+\(String(scalar, radix: 16)) in \(path)")
            }
        }
    }

    /// The cmap is not copied into a table when a face opens: every lookup searches the file's own segments or
    /// groups, and the first range is walked once. Both must give fontTools' answer for every mapped scalar.
    @Test(
        "every mapped scalar's glyph and advance equal fontTools', looked up and walked",
        .enabled(if: InstalledFonts.present && InstalledFonts.hasFontTools, "needs fonts-liberation, fonts-dejavu-core and python3-fonttools"))
    func everyScalarMatchesFontTools() throws {
        let script = """
            import sys
            from fontTools.ttLib import TTFont
            f = TTFont(sys.argv[1])
            hmtx = f['hmtx']
            order = f.getGlyphOrder()
            ids = {name: i for i, name in enumerate(order)}
            for s, g in sorted(f.getBestCmap().items()):
                print(s, ids[g], hmtx[g][0])
            """
        for path in InstalledFonts.all {
            let face = try OpenTypeFace.read(path: path)
            let result = try InstalledFonts.run(InstalledFonts.python, ["-c", script, path])
            #expect(result.status == 0)
            var expected: [UInt32: (glyph: UInt16, advance: Int)] = [:]
            for line in result.output.split(separator: "\n") {
                let fields = line.split(separator: " ").compactMap { Int($0) }
                guard fields.count == 3 else { continue }
                expected[UInt32(fields[0])] = (UInt16(fields[1]), fields[2])
            }
            #expect(expected.count > 200, "\(path)")
            var mismatches = 0
            for (scalar, fact) in expected where face.glyph(for: scalar) != fact.glyph || face.advance(scalar) != fact.advance {
                mismatches += 1
            }
            #expect(mismatches == 0, "\(mismatches) scalars differ in \(path)")
            // Unmapped scalars between mapped ones have no glyph.
            for scalar in UInt32(0)..<0x3000 where expected[scalar] == nil {
                #expect(face.glyph(for: scalar) == 0, "U+\(String(scalar, radix: 16)) in \(path)")
            }
            var walked: [UInt32: Int] = [:]
            face.forEachAdvance(below: 0x500) { scalar, advance in walked[scalar] = advance }
            let firstRange = expected.filter { $0.key < 0x500 }.mapValues(\.advance)
            #expect(walked == firstRange, "\(path)")
        }
    }

    @Test("UTF-16 names decode like the standard library, surrogates and lone surrogates included")
    func utf16Names() {
        for text in ["DejaVu Sans", "Noto Sans 日本語", "Emoji 😀 face", "Ünïcödé"] {
            let bytes = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            #expect(NameTable.decodeUTF16BigEndian(bytes[...]) == text)
        }
        #expect(NameTable.decodeUTF16BigEndian([0xD8, 0x3D, 0x00, 0x41][...]) == "\u{FFFD}A")
        #expect(NameTable.decodeUTF16BigEndian([0x00, 0x41, 0x00][...]) == "A")
    }

    @Test("a string's width is the sum of its advances, in px at a size", .enabled(if: InstalledFonts.present))
    func stringWidth() throws {
        let face = try OpenTypeFace.read(path: InstalledFonts.liberationRegular)
        // Arial-compatible: "Hello" is H 1479 + e 1139 + l 455 + l 455 + o 1139 = 4667 units of 2048.
        #expect(face.units("Hello", missing: { _ in 0 }) == 4667)
        #expect(abs(face.pixels(4667, size: 16) - 36.4609375) < 1e-9)
        #expect(face.names.family == "Liberation Sans")
        #expect(face.weight == 400 && !face.isBold && !face.isItalic)
        #expect(face.hasTrueTypeOutlines && face.allowsEmbedding)
        #expect(face.capHeight > 0 && face.xHeight > 0 && face.xHeight < face.capHeight)
        for text in ["Hello", "Zürich −5 °C ← →", "日本 😀 e\u{301}", ""] {
            var copy = text
            let fromBytes = copy.withUTF8 { face.units(utf8: $0, missing: { _ in 1000 }) }
            #expect(fromBytes == face.units(Substring(text), missing: { _ in 1000 }), "\(text)")
        }
        let bold = try OpenTypeFace.read(path: InstalledFonts.liberationBold)
        #expect(bold.isBold && bold.weight == 700)
        #expect(bold.units("Hello", missing: { _ in 0 }) > 4667)
    }

    @Test("pair kerning from the kern table", .enabled(if: InstalledFonts.present))
    func kerning() throws {
        let face = try OpenTypeFace.read(path: InstalledFonts.dejaVuSans)
        #expect(face.hasKerning)
        // fontTools reads these pairs from DejaVu Sans 2.37's kern table: A V -131, A A 57, T o -348.
        let a = face.glyph(for: 0x41), v = face.glyph(for: 0x56), t = face.glyph(for: 0x54), o = face.glyph(for: 0x6F)
        #expect(face.kerning(a, v) == -131)
        #expect(face.kerning(a, a) == 57)
        #expect(face.kerning(t, o) == -348)
    }

    @Test("a subset keeps glyph ids and advances, drops unused outlines and is a valid font", .enabled(if: InstalledFonts.present))
    func subset() throws {
        let face = try OpenTypeFace.read(path: InstalledFonts.liberationRegular)
        let used = Set("Polarization −2°".unicodeScalars.map { face.glyph(for: $0.value) })
        let bytes = try #require(face.subset(glyphs: used))
        #expect(bytes.count < face.bytes.count / 3)
        let reread = try OpenTypeFace(bytes: bytes, path: "subset")
        #expect(reread.glyphCount == face.glyphCount)
        for scalar in "Polarization −2°Zq".unicodeScalars {
            #expect(reread.glyph(for: scalar.value) == face.glyph(for: scalar.value))
            #expect(reread.advance(scalar.value) == face.advance(scalar.value))
        }
        #expect(OpenTypeFace.checksum(bytes) == 0xB1B0_AFBA)
        if InstalledFonts.hasFontTools {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("chartc-subset-\(getpid()).ttf")
            try Data(bytes).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let check = try InstalledFonts.run(
                InstalledFonts.python,
                [
                    "-c",
                    "import sys; from fontTools.ttLib import TTFont; f = TTFont(sys.argv[1]); f['glyf']; f.getGlyphSet()['P'].draw(__import__('fontTools.pens.recordingPen', fromlist=['x']).RecordingPen()); print(f['maxp'].numGlyphs)",
                    file.path
                ])
            #expect(check.status == 0)
            #expect(check.output.trimmingCharacters(in: .whitespacesAndNewlines) == String(face.glyphCount))
        }
    }

    @Test("a missing, empty or non-font file is an error at its path")
    func brokenFiles() throws {
        #expect(throws: FontDiagnostic.unreadable(path: "/nonexistent/x.ttf", reason: "No such file or directory")) {
            try OpenTypeFace.read(path: "/nonexistent/x.ttf")
        }
        do {
            _ = try OpenTypeFace(bytes: Array("not a font at all, just text".utf8), path: "fake.ttf")
            Issue.record("expected an error")
        } catch {
            let diagnostic = error.diagnostic
            #expect(diagnostic.id == "font-malformed")
            #expect(diagnostic.path == "fake.ttf")
            #expect(diagnostic.message.contains("signature"))
        }
        #expect(throws: FontDiagnostic.self) { try OpenTypeFace.read(path: "/tmp") }
    }
}
