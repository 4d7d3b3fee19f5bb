import Testing
@testable import ChartDiagnostics

/// What a person, a tool and a CI log read: the text format with its source line and caret, the JSON array,
/// GitHub's workflow annotations.
@Suite struct DiagnosticFormatterTests {
    static let file = SourceFile(path: "s.chart.json", text: "{\n  \"titel\": \"Sales\"\n}\n")
    /// `"titel"`, line 2, columns 3–9.
    static let key = SourceSpan(file: file, range: 4..<11)

    static let typo = Diagnostic(
        TestMessage(.error, "unknown-key", "unknown key 'titel'"), at: key,
        notes: [DiagnosticNote("the top level is here", at: SourceSpan(file: file, offset: 0))],
        fixIt: FixIt(span: key, replacement: "\"title\"")
    )

    @Test func textShowsTheLineACaretTheFixAndTheNotes() {
        #expect(
            DiagnosticFormatter().render([Self.typo]) == """
                s.chart.json:2:3: error: unknown key 'titel' [unknown-key]
                      "titel": "Sales"
                      ^~~~~~~
                s.chart.json:2:3: note: replace with '"title"'
                s.chart.json:1:1: note: the top level is here

                """)
        #expect(
            DiagnosticFormatter(showsSourceLines: false).render([Self.typo]).hasPrefix(
                "s.chart.json:2:3: error: unknown key 'titel' [unknown-key]\ns.chart.json:2:3: note: replace"))
    }

    @Test func textWithoutAPlace() {
        let unreadable = Diagnostic(
            TestMessage(.error, "file-unreadable", "cannot read the file"), path: "data/x.csv", notes: [DiagnosticNote("no place of its own")])
        #expect(
            DiagnosticFormatter().render([unreadable])
                == "data/x.csv: error: cannot read the file [file-unreadable]\ndata/x.csv: note: no place of its own\n")
        let usage = Diagnostic(TestMessage(.warning, "unknown-locale", "no such locale"), at: nil)
        #expect(DiagnosticFormatter().renderText(usage) == "warning: no such locale [unknown-locale]\n")
        // A fix-it with its own words says them instead of "replace with".
        let comma = Diagnostic(
            TestMessage(.error, "json-missing-comma", "expected ','"), at: Self.key,
            fixIt: FixIt(span: Self.key, replacement: ",", message: "insert a comma"))
        #expect(DiagnosticFormatter(showsSourceLines: false).renderText(comma).hasSuffix("s.chart.json:2:3: note: insert a comma\n"))
    }

    @Test func theCaretLinesUpUnderTabsAndNonASCIIAndLongLinesAreLeftOut() {
        let file = SourceFile(path: "t.csv", text: "\tZürich,x\n")
        let span = SourceSpan(file: file, range: 9..<10) // the "x": after a tab and a two-byte ü
        #expect(
            DiagnosticFormatter().renderText(Diagnostic(TestMessage(.error, "e", "m"), at: span))
                == "t.csv:1:9: error: m [e]\n     Zürich,x\n            ^\n")
        let long = SourceFile(path: "long.csv", text: String(repeating: "a", count: 201) + "\n")
        #expect(
            DiagnosticFormatter().renderText(Diagnostic(TestMessage(.error, "e", "m"), at: SourceSpan(file: long, offset: 3)))
                == "long.csv:1:4: error: m [e]\n")
        // A span running past its line is underlined to the end of the line.
        let twoLines = SourceFile(path: "two", text: "ab\ncd\n")
        #expect(
            DiagnosticFormatter().renderText(Diagnostic(TestMessage(.error, "e", "m"), at: SourceSpan(file: twoLines, range: 1..<5)))
                == "two:1:2: error: m [e]\n    ab\n     ^\n")
    }

    @Test func jsonIsOneArrayWithStableKeys() {
        #expect(DiagnosticFormatter(format: .json).render([]) == "[]\n")
        let output = DiagnosticFormatter(format: .json).render([
            Self.typo, Diagnostic(TestMessage(.warning, "missing-source", "no \"source\""), path: "a.chart.json")
        ])
        #expect(
            output == """
                [
                  {"severity": "error", "rule": "unknown-key", "message": "unknown key 'titel'", "file": "s.chart.json", "line": 2, "column": 3, "endLine": 2, "endColumn": 10, "offset": 4, "length": 7, "notes": [{"message": "the top level is here", "file": "s.chart.json", "line": 1, "column": 1, "endLine": 1, "endColumn": 1, "offset": 0, "length": 0}], "fixIt": {"replacement": "\\"title\\"", "file": "s.chart.json", "line": 2, "column": 3, "endLine": 2, "endColumn": 10, "offset": 4, "length": 7}},
                  {"severity": "warning", "rule": "missing-source", "message": "no \\"source\\"", "file": "a.chart.json"}
                ]

                """)
    }

    @Test func githubAnnotationsEscapeTheirPropertiesAndData() {
        #expect(
            DiagnosticFormatter(format: .github).render([Self.typo])
                == "::error file=s.chart.json,line=2,col=3,endColumn=10,title=unknown-key::unknown key 'titel'%0Anote: the top level is here\n")
        // A CRLF in a message (a quoted line of a Windows file) is escaped too: raw, it would end the annotation.
        let odd = Diagnostic(TestMessage(.warning, "long-title", "100% of\r\nit"), path: "a,b:c.chart.json")
        #expect(DiagnosticFormatter(format: .github).renderGitHub(odd) == "::warning file=a%2Cb%3Ac.chart.json,title=long-title::100%25 of%0D%0Ait\n")
        let note = Diagnostic(TestMessage(.note, "n", "m"), at: SourceSpan(file: Self.file, range: 0..<5))
        #expect(DiagnosticFormatter(format: .github).renderGitHub(note) == "::notice file=s.chart.json,line=1,col=1,endLine=2,title=n::m\n")
    }

    @Test func jsonStringsAreEscapedForWhereTheyWillBeRead() {
        #expect(JSONText.quote("a\"b\\c\n\t\u{01}") == "\"a\\\"b\\\\c\\n\\t\\u0001\"")
        #expect(JSONText.quote("</script>") == "\"<\\/script>\"")
        #expect(JSONText.quote("</script>&", for: .htmlScript) == "\"\\u003c/script\\u003e\\u0026\"")
        #expect(JSONText.quote("\u{08}\u{0C}</", for: .readable) == "\"\\b\\f</\"")
        #expect(JSONText.quote("\u{2028}") == "\"\\u2028\"")
    }

    @Test func severitiesOrderErrorsFirst() {
        #expect(Severity.allCases.sorted() == [.error, .warning, .note])
        #expect([Self.typo].hasErrors)
        #expect(![Diagnostic(TestMessage(.warning, "w", "m"), at: nil)].hasErrors)
    }
}

/// The replace-all the writers share (CSV quoting, GitHub escapes) works on scalars, so a quote or line break
/// that joins the next scalar into one `Character` is still replaced.
@Suite struct ReplacingAllTests {
    @Test func matchesScalarsNotCharacters() {
        #expect("a\"\u{301}b".replacingAll("\"", with: "\"\"") == "a\"\"\u{301}b")
        #expect("x\r\ny".replacingAll("\r", with: "%0D") == "x%0D\ny")
        #expect("x\r\ny".replacingAll("\n", with: "%0A") == "x\r%0Ay")
        #expect("aaa".replacingAll("aa", with: "b") == "ba")
        #expect("abc".replacingAll("", with: "z") == "abc")
        #expect("abc".replacingAll("abcd", with: "z") == "abc")
        #expect("".replacingAll("a", with: "z") == "")
    }
}

/// A message with any id and severity, to test the formatter apart from every catalogue.
private struct TestMessage: DiagnosticMessage {
    let severity: Severity
    let diagnosticID: DiagnosticID
    let message: String

    init(_ severity: Severity, _ name: String, _ message: String) {
        self.severity = severity
        self.diagnosticID = DiagnosticID(domain: "Tests", name: name)
        self.message = message
    }
}
