import ChartFont

/// The fonts a page uses, embedded so every character prints and can be searched and copied: each face as a
/// Type0 font with Identity-H encoding over a CIDFontType2 whose CIDs are glyph ids, the TrueType file itself
/// (`/FontFile2`, subset to the glyphs drawn), a `/W` widths array and a `ToUnicode` CMap. Text is encoded
/// here, as 2-byte glyph ids, and the glyphs and characters used are remembered for the subset and the maps.
struct PDFFontEmbedding {
    /// One face in use.
    struct UsedFace {
        let face: OpenTypeFace
        /// `/F1`, `/F2`, … in order of first use.
        let resourceName: String
        /// Glyph id → the text it stands for (the first seen).
        var glyphText: [UInt16: [UInt32]] = [:]
    }

    private(set) var faces: [UsedFace] = []
    private var indexByKey: [String: Int] = [:]

    /// The index of `face` in `faces`, adding it the first time.
    mutating func use(_ face: OpenTypeFace) -> Int {
        let key = face.path + "#" + String(face.faceIndex)
        if let index = indexByKey[key] { return index }
        faces.append(UsedFace(face: face, resourceName: "F" + String(faces.count + 1)))
        indexByKey[key] = faces.count - 1
        return faces.count - 1
    }

    /// A run's text as pieces in one face each (the main face, or the fallback for scalars it lacks): the face
    /// index and its glyph ids.
    mutating func encode(_ text: String, face: OpenTypeFace, fallback: OpenTypeFace?) -> [(face: Int, glyphs: [UInt16])] {
        var pieces: [(face: Int, glyphs: [UInt16])] = []
        for scalar in text.unicodeScalars {
            let value = scalar.value
            var chosen = face
            var glyph = face.glyph(for: value)
            if glyph == 0, let fallback, fallback.glyph(for: value) != 0 {
                chosen = fallback
                glyph = fallback.glyph(for: value)
            }
            // Line breaks and other controls draw nothing (the layout gives them no width).
            if value < 0x20 { continue }
            let index = use(chosen)
            if faces[index].glyphText[glyph] == nil { faces[index].glyphText[glyph] = [value] }
            if pieces.last?.face != index { pieces.append((index, [])) }
            pieces[pieces.count - 1].glyphs.append(glyph)
        }
        return pieces
    }

    /// The pair kerning of a piece, in font units: the sum, and the `TJ` array that draws the piece with it (a
    /// glyph string, then each kerning pair as a number in thousandths of the size — subtracted from the
    /// position, so a pair that tightens is positive — and the glyphs after it).
    func kerned(_ piece: (face: Int, glyphs: [UInt16])) -> (units: Int, operand: [UInt8]) {
        let face = faces[piece.face].face
        let digits = Array("0123456789ABCDEF".utf8)
        var operand: [UInt8] = [0x5B, 0x3C] // "[<"
        var units = 0
        var previous: UInt16?
        for glyph in piece.glyphs {
            if let previous, face.hasKerning {
                let pair = face.kerning(previous, glyph)
                if pair != 0 {
                    units += pair
                    operand += Array(("> " + PDFSyntax.number(-Double(pair) * 1000 / Double(face.unitsPerEm), decimals: 3) + " <").utf8)
                }
            }
            operand += [digits[Int(glyph >> 12)], digits[Int(glyph >> 8 & 0xF)], digits[Int(glyph >> 4 & 0xF)], digits[Int(glyph & 0xF)]]
            previous = glyph
        }
        operand += Array(">]".utf8)
        return (units, operand)
    }

