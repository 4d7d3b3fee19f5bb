/// An expression written inside a JSON string (`filter`, `calculate`, `aggregate`). Keeps the decoded text and a
/// map back to file offsets, so a diagnostic about a token inside the expression points at that token in the
/// spec file even when the JSON string contains escapes.
public struct ExpressionSource: Sendable {
    /// The decoded expression text.
    public let text: String
    /// The JSON string literal, quotes included.
    public let literalSpan: SourceSpan
    /// `fileOffsets[i]` is the file offset of UTF-8 byte `i` of `text` (one extra entry for the end). Nil when the
    /// literal has no escapes, in which case byte `i` sits at `literalSpan.range.lowerBound + 1 + i`.
    public let fileOffsets: [Int]?

    public init(text: String, literalSpan: SourceSpan, fileOffsets: [Int]?) {
        self.text = text
        self.literalSpan = literalSpan
        self.fileOffsets = fileOffsets
    }

    /// An expression that did not come from a file (tests, `chartc` flags): spans point into a file holding
    /// just the text.
    public init(standalone text: String, path: String = "<expression>") {
        let file = SourceFile(path: path, text: text)
        self.text = text
        self.literalSpan = SourceSpan(file: file, range: -1..<(text.utf8.count + 1))
        self.fileOffsets = nil
    }

    /// The file span of a UTF-8 byte range of `text`.
    public func span(for textRange: Range<Int>) -> SourceSpan {
        let length = text.utf8.count
        let lower = min(max(textRange.lowerBound, 0), length)
        let upper = min(max(textRange.upperBound, lower), length)
        if let fileOffsets, fileOffsets.count == length + 1 {
            return SourceSpan(file: literalSpan.file, range: fileOffsets[lower]..<fileOffsets[upper])
        }
        let base = literalSpan.range.lowerBound + 1
        return SourceSpan(file: literalSpan.file, range: (base + lower)..<(base + upper))
    }
}
