import ChartDiagnostics

/// The wording of structural errors. The parser calls these only once it knows the input is wrong; each looks at
/// the bytes around the problem to say what was probably meant (a missing comma rather than "unexpected '\"'").
extension JSONParser {
    // MARK: comments

    /// At a `/`: a `//` or `/* */` comment is an error; a lone `/` is left for the caller to report.
    mutating func rejectComment() throws(DiagnosticError) {
        guard index + 1 < count else { return }
        var end = index + 2
        switch bytes[index + 1] {
        case ASCII.slash:
            while end < count && bytes[end] != ASCII.lineFeed && bytes[end] != ASCII.carriageReturn { end += 1 }
        case ASCII.star:
            while end < count && !(bytes[end] == ASCII.slash && bytes[end - 1] == ASCII.star && end - 1 > index + 1) { end += 1 }
            end = min(end + 1, count)
        default:
            return
        }
        throw failure(
            JSONDiagnostic.Kind.comment,
            "JSON has no comments; to keep a note in a chart spec, put it in a \"$comment\" key, which chartc ignores",
            index..<end
        )
    }

    // MARK: end of file

    /// The file ended inside an object or array.
    func unexpectedEnd() -> DiagnosticError {
        var end = count
        while end > 0, [ASCII.space, ASCII.tab, ASCII.lineFeed, ASCII.carriageReturn].contains(bytes[end - 1]) { end -= 1 }
        guard let open = openBrackets.last else {
            return failure(JSONDiagnostic.Kind.missingValue, "the file ends where a value was expected", end..<end)
        }
        let isObject = bytes[open] == ASCII.openBrace
        let kind = isObject ? "object" : "array"
        var message = "unterminated \(kind): the file ends before its closing '\(isObject ? "}" : "]")'"
        if openBrackets.count > 1 {
            message += " (\(openBrackets.count) brackets are still open)"
        }
        return failure(
            isObject ? JSONDiagnostic.Kind.unterminatedObject : JSONDiagnostic.Kind.unterminatedArray,
            message,
            end..<end,
            notes: [DiagnosticNote("the \(kind) that is never closed starts here", at: span(open..<(open + 1)))]
        )
    }

    // MARK: where a value should be

    func unexpectedInValuePosition() -> DiagnosticError {
        let byte = bytes[index]
        switch byte {
        case ASCII.comma:
            return failure(JSONDiagnostic.Kind.missingValue, "expected a value before ','", index..<(index + 1))
        case ASCII.closeBrace, ASCII.closeBracket:
            return misplacedCloser(at: index, expected: "a value")
        case ASCII.apostrophe:
            return singleQuoted(at: index, isKey: false)
        case ASCII.plus, ASCII.dot:
            return malformedNumber(start: index)
        default:
            return unexpected(at: index, expected: "a value (an object, array, string, number, true, false or null)")
        }
    }

    // MARK: where a key should be

    func unexpectedInKeyPosition() -> DiagnosticError {
        let byte = bytes[index]
        if ASCII.isLetter(byte) || ASCII.isDigit(byte) || byte == ASCII.underscore || byte == ASCII.dollar || byte == ASCII.minus {
            let end = wordEnd(from: index)
            let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
            return failure(
                JSONDiagnostic.Kind.unquotedKey,
                "object keys must be strings in double quotes: write \"\(word)\"",
                index..<end,
                fixIt: FixIt(span: span(index..<end), replacement: "\"\(word)\"")
            )
        }
        switch byte {
        case ASCII.apostrophe:
            return singleQuoted(at: index, isKey: true)
        case ASCII.closeBracket, ASCII.closeBrace:
            return misplacedCloser(at: index, expected: "a key")
        default:
            return unexpected(at: index, expected: "a key in double quotes", id: JSONDiagnostic.Kind.expectedKey)
        }
    }

    func missingColon(key: String, keySpan: SourceSpan) -> DiagnosticError {
        let byte = bytes[index]
        let after = keySpan.range.upperBound
        if byte == ASCII.equals {
            return failure(
                JSONDiagnostic.Kind.missingColon,
                "expected ':' after key '\(key)', found '='",
                index..<(index + 1),
                fixIt: FixIt(span: span(index..<(index + 1)), replacement: ":")
            )
        }
        if startsValue(byte) {
            return failure(
                JSONDiagnostic.Kind.missingColon,
                "expected ':' between key '\(key)' and its value",
                after..<after,
                fixIt: FixIt(span: span(after..<after), replacement: ":")
            )
        }
        if byte == ASCII.comma || byte == ASCII.closeBrace {
            return failure(
                JSONDiagnostic.Kind.missingColon,
                "expected ':' after key '\(key)', found '\(String(UnicodeScalar(byte)))': an object holds \"key\": value pairs; for a plain list, use an array [ ]",
                index..<(index + 1)
            )
        }
        return unexpected(at: index, expected: "':' after key '\(key)'", id: JSONDiagnostic.Kind.missingColon)
    }

    // MARK: after a value

    func unexpectedAfterElement(previousEnd: Int) -> DiagnosticError {
        let byte = bytes[index]
        if startsValue(byte) {
            return failure(
                JSONDiagnostic.Kind.missingComma,
                "expected ',' between array elements",
                previousEnd..<previousEnd,
                fixIt: FixIt(span: span(previousEnd..<previousEnd), replacement: ",")
            )
        }
        switch byte {
        case ASCII.closeBrace:
            return misplacedCloser(at: index, expected: "',' or ']'")
        case ASCII.colon:
            return failure(
                JSONDiagnostic.Kind.unexpectedCharacter,
                "unexpected ':' in an array: arrays hold plain values; for \"key\": value pairs, use an object { }",
                index..<(index + 1)
            )
        default:
            return unexpected(at: index, expected: "',' or ']' after an array element")
        }
    }

    func unexpectedAfterMember(key: String, previousEnd: Int) -> DiagnosticError {
        let byte = bytes[index]
        if byte == ASCII.quote || byte == ASCII.apostrophe || ASCII.isLetter(byte) {
            return failure(
                JSONDiagnostic.Kind.missingComma,
                "expected ',' after the value of '\(key)', before the next key",
                previousEnd..<previousEnd,
                fixIt: FixIt(span: span(previousEnd..<previousEnd), replacement: ",")
            )
        }
        if byte == ASCII.closeBracket {
            return misplacedCloser(at: index, expected: "',' or '}'")
        }
        return unexpected(at: index, expected: "',' or '}' after the value of '\(key)'")
    }

    func trailingComma(at comma: Int, inObject: Bool) -> DiagnosticError {
        failure(
            JSONDiagnostic.Kind.trailingComma,
            "trailing comma: JSON does not allow a comma after the last \(inObject ? "member of an object" : "element of an array")",
            comma..<(comma + 1),
            fixIt: FixIt(span: span(comma..<(comma + 1)), replacement: "")
        )
    }

    func trailingContent(after value: JSONValue) -> DiagnosticError {
        let byte = bytes[index]
        let valueEnd = value.span.range.upperBound
        let note = DiagnosticNote("the JSON value ends here", at: span(max(valueEnd - 1, 0)..<valueEnd))
        let message: String
        switch byte {
        case ASCII.closeBrace, ASCII.closeBracket:
            message = "unmatched '\(String(UnicodeScalar(byte)))' after the end of the JSON value: there is no open bracket for it to close"
        case ASCII.comma:
            message = "unexpected ',' after the end of the JSON value: a file holds exactly one value; to list several, wrap them in [ ]"
        default:
            if startsValue(byte) {
                message = "a second value after the end of the JSON value: a file holds exactly one value (wrap several in [ ], or merge the objects)"
            } else {
                return unexpected(at: index, expected: "the end of the file", id: JSONDiagnostic.Kind.trailingContent, notes: [note])
            }
        }
        return failure(JSONDiagnostic.Kind.trailingContent, message, index..<(index + 1), notes: [note])
    }

    // MARK: shared wording

    /// Whether a byte can start a value (or a value someone meant to write, like `'text'` or `True`).
    func startsValue(_ byte: UInt8) -> Bool {
        switch byte {
        case ASCII.quote, ASCII.apostrophe, ASCII.openBrace, ASCII.openBracket, ASCII.minus: true
        default: ASCII.isDigit(byte) || ASCII.isLetter(byte)
        }
    }

    /// A `}` or `]` that does not close the innermost open bracket, or that comes where something else is needed.
    func misplacedCloser(at offset: Int, expected: String) -> DiagnosticError {
        let closer = bytes[offset]
        let closerText = String(UnicodeScalar(closer))
        guard let open = openBrackets.last else {
            return failure(JSONDiagnostic.Kind.unexpectedCharacter, "unexpected '\(closerText)': no object or array is open", offset..<(offset + 1))
        }
        let openIsObject = bytes[open] == ASCII.openBrace
        let matching = openIsObject ? ASCII.closeBrace : ASCII.closeBracket
        if closer == matching {
            return failure(JSONDiagnostic.Kind.unexpectedCharacter, "expected \(expected), found '\(closerText)'", offset..<(offset + 1))
        }
        let (line, column) = file.lineColumn(at: open)
        let kind = openIsObject ? "object" : "array"
        return failure(
            JSONDiagnostic.Kind.mismatchedBracket,
            "'\(closerText)' does not match the '\(openIsObject ? "{" : "[")' opened at line \(line), column \(column): close the \(kind) with '\(openIsObject ? "}" : "]")' first",
            offset..<(offset + 1),
            notes: [DiagnosticNote("the \(kind) starts here", at: span(open..<(open + 1)))]
        )
    }

    /// `'text'` where JSON needs `"text"`; the fix-it rewrites the literal when it closes on the same line.
    func singleQuoted(at start: Int, isKey: Bool) -> DiagnosticError {
        var close = start + 1
        while close < count && bytes[close] != ASCII.apostrophe && bytes[close] != ASCII.lineFeed && bytes[close] != ASCII.carriageReturn {
            close += 1
        }
        let what = isKey ? "object keys must be strings in double quotes" : "JSON strings use double quotes, not single quotes"
        guard close < count && bytes[close] == ASCII.apostrophe else {
            return failure(JSONDiagnostic.Kind.singleQuote, what, start..<(start + 1))
        }
        var content = String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<close]), as: UTF8.self)
        content = content.replacingAll("\\'", with: "'").replacingAll("\"", with: "\\\"")
        let fixed = "\"\(content)\""
        return failure(
            JSONDiagnostic.Kind.singleQuote,
            "\(what): write \(fixed)",
            start..<(close + 1),
            fixIt: FixIt(span: span(start..<(close + 1)), replacement: fixed)
        )
    }

    /// "expected X, found Y" for any byte, naming invisible and look-alike characters, and reporting invalid
    /// UTF-8 as such.
    func unexpected(at offset: Int, expected: String, id: JSONDiagnostic.Kind = .unexpectedCharacter, notes: [DiagnosticNote] = []) -> DiagnosticError
    {
        let byte = bytes[offset]
        if byte < 0x80 {
            let found =
                byte < 0x20 || byte == 0x7F
                ? "control character U+\(Self.hex4(UInt32(byte)))"
                : "'\(String(UnicodeScalar(byte)))'"
            return failure(id, "expected \(expected), found \(found)", offset..<(offset + 1), notes: notes)
        }
        let end: Int
        do throws(DiagnosticError) {
            end = try endOfUTF8Sequence(at: offset)
        } catch {
            return error
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
        let scalar = text.unicodeScalars.first?.value ?? 0xFFFD
        let code = "U+" + Self.hex4(scalar)
        switch scalar {
        case 0x201C, 0x201D, 0x201E, 0x2018, 0x2019, 0x00AB, 0x00BB:
            return failure(
                id,
                "expected \(expected), found the typographic quote '\(text)' (\(code)): JSON only uses the straight double quote '\"' (an editor or word processor may have replaced it)",
                offset..<end,
                notes: notes
            )
        case 0x00A0, 0x200B, 0xFEFF, 0x2028, 0x2029, 0x3000, 0x2000...0x200A:
            return failure(
                id,
                "expected \(expected), found the invisible character \(code): JSON whitespace is only space, tab, line feed and carriage return",
                offset..<end,
                notes: notes
            )
        default:
            return failure(id, "expected \(expected), found '\(text)' (\(code))", offset..<end, notes: notes)
        }
    }
}
