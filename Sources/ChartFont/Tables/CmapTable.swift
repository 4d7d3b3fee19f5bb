/// `cmap`: which glyph draws each Unicode scalar. Chooses the best Unicode subtable (format 12 for the full
/// range, else format 4 for the Basic Multilingual Plane) and checks that its arrays lie inside the file, but
/// builds nothing up front: a lookup is a binary search in the file's own sorted segments or groups, and
/// `forEachMapped(below:)` walks them once (what a measurer copies into its flat table). So a face costs
/// almost nothing to open, however many scalars it maps (a theme's font is parsed once per build: SPEC §15's
/// 3 ms).
struct CmapTable: Sendable {
    private let data: FontBytes
    private let format: UInt16
    /// Format 4: the start of `endCode`, and the number of segments. Format 12: the first group and the count.
    private let start: Int
    private let count: Int
    /// A Windows symbol subtable (platform 3, encoding 0): its glyphs sit at U+F020…U+F0FF, asked for as ASCII.
    private let symbol: Bool
    /// Glyph ids at or above this (the face's glyph count) are treated as missing.
    private let limit: UInt32

    init(_ data: FontBytes, _ record: TableDirectory.Record, numGlyphs: Int) throws(FontBytes.OutOfBounds) {
        let at = record.offset
        guard record.length >= 4 else { throw FontBytes.OutOfBounds(table: "cmap", problem: "is shorter than 4 bytes") }
        let subtables = Int(try data.u16(at + 2, "cmap"))
        try data.check(at + 4, subtables * 8, "cmap")
        // (rank, offset, format) of the best subtable; lower rank wins.
        var chosen: (rank: Int, offset: Int, format: UInt16)?
        var symbol = false
        for index in 0..<subtables {
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
        self.data = data
        self.format = chosen.format
        self.symbol = symbol && chosen.format == 4
        self.limit = UInt32(max(0, min(numGlyphs, 0x10000)))
        if chosen.format == 4 {
            let segments = Int(try data.u16(chosen.offset + 6, "cmap")) / 2
            start = chosen.offset + 14
            count = segments
            // endCode, reservedPad, startCode, idDelta, idRangeOffset: glyphIdArray reads are checked one by one.
            try data.check(start, segments * 8 + 2, "cmap")
        } else {
            let groups = Int(try data.u32(chosen.offset + 12, "cmap"))
            start = chosen.offset + 16
            count = groups
            try data.check(start, groups * 12, "cmap")
        }
    }

    /// The glyph that draws `scalar`, 0 when none does.
    func glyph(_ scalar: UInt32) -> UInt16 {
        let found = lookup(scalar)
        if found == 0, symbol, scalar >= 0x20, scalar <= 0xFF { return lookup(0xF000 + scalar) }
        return found
    }

    private func lookup(_ scalar: UInt32) -> UInt16 {
        if format == 4 {
            guard scalar <= 0xFFFF else { return 0 }
            // The first segment whose end is at or after the scalar (segments are sorted by end).
            var low = 0
            var high = count
            while low < high {
                let mid = (low + high) / 2
                if data.u16(at: start + mid * 2) < scalar { low = mid + 1 } else { high = mid }
            }
            guard low < count else { return 0 }
            return segmentGlyph(low, scalar)
        }
        var low = 0
        var high = count
        while low < high {
            let mid = (low + high) / 2
            let entry = start + mid * 12
            if min(data.u32(at: entry + 4), 0x10FFFF) < scalar { low = mid + 1 } else { high = mid }
        }
        guard low < count else { return 0 }
        let entry = start + low * 12
        let first = data.u32(at: entry)
        guard scalar >= first else { return 0 }
        let glyph = data.u32(at: entry + 8) &+ (scalar - first)
        return glyph < limit ? UInt16(glyph) : 0
    }

    /// Format 4: the glyph of `scalar` in `segment`, 0 when the segment does not cover it.
    @inline(__always)
    private func segmentGlyph(_ segment: Int, _ scalar: UInt32) -> UInt16 {
        let starts = start + count * 2 + 2
        let segmentStart = data.u16(at: starts + segment * 2)
        guard scalar >= segmentStart else { return 0 }
        let delta = data.u16(at: starts + count * 2 + segment * 2)
        let rangeOffsetAt = starts + count * 4 + segment * 2
        let rangeOffset = data.u16(at: rangeOffsetAt)
        var glyph: UInt32
        if rangeOffset == 0 {
            glyph = (scalar &+ delta) & 0xFFFF
        } else {
            glyph = data.u16(at: rangeOffsetAt + Int(rangeOffset) + 2 * Int(scalar - segmentStart))
            if glyph != 0 { glyph = (glyph &+ delta) & 0xFFFF }
        }
        return glyph < limit ? UInt16(glyph) : 0
    }

    /// Calls `body` with every scalar below `end` that has a glyph, and the glyph (ascending, but a symbol font's
    /// ASCII comes last): one walk over the segments, not a search per scalar.
    func forEachMapped(below end: UInt32, _ body: (UInt32, UInt16) -> Void) {
        var mapped: [UInt16] = []
        if symbol { mapped = [UInt16](repeating: 0, count: Int(min(end, 0x100))) }
        if format == 4 {
            var next: UInt32 = 0 // overlapping segments: the earlier one wins
            for segment in 0..<count {
                let starts = start + count * 2 + 2
                let last = data.u16(at: start + segment * 2)
                let first = max(next, data.u16(at: starts + segment * 2))
                if first >= end { break }
                guard first <= last else { continue }
                for scalar in first...min(last, end - 1) {
                    let glyph = segmentGlyph(segment, scalar)
                    if glyph != 0 {
                        if Int(scalar) < mapped.count { mapped[Int(scalar)] = glyph } else { body(scalar, glyph) }
                    }
                }
                next = last + 1
            }
        } else {
            var next: UInt32 = 0
            for group in 0..<count {
                let entry = start + group * 12
                let written = data.u32(at: entry)
                let first = max(next, written)
                let last = min(0x10FFFF, data.u32(at: entry + 4))
                if first >= end { break }
                guard first <= last else { continue }
                let firstGlyph = data.u32(at: entry + 8) &+ (first &- written)
                for scalar in first...min(last, end - 1) {
                    let glyph = firstGlyph &+ (scalar - first)
                    if glyph < limit { body(scalar, UInt16(glyph)) }
                }
                next = last &+ 1
                if next == 0 { break }
            }
        }
        if symbol {
            // Symbol fonts: ASCII asks for U+F020…U+F0FF.
            for scalar in 0..<mapped.count {
                var glyph = mapped[scalar]
                if glyph == 0, scalar >= 0x20 { glyph = lookup(0xF000 + UInt32(scalar)) }
                if glyph != 0 { body(UInt32(scalar), glyph) }
            }
        }
    }
}
