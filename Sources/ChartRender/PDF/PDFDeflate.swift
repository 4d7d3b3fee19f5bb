/// Compresses a PDF stream for `/FlateDecode` (zlib format, RFC 1950 around RFC 1951 deflate), so the embedded
/// faces and the page's operators take less room: greedy LZ77 matching over a 32 KiB window (a hash of three
/// bytes, a short chain of earlier positions) and one block of the fixed Huffman codes. It is not zlib's best
/// compression, but it is small, fast, deterministic and needs no table in the file. Every PDF reader has the
/// decoder; the PDF tests check each stream decodes (`qpdf --check`) and round-trip it through Python's zlib.
enum PDFDeflate {
    static let lengthBase: [Int] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra: [Int] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase: [Int] = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577
    ]
    static let distanceExtra: [Int] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    /// The length code (0…28) for a match length of 3…258.
    static let lengthCode: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 259)
        for code in 0..<29 {
            let end = code == 28 ? 259 : lengthBase[code + 1]
            for length in lengthBase[code]..<end where length <= 258 { table[length] = UInt8(code) }
        }
        table[258] = 28
        return table
    }()

    /// The fixed literal/length codes (0…287), bit-reversed for writing least significant bit first, and their
    /// lengths; and the 5-bit distance codes, reversed.
    static let literalCodes: [(code: UInt32, bits: UInt32)] = (0..<288).map { symbol in
        let (value, bits): (Int, Int)
        switch symbol {
        case 0...143: (value, bits) = (0x30 + symbol, 8)
        case 144...255: (value, bits) = (0x190 + symbol - 144, 9)
        case 256...279: (value, bits) = (symbol - 256, 7)
        default: (value, bits) = (0xC0 + symbol - 280, 8)
        }
        return (reverse(value, bits), UInt32(bits))
    }
    static let distanceCodes: [UInt32] = (0..<30).map { reverse($0, 5) }

    static func reverse(_ value: Int, _ bits: Int) -> UInt32 {
        var reversed: UInt32 = 0
        for bit in 0..<bits where value & (1 << bit) != 0 { reversed |= 1 << UInt32(bits - 1 - bit) }
        return reversed
    }

    /// How many bytes from `candidate` on equal those from `index` on, at most `limit`: eight at a time, the
    /// first differing byte found from the lowest set bit of their difference (a PNG's rows are long runs).
    @inline(__always)
    static func matchLength(_ bytes: UnsafeBufferPointer<UInt8>, _ candidate: Int, _ index: Int, _ limit: Int) -> Int {
        var length = 0
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while length + 8 <= limit {
                let difference =
                    raw.loadUnaligned(fromByteOffset: candidate + length, as: UInt64.self)
                    ^ raw.loadUnaligned(fromByteOffset: index + length, as: UInt64.self)
                if difference != 0 { return length + difference.littleEndian.trailingZeroBitCount / 8 }
                length += 8
            }
        }
        while length < limit, bytes[candidate + length] == bytes[index + length] { length += 1 }
        return length
    }

    /// The zlib stream of `data`.
    static func compress(_ data: [UInt8]) -> [UInt8] {
        var writer = BitWriter()
        writer.bytes.reserveCapacity(data.count / 2 + 64)
        writer.bytes += [0x78, 0x01] // deflate, 32 KiB window, no dictionary, fastest
        writer.write(1, bits: 1) // the last block
        writer.write(1, bits: 2) // fixed Huffman codes
        data.withUnsafeBufferPointer { bytes in
            let count = bytes.count
            let window = 32_768
            // Tables no larger than the data needs (a Unicode map is a few KiB, a face 20–80 KiB): the chain of
            // earlier positions is a ring as long as the window, or as the data when that is shorter.
            var ring = 1024
            while ring < min(count, window) { ring <<= 1 }
            let hashBits = ring.trailingZeroBitCount
            var head = [Int32](repeating: -1, count: 1 << hashBits)
            var previous = [Int32](repeating: -1, count: ring)
            head.withUnsafeMutableBufferPointer { head in
                previous.withUnsafeMutableBufferPointer { previous in
                    @inline(__always) func hash(_ at: Int) -> Int {
                        let value = UInt32(bytes[at]) << 16 | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2])
                        return Int((value &* 2_654_435_761) >> UInt32(32 - hashBits))
                    }
                    @inline(__always) func insert(_ at: Int, _ key: Int) {
                        previous[at & (ring - 1)] = head[key]
                        head[key] = Int32(at)
                    }
                    var index = 0
                    while index < count {
                        var bestLength = 0
                        var bestDistance = 0
                        var key = 0
                        if index + 2 < count {
                            key = hash(index)
                            var candidate = Int(head[key])
                            var chain = 8
                            let limit = min(258, count - index)
                            while candidate >= 0, index - candidate <= window, chain > 0 {
                                // Only a candidate that could be longer than the best is compared in full.
                                if bytes[candidate + bestLength] == bytes[index + bestLength] {
                                    let length = matchLength(bytes, candidate, index, limit)
                                    if length > bestLength {
                                        bestLength = length
                                        bestDistance = index - candidate
                                        if length == limit { break }
                                    }
                                }
                                let next = Int(previous[candidate & (ring - 1)])
                                guard next < candidate else { break }
                                candidate = next
                                chain -= 1
                            }
                        }
                        if bestLength >= 3 {
                            writer.lengthSymbol(bestLength)
                            writer.distance(bestDistance)
                            // Short matches put every position in the table; long ones (runs, repeated tables)
                            // only their first, as zlib's fast levels do.
                            insert(index, key)
                            if bestLength <= 8 {
                                for position in (index + 1)..<(index + bestLength) where position + 2 < count { insert(position, hash(position)) }
                            }
                            index += bestLength
                        } else {
                            writer.literal(Int(bytes[index]))
                            if index + 2 < count { insert(index, key) }
                            index += 1
                        }
                    }
                }
            }
        }
        writer.literal(256) // end of block
        writer.flush()
        var a: UInt32 = 1, b: UInt32 = 0
        var start = 0
        while start < data.count {
            // 5552 bytes at most between reductions keep the sums inside 32 bits.
            let end = min(data.count, start + 5552)
            for byte in data[start..<end] {
                a += UInt32(byte)
                b += a
            }
            a %= 65_521
            b %= 65_521
            start = end
        }
        let adler = b << 16 | a
        writer.bytes += [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
        return writer.bytes
    }

    /// Bits least significant first, as deflate packs them; Huffman codes go in most significant bit first.
    struct BitWriter {
        var bytes: [UInt8] = []
        var buffer: UInt64 = 0
        var count = 0

        @inline(__always) mutating func write(_ value: Int, bits: Int) {
            buffer |= UInt64(value) << UInt64(count)
            count += bits
            if count >= 32 {
                bytes.append(UInt8(truncatingIfNeeded: buffer))
                bytes.append(UInt8(truncatingIfNeeded: buffer >> 8))
                bytes.append(UInt8(truncatingIfNeeded: buffer >> 16))
                bytes.append(UInt8(truncatingIfNeeded: buffer >> 24))
                buffer >>= 32
                count -= 32
            }
        }

        /// A literal/length symbol (0…285) in the fixed code.
        mutating func literal(_ symbol: Int) {
            let entry = PDFDeflate.literalCodes[symbol]
            write(Int(entry.code), bits: Int(entry.bits))
        }

        mutating func lengthSymbol(_ length: Int) {
            let code = Int(PDFDeflate.lengthCode[length])
            literal(257 + code)
            let extra = PDFDeflate.lengthExtra[code]
            if extra > 0 { write(length - PDFDeflate.lengthBase[code], bits: extra) }
        }

        mutating func distance(_ distance: Int) {
            var code = 29
            while PDFDeflate.distanceBase[code] > distance { code -= 1 }
            write(Int(PDFDeflate.distanceCodes[code]), bits: 5)
            let extra = PDFDeflate.distanceExtra[code]
            if extra > 0 { write(distance - PDFDeflate.distanceBase[code], bits: extra) }
        }

        mutating func flush() {
            while count > 0 {
                bytes.append(UInt8(truncatingIfNeeded: buffer))
                buffer >>= 8
                count -= 8
            }
            buffer = 0
            count = 0
        }
    }
}
