/// `kern`: horizontal pair kerning from format-0 subtables, as sorted (left << 16 | right) keys, so a pair
/// costs one binary search. (Fonts that kern only through `GPOS` have none here.)
struct KernTable: Sendable {
    let keys: [UInt32]
    let values: [Int16]

    static let empty = KernTable(keys: [], values: [])

    init(keys: [UInt32], values: [Int16]) {
        self.keys = keys
        self.values = values
    }

    func kerning(_ left: UInt16, _ right: UInt16) -> Int {
        let key = UInt32(left) << 16 | UInt32(right)
        var low = 0
        var high = keys.count
        while low < high {
            let mid = (low + high) / 2
            if keys[mid] < key { low = mid + 1 } else { high = mid }
        }
        return low < keys.count && keys[low] == key ? Int(values[low]) : 0
    }

    init(_ data: FontBytes, _ record: TableDirectory.Record) throws(FontBytes.OutOfBounds) {
        let at = record.offset
        let end = at + record.length
        guard try data.u16(at, "kern") == 0 else { // version 1 (Apple) tables: not read
            self = .empty
            return
        }
        let tables = Int(try data.u16(at + 2, "kern"))
        var pairs: [(UInt32, Int16)] = []
        var sub = at + 4
        for _ in 0..<tables {
            guard sub + 6 <= end else { break }
            let length = Int(try data.u16(sub + 2, "kern"))
            let coverage = try data.u16(sub + 4, "kern")
            // Format 0, horizontal, not minimum values, not cross-stream.
            if coverage >> 8 == 0, coverage & 0x0F == 0x01 {
                let count = Int(try data.u16(sub + 6, "kern"))
                try data.check(sub + 14, count * 6, "kern")
                pairs.reserveCapacity(pairs.count + count)
                for index in 0..<count {
                    let entry = sub + 14 + index * 6
                    pairs.append((try data.u32(entry, "kern"), Int16(truncatingIfNeeded: try data.i16(entry + 4, "kern"))))
                }
            }
            guard length >= 6 else { break }
            sub += length
        }
        pairs.sort { $0.0 < $1.0 }
        var keys: [UInt32] = []
        var values: [Int16] = []
        for pair in pairs where keys.last != pair.0 {
            keys.append(pair.0)
            values.append(pair.1)
        }
        self.keys = keys
        self.values = values
    }
}
