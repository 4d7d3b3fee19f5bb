/// `cmap`: which glyph draws each Unicode scalar. Reads the best Unicode subtable (format 12 for the full range,
/// else format 4 for the Basic Multilingual Plane) into a dense array for the BMP and sorted groups above it,
/// so a lookup is one array index (or a binary search for emoji and rare scripts).
struct CmapTable: Sendable {
    /// Glyph id per BMP scalar (0: no glyph).
    let bmp: [UInt16]
    /// Scalars above U+FFFF: consecutive runs mapped to consecutive glyphs, sorted by `first`.
    let supplementary: [Group]

    struct Group: Sendable {
        let first: UInt32
        let last: UInt32
        let glyph: UInt32
    }

    func glyph(_ scalar: UInt32) -> UInt16 {
        if scalar < 0x10000 { return bmp[Int(scalar)] }
        var low = 0
        var high = supplementary.count
        while low < high {
            let mid = (low + high) / 2
            let group = supplementary[mid]
            if scalar < group.first {
                high = mid
            } else if scalar > group.last {
                low = mid + 1
            } else {
                let glyph = group.glyph + (scalar - group.first)
                return glyph <= 0xFFFF ? UInt16(glyph) : 0
            }
        }
        return 0
    }

    init(_ data: FontBytes, _ record: TableDirectory.Record, numGlyphs: Int) throws(FontBytes.OutOfBounds) {
        let at = record.offset
        guard record.length >= 4 else { throw FontBytes.OutOfBounds(table: "cmap", problem: "is shorter than 4 bytes") }
        let count = Int(try data.u16(at + 2, "cmap"))
        try data.check(at + 4, count * 8, "cmap")
        // (rank, offset, format) of the best subtable; lower rank wins.
        var chosen: (rank: Int, offset: Int, format: UInt16)?
        var symbol = false
        for index in 0..<count {
            let entry = at + 4 + index * 8
            let platform = try data.u16(entry, "cmap")
            let encoding = try data.u16(entry + 2, "cmap")
            let offset = at + Int(try data.u32(entry + 4, "cmap"))
            guard let format = try? data.u16(offset, "cmap") else { continue }
            let rank: Int
            switch (platform, encoding, format) {
            case (3, 10, 12): rank = 0
            case (0, 4, 12), (0, 6, 12): rank = 1
            case (3, 1, 4): rank = 2
            case (0, 3, 4): rank = 3
            case (0, _, 4), (0, _, 12): rank = 4
            case (3, 0, 4): rank = 5
            default: continue
            }
            if chosen == nil || rank < chosen?.rank ?? Int.max {
                chosen = (rank, offset, format)
                symbol = platform == 3 && encoding == 0
            }
        }
        guard let chosen else { throw FontBytes.OutOfBounds(table: "cmap", problem: "has no Unicode subtable of format 4 or 12") }
        var bmp = [UInt16](repeating: 0, count: 0x10000)
        var supplementary: [Group] = []
        let limit = UInt32(max(0, numGlyphs))
        if chosen.format == 4 {
            let sub = chosen.offset
            let segments = Int(try data.u16(sub + 6, "cmap")) / 2
            let ends = sub + 14
            let starts = ends + segments * 2 + 2
            let deltas = starts + segments * 2
            let rangeOffsets = deltas + segments * 2
            try data.check(ends, segments * 8 + 2, "cmap")
            var next = 0  // segments must be sorted: each scalar is visited once at most
            for segment in 0..<segments {
                let end = Int(try data.u16(ends + segment * 2, "cmap"))
                let start = max(next, Int(try data.u16(starts + segment * 2, "cmap")))
                guard start <= end else { continue }
                let delta = Int(try data.u16(deltas + segment * 2, "cmap"))
                let rangeOffsetAt = rangeOffsets + segment * 2
                let rangeOffset = Int(try data.u16(rangeOffsetAt, "cmap"))
                let segmentStart = Int(try data.u16(starts + segment * 2, "cmap"))
                for scalar in start...end {
                    var glyph: Int
                    if rangeOffset == 0 {
                        glyph = (scalar + delta) & 0xFFFF
                    } else {
                        let address = rangeOffsetAt + rangeOffset + 2 * (scalar - segmentStart)
                        glyph = Int((try? data.u16(address, "cmap")) ?? 0)
                        if glyph != 0 { glyph = (glyph + delta) & 0xFFFF }
                    }
                    if glyph < limit { bmp[scalar] = UInt16(glyph) }
                }
                next = end + 1
            }
            if symbol {
                // Symbol fonts put their glyphs at U+F020…U+F0FF; text asks for them as ASCII.
                for scalar in 0x20...0xFF where bmp[scalar] == 0 { bmp[scalar] = bmp[0xF000 + scalar] }
            }
        } else {
            let sub = chosen.offset
            let groups = Int(try data.u32(sub + 12, "cmap"))
            try data.check(sub + 16, groups * 12, "cmap")
            var next: UInt32 = 0
            for group in 0..<groups {
                let entry = sub + 16 + group * 12
                let first = max(next, try data.u32(entry, "cmap"))
                let last = min(0x10FFFF, try data.u32(entry + 4, "cmap"))
                let glyph = try data.u32(entry + 8, "cmap")
                guard first <= last else { continue }
                let firstGlyph = glyph &+ (first &- (try data.u32(entry, "cmap")))
                if first < 0x10000 {
                    for scalar in first...min(last, 0xFFFF) {
                        let g = firstGlyph &+ (scalar - first)
                        if g < limit { bmp[Int(scalar)] = UInt16(g) }
                    }
                }
                if last >= 0x10000 {
                    let from = max(first, 0x10000)
                    let g = firstGlyph &+ (from - first)
                    if g < limit { supplementary.append(Group(first: from, last: min(last, from + (limit - g) - 1), glyph: g)) }
                }
                next = last &+ 1
                if next == 0 { break }
            }
        }
        self.bmp = bmp
        self.supplementary = supplementary
    }
}
