import ChartDiagnostics

/// Bare words: `true`, `false`, `null`, and the near misses people write (`True`, `None`, `NaN`, an unquoted
/// string), each with the fix spelled out.
extension JSONParser {
    /// The end of the bare word starting at `start`.
    func wordEnd(from start: Int) -> Int {
        var end = start
        while end < count && ASCII.isWordByte(bytes[end]) { end += 1 }
        return end
    }

    mutating func parseWord() throws(DiagnosticError) -> JSONValue {
        let start = index
        let end = wordEnd(from: start)
        let length = end - start
        if length == 4 && matches("true", at: start) {
            index = end
            return JSONValue(kind: .bool(true), span: span(start..<end))
        }
        if length == 5 && matches("false", at: start) {
            index = end
            return JSONValue(kind: .bool(false), span: span(start..<end))
        }
        if length == 4 && matches("null", at: start) {
            index = end
            return JSONValue(kind: .null, span: span(start..<end))
        }
        let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        let lowered = word.lowercased()
        let literal: String?
        switch lowered {
        case "true", "false", "null": literal = lowered
        case "none", "nil", "undefined": literal = "null"
        case "nan", "infinity", "inf":
            throw failure(JSONDiagnostic.Kind.invalidLiteral, "JSON has no '\(word)': write null, or a finite number", start..<end)
        default: literal = nil
        }
        if let literal {
            throw failure(
                JSONDiagnostic.Kind.invalidLiteral,
                "'\(word)' is not a JSON literal: write '\(literal)' (JSON literals are true, false and null, in lowercase)",
                start..<end,
                fixIt: FixIt(span: span(start..<end), replacement: literal)
            )
        }
        throw failure(
            JSONDiagnostic.Kind.unquotedString,
            "strings must be in double quotes: write \"\(word)\"",
            start..<end,
            fixIt: FixIt(span: span(start..<end), replacement: "\"\(word)\"")
        )
    }

    func matches(_ literal: StaticString, at start: Int) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard start + length <= count else { return false }
        return literal.withUTF8Buffer { expected in
            for k in 0..<length where bytes[start + k] != expected[k] { return false }
            return true
        }
    }
}
