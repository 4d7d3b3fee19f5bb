/// Pair kerning from `GPOS`: the pair adjustments (lookup type 2, formats 1 and 2, also behind type-9
/// extensions) of the lookups its `kern` features name, as the first glyph's x advance, flattened into the
/// sorted pairs `KernTable` holds. Browsers (HarfBuzz) kern with `GPOS` when it has a `kern` feature and fall
/// back to the `kern` table only when it has none; `OpenTypeFace.kerning` follows the same rule, so the PDF and
/// the PNG place glyphs where the browser places the SVG's. Within a lookup the first subtable that applies to a
/// pair wins (a format-2 subtable applies to every pair whose first glyph it covers); the lookups add up.
/// Device tables, placements and the second glyph's value are not read (kerning never uses them in practice).
enum GPOSKerning {
    /// At most this many pairs are kept (class kerning can expand to many); past it the rest are dropped.
    static let pairLimit = 2_000_000

    /// The pairs, nil when the table has no `kern` feature (then the `kern` table applies).
    static func read(_ data: FontBytes, _ record: TableDirectory.Record, glyphCount: Int) throws(FontBytes.OutOfBounds) -> KernTable? {
        let table = "GPOS"
        let base = record.offset
        try data.check(base, 10, table)
        let featureList = base + Int(try data.u16(base + 6, table))
        let lookupList = base + Int(try data.u16(base + 8, table))
        var lookups = Set<Int>()
        let featureCount = Int(try data.u16(featureList, table))
        for index in 0..<featureCount {
            let entry = featureList + 2 + index * 6
            guard try data.tag(entry, table) == "kern" else { continue }
            let feature = featureList + Int(try data.u16(entry + 4, table))
            let count = Int(try data.u16(feature + 2, table))
            for lookup in 0..<count { lookups.insert(Int(try data.u16(feature + 4 + lookup * 2, table))) }
        }
        guard !lookups.isEmpty else { return nil }
        let lookupCount = Int(try data.u16(lookupList, table))
        var total: [UInt32: Int] = [:]
        for lookupIndex in lookups.sorted() where lookupIndex < lookupCount {
            let lookup = lookupList + Int(try data.u16(lookupList + 2 + lookupIndex * 2, table))
            let type = try data.u16(lookup, table)
            let subtableCount = Int(try data.u16(lookup + 4, table))
            var pairs: [UInt32: Int] = [:]
            var claimed = Set<UInt16>()
            for sub in 0..<subtableCount {
                var subtable = lookup + Int(try data.u16(lookup + 6 + sub * 2, table))
                var subtableType = type
                if type == 9 {
                    subtableType = try data.u16(subtable + 2, table)
                    subtable += Int(try data.u32(subtable + 4, table))
                }
                guard subtableType == 2 else { continue }
                try readPairs(data, subtable, glyphCount: glyphCount, pairs: &pairs, claimed: &claimed)
                if pairs.count > pairLimit { break }
            }
            for (key, value) in pairs { total[key, default: 0] += value }
            if total.count > pairLimit { break }
        }
        let sorted = total.filter { $0.value != 0 }.sorted { $0.key < $1.key }
        return KernTable(keys: sorted.map(\.key), values: sorted.map { Int16(clamping: $0.value) })
    }

    /// The bytes a value record of `format` takes, and where its x advance lies in it (nil without one).
    static func valueLayout(_ format: UInt16) -> (size: Int, xAdvance: Int?) {
        let size = (0..<8).reduce(0) { $0 + (format >> $1 & 1 == 1 ? 2 : 0) }
        guard format & 0x0004 != 0 else { return (size, nil) }
        let before = (format & 0x0001 != 0 ? 2 : 0) + (format & 0x0002 != 0 ? 2 : 0)
        return (size, before)
    }

    /// The glyphs of a coverage table, in coverage index order.
    static func coverage(_ data: FontBytes, _ at: Int, glyphCount: Int) throws(FontBytes.OutOfBounds) -> [UInt16] {
        let table = "GPOS"
        let format = try data.u16(at, table)
        let count = Int(try data.u16(at + 2, table))
        var glyphs: [UInt16] = []
        if format == 1 {
            try data.check(at + 4, count * 2, table)
            for index in 0..<count { glyphs.append(try data.u16(at + 4 + index * 2, table)) }
        } else if format == 2 {
            for index in 0..<count {
                let range = at + 4 + index * 6
                let start = Int(try data.u16(range, table)), end = Int(try data.u16(range + 2, table))
                guard start <= end, end < max(glyphCount, 1), glyphs.count + end - start < 65_536 else { continue }
                for glyph in start...end { glyphs.append(UInt16(glyph)) }
            }
        }
        return glyphs
    }

