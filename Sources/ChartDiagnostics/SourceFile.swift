/// The bytes of one file the user gave us (a spec, a data file), kept so that a diagnostic can be turned into
/// `line:col` and a source excerpt only when it is printed.
public final class SourceFile: Sendable {
    /// The path as the user should see it (as given on the command line, or resolved against the spec).
    public let path: String
    public let bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    public convenience init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// 1-based line and column of a byte offset. Columns count Unicode scalars, so a caret lines up under
    /// non-ASCII text in a terminal. Offsets past the end clamp to the end.
    public func lineColumn(at offset: Int) -> (line: Int, column: Int) {
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var column = 1
        var index = 0
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return (line, column)
    }

    /// The text of the line holding `offset`, without its line break, and the byte offset where it starts.
    public func line(containing offset: Int) -> (text: String, start: Int) {
        let clamped = min(max(offset, 0), bytes.count)
        var start = clamped
        while start > 0 && bytes[start - 1] != 0x0A { start -= 1 }
        var end = clamped
        while end < bytes.count && bytes[end] != 0x0A && bytes[end] != 0x0D { end += 1 }
        return (String(decoding: bytes[start..<end], as: UTF8.self), start)
    }
}

/// A byte range inside a `SourceFile`.
public struct SourceSpan: Sendable, Equatable {
    public let file: SourceFile
    public let range: Range<Int>

    public init(file: SourceFile, range: Range<Int>) {
        self.file = file
        self.range = range
    }

    public init(file: SourceFile, offset: Int) {
        self.init(file: file, range: offset..<offset)
    }

    public static func == (lhs: SourceSpan, rhs: SourceSpan) -> Bool {
        lhs.file === rhs.file && lhs.range == rhs.range
    }

    /// `path:line:col` of the start.
    public var description: String {
        let (line, column) = file.lineColumn(at: range.lowerBound)
        return "\(file.path):\(line):\(column)"
    }
}
