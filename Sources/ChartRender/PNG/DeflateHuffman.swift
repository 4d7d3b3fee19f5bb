/// The Huffman codes of a dynamic deflate block (RFC 1951 §3.2.2, §3.2.7): code lengths from symbol counts,
/// limited to the format's maximum (15 bits, 7 for the code-length code), and the canonical codes they define,
/// bit-reversed because deflate writes a code's first bit into the lowest bit of the stream.
enum DeflateHuffman {
    /// The order in which a dynamic block lists the code-length code's lengths.
    static let codeLengthOrder: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// The length code (0…29) of a distance: `distanceCodes[d - 1]` below 257, `distanceCodes[256 + (d - 1) >> 7]`
    /// above (from 257 on every code's first distance minus one is a multiple of 128).
    static let distanceCodes: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 512)
        for code in 0..<30 {
            let end = code == 29 ? 32_769 : PDFDeflate.distanceBase[code + 1]
            for distance in PDFDeflate.distanceBase[code]..<end {
                let index = distance - 1 < 256 ? distance - 1 : 256 + (distance - 1) >> 7
                table[index] = UInt8(code)
            }
        }
        return table
    }()

    @inline(__always)
    static func distanceCode(_ distance: Int) -> Int {
        Int(distance <= 256 ? distanceCodes[distance - 1] : distanceCodes[256 + (distance - 1) >> 7])
    }

    /// The lengths of an optimal prefix code for `frequencies` (0 for a symbol that does not occur), none longer
    /// than `limit`. Huffman's construction first (two queues over the counts sorted with the symbol as the
    /// tie-break, so the result is deterministic); when its deepest leaves pass the limit they are raised to it and
    /// the code is made whole again by moving the shallowest such leaves one level down, as many times as the
    /// Kraft sum is over. The most frequent symbols get the shortest lengths. One symbol alone gets length 1.
    static func lengths(_ frequencies: [Int], limit: Int) -> [UInt8] {
        var lengths = [UInt8](repeating: 0, count: frequencies.count)
        let symbols = frequencies.indices.filter { frequencies[$0] > 0 }.sorted {
            (frequencies[$0], $0) < (frequencies[$1], $1)
        }
        let count = symbols.count
        if count == 0 { return lengths }
        if count == 1 {
            lengths[symbols[0]] = 1
            return lengths
        }
        // Nodes 0..<count are the leaves in ascending weight; the internal nodes follow in the order they are made,
        // which is also ascending weight, so two queues find the two lightest nodes without a heap.
        var weight = symbols.map { frequencies[$0] } + [Int](repeating: 0, count: count - 1)
        var parent = [Int](repeating: 0, count: 2 * count - 1)
        var nextLeaf = 0, nextInternal = count
        for made in count..<(2 * count - 1) {
            var pair = [0, 0]
            for slot in 0..<2 {
                if nextLeaf < count && (nextInternal >= made || weight[nextLeaf] <= weight[nextInternal]) {
                    pair[slot] = nextLeaf
                    nextLeaf += 1
                } else {
                    pair[slot] = nextInternal
                    nextInternal += 1
                }
            }
            weight[made] = weight[pair[0]] + weight[pair[1]]
            parent[pair[0]] = made
            parent[pair[1]] = made
        }
        // A parent is always made after its children: depths from the root down.
        var depth = [Int](repeating: 0, count: 2 * count - 1)
        for node in stride(from: 2 * count - 3, through: 0, by: -1) { depth[node] = depth[parent[node]] + 1 }
        var perLength = [Int](repeating: 0, count: max(limit, depth.max() ?? 0) + 1)
        for leaf in 0..<count { perLength[min(depth[leaf], limit)] += 1 }
        var kraft = 0
        for length in 1...limit { kraft += perLength[length] << (limit - length) }
        while kraft > 1 << limit {
            // Drop a leaf from the deepest level and split one shallower leaf into two a level deeper: the number
            // of leaves stays, the sum falls by one.
            perLength[limit] -= 1
            for length in stride(from: limit - 1, through: 1, by: -1) where perLength[length] > 0 {
                perLength[length] -= 1
                perLength[length + 1] += 2
                break
            }
            kraft -= 1
        }
        // The rarest symbols take the longest codes.
        var next = 0
        for length in stride(from: limit, through: 1, by: -1) {
            for _ in 0..<perLength[length] {
                lengths[symbols[next]] = UInt8(length)
                next += 1
            }
        }
        return lengths
    }

    /// The canonical codes for `lengths` (RFC 1951 §3.2.2), each bit-reversed for writing least significant bit first.
    static func codes(_ lengths: [UInt8]) -> [UInt32] {
        var perLength = [Int](repeating: 0, count: 16)
        for length in lengths where length > 0 { perLength[Int(length)] += 1 }
        var next = [Int](repeating: 0, count: 16)
        var code = 0
        for length in 1..<16 {
            code = (code + perLength[length - 1]) << 1
            next[length] = code
        }
        return lengths.map { length in
            guard length > 0 else { return 0 }
            defer { next[Int(length)] += 1 }
            return PDFDeflate.reverse(next[Int(length)], Int(length))
        }
    }

    /// The extra bits after a code-length symbol: 2 after 16, 3 after 17, 7 after 18, none after a length.
    static func extraBits(_ symbol: UInt8) -> Int {
        switch symbol {
        case 16: 2
        case 17: 3
        case 18: 7
        default: 0
        }
    }

    /// The code lengths of both alphabets as the code-length code writes them: a length, 16 (repeat the previous
    /// length 3–6 times, 2 extra bits), 17 (3–10 zeros, 3 bits) or 18 (11–138 zeros, 7 bits); each with its extra
    /// value. Runs may cross from the literal/length lengths into the distance lengths, as the format allows.
    static func runLengths(_ lengths: [UInt8]) -> [(symbol: UInt8, extra: UInt8)] {
        var output: [(symbol: UInt8, extra: UInt8)] = []
        var index = 0
        while index < lengths.count {
            let length = lengths[index]
            var run = 1
            while index + run < lengths.count && lengths[index + run] == length { run += 1 }
            index += run
            if length == 0 {
                while run >= 11 {
                    let part = min(run, 138)
                    output.append((18, UInt8(part - 11)))
                    run -= part
                }
                if run >= 3 {
                    output.append((17, UInt8(run - 3)))
                    run = 0
                }
            } else {
                output.append((length, 0))
                run -= 1
                while run >= 3 {
                    let part = min(run, 6)
                    output.append((16, UInt8(part - 3)))
                    run -= part
                }
            }
            for _ in 0..<run { output.append((length, 0)) }
        }
        return output
    }
}
