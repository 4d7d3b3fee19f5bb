import ChartDiagnostics
import Testing

/// Issue 30, item 8: outside text in messages is shortened (one helper, `QuotedText`) and loses its control
/// characters.
@Suite struct QuotedTextTests {
    @Test func shortTextIsUnchanged() {
        #expect(QuotedText.truncated("relation \"t\" does not exist") == "relation \"t\" does not exist")
    }

    @Test func aMegabyteIsCutWithTheCountOfWhatWasLeftOut() {
        let text = String(repeating: "word ", count: 200_000)
        let shown = QuotedText.truncated(text)
        #expect(shown.count < QuotedText.characterLimit + 40)
        #expect(shown.hasSuffix("more characters)"))
        let cut = try? #require(shown.split(separator: "…").first)
        #expect(cut.map { text.hasPrefix($0) } == true)
    }

    @Test func controlCharactersBecomeSpaces() {
        #expect(QuotedText.truncated("red\u{1B}[31m\nline\u{7}") == "red [31m line ")
        #expect(QuotedText.withoutControlCharacters("a\u{9B}b") == "a b")
    }

    @Test func listsNameTheFirstItemsAndCountTheRest() {
        let names = (1...32_767).map { "field\($0)" }
        let listed = QuotedText.list(names)
        #expect(listed.hasPrefix("'field1', 'field2'"))
        #expect(listed.hasSuffix(", … and 32755 more"))
        #expect(listed.count < 300)
        #expect(QuotedText.list(["a", "b"], quote: false) == "a, b")
    }

    @Test func theSourceExcerptHasNoControlCharacters() {
        let file = SourceFile(path: "data.csv", text: "a,b\u{1B}]0;owned\u{7},c\n")
        let text = DiagnosticFormatter().renderText(Diagnostic(ExcerptMessage(), at: SourceSpan(file: file, range: 4..<5)))
        #expect(!text.contains("\u{1B}") && !text.contains("\u{7}"))
    }
}

private struct ExcerptMessage: DiagnosticMessage {
    let severity = Severity.error
    let diagnosticID = DiagnosticID(domain: "Tests", name: "excerpt")
    let message = "a problem"
}
