import ChartDiagnostics
import Testing
@testable import ChartJSON

/// Every error the reader reports: its id, where it points (`line:col`) and, where there is one, the fix-it.
@Suite struct JSONReaderErrorTests {
    @Test(arguments: [
        // (text, id, line:col)
        ("[1, 2,]", "json-trailing-comma", "1:6"),
        ("{\"a\": 1,\n}", "json-trailing-comma", "1:8"),
        ("{\"a\": 1, \"a\": 2}", "json-duplicate-key", "1:10"),
        ("\"a\tb\"", "json-control-character", "1:3"),
        ("\"a\nb\"", "json-control-character", "1:3"),
        ("\"a\u{1}\"", "json-control-character", "1:3"),
        ("\"\\x41\"", "json-invalid-escape", "1:2"),
        ("\"C:\\data\"", "json-invalid-escape", "1:4"),
        ("\"\\'\"", "json-invalid-escape", "1:2"),
        ("\"ab\\u12G4\"", "json-invalid-escape", "1:4"),
        ("\"\\ud83d\"", "json-invalid-surrogate", "1:2"),
        ("\"x\\ude00\"", "json-invalid-surrogate", "1:3"),
        ("\"\\ud83d\\u0041\"", "json-invalid-surrogate", "1:2"),
        ("[1e400]", "json-number-out-of-range", "1:2"),
        ("-1e999", "json-number-out-of-range", "1:1"),
        ("[01]", "json-invalid-number", "1:2"),
        ("1.", "json-invalid-number", "1:1"),
        ("[.5]", "json-invalid-number", "1:2"),
        ("+1", "json-invalid-number", "1:1"),
        ("1e", "json-invalid-number", "1:1"),
        ("[-]", "json-invalid-number", "1:2"),
        ("0x1F", "json-invalid-number", "1:1"),
        ("[1.2.3]", "json-invalid-number", "1:2"),
        ("12abc", "json-invalid-number", "1:1"),
        ("{\n  // a note\n  \"a\": 1\n}", "json-comment", "2:3"),
        ("/* header */ {}", "json-comment", "1:1"),
        ("{'a': 1}", "json-single-quote", "1:2"),
        ("{\"mark\": 'bar'}", "json-single-quote", "1:10"),
        ("{title: \"x\"}", "json-unquoted-key", "1:2"),
        ("{\"mark\": line}", "json-unquoted-string", "1:10"),
        ("True", "json-invalid-literal", "1:1"),
        ("[NaN]", "json-invalid-literal", "1:2"),
        ("[-Infinity]", "json-invalid-literal", "1:2"),
        ("[None]", "json-invalid-literal", "1:2"),
        ("[1 2]", "json-missing-comma", "1:3"),
        ("{\"a\": 1\n \"b\": 2}", "json-missing-comma", "1:8"),
        ("{\"a\" 1}", "json-missing-colon", "1:5"),
        ("{\"a\" = 1}", "json-missing-colon", "1:6"),
        ("{\"a\", \"b\"}", "json-missing-colon", "1:5"),
        ("{\"a\": }", "json-missing-value", "1:7"),
        ("[1,,2]", "json-missing-value", "1:3"),
        ("[,1]", "json-missing-value", "1:2"),
        ("{,}", "json-expected-key", "1:2"),
        ("\"abc", "json-unterminated-string", "1:5"),
        ("{\"a\": 1", "json-unterminated-object", "1:8"),
        ("[1, 2\n\n", "json-unterminated-array", "1:6"),
        ("{\"a\": [1, 2}", "json-mismatched-bracket", "1:12"),
        ("[1, {\"a\": 2]", "json-mismatched-bracket", "1:12"),
        ("", "json-empty", "1:1"),
        (" \n\t", "json-empty", "2:2"),
        ("{} {}", "json-trailing-content", "1:4"),
        ("{}}", "json-trailing-content", "1:3"),
        ("1 2", "json-trailing-content", "1:3"),
        ("[1] x", "json-trailing-content", "1:5"),
        ("@", "json-unexpected-character", "1:1"),
        ("[1 ; 2]", "json-unexpected-character", "1:4"),
        ("]", "json-unexpected-character", "1:1"),
        ("[1:2]", "json-unexpected-character", "1:3")
    ])
    func errorIdAndPosition(text: String, id: String, where expected: String) {
        let diagnostic = failure(text)
        #expect(diagnostic?.id == id, "\(text.debugDescription): \(diagnostic?.message ?? "parsed")")
        #expect(position(diagnostic) == expected, "\(text.debugDescription): \(diagnostic?.message ?? "parsed")")
        #expect(diagnostic?.severity == .error)
    }

