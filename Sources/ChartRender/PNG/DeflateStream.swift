/// A zlib stream (RFC 1950 around RFC 1951 deflate) compressed as its bytes arrive, for a PNG's IDAT: the image
/// is never held whole, only the last 32 KiB window and what has come since, in a 128 KiB buffer that slides.
///
/// Matching is tuned for filtered PNG rows, which are mostly long runs of zeros: each position first tries the
/// byte, the pixel and the row before it (distance 1, 4 and the row's length, compared 32 bytes a step), and
/// only a position those do not give 8 bytes searches a hash of its next four bytes, a short chain of earlier
/// positions, taking the longest match (greedy: lazy matching measured 0.3% smaller and 10% slower on a chart).
/// The matches are buffered as tokens and written as dynamic Huffman blocks (or fixed, or stored,
/// whichever is smallest), so the codes fit the block. Adler-32 is summed as the bytes arrive. The same bytes give
/// the same stream, however they are split into pieces. Not copyable: it owns its buffers.
struct DeflateStream: ~Copyable {
    static let window = 32_768
    /// Bytes in the buffer: the window plus room for what arrives before it is compressed.
    static let capacity = 4 * 32_768
    /// Bytes kept ahead of a position before it is matched, until the stream ends: a longest match and the hash's four.
    static let lookahead = 258 + 4
    static let hashBits = 15
    /// Tokens in a block before it is written (on the polarization chart 16 K gave the smallest file of 8, 16 and
    /// 32 K).
    static let blockTokens = 16_384
    /// How far a hash chain is followed; the run length that makes it not worth following; the match length that
    /// stops it; the longest match whose inner positions are still put in the hash (measured on the polarization
    /// chart: a chain of 32 is 0.25% smaller and 9% slower; specs/performance.md).
    static let chainLimit = 8
    static let goodLength = 8
    static let niceLength = 128
    static let insertLength = 16

    private let buffer: UnsafeMutablePointer<UInt8>
    /// For each hash, the last position (absolute, wrapped to 32 bits) that had it; for each position in the
    /// window, the one before it with the same hash. Stale entries are harmless: every candidate is compared.
    private let head: UnsafeMutablePointer<UInt32>
    private let previous: UnsafeMutablePointer<UInt32>
    /// A literal byte, or `1 << 31 | (length - 3) << 16 | distance`.
    private let tokens: UnsafeMutablePointer<UInt32>
    private let literalCounts: UnsafeMutablePointer<Int>
    private let distanceCounts: UnsafeMutablePointer<Int>
    private var tokenCount = 0
    /// The absolute position of `buffer[0]`.
    private var base = 0
    /// The next position to match, and the end of the bytes received (buffer indices).
    private var index = 0
    private var end = 0
    /// Where the current block's bytes begin (a buffer index; negative once they have slid out).
    private var blockStart = 0
    private var adler = Adler32()
    private var writer = DeflateBitWriter()
    private var finished = false
    private let rowDistance: Int
    /// The tables of `PDFDeflate` and `DeflateHuffman` the loops read, held here (a global is checked for its
    /// initialization at every read).
    private let lengthCode = PDFDeflate.lengthCode
    private let distanceCodeTable = DeflateHuffman.distanceCodes

    /// `row`: the distance the data repeats at if it has one (a PNG's filtered row with its filter byte), tried
    /// like the runs before the hash; 0 for none.
    init(row: Int = 0) {
        rowDistance = row > 4 && row <= Self.window ? row : 0
        buffer = .allocate(capacity: Self.capacity)
        head = .allocate(capacity: 1 << Self.hashBits)
        head.initialize(repeating: 0, count: 1 << Self.hashBits)
        previous = .allocate(capacity: Self.window)
        previous.initialize(repeating: 0, count: Self.window)
        tokens = .allocate(capacity: Self.blockTokens)
        literalCounts = .allocate(capacity: 286)
        literalCounts.initialize(repeating: 0, count: 286)
        distanceCounts = .allocate(capacity: 30)
        distanceCounts.initialize(repeating: 0, count: 30)
        // Deflate, a 32 KiB window, no dictionary, the "fast" level; the two bytes a multiple of 31.
        [UInt8(0x78), 0x5E].withUnsafeBytes { writer.append($0) }
    }

