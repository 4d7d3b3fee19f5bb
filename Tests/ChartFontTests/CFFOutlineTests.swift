import ChartTestSupport
import Foundation
import Testing

@testable import ChartFont

/// CFF outlines (OpenType `.otf` with PostScript outlines: Type 2 charstrings, global and local subroutines,
/// hints ignored) against fontTools' decompiler, on URW's base 35 faces (`fonts-urw-base35`; `.ci/run` unpacks
/// the package into /tmp/chartc-test-fonts without installing it, since its fontconfig rules would make Nimbus
/// Sans stand for Helvetica in every browser rendering).
@Suite("CFF outlines")
struct CFFOutlineTests {
    static let folders = [
        ProcessInfo.processInfo.environment["CHARTC_CFF_FONTS"], "/tmp/chartc-test-fonts/usr/share/fonts/opentype/urw-base35",
        "/usr/share/fonts/opentype/urw-base35"
    ].compactMap { $0 }
    static let faces = ["NimbusSans-Regular.otf", "NimbusRoman-Italic.otf", "C059-Bold.otf", "URWBookman-LightItalic.otf", "Z003-MediumItalic.otf"]
    static let folder = folders.first { FileManager.default.fileExists(atPath: $0 + "/NimbusSans-Regular.otf") }
    static var available: Bool { folder != nil && InstalledFonts.hasFontTools }

    /// fontTools' outline of each sample character: one line per pen call, coordinates to 0.01.
    static func fontToolsOutlines(_ path: String, _ scalars: [UInt32]) throws -> [String] {
        let script = """
            import sys
            from fontTools.ttLib import TTFont
            from fontTools.pens.recordingPen import RecordingPen
            f = TTFont(sys.argv[1]); cmap = f.getBestCmap(); glyphs = f.getGlyphSet(); order = f.getGlyphOrder()
            def n(v): return '%.2f' % (v + 0.0)
            for s in sys.argv[2].split(','):
                name = cmap.get(int(s))
                if name is None: print(s, 'none'); continue
                pen = RecordingPen(); glyphs[name].draw(pen)
                out = []
                for op, args in pen.value:
                    out.append(op[0] + ' '.join(n(c) for p in args for c in p))
                print(s, order.index(name), ' '.join(out))
            """
        let result = try InstalledFonts.run(InstalledFonts.python, ["-c", script, path, scalars.map(String.init).joined(separator: ",")])
        #expect(result.status == 0, "\(result.output)")
        return result.output.split(separator: "\n").map(String.init)
    }

    static func describe(_ outline: GlyphOutline) -> String {
        func n(_ v: Double) -> String { String(format: "%.2f", v + 0.0) }
        var out: [String] = []
        for segment in outline.segments {
            switch segment {
            case .move(let x, let y): out.append("m" + n(x) + " " + n(y))
            case .line(let x, let y): out.append("l" + n(x) + " " + n(y))
            case .cubic(let a, let b, let c, let d, let x, let y): out.append("c" + [a, b, c, d, x, y].map(n).joined(separator: " "))
            case .quadratic(let a, let b, let x, let y): out.append("q" + [a, b, x, y].map(n).joined(separator: " "))
            case .close: out.append("c")
            }
        }
        return out.joined(separator: " ")
    }

    static let sample: [UInt32] = Array(0x21...0x7E) + [0xC5, 0xE9, 0xDF, 0xFC, 0x20AC, 0x2013, 0xA9]

    @Test(
        "every sample glyph's contours equal fontTools', point for point, in five URW faces",
        .enabled(if: available, "needs fonts-urw-base35 unpacked and python3-fonttools"))
    func matchesFontTools() throws {
        let folder = try #require(Self.folder)
        for name in Self.faces {
            let path = folder + "/" + name
            let face = try OpenTypeFace.read(path: path)
            #expect(face.hasCFFOutlines && !face.hasTrueTypeOutlines)
            var compared = 0
            for line in try Self.fontToolsOutlines(path, Self.sample) {
                let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
                guard parts.count >= 2, parts[1] != "none", let scalar = UInt32(parts[0]), let glyph = UInt16(parts[1]) else { continue }
                #expect(face.glyph(for: scalar) == glyph)
                // fontTools' closePath is "c" too; a contour's c + six numbers is a curve.
                let expected = (parts.count > 2 ? parts[2] : "").replacingOccurrences(of: "closePath", with: "c")
                let outline = try #require(face.outline(glyph: glyph), "\(name) U+\(String(scalar, radix: 16))")
                #expect(Self.describe(outline) == expected, "\(name) U+\(String(scalar, radix: 16))")
                compared += 1
            }
            #expect(compared > 80, "\(name)")
        }
    }

    @Test("a broken CFF table gives partial outlines or none, never a trap or a hang", .enabled(if: folder != nil, "needs fonts-urw-base35 unpacked"))
    func brokenCFF() throws {
        let path = try #require(Self.folder) + "/NimbusSans-Regular.otf"
        let face = try OpenTypeFace.read(path: path)
        let record = try #require(face.directory.record("CFF "))
        var random = SeededRandom(seed: 11)
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<60 {
            var bytes = face.bytes
            for _ in 0..<40 {
                let at = record.offset + Int(random.next() % UInt64(record.length))
                bytes[at] = UInt8(truncatingIfNeeded: random.next())
            }
            guard let broken = try? OpenTypeFace(bytes: bytes, path: "broken.otf") else { continue }
            for scalar in UInt32(0x41)...0x5A { _ = broken.outline(glyph: broken.glyph(for: scalar)) }
        }
        #expect(clock.now - start < .seconds(60))
    }
}