    @Test func trailingCommaFixItRemovesTheComma() throws {
        let diagnostic = try #require(failure("[1, 2, ]"))
        #expect(diagnostic.span?.range == 5..<6)
        #expect(diagnostic.fixIt?.span.range == 5..<6)
        #expect(diagnostic.fixIt?.replacement == "")
        #expect(diagnostic.message.contains("after the last element"))
    }

    @Test func duplicateKeyNotePointsAtTheFirst() throws {
        let diagnostic = try #require(failure("{\n  \"title\": \"a\",\n  \"title\": \"b\"\n}"))
        #expect(position(diagnostic) == "3:3")
        #expect(diagnostic.notes.count == 1)
        #expect(position(diagnostic.notes.first?.span) == "2:3")
        #expect(diagnostic.message == "duplicate key 'title': a key may appear only once in an object")
    }

    @Test func unterminatedContainersNoteTheirOpeningBracket() throws {
        let object = try #require(failure("{\n  \"a\": [1,\n    2\n  ]\n"))
        #expect(object.id == "json-unterminated-object")
        #expect(position(object) == "4:4")
        #expect(position(object.notes.first?.span) == "1:1")

        let array = try #require(failure("{\n  \"a\": [1,\n"))
        #expect(array.id == "json-unterminated-array")
        #expect(position(array.notes.first?.span) == "2:8")
        #expect(array.message.contains("2 brackets are still open"))

        let string = try #require(failure("{\"a\": \"xyz"))
        #expect(position(string.notes.first?.span) == "1:7")
    }

    @Test func mismatchedBracketNotesTheOpener() throws {
        let diagnostic = try #require(failure("{\"a\": [1, 2}"))
        #expect(position(diagnostic.notes.first?.span) == "1:7")
        #expect(diagnostic.message == "'}' does not match the '[' opened at line 1, column 7: close the array with ']' first")
    }

    @Test func fixItsSayWhatToWrite() {
        #expect(failure("{title: 1}")?.fixIt?.replacement == "\"title\"")
        #expect(failure("{'title': 1}")?.fixIt?.replacement == "\"title\"")
        #expect(failure("{\"mark\": 'say \"hi\"'}")?.fixIt?.replacement == "\"say \\\"hi\\\"\"")
        #expect(failure("{\"a\": catmull-rom}")?.fixIt?.replacement == "\"catmull-rom\"")
        #expect(failure("[True]")?.fixIt?.replacement == "true")
        #expect(failure("[NULL]")?.fixIt?.replacement == "null")
        #expect(failure("[undefined]")?.fixIt?.replacement == "null")
        #expect(failure("[007]")?.fixIt?.replacement == "7")
        #expect(failure("[-0.5, .5]")?.fixIt?.replacement == "0.5")
        #expect(failure("[+3]")?.fixIt?.replacement == "")
        #expect(failure("\"C:\\data\"")?.fixIt?.replacement == "\\\\")
        #expect(failure("\"it\\'s\"")?.fixIt?.replacement == "'")
        #expect(failure("\"a\tb\"")?.fixIt?.replacement == "\\t")
        let colon = failure("{\"a\" 1}")
        #expect(colon?.fixIt?.replacement == ":")
        #expect(colon?.fixIt?.span.range == 4..<4)
        let comma = failure("[1 2]")
        #expect(comma?.fixIt?.replacement == ",")
        #expect(comma?.fixIt?.span.range == 2..<2)
    }

