import ChartDiagnostics

/// One read of one file: a cursor over its bytes plus the stack of open brackets. Objects and arrays recurse,
/// guarded by `JSONReader.maximumDepth`; everything else is a flat scan. The parsing of strings, numbers, bare
/// words and the wording of errors live in the extensions next to this file.
struct JSONParser {
    let file: SourceFile
    let bytes: UnsafeBufferPointer<UInt8>
    let count: Int
    /// The next byte to read.
    var index: Int
    /// File offsets of the brackets that are open, innermost last.
    var openBrackets: [Int]
    /// The key last read at each member position (0, 1, …) of an object. Data files repeat the same keys in every
    /// row; comparing bytes against the previous row's key is cheaper than building the same `String` again.
    var recentKeys: [RecentKey]

    struct RecentKey {
        /// Where the key's bytes (without quotes) are in the file.
        var start: Int
        var length: Int
        var key: String
    }

    init(file: SourceFile, bytes: UnsafeBufferPointer<UInt8>) {
        self.file = file
        self.bytes = bytes
        self.count = bytes.count
        self.index = 0
        self.openBrackets = []
        self.openBrackets.reserveCapacity(16)
        self.recentKeys = []
    }

    // MARK: document

    mutating func parseDocument(requireObject: Bool) throws(DiagnosticError) -> JSONValue {
        if count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            index = 3
        }
        if count >= 2
            && ((bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] != 0 && bytes[1] == 0)
                || (bytes[0] == 0 && bytes[1] != 0))
        {
            throw failure(
                JSONDiagnostic.Kind.invalidUTF8,
                "the file looks like UTF-16 text (\(bytes[0] >= 0xFE ? "it starts with a UTF-16 byte order mark" : "every other byte is zero")): JSON must be UTF-8; save the file as UTF-8",
                0..<2
            )
        }
        try skipWhitespace()
        guard index < count else {
            let message =
                requireObject
                ? "the file is empty: a chart spec is a JSON object, e.g. { \"data\": { \"url\": \"data.csv\" }, \"mark\": \"bar\" }"
                : "the file is empty: expected a JSON value"
            throw failure(JSONDiagnostic.Kind.empty, message, index..<index)
        }
        if requireObject, bytes[index] != ASCII.openBrace, let kind = Self.kindOfValue(startingWith: bytes[index]) {
            let value = try parseValue()
            throw failure(
                JSONDiagnostic.Kind.notObject,
                "a chart spec must be a JSON object ({ … }) at the top level, but this file holds \(kind)",
                value.span.range.lowerBound..<min(value.span.range.upperBound, value.span.range.lowerBound + 1)
            )
        }
        let value = try parseValue()
        try skipWhitespace()
        if index < count {
            throw trailingContent(after: value)
        }
        return value
    }

    /// "an array", "a string", … for a byte that starts a well-formed value; nil for anything else (which then
    /// gets its own, more specific error).
    static func kindOfValue(startingWith byte: UInt8) -> String? {
        switch byte {
        case ASCII.openBracket: "an array"
        case ASCII.quote: "a string"
        case ASCII.minus, ASCII.zero...ASCII.nine: "a number"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): "a boolean"
        case UInt8(ascii: "n"): "null"
        default: nil
        }
    }

    // MARK: whitespace

    /// Skips JSON whitespace (space, tab, LF, CR). A `//` or `/*` comment is an error.
    @inline(__always)
    mutating func skipWhitespace() throws(DiagnosticError) {
        while index < count {
            switch bytes[index] {
            case ASCII.space, ASCII.lineFeed, ASCII.carriageReturn, ASCII.tab:
                index += 1
            case ASCII.slash:
                try rejectComment()
                return
            default:
                return
            }
        }
    }

    // MARK: values

    /// Parses the value starting at `index` (whitespace already skipped).
    mutating func parseValue() throws(DiagnosticError) -> JSONValue {
        guard index < count else { throw unexpectedEnd() }
        switch bytes[index] {
        case ASCII.quote:
            let (string, span) = try parseString()
            return JSONValue(kind: .string(string), span: span)
        case ASCII.openBrace:
            return try parseObject()
        case ASCII.openBracket:
            return try parseArray()
        case ASCII.minus, ASCII.zero...ASCII.nine:
            return try parseNumber()
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), ASCII.underscore, ASCII.dollar:
            return try parseWord()
        default:
            throw unexpectedInValuePosition()
        }
    }

    // MARK: containers

    /// Records an opening bracket, refusing to go deeper than `JSONReader.maximumDepth`.
    @inline(__always)
    mutating func enter(_ offset: Int) throws(DiagnosticError) {
        guard openBrackets.count < JSONReader.maximumDepth else {
            throw failure(
                JSONDiagnostic.Kind.tooDeep,
                "objects and arrays are nested too deeply: more than \(JSONReader.maximumDepth) levels",
                offset..<(offset + 1)
            )
        }
        openBrackets.append(offset)
        index = offset + 1
    }

    mutating func parseArray() throws(DiagnosticError) -> JSONValue {
        let open = index
        try enter(open)
        var items: [JSONValue] = []
        items.reserveCapacity(4)
        try skipWhitespace()
        if index < count && bytes[index] == ASCII.closeBracket {
            index += 1
            openBrackets.removeLast()
            return JSONValue(kind: .array(items), span: span(open..<index))
        }
        while true {
            guard index < count else { throw unexpectedEnd() }
            let item = try parseValue()
            items.append(item)
            try skipWhitespace()
            guard index < count else { throw unexpectedEnd() }
            switch bytes[index] {
            case ASCII.comma:
                let comma = index
                index += 1
                try skipWhitespace()
                if index < count {
                    if bytes[index] == ASCII.closeBracket {
                        throw trailingComma(at: comma, inObject: false)
                    }
                    if bytes[index] == ASCII.comma {
                        throw failure(JSONDiagnostic.Kind.missingValue, "expected a value between these commas", comma..<(index + 1))
                    }
                }
            case ASCII.closeBracket:
                index += 1
                openBrackets.removeLast()
                return JSONValue(kind: .array(items), span: span(open..<index))
            default:
                throw unexpectedAfterElement(previousEnd: item.span.range.upperBound)
            }
        }
    }

    mutating func parseObject() throws(DiagnosticError) -> JSONValue {
        let open = index
        try enter(open)
        var members: [JSONMember] = []
        members.reserveCapacity(8)
        /// Built once an object has many keys, so that duplicate detection stays linear for wide objects.
        var keyIndex: [String: Int]? = nil
        try skipWhitespace()
        if index < count && bytes[index] == ASCII.closeBrace {
            index += 1
            openBrackets.removeLast()
            return JSONValue(kind: .object(members), span: span(open..<index))
        }
        while true {
            guard index < count else { throw unexpectedEnd() }
            guard bytes[index] == ASCII.quote else { throw unexpectedInKeyPosition() }
            let (key, keySpan) = try parseKey(position: members.count)
            try checkDuplicate(key, keySpan: keySpan, members: members, keyIndex: &keyIndex)
            try skipWhitespace()
            guard index < count else { throw unexpectedEnd() }
            guard bytes[index] == ASCII.colon else { throw missingColon(key: key, keySpan: keySpan) }
            index += 1
            try skipWhitespace()
            guard index < count else { throw unexpectedEnd() }
            if bytes[index] == ASCII.comma || bytes[index] == ASCII.closeBrace {
                throw failure(
                    JSONDiagnostic.Kind.missingValue,
                    "key '\(key)' has no value: expected a value after ':'",
                    index..<(index + 1),
                    notes: [DiagnosticNote("the key is here", at: keySpan)]
                )
            }
            let value = try parseValue()
            members.append(JSONMember(key: key, keySpan: keySpan, value: value))
            if keyIndex != nil { keyIndex?[key] = members.count - 1 }
            try skipWhitespace()
            guard index < count else { throw unexpectedEnd() }
            switch bytes[index] {
            case ASCII.comma:
                let comma = index
                index += 1
                try skipWhitespace()
                if index < count && bytes[index] == ASCII.closeBrace {
                    throw trailingComma(at: comma, inObject: true)
                }
            case ASCII.closeBrace:
                index += 1
                openBrackets.removeLast()
                return JSONValue(kind: .object(members), span: span(open..<index))
            default:
                throw unexpectedAfterMember(key: key, previousEnd: value.span.range.upperBound)
            }
        }
    }

    /// Each key may appear once per object; the note points at the first occurrence.
    private func checkDuplicate(_ key: String, keySpan: SourceSpan, members: [JSONMember], keyIndex: inout [String: Int]?) throws(DiagnosticError) {
        var firstIndex: Int? = nil
        if let existing = keyIndex {
            firstIndex = existing[key]
        } else if members.count < 16 {
            for (position, member) in members.enumerated() where member.key == key {
                firstIndex = position
                break
            }
        } else {
            var built: [String: Int] = [:]
            built.reserveCapacity(members.count * 2)
            for (position, member) in members.enumerated() where built[member.key] == nil {
                built[member.key] = position
            }
            firstIndex = built[key]
            keyIndex = built
        }
        if let firstIndex {
            throw failure(
                JSONDiagnostic.Kind.duplicateKey,
                "duplicate key '\(key)': a key may appear only once in an object",
                keySpan.range,
                notes: [DiagnosticNote("'\(key)' is first defined here", at: members[firstIndex].keySpan)]
            )
        }
    }

    // MARK: spans and errors

    @inline(__always)
    func span(_ range: Range<Int>) -> SourceSpan {
        SourceSpan(file: file, range: range)
    }

    func failure(_ kind: JSONDiagnostic.Kind, _ message: String, _ range: Range<Int>, notes: [DiagnosticNote] = [], fixIt: FixIt? = nil)
        -> DiagnosticError
    {
        let lower = min(max(range.lowerBound, 0), count)
        let upper = min(max(range.upperBound, lower), count)
        return DiagnosticError(Diagnostic(kind, message, at: span(lower..<upper), notes: notes, fixIt: fixIt))
    }
}
