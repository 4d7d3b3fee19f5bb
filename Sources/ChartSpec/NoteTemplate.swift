import ChartDiagnostics

/// The `text` of a note read as a template (SPEC §19.13): `{x}` and `{y}` stand for the note's position as its
/// axes print it, `{FIELD}` for a field of the row `at` points at; `{{` and `}}` write `{` and `}`. The checking
/// stage reads the placeholders' byte ranges (an unknown one is an error inside the string) and layout fills
/// them, so both read the text the same way.
public struct NoteTemplate: Sendable, Equatable {
    /// A piece of the text.
    public enum Part: Sendable, Equatable {
        case literal(String)
        /// `{name}`; `range` is the name's byte range in the text (without the braces).
        case placeholder(name: String, range: Range<Int>)
    }

    public let parts: [Part]
    /// A `{` that no `}` closes, with its byte range (the note then prints the text as written).
    public let unclosed: Range<Int>?

    public init(_ text: String) {
        let bytes = Array(text.utf8)
        var parts: [Part] = []
        var literal: [UInt8] = []
        var unclosed: Range<Int>?
        var index = 0
        let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
        while index < bytes.count {
            let byte = bytes[index]
            if byte == open, index + 1 < bytes.count, bytes[index + 1] == open {
                literal.append(open)
                index += 2
            } else if byte == close, index + 1 < bytes.count, bytes[index + 1] == close {
                literal.append(close)
                index += 2
            } else if byte == open {
                guard let end = bytes[(index + 1)...].firstIndex(of: close) else {
                    unclosed = index..<bytes.count
                    literal.append(contentsOf: bytes[index...])
                    break
                }
                if !literal.isEmpty { parts.append(.literal(String(decoding: literal, as: UTF8.self))) }
                literal = []
                parts.append(.placeholder(name: String(decoding: bytes[(index + 1)..<end], as: UTF8.self), range: (index + 1)..<end))
                index = end + 1
            } else {
                literal.append(byte)
                index += 1
            }
        }
        if !literal.isEmpty { parts.append(.literal(String(decoding: literal, as: UTF8.self))) }
        self.parts = parts
        self.unclosed = unclosed
    }

    /// The placeholders in order.
    public var placeholders: [(name: String, range: Range<Int>)] {
        parts.compactMap { part in
            if case .placeholder(let name, let range) = part { return (name, range) }
            return nil
        }
    }

    /// The text with each placeholder replaced by `value(name)` (kept as written, braces included, when nil).
    public func filled(_ value: (String) -> String?) -> String {
        var text = ""
        for part in parts {
            switch part {
            case .literal(let literal): text += literal
            case .placeholder(let name, _): text += value(name) ?? "{\(name)}"
            }
        }
        return text
    }
}
