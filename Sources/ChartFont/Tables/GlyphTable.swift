/// `loca` + `glyf`: where each glyph's outline lies, and which glyphs a composite glyph is built from, so a
/// writer can embed only the outlines it draws (a subset keeps every glyph id and empties the others).
struct GlyphTable: Sendable {
    /// numGlyphs + 1 offsets into `glyf`, relative to its start; each checked to lie inside it and to ascend.
    let offsets: [Int]
    let glyfOffset: Int

    init(_ data: FontBytes, loca: TableDirectory.Record, glyf: TableDirectory.Record, numGlyphs: Int, longOffsets: Bool) throws(FontBytes.OutOfBounds)
    {
        let size = longOffsets ? 4 : 2
        guard loca.length >= (numGlyphs + 1) * size else {
            throw FontBytes.OutOfBounds(table: "loca", problem: "is shorter than its \(numGlyphs + 1) offsets")
        }
        var offsets: [Int] = []
        offsets.reserveCapacity(numGlyphs + 1)
        var previous = 0
        for index in 0...numGlyphs {
            let offset = longOffsets ? Int(try data.u32(loca.offset + index * 4, "loca")) : Int(try data.u16(loca.offset + index * 2, "loca")) * 2
            guard offset >= previous, offset <= glyf.length else {
                throw FontBytes.OutOfBounds(table: "loca", problem: "points outside the 'glyf' table or backwards at glyph \(index)")
            }
            offsets.append(offset)
            previous = offset
        }
        self.offsets = offsets
        glyfOffset = glyf.offset
    }

    /// The glyphs a composite glyph refers to (empty for a simple glyph or a broken one).
    func components(of glyph: Int, in data: FontBytes) -> [Int] {
        guard glyph >= 0, glyph + 1 < offsets.count else { return [] }
        let start = glyfOffset + offsets[glyph]
        let end = glyfOffset + offsets[glyph + 1]
        guard end - start >= 10, let contours = try? data.i16(start, "glyf"), contours < 0 else { return [] }
        var result: [Int] = []
        var at = start + 10
        while at + 4 <= end, result.count < 256 {
            guard let flags = try? data.u16(at, "glyf"), let component = try? data.u16(at + 2, "glyf") else { break }
            result.append(Int(component))
            at += 4
            at += flags & 0x0001 != 0 ? 4 : 2 // ARG_1_AND_2_ARE_WORDS
            if flags & 0x0008 != 0 {
                at += 2
            } // WE_HAVE_A_SCALE
            else if flags & 0x0040 != 0 {
                at += 4
            } // WE_HAVE_AN_X_AND_Y_SCALE
            else if flags & 0x0080 != 0 {
                at += 8
            } // WE_HAVE_A_TWO_BY_TWO
            if flags & 0x0020 == 0 { break } // MORE_COMPONENTS
        }
        return result
    }
}