    /// Writes every face's objects into `document`; returns the font resource dictionary entries.
    func embed(into document: inout PDFDocument) -> String {
        var resources = ""
        for used in faces {
            let face = used.face
            let glyphs = used.glyphText.keys.sorted()
            let fontFile = face.subset(glyphs: Set(glyphs)) ?? face.bytes
            let tag = Self.subsetTag(face.names.postScriptName, glyphs)
            let baseName = PDFSyntax.name(tag + "+" + face.names.postScriptName)
            let scale = 1000 / Double(face.unitsPerEm)
            func units(_ value: Int) -> String { PDFSyntax.number(Double(value) * scale, decimals: 3) }

            let type0 = document.reserve()
            let cidFont = document.reserve()
            let descriptor = document.reserve()
            let file = document.reserve()
            let toUnicode = document.reserve()

            document.setStream(file, dictionary: "/Length1 " + String(fontFile.count), data: fontFile)
            var flags = 32 // nonsymbolic
            if face.isFixedPitch { flags |= 1 }
            if face.isItalic { flags |= 64 }
            let box = face.boundingBox
            document.set(
                descriptor,
                "<< /Type /FontDescriptor /FontName " + baseName + " /Flags " + String(flags)
                    + " /FontBBox [" + [box.xMin, box.yMin, box.xMax, box.yMax].map(units).joined(separator: " ") + "]"
                    + " /ItalicAngle " + PDFSyntax.number(face.italicAngle) + " /Ascent " + units(face.ascender)
                    + " /Descent " + units(-face.descender) + " /CapHeight " + units(face.capHeight)
                    + " /XHeight " + units(face.xHeight) + " /StemV " + (face.isBold ? "120" : "80")
                    + " /FontFile2 " + String(file) + " 0 R >>")
            var widths = "["
            var index = 0
            while index < glyphs.count {
                // Consecutive glyph ids share one `c [w1 w2 …]` entry.
                var end = index
                while end + 1 < glyphs.count, glyphs[end + 1] == glyphs[end] + 1 { end += 1 }
                widths += String(glyphs[index]) + " [" + glyphs[index...end].map { units(face.advance(glyph: $0)) }.joined(separator: " ") + "] "
                index = end + 1
            }
            widths += "]"
            document.set(
                cidFont,
                "<< /Type /Font /Subtype /CIDFontType2 /BaseFont " + baseName
                    + " /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >>"
                    + " /FontDescriptor " + String(descriptor) + " 0 R /DW " + units(face.advance(glyph: 0))
                    + " /W " + widths + " /CIDToGIDMap /Identity >>")
            document.setStream(toUnicode, dictionary: "", data: Array(Self.toUnicode(used.glyphText, glyphs).utf8))
            document.set(
                type0,
                "<< /Type /Font /Subtype /Type0 /BaseFont " + baseName + " /Encoding /Identity-H /DescendantFonts ["
                    + String(cidFont) + " 0 R] /ToUnicode " + String(toUnicode) + " 0 R >>")
            resources += "/" + used.resourceName + " " + String(type0) + " 0 R "
        }
        return resources
    }

    /// The CMap that maps each glyph id back to its characters (UTF-16BE), for search and copy.
    static func toUnicode(_ glyphText: [UInt16: [UInt32]], _ glyphs: [UInt16]) -> String {
        var cmap = """
            /CIDInit /ProcSet findresource begin
            12 dict begin
            begincmap
            /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
            /CMapName /Adobe-Identity-UCS def
            /CMapType 2 def
            1 begincodespacerange
            <0000> <FFFF>
            endcodespacerange

            """
        var start = 0
        while start < glyphs.count {
            let chunk = glyphs[start..<min(glyphs.count, start + 100)]
            cmap += String(chunk.count) + " beginbfchar\n"
            for glyph in chunk {
                var utf16 = ""
                for scalar in glyphText[glyph] ?? [] {
                    guard let unicode = Unicode.Scalar(scalar) else { continue }
                    for unit in String(Character(unicode)).utf16 { utf16 += PDFSyntax.hex4(unit) }
                }
                cmap += "<" + PDFSyntax.hex4(glyph) + "> <" + (utf16.isEmpty ? "FFFD" : utf16) + ">\n"
            }
            cmap += "endbfchar\n"
            start += 100
        }
        cmap += "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n"
        return cmap
    }

    /// Six capital letters naming a subset (PDF 9.6.4), from a hash of the face and its glyphs: the same
    /// glyphs give the same tag.
    static func subsetTag(_ name: String, _ glyphs: [UInt16]) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        for glyph in glyphs { hash = (hash ^ UInt64(glyph)) &* 0x100_0000_01B3 }
        var tag = ""
        for _ in 0..<6 {
            tag += String(UnicodeScalar(UInt8(0x41 + hash % 26)))
            hash /= 26
        }
        return tag
    }
}
