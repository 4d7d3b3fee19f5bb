/// A smaller TrueType file for embedding: every glyph id stays the same (so a PDF can use glyph ids as CIDs),
/// but only the outlines of the glyphs used — and of the glyphs composite ones are built from — are kept; the
/// others become empty. Tables a PDF viewer does not read (layout, kerning, device metrics, glyph names) are
/// left out.
extension OpenTypeFace {
    /// Tables a subset keeps (hinting programs included, so hinted rasterizers draw the same glyphs).
    static let subsetTables: Set<String> = [
        "cmap", "cvt ", "fpgm", "glyf", "head", "hhea", "hmtx", "loca", "maxp", "name", "OS/2", "post", "prep", "gasp"
    ]

    /// The subset file, or nil when the face has no TrueType outlines to subset.
    public func subset(glyphs used: Set<UInt16>) -> [UInt8]? {
        guard let table = glyphs, let glyf = directory.record("glyf"), let head = directory.record("head") else { return nil }
        let data = FontBytes(bytes: bytes, path: path)
        // Glyph 0 (.notdef) always, then components of composites, transitively.
        var keep = Set<Int>([0])
        var pending = used.map(Int.init).filter { $0 < glyphCount }
        while let glyph = pending.popLast() {
            guard keep.insert(glyph).inserted || glyph == 0 else { continue }
            for component in table.components(of: glyph, in: data) where component < glyphCount && !keep.contains(component) {
                pending.append(component)
            }
        }
        var newGlyf: [UInt8] = []
        var newLoca: [UInt8] = []
        newLoca.reserveCapacity((glyphCount + 1) * 4)
        for glyph in 0..<glyphCount {
            appendU32(UInt32(newGlyf.count), to: &newLoca)
            if keep.contains(glyph) {
                let start = glyf.offset + table.offsets[glyph]
                let end = glyf.offset + table.offsets[glyph + 1]
                newGlyf.append(contentsOf: bytes[start..<end])
                while newGlyf.count % 4 != 0 { newGlyf.append(0) }
            }
        }
        appendU32(UInt32(newGlyf.count), to: &newLoca)
        var newHead = Array(bytes[head.offset..<(head.offset + head.length)])
        newHead[8] = 0; newHead[9] = 0; newHead[10] = 0; newHead[11] = 0 // checkSumAdjustment, recomputed below
        newHead[50] = 0; newHead[51] = 1 // indexToLocFormat: long offsets
        var tables: [(tag: String, bytes: [UInt8])] = []
        for record in directory.records where Self.subsetTables.contains(record.tag) {
            switch record.tag {
            case "glyf": tables.append((record.tag, newGlyf))
            case "loca": tables.append((record.tag, newLoca))
            case "head": tables.append((record.tag, newHead))
            case "post" where record.length >= 32:
                // Version 3: the same slant, underline and pitch, without glyph names (often the largest table).
                var post = Array(bytes[record.offset..<(record.offset + 32)])
                post[0] = 0; post[1] = 3; post[2] = 0; post[3] = 0
                tables.append((record.tag, post))
            default: tables.append((record.tag, Array(bytes[record.offset..<(record.offset + record.length)])))
            }
        }
        tables.sort { Array($0.tag.utf8).lexicographicallyPrecedes(Array($1.tag.utf8)) }
        return Self.sfnt(tables)
    }

    /// An sfnt file from tables sorted by tag: directory, 4-byte aligned tables, checksums and the head's
    /// checksum adjustment.
    static func sfnt(_ tables: [(tag: String, bytes: [UInt8])]) -> [UInt8] {
        var out: [UInt8] = []
        let count = tables.count
        var power = 1
        var log = 0
        while power * 2 <= count { power *= 2; log += 1 }
        appendU32(0x0001_0000, to: &out)
        appendU16(UInt16(count), to: &out)
        appendU16(UInt16(power * 16), to: &out)
        appendU16(UInt16(log), to: &out)
        appendU16(UInt16(count * 16 - power * 16), to: &out)
        var offset = 12 + count * 16
        var headOffset: Int?
        for table in tables {
            out.append(contentsOf: Array(table.tag.utf8.prefix(4)))
            appendU32(checksum(table.bytes), to: &out)
            appendU32(UInt32(offset), to: &out)
            appendU32(UInt32(table.bytes.count), to: &out)
            if table.tag == "head" { headOffset = offset }
            offset += (table.bytes.count + 3) / 4 * 4
        }
        for table in tables {
            out.append(contentsOf: table.bytes)
            while out.count % 4 != 0 { out.append(0) }
        }
        if let headOffset, headOffset + 12 <= out.count {
            let adjustment = 0xB1B0_AFBA &- checksum(out)
            out[headOffset + 8] = UInt8(adjustment >> 24)
            out[headOffset + 9] = UInt8(adjustment >> 16 & 0xFF)
            out[headOffset + 10] = UInt8(adjustment >> 8 & 0xFF)
            out[headOffset + 11] = UInt8(adjustment & 0xFF)
        }
        return out
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var sum: UInt32 = 0
        var index = 0
        while index < bytes.count {
            var word: UInt32 = 0
            for k in 0..<4 { word = word << 8 | UInt32(index + k < bytes.count ? bytes[index + k] : 0) }
            sum &+= word
            index += 4
        }
        return sum
    }
}

private func appendU32(_ value: UInt32, to out: inout [UInt8]) {
    out.append(UInt8(value >> 24))
    out.append(UInt8(value >> 16 & 0xFF))
    out.append(UInt8(value >> 8 & 0xFF))
    out.append(UInt8(value & 0xFF))
}

private func appendU16(_ value: UInt16, to out: inout [UInt8]) {
    out.append(UInt8(value >> 8))
    out.append(UInt8(value & 0xFF))
}