    @Test func messagesNameTheProblem() {
        #expect(failure("{\"a\": 1, // x\n}")?.message.contains("JSON has no comments") == true)
        #expect(failure("[01]")?.message.contains("leading zeros") == true)
        #expect(failure("[1e400]")?.message.contains("too large") == true)
        #expect(failure("\"\\ud83d\"")?.message.contains("surrogate") == true)
        #expect(failure("[1] [2]")?.message.contains("exactly one value") == true)
        #expect(failure("{\"a\": 1 \"b\": 2}")?.message == "expected ',' after the value of 'a', before the next key")
        #expect(failure("{“title”: 1}")?.message.contains("typographic quote") == true)
        #expect(failure("[1,\u{00A0}2]")?.message.contains("invisible character U+00A0") == true)
    }

    @Test func topLevelMustBeAnObjectForSpecs() throws {
        let array = try #require(failure("  [1, 2]", requireObject: true))
        #expect(array.id == "json-not-object")
        #expect(position(array) == "1:3")
        #expect(array.message.contains("an array"))
        #expect(failure("\"spec\"", requireObject: true)?.id == "json-not-object")
        #expect(failure("null", requireObject: true)?.id == "json-not-object")
        #expect(failure("", requireObject: true)?.message.contains("chart spec") == true)
        // Data files may hold any value.
        #expect(value("[1, 2]", requireObject: false) != nil)
    }

    @Test func invalidUTF8IsReportedAtTheExactByte() {
        let cases: [([UInt8], String)] = [
            ([0x22, 0x61, 0xFF, 0x22], "1:3"), // never valid
            ([0x22, 0x61, 0x62, 0xC3, 0x28, 0x22], "1:4"), // lead byte without continuation
            ([0x22, 0x80, 0x22], "1:2"), // stray continuation byte
            ([0x22, 0xC0, 0xAF, 0x22], "1:2"), // overlong
            ([0x22, 0xE0, 0x80, 0xAF, 0x22], "1:2"), // overlong, 3 bytes
            ([0x22, 0xED, 0xA0, 0x80, 0x22], "1:2"), // encoded surrogate
            ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "1:2"), // beyond U+10FFFF
            ([0x0A, 0x22, 0xE2, 0x82], "2:2"), // truncated by the end of the file
            ([0x5B, 0x31, 0x2C, 0xE9, 0x5D], "1:4"), // Latin-1 'é' outside a string
            ([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0x5C, 0x6E, 0xE9, 0x22, 0x7D], "1:9") // after an escape
        ]
        for (bytes, expected) in cases {
            let diagnostic = failure(bytes: bytes)
            #expect(diagnostic?.id == "json-invalid-utf8", "\(bytes): \(diagnostic?.message ?? "parsed")")
            #expect(position(diagnostic) == expected, "\(bytes)")
        }
    }

    @Test func utf16FilesAreNamed() {
        let withMark = failure(bytes: [0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00])
        #expect(withMark?.id == "json-invalid-utf8")
        #expect(withMark?.message.contains("UTF-16") == true)
        #expect(failure(bytes: [0x7B, 0x00, 0x7D, 0x00])?.message.contains("every other byte is zero") == true)
        #expect(failure(bytes: [0x00, 0x5B, 0x00, 0x5D])?.message.contains("UTF-16") == true)
        // A lone NUL after a valid start is just a control character.
        #expect(failure(bytes: [0x5B, 0x31, 0x00])?.id == "json-unexpected-character")
    }

    @Test func tooDeepReportsTheBracketPastTheLimit() throws {
        let limit = JSONReader.maximumDepth
        let diagnostic = try #require(failure(String(repeating: "[", count: limit + 1)))
        #expect(diagnostic.id == "json-too-deep")
        #expect(position(diagnostic) == "1:\(limit + 1)")
    }

    @Test func diagnosticsRenderAsCompilerOutput() throws {
        let diagnostic = try #require(failure("{\n  \"a\": [1, 2,]\n}"))
        let text = DiagnosticFormatter().render([diagnostic])
        #expect(
            text.hasPrefix(
                "t.json:2:13: error: trailing comma: JSON does not allow a comma after the last element of an array [json-trailing-comma]\n"))
    }
}
