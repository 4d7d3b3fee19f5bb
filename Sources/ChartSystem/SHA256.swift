/// SHA-256 (FIPS 180-4), written out because the toolchain has no hash on Linux (CryptoKit is Apple-only and
/// swift-crypto would be a package dependency). chartc uses it to name cache entries after their URL, to check
/// a cached body is whole, and to record in the SVG exactly which bytes a chart was built from.
///
/// Streaming: `update` any number of times, then `finalize()`. `SHA256.hex(of:)` does it in one call.
public struct SHA256: Sendable {
    /// The eight working words H0…H7.
    private var state: [UInt32] = SHA256.initialState
    /// Bytes not yet hashed: always fewer than one 64-byte block.
    private var pending: [UInt8] = []
    /// Message length so far, in bytes.
    private var length: UInt64 = 0

    public init() {}

    /// Adds `bytes` to the message.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count > 0 else { return }
        length &+= UInt64(bytes.count)
        var start = 0
        if !pending.isEmpty {
            let take = min(64 - pending.count, bytes.count)
            pending.append(contentsOf: bytes[0..<take])
            start = take
            guard pending.count == 64 else { return }
            let block = pending
            pending.removeAll(keepingCapacity: true)
            block.withUnsafeBytes { compress($0, blocks: 1) }
        }
        let whole = (bytes.count - start) / 64
        if whole > 0 {
            compress(UnsafeRawBufferPointer(rebasing: bytes[start..<(start + whole * 64)]), blocks: whole)
        }
        let rest = start + whole * 64
        if rest < bytes.count { pending.append(contentsOf: bytes[rest...]) }
    }

    /// Adds `bytes` to the message.
    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Adds the UTF-8 bytes of `text` to the message.
    public mutating func update(_ text: String) {
        update(Array(text.utf8))
    }

    /// The 32-byte digest. Pads a copy of the state, so `self` stays usable (more `update`s continue the message).
    public func finalize() -> [UInt8] {
        var copy = self
        var tail = copy.pending
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        let bits = length &* 8
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        copy.pending = []
        tail.withUnsafeBytes { copy.compress($0, blocks: tail.count / 64) }
        var digest: [UInt8] = []
        digest.reserveCapacity(32)
        for word in copy.state {
            digest.append(UInt8(truncatingIfNeeded: word >> 24))
            digest.append(UInt8(truncatingIfNeeded: word >> 16))
            digest.append(UInt8(truncatingIfNeeded: word >> 8))
            digest.append(UInt8(truncatingIfNeeded: word))
        }
        return digest
    }

    /// The digest as 64 lower-case hexadecimal digits.
    public func hexDigest() -> String { Self.hex(finalize()) }

    /// The digest of `bytes` as 64 lower-case hexadecimal digits.
    public static func hex(of bytes: [UInt8]) -> String {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.hexDigest()
    }

    /// The digest of the UTF-8 bytes of `text` as 64 lower-case hexadecimal digits.
    public static func hex(of text: String) -> String { hex(of: Array(text.utf8)) }

    /// Lower-case hexadecimal digits of `bytes`.
    public static func hex(_ bytes: [UInt8]) -> String {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: - Compression

    /// Runs the compression function over `blocks` consecutive 64-byte blocks of `data`.
    private mutating func compress(_ data: UnsafeRawBufferPointer, blocks: Int) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
            state.withUnsafeMutableBufferPointer { h in
                for block in 0..<blocks {
                    let base = block * 64
                    for i in 0..<16 {
                        let at = base + i * 4
                        schedule[i] =
                            UInt32(data[at]) &<< 24 | UInt32(data[at + 1]) &<< 16
                            | UInt32(data[at + 2]) &<< 8 | UInt32(data[at + 3])
                    }
                    Self.compress(state: h, schedule: schedule)
                }
            }
        }
    }

    /// The eight words H0…H7 a hash starts from (FIPS 180-4 §5.3.3).
    public static let initialState: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    ]

    /// The compression function alone: one block, already as 16 big-endian words in `schedule[0..<16]`
    /// (`schedule` has room for 64 words), folded into the eight words of `state`. For PBKDF2, which hashes
    /// thousands of fixed-size blocks from precomputed states and must not allocate for each.
    public static func compress(state h: UnsafeMutableBufferPointer<UInt32>, schedule: UnsafeMutableBufferPointer<UInt32>) {
        roundConstants.withUnsafeBufferPointer { k in
            for i in 16..<64 {
                let w15 = schedule[i - 15]
                let w2 = schedule[i - 2]
                let s0 = (w15 &>> 7 | w15 &<< 25) ^ (w15 &>> 18 | w15 &<< 14) ^ (w15 &>> 3)
                let s1 = (w2 &>> 17 | w2 &<< 15) ^ (w2 &>> 19 | w2 &<< 13) ^ (w2 &>> 10)
                schedule[i] = schedule[i - 16] &+ s0 &+ schedule[i - 7] &+ s1
            }
            var a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7]
            for i in 0..<64 {
                let sum1 = (e &>> 6 | e &<< 26) ^ (e &>> 11 | e &<< 21) ^ (e &>> 25 | e &<< 7)
                let choice = (e & f) ^ (~e & g)
                let t1 = hh &+ sum1 &+ choice &+ k[i] &+ schedule[i]
                let sum0 = (a &>> 2 | a &<< 30) ^ (a &>> 13 | a &<< 19) ^ (a &>> 22 | a &<< 10)
                let majority = (a & b) ^ (a & c) ^ (b & c)
                let t2 = sum0 &+ majority
                hh = g
                g = f
                f = e
                e = d &+ t1
                d = c
                c = b
                b = a
                a = t1 &+ t2
            }
            h[0] &+= a
            h[1] &+= b
            h[2] &+= c
            h[3] &+= d
            h[4] &+= e
            h[5] &+= f
            h[6] &+= g
            h[7] &+= hh
        }
    }

    /// The first 32 bits of the fractional parts of the cube roots of the first 64 primes (FIPS 180-4 §4.2.2).
    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2
    ]
}
