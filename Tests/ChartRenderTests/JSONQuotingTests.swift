import ChartDiagnostics
import ChartSpec
import Testing
@testable import ChartRender

/// The three places chartc writes JSON strings escape differently on purpose; one function serves them all
/// (`JSONText.quote(_:for:)`), and this pins what each one writes.
@Suite struct JSONQuotingTests {
    static let tricky = "a\"b\\c\n\r\t\u{08}\u{0C}\u{01}\u{7F}</x>&\u{2028}é"

    @Test func specFilesGetTheFewestEscapes() {
        #expect(SpecFormatter.quote(Self.tricky) == "\"a\\\"b\\\\c\\n\\r\\t\\b\\f\\u0001\u{7F}</x>&\u{2028}é\"")
    }

    @Test func toolOutputAlsoEscapesScriptEndsAndLineSeparators() {
        #expect(JSONText.quote(Self.tricky) == "\"a\\\"b\\\\c\\n\\r\\t\\u0008\\u000c\\u0001\u{7F}<\\/x>&\\u2028é\"")
    }

    @Test func pageScriptsEscapeMarkupCharactersToo() {
        #expect(PageEscaping.scriptJSONString(Self.tricky) == "\"a\\\"b\\\\c\\n\\r\\t\\u0008\\u000c\\u0001\\u007f\\u003c/x\\u003e\\u0026\\u2028é\"")
    }
}
