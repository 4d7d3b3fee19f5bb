import Testing
@testable import ChartRender
@testable import ChartSystem

/// The page's Content-Security-Policy hashes (the SHA-256 itself is tested with the NIST vectors in ChartNetworkTests).
@Suite struct ContentSecurityPolicyTests {
    @Test func base64Padding() {
        #expect(ContentSecurityPolicy.base64(Array("".utf8)) == "")
        #expect(ContentSecurityPolicy.base64(Array("f".utf8)) == "Zg==")
        #expect(ContentSecurityPolicy.base64(Array("fo".utf8)) == "Zm8=")
        #expect(ContentSecurityPolicy.base64(Array("foo".utf8)) == "Zm9v")
        #expect(ContentSecurityPolicy.base64([0xfb, 0xff]) == "+/8=")
    }

    @Test func sourcesOfKnownTexts() {
        #expect(ContentSecurityPolicy.source(for: "") == "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='")
        #expect(ContentSecurityPolicy.source(for: "abc") == "'sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0='")
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
