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

    /// `Hi(password, salt, i)`: PBKDF2-HMAC-SHA-256 with one block of output.
    static func hi(password: [UInt8], salt: [UInt8], iterations: Int) -> [UInt8] {
        var u = authenticate(key: password, message: salt + [0, 0, 0, 1])
        var result = u
        if iterations > 1 {
            for _ in 1..<iterations {
                u = authenticate(key: password, message: u)
                for index in 0..<result.count { result[index] ^= u[index] }
            }
        }
        return result
    }
}
