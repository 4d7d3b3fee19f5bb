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

    /// Lengths either side of each padding and block edge (one and two blocks of padding, 2 and 3 blocks), over
    /// bytes that are not all alike, so a wrong schedule word or round constant anywhere shows. Digests from
    /// Python's `hashlib`.
    @Test(arguments: [
        (1, "084fed08b978af4d7d196a7446a86b58009e636b611db16211b65a9aadff29c5"),
        (63, "81c80242132f230c3bd41b3e63bbcff16107339549214a99614ff26664625055"),
        (65, "aacca6ff74fdbb296d165a45cecfa04e5127bc008770fbbdd48006f2d2fae95e"),
        (111, "67d9492e628fd376e0b2efec8ca2b99b123e202cf620deb270728df979b2f73e"),
        (112, "96b928cff8528dbb99602c709a65b846cb6467acb8b722f0d758e4dc27bfc508"),
        (119, "9ce7368e4daf32341631b492e80359dc9f594b48453cd0dd5bf0b19279cc177e"),
        (120, "7836b787757e95e58b3ca5aec90b1b004e8deba1e50e9675af9cabf1a13a04b5"),
        (127, "a8d23e75d936f303d248888d9b165ee543f4cbafcad3c9dd2a79bd84faa11d07"),
        (128, "d2742f1f4ac6bb7ca2b239ee18402ba8b3f9f8e652d2a72973c2b9ba11c08cf6"),
        (129, "307f8fc2c1622b92762e818d39a185d4d667ad49a4b07ceae1f4afa008a93ec4"),
        (1000, "1e9bc38cbf860b9ec31918b065f9b52476c549a782e0e7990bed8ce3868d2371")
    ])
    func blockEdgeLengths(length: Int, digest: String) {
        let message = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
        #expect(SHA256.hex(of: message) == digest)
        var hasher = SHA256()
        for byte in message { hasher.update([byte]) }
        #expect(hasher.hexDigest() == digest, "one byte at a time")
    }

    /// The public compression function alone (PBKDF2 calls it directly): "abc" padded by hand into one block,
    /// from the initial state, gives the FIPS 180-4 digest's words.
    @Test func compressionFunctionAlone() {
        var state = SHA256.initialState
        var schedule = [UInt32](repeating: 0, count: 64)
        schedule[0] = 0x6162_6380
        schedule[15] = 24
        state.withUnsafeMutableBufferPointer { h in schedule.withUnsafeMutableBufferPointer { SHA256.compress(state: h, schedule: $0) } }
        #expect(state == [0xba78_16bf, 0x8f01_cfea, 0x4141_40de, 0x5dae_2223, 0xb003_61a3, 0x9617_7a9c, 0xb410_ff61, 0xf200_15ad])
    }

    @Test func hexDigits() {
        #expect(SHA256.hex([0x00, 0x0f, 0xa0, 0xff]) == "000fa0ff")
    }
}
