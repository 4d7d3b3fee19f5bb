import ChartNetwork
import ChartSystem
import Testing

/// SHA-256 against the FIPS 180-4 example vectors (NIST CSRC "SHA-256" examples and the long messages of the
/// SHA test suite), and streaming in pieces that straddle block boundaries.
@Suite struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        )
    ])
    func nistVectors(message: String, digest: String) {
        #expect(SHA256.hex(of: message) == digest)
    }

    @Test func oneMillionLetterA() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(SHA256.hex(of: message) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func streamingInPiecesGivesTheSameDigest() {
        let message = Array("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu".utf8)
        for size in [1, 3, 55, 56, 63, 64, 65, 100] {
            var hasher = SHA256()
            var index = 0
            while index < message.count {
                let end = min(message.count, index + size)
                hasher.update(Array(message[index..<end]))
                index = end
            }
            #expect(hasher.hexDigest() == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1", "pieces of \(size)")
        }
    }

    @Test func finalizeLeavesTheHasherUsable() {
        var hasher = SHA256()
        hasher.update("ab")
        #expect(hasher.hexDigest() == SHA256.hex(of: "ab"))
        hasher.update("c")
        #expect(hasher.hexDigest() == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hasher.finalize().count == 32)
    }

    /// Messages whose padding needs a second block (55 bytes fits one, 56 does not).
    @Test func paddingBoundaries() {
        #expect(SHA256.hex(of: String(repeating: "a", count: 55)) == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
        #expect(SHA256.hex(of: String(repeating: "a", count: 56)) == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
        #expect(SHA256.hex(of: String(repeating: "a", count: 64)) == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
    }

    @Test func hexDigits() {
        #expect(SHA256.hex([0x00, 0x0f, 0xa0, 0xff]) == "000fa0ff")
    }
}
