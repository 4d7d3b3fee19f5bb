import ChartTestSupport
import Foundation
import Testing

@testable import ChartFont

/// Pair kerning as browsers apply it (issue 28: "kerning as the SVG/PDF use it"): HarfBuzz kerns with `GPOS`
/// when it has a `kern` feature and with the `kern` table only otherwise, so the PDF and the PNG do the same.
@Suite("GPOS kerning")
struct GPOSKerningTests {
    /// fontTools' pairs of the `kern` features' pair-adjustment lookups (first subtable wins within a lookup,
    /// lookups add up; class 0 of the second glyph left out), as "left right value" lines of glyph ids.
    static func fontToolsPairs(_ path: String) throws -> Set<String> {
        let script = """
            import sys
            from fontTools.ttLib import TTFont
            f = TTFont(sys.argv[1]); order = f.getGlyphOrder(); gid = {n: i for i, n in enumerate(order)}
            gpos = f['GPOS'].table
            lookups = sorted({i for r in gpos.FeatureList.FeatureRecord if r.FeatureTag == 'kern' for i in r.Feature.LookupListIndex})
            total = {}
            for li in lookups:
                lookup = gpos.LookupList.Lookup[li]; pairs = {}; claimed = set()
                for st in lookup.SubTable:
                    if lookup.LookupType == 9: st = st.ExtSubTable
                    if st.Format == 1:
                        for i, g in enumerate(st.Coverage.glyphs):
                            if g in claimed: continue
                            for r in st.PairSet[i].PairValueRecord:
                                pairs.setdefault((g, r.SecondGlyph), getattr(r.Value1, 'XAdvance', 0) or 0)
                    elif st.Format == 2:
                        c1 = st.ClassDef1.classDefs; c2 = st.ClassDef2.classDefs
                        for g in st.Coverage.glyphs:
                            if g in claimed: continue
                            claimed.add(g)
                            rec = st.Class1Record[c1.get(g, 0)]
                            for g2, k in c2.items():
                                if k == 0: continue
                                v = getattr(rec.Class2Record[k].Value1, 'XAdvance', 0) or 0
                                if v: pairs.setdefault((g, g2), v)
                for k, v in pairs.items(): total[k] = total.get(k, 0) + v
            for (a, b), v in total.items():
                if v: print(gid[a], gid[b], v)
            """
        let result = try InstalledFonts.run(InstalledFonts.python, ["-c", script, path])
        #expect(result.status == 0, "\(result.output)")
        return Set(result.output.split(separator: "\n").map(String.init))
    }

    static func pairs(_ table: KernTable) -> Set<String> {
        Set(zip(table.keys, table.values).map { "\($0 >> 16) \($0 & 0xFFFF) \($1)" })
    }

    @Test(
        "GPOS pairs equal fontTools' for Liberation Sans and DejaVu, and equal their kern tables (so the PDF's kerning did not move)",
        .enabled(if: InstalledFonts.present && InstalledFonts.hasFontTools, "needs fonts-liberation, fonts-dejavu-core and python3-fonttools"))
    func matchesFontTools() throws {
        for path in InstalledFonts.all {
            let face = try OpenTypeFace.read(path: path)
            let data = FontBytes(bytes: face.bytes, path: path)
            let gposRecord = try #require(face.directory.record("GPOS"))
            let read = try GPOSKerning.read(data, gposRecord, glyphCount: face.glyphCount)
            let gpos = try #require(read)
            #expect(gpos.keys.count > 500, "\(path)")
            let expected = try Self.fontToolsPairs(path)
            #expect(Self.pairs(gpos) == expected, "\(path)")
            let kernRecord = try #require(face.directory.record("kern"))
            let kern = try KernTable(data, kernRecord)
            #expect(Self.pairs(gpos) == Self.pairs(kern), "\(path)")
            #expect(Self.pairs(face.kern) == Self.pairs(gpos))
        }
    }

    /// A face that kerns only through GPOS (most faces made since about 2010) kerned nothing before.
    @Test(
        "a face without a kern table kerns through GPOS: DejaVu Sans with its kern table dropped by fontTools",
        .enabled(if: InstalledFonts.present && InstalledFonts.hasFontTools, "needs fonts-dejavu-core and python3-fonttools"))
    func gposOnlyFace() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("chartc-gpos-only-\(getpid()).ttf")
        defer { try? FileManager.default.removeItem(at: file) }
        let script = "import sys\nfrom fontTools.ttLib import TTFont\nf = TTFont(sys.argv[1]); del f['kern']; f.save(sys.argv[2])"
        #expect(try InstalledFonts.run(InstalledFonts.python, ["-c", script, InstalledFonts.dejaVuSans, file.path]).status == 0)
        let face = try OpenTypeFace.read(path: file.path)
        #expect(face.directory.record("kern") == nil)
        #expect(face.hasKerning)
        let a = face.glyph(for: 0x41), v = face.glyph(for: 0x56), t = face.glyph(for: 0x54), o = face.glyph(for: 0x6F)
        // The same pairs the kern table had (fontTools: A V -131, T o -348).
        #expect(face.kerning(a, v) == -131)
        #expect(face.kerning(t, o) == -348)
    }

    @Test("a broken GPOS falls back to the kern table; random bytes never trap", .enabled(if: InstalledFonts.present))
    func brokenGPOS() throws {
        let face = try OpenTypeFace.read(path: InstalledFonts.dejaVuSans)
        let record = try #require(face.directory.record("GPOS"))
        var random = SeededRandom(seed: 5)
        for _ in 0..<200 {
            var bytes = face.bytes
            for _ in 0..<20 {
                let at = record.offset + Int(random.next() % UInt64(min(record.length, 4096)))
                bytes[at] = UInt8(truncatingIfNeeded: random.next())
            }
            let broken = try OpenTypeFace(bytes: bytes, path: "broken.ttf")
            _ = broken.kerning(broken.glyph(for: 0x41), broken.glyph(for: 0x56))
        }
        var bytes = face.bytes
        for at in record.offset..<(record.offset + 12) { bytes[at] = 0xFF }
        let broken = try OpenTypeFace(bytes: bytes, path: "broken.ttf")
        #expect(broken.kerning(broken.glyph(for: 0x41), broken.glyph(for: 0x56)) == -131)
    }
}