    deinit {
        buffer.deallocate()
        head.deallocate()
        previous.deallocate()
        tokens.deallocate()
        literalCounts.deallocate()
        distanceCounts.deallocate()
    }

    /// Appends `count` bytes that `fill` writes into the buffer: called with a destination, the offset of the
    /// first byte it asks for, and how many (the buffer may take them in more than one piece), and the checksum,
    /// to which it adds those bytes (so a filter can sum them as it writes them).
    @inline(__always)
    mutating func append(
        count: Int, _ fill: (UnsafeMutablePointer<UInt8>, _ offset: Int, _ count: Int, _ checksum: inout Adler32) -> Void
    ) {
        guard !finished else { return }
        var done = 0
        while done < count {
            if end == Self.capacity {
                compress(until: end - Self.lookahead)
                slide()
            }
            let piece = min(count - done, Self.capacity - end)
            fill(buffer + end, done, piece, &adler)
            end += piece
            done += piece
        }
    }

    /// Appends the bytes of `bytes`.
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        append(count: bytes.count) { destination, offset, count, checksum in
            destination.update(from: source + offset, count: count)
            checksum.update(UnsafeRawBufferPointer(start: destination, count: count))
        }
    }

    /// The whole zlib stream: what is left compressed into the last block, then the Adler-32.
    mutating func finish() -> [UInt8] {
        guard !finished else { return writer.written }
        compress(until: end)
        writeBlock(last: true)
        writer.align()
        withUnsafeBytes(of: adler.value.bigEndian) { writer.append($0) }
        finished = true
        return writer.written
    }

    /// Keeps the last window before the next position and moves it to the buffer's start.
    private mutating func slide() {
        let shift = index - Self.window
        guard shift > 0 else { return }
        buffer.update(from: buffer + shift, count: end - shift)
        base += shift
        index -= shift
        end -= shift
        blockStart -= shift
    }

    @inline(__always)
    private func hash(_ at: Int) -> Int {
        let value = UnsafeRawPointer(buffer + at).loadUnaligned(as: UInt32.self)
        return Int((value &* 2_654_435_761) >> UInt32(32 - Self.hashBits))
    }

    @inline(__always)
    private func insert(_ at: Int, _ key: Int) {
        let position = UInt32(truncatingIfNeeded: base + at)
        previous[Int(position) & (Self.window - 1)] = head[key]
        head[key] = position
    }

    /// How many bytes from `from` on equal those from `at` on, at most `limit`: 32 bytes a step while they all
    /// agree (the zero runs), then eight, the first difference found from the lowest set bit of the two words' XOR.
    @inline(__always)
    private func matchLength(_ from: Int, _ at: Int, _ limit: Int) -> Int {
        let earlier = UnsafeRawPointer(buffer + from), later = UnsafeRawPointer(buffer + at)
        @inline(__always) func difference(_ offset: Int) -> UInt64 {
            earlier.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ later.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        }
        var length = 0
        while length &+ 32 <= limit, difference(length) | difference(length &+ 8) | difference(length &+ 16) | difference(length &+ 24) == 0 {
            length &+= 32
        }
        while length &+ 8 <= limit {
            let bits = difference(length)
            if bits != 0 { return length &+ bits.littleEndian.trailingZeroBitCount &>> 3 }
            length &+= 8
        }
        while length < limit && buffer[from &+ length] == buffer[at &+ length] { length &+= 1 }
        return length
    }

    /// The longest match for the bytes at `at` (at most `limit` long, at least 3 to count): the runs first
    /// (distance 1, 4 and the row), then the hash chain of `key` unless a run is already long enough.
    @inline(__always)
    private func longestMatch(_ at: Int, _ limit: Int, _ key: Int?) -> (length: Int, distance: Int) {
        var best = 0, distance = 0
        if at >= 1 && buffer[at - 1] == buffer[at] { (best, distance) = (matchLength(at - 1, at, limit), 1) }
        if at >= 4 && best < limit && buffer[at - 4 + best] == buffer[at + best] {
            let length = matchLength(at - 4, at, limit)
            if length > best { (best, distance) = (length, 4) }
        }
        if rowDistance > 0 && at >= rowDistance && best < limit && buffer[at - rowDistance + best] == buffer[at + best] {
            let length = matchLength(at - rowDistance, at, limit)
            if length > best { (best, distance) = (length, rowDistance) }
        }
        guard let key, best < Self.goodLength, best < limit else { return (best, distance) }
        let position = UInt32(truncatingIfNeeded: base + at)
        var candidate = head[key]
        var chain = Self.chainLimit
        var last = 0
        while chain > 0 {
            let back = Int(position &- candidate)
            // Older each step, inside the window and the buffer; a chain overwritten by newer positions stops.
            guard back > last, back <= Self.window, back <= at else { break }
            let from = at - back
            if buffer[from + best] == buffer[at + best] {
                let length = matchLength(from, at, limit)
                if length > best {
                    (best, distance) = (length, back)
                    if length >= Self.niceLength || length == limit { break }
                }
            }
            last = back
            candidate = previous[Int(candidate) & (Self.window - 1)]
            chain -= 1
        }
        // Three bytes far back cost more as a match than as literals.
        if best == 3 && distance > 4096 { return (0, 0) }
        return (best, distance)
    }

    /// Matches every position before `stop` (the stream's end when finishing; else far enough before it that a
    /// longest match still fits).
    private mutating func compress(until stop: Int) {
        var at = index
        // Literals in a row; past 64 (data that does not repeat, such as noise or a photograph), positions are
        // skipped unsearched, one more per 64, as fast compressors do, until a match is found.
        var misses = 0
        while at < stop {
            if misses > 64 {
                for _ in 0..<min(misses >> 6, stop - at) {
                    literal(buffer[at])
                    at += 1
                    if tokenCount == Self.blockTokens {
                        index = at
                        writeBlock(last: false)
                    }
                }
                if at >= stop { break }
            }
            var (length, distance) = (0, 0)
            var key: Int? = nil
            if at + 4 <= end { key = hash(at) }
            if end - at >= 3 { (length, distance) = longestMatch(at, min(258, end - at), key) }
            if let key { insert(at, key) }
            if length >= 3 {
                match(length, distance)
                if length <= Self.insertLength {
                    var inner = at + 1
                    while inner < at + length && inner + 4 <= end {
                        insert(inner, hash(inner))
                        inner += 1
                    }
                }
                at += length
                misses = 0
            } else {
                literal(buffer[at])
                at += 1
                misses += 1
            }
            if tokenCount == Self.blockTokens {
                index = at
                writeBlock(last: false)
            }
        }
        index = at
    }

    @inline(__always)
    private mutating func literal(_ byte: UInt8) {
        tokens[tokenCount] = UInt32(byte)
        tokenCount += 1
        literalCounts[Int(byte)] += 1
    }

    @inline(__always)
    private mutating func match(_ length: Int, _ distance: Int) {
        tokens[tokenCount] = 1 << 31 | UInt32(length - 3) << 16 | UInt32(distance)
        tokenCount += 1
        literalCounts[257 + Int(lengthCode[length])] += 1
        distanceCounts[Int(distance <= 256 ? distanceCodeTable[distance - 1] : distanceCodeTable[256 + (distance - 1) >> 7])] += 1
    }

    /// Writes the tokens so far as one block, the smallest of dynamic Huffman, fixed Huffman and stored (when the
    /// block's bytes are still in the buffer), and starts the next at `index`.
    private mutating func writeBlock(last: Bool) {
        literalCounts[256] = 1 // the end of the block
        var literalFrequencies = Array(UnsafeBufferPointer(start: literalCounts, count: 286))
        var distanceFrequencies = Array(UnsafeBufferPointer(start: distanceCounts, count: 30))
        // A Huffman code of one symbol is not a whole code, which inflaters may refuse: give each code two.
        if literalFrequencies.filter({ $0 > 0 }).count < 2 { literalFrequencies[0] = max(literalFrequencies[0], 1) }
        for code in 0..<2 where distanceFrequencies.filter({ $0 > 0 }).count < 2 { distanceFrequencies[code] = max(distanceFrequencies[code], 1) }
        let literalLengths = DeflateHuffman.lengths(literalFrequencies, limit: 15)
        let distanceLengths = DeflateHuffman.lengths(distanceFrequencies, limit: 15)
        let literalCount = max(257, (literalLengths.lastIndex { $0 > 0 } ?? 0) + 1)
        let distanceCount = max(1, (distanceLengths.lastIndex { $0 > 0 } ?? 0) + 1)
        let runs = DeflateHuffman.runLengths(Array(literalLengths[0..<literalCount] + distanceLengths[0..<distanceCount]))
        var codeLengthFrequencies = [Int](repeating: 0, count: 19)
        for run in runs { codeLengthFrequencies[Int(run.symbol)] += 1 }
        for symbol in 0..<2 where codeLengthFrequencies.filter({ $0 > 0 }).count < 2 {
            codeLengthFrequencies[symbol] = max(codeLengthFrequencies[symbol], 1)
        }
        let codeLengthLengths = DeflateHuffman.lengths(codeLengthFrequencies, limit: 7)
        var codeLengthCount = 19
        while codeLengthCount > 4 && codeLengthLengths[DeflateHuffman.codeLengthOrder[codeLengthCount - 1]] == 0 { codeLengthCount -= 1 }

        // Sizes in bits, the extra bits of lengths and distances common to both Huffman choices.
        var extra = 0
        for code in 0..<29 { extra += literalCounts[257 + code] * PDFDeflate.lengthExtra[code] }
        for code in 0..<30 { extra += distanceCounts[code] * PDFDeflate.distanceExtra[code] }
        var dynamic = 3 + 5 + 5 + 4 + 3 * codeLengthCount + extra
        for run in runs { dynamic += Int(codeLengthLengths[Int(run.symbol)]) + DeflateHuffman.extraBits(run.symbol) }
        var fixed = 3 + extra
        for symbol in 0..<286 {
            dynamic += literalCounts[symbol] * Int(literalLengths[symbol])
            fixed += literalCounts[symbol] * Int(PDFDeflate.literalCodes[symbol].bits)
        }
        for code in 0..<30 {
            dynamic += distanceCounts[code] * Int(distanceLengths[code])
            fixed += distanceCounts[code] * 5
        }
        let bytes = index - blockStart
        // Stored: three bits, up to seven to the byte boundary, then per 65 535 bytes a length and its complement.
        let stored = blockStart >= 0 ? 3 + 7 + 32 * max(1, (bytes + 65_534) / 65_535) + 8 * bytes : Int.max

        if stored < min(dynamic, fixed) {
            writer.reserve(bytes + 16 + 5 * (bytes / 65_535 + 1))
            var offset = blockStart
            repeat {
                let piece = min(65_535, index - offset)
                let final = last && offset + piece == index
                writer.write(final ? 1 : 0, bits: 1)
                writer.write(0, bits: 2)
                writer.align()
                withUnsafeBytes(of: (UInt16(piece).littleEndian, (~UInt16(piece)).littleEndian)) { writer.append($0) }
                writer.append(UnsafeRawBufferPointer(start: buffer + offset, count: piece))
                offset += piece
            } while offset < index
        } else if fixed <= dynamic {
            // Room for the block as its size was counted (and a margin); the writer grows only when a block needs it.
            let start = writer.bitCount
            writer.reserve(fixed / 8 + 64)
            writer.write(last ? 1 : 0, bits: 1)
            writer.write(1, bits: 2)
            writeTokens(
                literalCodes: PDFDeflate.literalCodes.map(\.code), literalLengths: PDFDeflate.literalCodes.map { UInt8($0.bits) },
                distanceCodes: PDFDeflate.distanceCodes, distanceLengths: [UInt8](repeating: 5, count: 30))
            assert(writer.bitCount - start == fixed, "a fixed block of another size than counted")
        } else {
            let start = writer.bitCount
            writer.reserve(dynamic / 8 + 64)
            writer.write(last ? 1 : 0, bits: 1)
            writer.write(2, bits: 2)
            writer.write(UInt32(literalCount - 257), bits: 5)
            writer.write(UInt32(distanceCount - 1), bits: 5)
            writer.write(UInt32(codeLengthCount - 4), bits: 4)
            for position in 0..<codeLengthCount { writer.write(UInt32(codeLengthLengths[DeflateHuffman.codeLengthOrder[position]]), bits: 3) }
            let codeLengthCodes = DeflateHuffman.codes(codeLengthLengths)
            for run in runs {
                let symbol = Int(run.symbol)
                writer.write(codeLengthCodes[symbol], bits: Int(codeLengthLengths[symbol]))
                let extraBits = DeflateHuffman.extraBits(run.symbol)
                if extraBits > 0 { writer.write(UInt32(run.extra), bits: extraBits) }
            }
            writeTokens(
                literalCodes: DeflateHuffman.codes(literalLengths), literalLengths: literalLengths,
                distanceCodes: DeflateHuffman.codes(distanceLengths), distanceLengths: distanceLengths)
            assert(writer.bitCount - start == dynamic, "a dynamic block of another size than counted")
        }
        tokenCount = 0
        literalCounts.update(repeating: 0, count: 286)
        distanceCounts.update(repeating: 0, count: 30)
        blockStart = index
    }

    /// The block's tokens and its end, in the given codes. A length's code and extra bits are one write, from a
    /// table made for the block; a distance's too.
    private mutating func writeTokens(literalCodes: [UInt32], literalLengths: [UInt8], distanceCodes: [UInt32], distanceLengths: [UInt8]) {
        var lengthBits = [UInt32](repeating: 0, count: 259), lengthSizes = [UInt8](repeating: 0, count: 259)
        for length in 3...258 {
            let code = Int(lengthCode[length])
            let symbol = 257 + code
            lengthBits[length] = literalCodes[symbol] | UInt32(length - PDFDeflate.lengthBase[code]) << UInt32(literalLengths[symbol])
            lengthSizes[length] = literalLengths[symbol] + UInt8(PDFDeflate.lengthExtra[code])
        }
        var distanceBase = [Int](repeating: 0, count: 30), distanceSizes = [Int](repeating: 0, count: 30)
        for code in 0..<30 {
            distanceBase[code] = PDFDeflate.distanceBase[code]
            distanceSizes[code] = Int(distanceLengths[code]) + PDFDeflate.distanceExtra[code]
        }
        let tokens = self.tokens, tokenCount = self.tokenCount, distanceCodeTable = self.distanceCodeTable
        writer.withSink(reserving: 0) { sink in
            for position in 0..<tokenCount {
                let token = tokens[position]
                if token < 256 {
                    sink.write(literalCodes[Int(token)], bits: Int(literalLengths[Int(token)]))
                    continue
                }
                let length = Int(token >> 16 & 0xFF) + 3, distance = Int(token & 0xFFFF)
                sink.write(lengthBits[length], bits: Int(lengthSizes[length]))
                let code = Int(distance <= 256 ? distanceCodeTable[distance - 1] : distanceCodeTable[256 + (distance - 1) >> 7])
                sink.write(
                    distanceCodes[code] | UInt32(distance - distanceBase[code]) << UInt32(distanceLengths[code]), bits: distanceSizes[code])
            }
        }
        writer.write(literalCodes[256], bits: Int(literalLengths[256]))
    }
}
