import Testing
@testable import ChartDiagnostics

/// Byte offsets to `line:col` as the command line prints them: lines counted by `\n`, columns by Unicode
/// scalars so a caret lines up under non-ASCII text.
@Suite struct SourceFileTests {
    let file = SourceFile(path: "a.chart.json", text: "{\n  \"title\": \"Zürich\",\r\n\t\"x\": 1\n}")

    @Test func lineAndColumnOfOffsets() {
        #expect(file.lineColumn(at: 0) == (1, 1))
        #expect(file.lineColumn(at: 1) == (1, 2))
        #expect(file.lineColumn(at: 2) == (2, 1)) // just after the first \n
        #expect(file.lineColumn(at: 4) == (2, 3)) // the opening quote of "title"
        // "ü" is two bytes and one column: the closing quote after "Zürich" is column 19, not 20.
        let closingQuote = Array(file.bytes).indices.filter { file.bytes[$0] == 0x22 }[3]
        #expect(file.lineColumn(at: closingQuote) == (2, 19))
        // A tab is one column; \r\n ends a line once.
        let tab = file.bytes.firstIndex(of: 0x09) ?? -1
        #expect(file.lineColumn(at: tab) == (3, 1))
        #expect(file.lineColumn(at: tab + 1) == (3, 2))
    }

    @Test func offsetsOutsideTheFileClampToItsEnds() {
        #expect(file.lineColumn(at: -5) == (1, 1))
        #expect(file.lineColumn(at: file.bytes.count + 100) == file.lineColumn(at: file.bytes.count))
        #expect(file.lineColumn(at: file.bytes.count) == (4, 2))
        #expect(SourceFile(path: "empty", text: "").lineColumn(at: 3) == (1, 1))
    }

    @Test func theLineHoldingAnOffset() {
        #expect(file.line(containing: 0) == ("{", 0))
        // Without its \r\n.
        #expect(file.line(containing: 6) == ("  \"title\": \"Zürich\",", 2))
        #expect(file.line(containing: file.bytes.count).text == "}")
        #expect(file.line(containing: -1) == ("{", 0))
    }

    @Test func spansPrintPathLineAndColumnAndCompareByFileIdentity() {
        let span = SourceSpan(file: file, range: 4..<11)
        #expect(span.description == "a.chart.json:2:3")
        #expect(SourceSpan(file: file, offset: 4).range == 4..<4)
        #expect(span == SourceSpan(file: file, range: 4..<11))
        // The same bytes under the same path are still another file.
        let copy = SourceFile(path: file.path, bytes: file.bytes)
        #expect(span != SourceSpan(file: copy, range: 4..<11))
    }
}
