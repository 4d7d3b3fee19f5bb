import ChartDiagnostics

/// String literals: a fast path for runs without escapes (validated UTF-8 copied straight into a `String`), and
/// a slower path that decodes escapes and records where each decoded byte came from (`JSONString.fileOffsets`).
extension JSONParser {
    /// Parses the string literal at `index` (which holds `"`). Returns the decoded string and the literal's span,
    /// quotes included.
    mutating func parseString() throws(DiagnosticError) -> (JSONString, SourceSpan) {
        let open = index
        var i = open + 1
        while i < count {
            let byte = bytes[i]
            if byte == ASCII.quote {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[(open + 1)..<i]), as: UTF8.self)
                index = i + 1
                return (JSONString(value: text, fileOffsets: nil), span(open..<index))
            }
            if byte == ASCII.backslash {
                return try parseEscapedString(open: open, firstEscape: i)
            }
            if byte < 0x20 {
                throw controlCharacter(at: i, stringStart: open)
            }
            if byte < 0x80 {
                i += 1
            } else {
                i = try endOfUTF8Sequence(at: i)
            }
        }
        throw unterminatedString(open: open)
    }

    /// An object key at `index` (which holds `"`), the `position`-th of its object. A plain ASCII key equal to the
    /// one at the same position of the previous object reuses that `String`; anything else goes through
    /// `parseString`.
    mutating func parseKey(position: Int) throws(DiagnosticError) -> (String, SourceSpan) {
        let open = index
        var i = open + 1
        while i < count {
            let byte = bytes[i]
            if byte == ASCII.quote { break }
            if byte == ASCII.backslash || byte < 0x20 || byte >= 0x80 {
                let (string, span) = try parseString()
                return (string.value, span)
            }
            i += 1
        }
        guard i < count else { throw unterminatedString(open: open) }
        let keyStart = open + 1
        let length = i - keyStart
        index = i + 1
        if position < recentKeys.count {
            let recent = recentKeys[position]
            if recent.length == length && sameBytes(keyStart, recent.start, length) {
                return (recent.key, span(open..<index))
            }
        }
        let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[keyStart..<i]), as: UTF8.self)
        let entry = RecentKey(start: keyStart, length: length, key: key)
        if position < recentKeys.count {
            recentKeys[position] = entry
        } else if position == recentKeys.count {
            recentKeys.append(entry)
        }
        return (key, span(open..<index))
    }

    @inline(__always)
    private func sameBytes(_ a: Int, _ b: Int, _ length: Int) -> Bool {
        var k = 0
        while k < length {
            if bytes[a + k] != bytes[b + k] { return false }
            k += 1
        }
        return true
    }

    /// The rest of a string literal that has at least one escape, from the first backslash on.
    private mutating func parseEscapedString(open: Int, firstEscape: Int) throws(DiagnosticError) -> (JSONString, SourceSpan) {
        var decoded: [UInt8] = []
        var offsets: [Int] = []
        decoded.reserveCapacity(firstEscape - open + 16)
        offsets.reserveCapacity(firstEscape - open + 16)
        for i in (open + 1)..<firstEscape {
            decoded.append(bytes[i])
            offsets.append(i)
        }
        var i = firstEscape
        while i < count {
            let byte = bytes[i]
            if byte == ASCII.quote {
                offsets.append(i)
                index = i + 1
                let text = String(decoding: decoded, as: UTF8.self)
                return (JSONString(value: text, fileOffsets: offsets), span(open..<index))
            }
            if byte == ASCII.backslash {
                i = try decodeEscape(at: i, stringStart: open, into: &decoded, offsets: &offsets)
            } else if byte < 0x20 {
                throw controlCharacter(at: i, stringStart: open)
            } else if byte < 0x80 {
                decoded.append(byte)
                offsets.append(i)
                i += 1
            } else {
                let end = try endOfUTF8Sequence(at: i)
                while i < end {
                    decoded.append(bytes[i])
                    offsets.append(i)
                    i += 1
                }
            }
        }
        throw unterminatedString(open: open)
    }

    /// Decodes the escape starting at the backslash at `start`; every decoded byte maps to the backslash.
    /// Returns the offset after the escape.
    private func decodeEscape(at start: Int, stringStart: Int, into decoded: inout [UInt8], offsets: inout [Int]) throws(DiagnosticError) -> Int {
        guard start + 1 < count else { throw unterminatedString(open: stringStart) }
        let simple: UInt8?
        switch bytes[start + 1] {
        case ASCII.quote: simple = ASCII.quote
        case ASCII.backslash: simple = ASCII.backslash
        case ASCII.slash: simple = ASCII.slash
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = ASCII.lineFeed
        case UInt8(ascii: "r"): simple = ASCII.carriageReturn
        case UInt8(ascii: "t"): simple = ASCII.tab
        case UInt8(ascii: "u"): simple = nil
        default: throw invalidEscape(at: start, stringStart: stringStart)
        }
        if let simple {
            decoded.append(simple)
            offsets.append(start)
            return start + 2
        }
        let unit = try hexUnit(at: start, stringStart: stringStart)
        var end = start + 6
        var scalar = unit
        if unit >= 0xD800 && unit <= 0xDBFF {
            guard end + 1 < count, bytes[end] == ASCII.backslash, bytes[end + 1] == UInt8(ascii: "u"),
                let low = hexUnitIfValid(at: end), low >= 0xDC00 && low <= 0xDFFF
            else {
                throw failure(
                    JSONDiagnostic.Kind.invalidSurrogate,
                    "'\(escapeText(start))' is half of a UTF-16 surrogate pair, but no low surrogate (\\uDC00–\\uDFFF) follows it; write the character itself or the full pair",
                    start..<(start + 6)
                )
            }
            scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            end += 6
        } else if unit >= 0xDC00 && unit <= 0xDFFF {
            throw failure(
                JSONDiagnostic.Kind.invalidSurrogate,
                "'\(escapeText(start))' is the second half of a UTF-16 surrogate pair, but no high surrogate (\\uD800–\\uDBFF) comes before it",
                start..<(start + 6)
            )
        }
        Self.appendUTF8(scalar, to: &decoded)
        while offsets.count < decoded.count { offsets.append(start) }
        return end
    }

    /// The `\uXXXX` text at `start`, for messages.
    private func escapeText(_ start: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<min(start + 6, count)]), as: UTF8.self)
    }

    /// The four hex digits after `\u` at `start`, or an error pointing at the escape.
    private func hexUnit(at start: Int, stringStart: Int) throws(DiagnosticError) -> UInt32 {
        var unit: UInt32 = 0
        for position in (start + 2)..<(start + 6) {
            guard position < count else { throw unterminatedString(open: stringStart) }
            guard let digit = ASCII.hexValue(bytes[position]) else {
                throw failure(
                    JSONDiagnostic.Kind.invalidEscape,
                    "'\\u' must be followed by exactly four hex digits, e.g. '\\u00e9' for é",
                    start..<(position + (bytes[position] < 0x80 ? 1 : 0))
                )
            }
            unit = unit << 4 | digit
        }
        return unit
    }

    /// Like `hexUnit`, for the optional second half of a surrogate pair: nil instead of an error.
    private func hexUnitIfValid(at start: Int) -> UInt32? {
        guard start + 6 <= count else { return nil }
        var unit: UInt32 = 0
        for position in (start + 2)..<(start + 6) {
            guard let digit = ASCII.hexValue(bytes[position]) else { return nil }
            unit = unit << 4 | digit
        }
        return unit
    }

    static func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            out.append(UInt8(scalar))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | (scalar >> 6)))
            out.append(UInt8(0x80 | (scalar & 0x3F)))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | (scalar >> 12)))
            out.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (scalar & 0x3F)))
        default:
            out.append(UInt8(0xF0 | (scalar >> 18)))
            out.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
            out.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (scalar & 0x3F)))
        }
    }

    // MARK: errors inside strings

    func unterminatedString(open: Int) -> DiagnosticError {
        failure(
            JSONDiagnostic.Kind.unterminatedString,
            "unterminated string: the file ends before its closing '\"'",
            count..<count,
            notes: [DiagnosticNote("the string starts here", at: span(open..<(open + 1)))]
        )
    }

    func controlCharacter(at offset: Int, stringStart: Int) -> DiagnosticError {
        let byte = bytes[offset]
        let note = DiagnosticNote("the string starts here", at: span(stringStart..<(stringStart + 1)))
        switch byte {
        case ASCII.lineFeed, ASCII.carriageReturn:
            return failure(
                JSONDiagnostic.Kind.controlCharacter,
                "line break inside a string: close the string with '\"' before the end of the line, or write the line break as '\\n'",
                offset..<offset,
                notes: [note]
            )
        case ASCII.tab:
            return failure(
                JSONDiagnostic.Kind.controlCharacter,
                "tab character inside a string: JSON requires it to be written '\\t'",
                offset..<(offset + 1),
                notes: [note],
                fixIt: FixIt(span: span(offset..<(offset + 1)), replacement: "\\t")
            )
        default:
            let code = Self.hex4(UInt32(byte))
            return failure(
                JSONDiagnostic.Kind.controlCharacter,
                "control character U+\(code) inside a string: JSON requires it to be escaped as '\\u\(code)'",
                offset..<(offset + 1),
                notes: [note],
                fixIt: FixIt(span: span(offset..<(offset + 1)), replacement: "\\u\(code)")
            )
        }
    }

    private func invalidEscape(at start: Int, stringStart: Int) -> DiagnosticError {
        let next = bytes[start + 1]
        let valid = "JSON escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX"
        if next == ASCII.apostrophe {
            return failure(
                JSONDiagnostic.Kind.invalidEscape,
                "'\\'' is not a JSON escape: a single quote needs no escape inside a double-quoted string",
                start..<(start + 2),
                fixIt: FixIt(span: span(start..<(start + 2)), replacement: "'")
            )
        }
        if next >= 0x20 && next < 0x7F {
            let shown = "\\" + String(UnicodeScalar(next))
            var message = "invalid escape '\(shown)': \(valid)"
            if next == UInt8(ascii: "x") {
                message += "; write '\\u00XX' instead of '\\xXX'"
            } else {
                message += "; to write a backslash itself, double it: '\\\\'"
            }
            return failure(
                JSONDiagnostic.Kind.invalidEscape,
                message,
                start..<(start + 2),
                fixIt: next == UInt8(ascii: "x") ? nil : FixIt(span: span(start..<(start + 1)), replacement: "\\\\")
            )
        }
        return failure(
            JSONDiagnostic.Kind.invalidEscape,
            "a backslash must be followed by an escape letter: \(valid); to write a backslash itself, double it: '\\\\'",
            start..<(start + 1),
            fixIt: FixIt(span: span(start..<(start + 1)), replacement: "\\\\")
        )
    }

    /// Four uppercase hex digits.
    static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
