import ChartSystem

/// HMAC-SHA-256 (RFC 2104) and PBKDF2's `Hi` (RFC 5802 §2.2) over the project's own `SHA256`: what SCRAM needs,
/// with no crypto library.
enum HMACSHA256 {
    static func authenticate(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var block = key.count > 64 ? sha256(key) : key
        block += [UInt8](repeating: 0, count: 64 - block.count)
        var inner = SHA256()
        inner.update(block.map { $0 ^ 0x36 })
        inner.update(message)
        var outer = SHA256()
        outer.update(block.map { $0 ^ 0x5c })
        outer.update(inner.finalize())
        return outer.finalize()
    }

    static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        var hash = SHA256()
        hash.update(bytes)
        return hash.finalize()
    }

    /// `Hi(password, salt, i)`: PBKDF2-HMAC-SHA-256 with one block of output (RFC 8018 §5.2, dkLen = 32).
    ///
    /// The key's inner and outer pads are hashed once, and each of the `iterations` HMACs then costs two
    /// compressions of a 32-byte message padded in place: no array is allocated per iteration. (The plain
    /// `authenticate` per iteration cost 4 compressions and several allocations: about 4× the time.)
    static func hi(password: [UInt8], salt: [UInt8], iterations: Int) -> [UInt8] {
        let first = authenticate(key: password, message: salt + [0, 0, 0, 1])
        guard iterations > 1 else { return first }
        var block = password.count > 64 ? sha256(password) : password
        block += [UInt8](repeating: 0, count: 64 - block.count)
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 8 * 5 + 64) { words in
            let inner = UnsafeMutableBufferPointer(rebasing: words[0..<8])
            let outer = UnsafeMutableBufferPointer(rebasing: words[8..<16])
            let state = UnsafeMutableBufferPointer(rebasing: words[16..<24])
            let u = UnsafeMutableBufferPointer(rebasing: words[24..<32])
            let result = UnsafeMutableBufferPointer(rebasing: words[32..<40])
            let schedule = UnsafeMutableBufferPointer(rebasing: words[40..<104])
            // The pads' states: SHA-256 of (key ⊕ ipad) and of (key ⊕ opad), one block each.
            for (target, pad) in [(inner, UInt8(0x36)), (outer, UInt8(0x5c))] {
                for i in 0..<8 { target[i] = SHA256.initialState[i] }
                for i in 0..<16 {
                    var word: UInt32 = 0
                    for j in 0..<4 { word = word &<< 8 | UInt32(block[i * 4 + j] ^ pad) }
                    schedule[i] = word
                }
                SHA256.compress(state: target, schedule: schedule)
            }
            for i in 0..<8 {
                var word: UInt32 = 0
                for j in 0..<4 { word = word &<< 8 | UInt32(first[i * 4 + j]) }
                u[i] = word
                result[i] = word
            }
            for _ in 1..<iterations {
                // Inner hash: the pad block is done; this block is U (32 bytes), 0x80, zeros, length 96 bytes.
                for i in 0..<8 {
                    state[i] = inner[i]
                    schedule[i] = u[i]
                }
                schedule[8] = 0x8000_0000
                for i in 9..<15 { schedule[i] = 0 }
                schedule[15] = (64 + 32) * 8
                SHA256.compress(state: state, schedule: schedule)
                // Outer hash over the inner digest, padded the same way.
                for i in 0..<8 { schedule[i] = state[i] }
                for i in 0..<8 { state[i] = outer[i] }
                schedule[8] = 0x8000_0000
                for i in 9..<15 { schedule[i] = 0 }
                schedule[15] = (64 + 32) * 8
                SHA256.compress(state: state, schedule: schedule)
                for i in 0..<8 {
                    u[i] = state[i]
                    result[i] ^= state[i]
                }
            }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(32)
            for i in 0..<8 {
                let word = result[i]
                bytes += [
                    UInt8(truncatingIfNeeded: word >> 24), UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8),
                    UInt8(truncatingIfNeeded: word)
                ]
            }
            return bytes
        }
    }
}
