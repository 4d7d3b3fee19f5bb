import Testing
@testable import ChartRender

@Suite struct SHA256Tests {
    func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    @Test func knownDigests() {
        // FIPS 180-4 examples.
        #expect(hex(SHA256.digest(Array("".utf8))) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(hex(SHA256.digest(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex(SHA256.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        // Two padding blocks: 64 bytes of input.
        #expect(hex(SHA256.digest([UInt8](repeating: 0x61, count: 64))) == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
    }

    @Test func base64Padding() {
        #expect(SHA256.base64(Array("".utf8)) == "")
        #expect(SHA256.base64(Array("f".utf8)) == "Zg==")
        #expect(SHA256.base64(Array("fo".utf8)) == "Zm8=")
        #expect(SHA256.base64(Array("foo".utf8)) == "Zm9v")
        #expect(SHA256.base64([0xfb, 0xff]) == "+/8=")
    }

    @Test func cspSourceOfAnEmptyScript() {
        #expect(SHA256.cspSource(for: "") == "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='")
    }
}

@Suite struct PageEscapingTests {
    @Test func scriptJSONCannotEndTheElement() {
        let text = PageEscaping.scriptJSONString("</script><!--<script>a&b\"\\\n\u{2028}\u{01}")
        #expect(text == #""\u003c/script\u003e\u003c!--\u003cscript\u003ea\u0026b\"\\\n\u2028\u0001""#)
        #expect(!text.contains("<") && !text.contains(">") && !text.contains("&"))
    }

    @Test func cssStringEscapesAllButColorCharacters() {
        #expect(PageEscaping.cssString("#1f5fbf") == "\"#1f5fbf\"")
        #expect(PageEscaping.cssString("rgb(1, 2, 3)") == "\"rgb(1, 2, 3)\"")
        #expect(PageEscaping.cssString("a\"}</style>") == "\"a\\22 \\7d \\3c \\2f style\\3e \"")
    }

    @Test func csvDataURIEncodesEverythingAnAttributeOrURLCares() {
        let uri = PageEscaping.csvDataURI("a,b\n\"x y\",é&#%<\n")
        #expect(uri == "data:text/csv;charset=utf-8,a,b%0A%22x%20y%22,%C3%A9%26%23%25%3C%0A")
    }
}
