/// CRC-32 (ISO 3309, the polynomial 0xEDB88320 reflected) as PNG ends each chunk with it. Eight bytes a step
/// ("slicing by 8": eight tables, each the CRC of a byte followed by 0…7 zero bytes), so the IDAT chunk of a large
/// image costs a few table reads per eight bytes instead of one per byte.
enum CRC32 {
    /// `tables[k * 256 + n]`: the CRC register after byte `n` and then `k` zero bytes.
    static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for index in 0..<256 {
            var c = UInt32(index)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            tables[index] = c
        }
        for slice in 1..<8 {
            for index in 0..<256 {
                let previous = tables[(slice - 1) * 256 + index]
                tables[slice * 256 + index] = tables[Int(previous & 0xFF)] ^ (previous >> 8)
            }
        }
        return tables
    }()

    /// The CRC register after `bytes`, starting from `crc` (a running register, not yet inverted).
    static func update(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        guard let base = bytes.baseAddress else { return crc }
        var crc = crc
        tables.withUnsafeBufferPointer { table in
            var index = 0
            let count = bytes.count
            while index + 8 <= count {
                let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self).littleEndian
                let low = UInt32(truncatingIfNeeded: word) ^ crc
                let high = UInt32(truncatingIfNeeded: word >> 32)
                crc =
                    table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int(low >> 8 & 0xFF)]
                    ^ table[5 * 256 + Int(low >> 16 & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
                    ^ table[3 * 256 + Int(high & 0xFF)] ^ table[2 * 256 + Int(high >> 8 & 0xFF)]
                    ^ table[256 + Int(high >> 16 & 0xFF)] ^ table[Int(high >> 24)]
                index += 8
            }
            while index < count {
                crc = table[Int((crc ^ UInt32(base.load(fromByteOffset: index, as: UInt8.self))) & 0xFF)] ^ (crc >> 8)
                index += 1
            }
        }
        return crc
    }

    /// The CRC-32 of `bytes`.
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        update(0xFFFF_FFFF, bytes) ^ 0xFFFF_FFFF
    }
}
