import ChartDiagnostics

/// The little language of a note's `at` (SPEC §19.13): `argmax(FIELD)`, `argmin(FIELD)`, `first`, `last`. Parsed
/// over UTF-8 bytes so a problem names the byte range inside the string (`ExpressionSource.span(for:)` turns it
/// into `line:col`). FIELD may be written in backticks (`` argmax(`Max Temp`) ``), as in expressions.
enum AnchorSyntax {
    /// What the string says.
    enum Parsed: Equatable {
        case first, last
        /// `argmax` or `argmin`, the field, and the field's byte range in the string.
        case call(function: String, field: String, range: Range<Int>)
    }

    /// Why it cannot be read, and where (byte range in the string).
    struct Problem: Error, Equatable {
        var message: String
        var range: Range<Int>
    }

    static let functions = ["argmax", "argmin"]
    static let words = ["first", "last"]
    static let forms = "argmax(FIELD), argmin(FIELD), first or last"

    static func parse(_ text: String) -> Result<Parsed, Problem> {
        let bytes = Array(text.utf8)
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        guard start < end else {
            return .failure(Problem(message: "'at' is empty: write \(forms)", range: 0..<bytes.count))
        }
        guard let open = bytes[start..<end].firstIndex(of: UInt8(ascii: "(")) else {
            let word = String(decoding: bytes[start..<end], as: UTF8.self)
            if words.contains(word) { return .success(word == "first" ? .first : .last) }
            var message = "'\(word)' is not a row 'at' can point at: write \(forms)"
            if let suggestion = Suggestions.closest(to: word, in: words + functions) {
                message += "; did you mean '\(functions.contains(suggestion) ? suggestion + "(FIELD)" : suggestion)'?"
            }
            return .failure(Problem(message: message, range: start..<end))
        }
        var nameEnd = open
        while nameEnd > start, isSpace(bytes[nameEnd - 1]) { nameEnd -= 1 }
        let name = String(decoding: bytes[start..<nameEnd], as: UTF8.self)
        guard functions.contains(name) else {
            var message = "'\(name)' is not a function of 'at': write \(forms)"
            // `max(t)` is the aggregate; the row holding it is `argmax(t)`.
            let known = ["max": "argmax", "min": "argmin", "maximum": "argmax", "minimum": "argmin"]
            if let suggestion = known[name.lowercased()] ?? Suggestions.closest(to: name, in: functions) {
                message += "; did you mean '\(suggestion)'?"
            }
            return .failure(Problem(message: message, range: start..<max(nameEnd, start + 1)))
        }
        guard bytes[end - 1] == UInt8(ascii: ")") else {
            if let close = bytes[open..<end].firstIndex(of: UInt8(ascii: ")")) {
                var after = close + 1
                while after < end, isSpace(bytes[after]) { after += 1 }
                return .failure(Problem(message: "unexpected text after '\(name)(…)' in 'at'", range: after..<end))
            }
            return .failure(Problem(message: "'\(name)(' is not closed: write \(name)(FIELD)", range: open..<end))
        }
        var fieldStart = open + 1
        var fieldEnd = end - 1
        while fieldStart < fieldEnd, isSpace(bytes[fieldStart]) { fieldStart += 1 }
        while fieldEnd > fieldStart, isSpace(bytes[fieldEnd - 1]) { fieldEnd -= 1 }
        if fieldEnd - fieldStart >= 2, bytes[fieldStart] == UInt8(ascii: "`"), bytes[fieldEnd - 1] == UInt8(ascii: "`") {
            fieldStart += 1
            fieldEnd -= 1
        }
        guard fieldStart < fieldEnd else {
            return .failure(Problem(message: "'\(name)()' names no field: write \(name)(FIELD), e.g. \(name)(temp_max)", range: open..<end))
        }
        let field = String(decoding: bytes[fieldStart..<fieldEnd], as: UTF8.self)
        if field.utf8.contains(UInt8(ascii: "(")) || field.utf8.contains(UInt8(ascii: ")")) || field.utf8.contains(UInt8(ascii: ",")) {
            return .failure(
                Problem(
                    message:
                        "'\(name)' takes one field name, found '\(field)': the row is chosen by a column of the drawn rows (add a 'calculate' field for an expression)",
                    range: fieldStart..<fieldEnd))
        }
        return .success(.call(function: name, field: field, range: fieldStart..<fieldEnd))
    }
}