    /// A class definition table: each glyph's class (absent: class 0).
    static func classes(_ data: FontBytes, _ at: Int, glyphCount: Int) throws(FontBytes.OutOfBounds) -> [UInt16: Int] {
        let table = "GPOS"
        let format = try data.u16(at, table)
        var result: [UInt16: Int] = [:]
        // Ranges may overlap: at most this many assignments in all (a broken table cannot spin).
        var budget = 1 << 20
        if format == 1 {
            let start = Int(try data.u16(at + 2, table))
            let count = Int(try data.u16(at + 4, table))
            try data.check(at + 6, count * 2, table)
            for index in 0..<count where start + index < 65536 {
                result[UInt16(start + index)] = Int(try data.u16(at + 6 + index * 2, table))
            }
        } else if format == 2 {
            let count = Int(try data.u16(at + 2, table))
            for index in 0..<count {
                let range = at + 4 + index * 6
                let start = Int(try data.u16(range, table)), end = Int(try data.u16(range + 2, table))
                let value = Int(try data.u16(range + 4, table))
                guard start <= end, end < max(glyphCount, 1), budget > end - start else { continue }
                budget -= end - start + 1
                for glyph in start...end { result[UInt16(glyph)] = value }
            }
        }
        return result
    }

    static func readPairs(
        _ data: FontBytes, _ at: Int, glyphCount: Int, pairs: inout [UInt32: Int], claimed: inout Set<UInt16>
    ) throws(FontBytes.OutOfBounds) {
        let table = "GPOS"
        let format = try data.u16(at, table)
        let firstGlyphs = try coverage(data, at + Int(try data.u16(at + 2, table)), glyphCount: glyphCount)
        let first = valueLayout(try data.u16(at + 4, table))
        let second = valueLayout(try data.u16(at + 6, table))
        if format == 1 {
            let setCount = Int(try data.u16(at + 8, table))
            for (index, left) in firstGlyphs.enumerated() where index < setCount && !claimed.contains(left) {
                let set = at + Int(try data.u16(at + 10 + index * 2, table))
                let count = Int(try data.u16(set, table))
                let recordSize = 2 + first.size + second.size
                try data.check(set + 2, count * recordSize, table)
                for pair in 0..<count {
                    let record = set + 2 + pair * recordSize
                    let right = try data.u16(record, table)
                    let key = UInt32(left) << 16 | UInt32(right)
                    guard pairs[key] == nil else { continue }
                    pairs[key] = try first.xAdvance.map { offset throws(FontBytes.OutOfBounds) in try data.i16(record + 2 + offset, table) } ?? 0
                }
            }
        } else if format == 2 {
            let classes1 = try classes(data, at + Int(try data.u16(at + 8, table)), glyphCount: glyphCount)
            let classes2 = try classes(data, at + Int(try data.u16(at + 10, table)), glyphCount: glyphCount)
            let class1Count = Int(try data.u16(at + 12, table)), class2Count = Int(try data.u16(at + 14, table))
            let recordSize = first.size + second.size
            try data.check(at + 16, class1Count * class2Count * recordSize, table)
            // The glyphs of each second class (class 0, every other glyph, is left out: its values are 0 in practice).
            var members = [[UInt16]](repeating: [], count: class2Count)
            for (glyph, value) in classes2 where value > 0 && value < class2Count { members[value].append(glyph) }
            // Each first class's non-zero values over second classes that have glyphs, read once.
            var rows: [Int: [(class2: Int, value: Int)]] = [:]
            for left in firstGlyphs where !claimed.contains(left) {
                claimed.insert(left)
                let class1 = classes1[left] ?? 0
                guard class1 < class1Count, let offset = first.xAdvance else { continue }
                if rows[class1] == nil {
                    var row: [(class2: Int, value: Int)] = []
                    for class2 in 1..<max(class2Count, 1) where !members[class2].isEmpty {
                        let value = try data.i16(at + 16 + (class1 * class2Count + class2) * recordSize + offset, table)
                        if value != 0 { row.append((class2, value)) }
                    }
                    rows[class1] = row
                }
                for (class2, value) in rows[class1] ?? [] {
                    for right in members[class2] {
                        let key = UInt32(left) << 16 | UInt32(right)
                        if pairs[key] == nil { pairs[key] = value }
                    }
                }
                if pairs.count > pairLimit { return }
            }
        }
    }
}
