import ChartSystem
import Testing

@testable import ChartDatabase

/// SCRAM's `Hi` is PBKDF2-HMAC-SHA-256 with one 32-byte block; its fast path (precomputed pad states, no
/// allocation per iteration) must give exactly what the definition gives.
@Suite struct PBKDF2Tests {
    private static func hex(_ bytes: [UInt8]) -> String { SHA256.hex(bytes) }

    /// The definition, written out: U1 = HMAC(P, S || INT(1)), Ui = HMAC(P, Ui-1), result = U1 ⊕ … ⊕ Uc.
    private static func reference(password: [UInt8], salt: [UInt8], iterations: Int) -> [UInt8] {
        var u = HMACSHA256.authenticate(key: password, message: salt + [0, 0, 0, 1])
        var result = u
        for _ in 1..<max(iterations, 1) {
            u = HMACSHA256.authenticate(key: password, message: u)
            for index in 0..<32 { result[index] ^= u[index] }
        }
        return result
    }

    /// Published PBKDF2-HMAC-SHA-256 vectors (RFC 7914 §11's first 32 bytes, and the RFC 6070 inputs with
    /// SHA-256, as widely tabulated and checked here against Python's `hashlib.pbkdf2_hmac`).
    @Test(arguments: [
        ("password", "salt", 1, "120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b"),
        ("password", "salt", 2, "ae4d0c95af6b46d32d0adff928f06dd02a303f8ef3c251dfd6e2d85a95474c43"),
        ("password", "salt", 4096, "c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a"),
        ("passwd", "salt", 1, "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"),
        ("Password", "NaCl", 80000, "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56"),
        (
            "passwordPASSWORDpassword", "saltSALTsaltSALTsaltSALTsaltSALTsalt", 4096,
            "348c89dbcbd32b2f32d814b8116e84cf2b17347ebc1800181c4e2a1fb8dd53e1"
        ),
        (String(repeating: "k", count: 100), "NaCl", 4096, "e372a77c58d67571e1286713d10b70ef96686141961ba1a018d6325809c35184")
    ])
    func knownVectors(password: String, salt: String, iterations: Int, expected: String) {
        let derived = HMACSHA256.hi(password: Array(password.utf8), salt: Array(salt.utf8), iterations: iterations)
        #expect(Self.hex(derived) == expected)
    }

    /// Keys of every length around the block size (hashed when longer than 64 bytes) and odd salts.
    @Test func matchesTheDefinition() {
        for length in [0, 1, 31, 32, 55, 56, 63, 64, 65, 127, 200] {
            let password = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            let salt = (0..<(length % 23)).map { UInt8(truncatingIfNeeded: $0 &* 101) }
            for iterations in [1, 2, 3, 17] {
                let fast = HMACSHA256.hi(password: password, salt: salt, iterations: iterations)
                #expect(
                    fast == Self.reference(password: password, salt: salt, iterations: iterations), "key \(length) bytes, \(iterations) iterations")
            }
        }
    }
}
