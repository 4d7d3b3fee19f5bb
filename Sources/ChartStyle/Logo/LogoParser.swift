/// Reads a logo file into a `LogoElement` tree, once, in time linear in its size: character references are
/// decoded (XML's five entities and numeric references; other entities, which only a DOCTYPE could define, are
/// left out and noted), attribute values are normalized as XML says (a tab or line break is a space), comments
/// and processing instructions are skipped, a DOCTYPE is dropped whole, and a CDATA section is character data.
/// Lenient where markup breaks: the tree ends where the markup does, elements still open at the end are closed,
/// and a stray end tag closes the nearest open element of its name (or nothing). Bounded by `LogoLimits`: a file,
/// element count or nesting past a limit is a `LogoFailure` naming it, found before anything grows past it.
struct LogoParser {
    let bytes: [UInt8]
    let limits: LogoLimits
    var index = 0
    /// What was left out while reading ("a DOCTYPE", "entity references"), for the sanitizer's list.
    var removed: [String] = []
    var elementCount = 0

    init(bytes: [UInt8], limits: LogoLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    mutating func note(_ what: String) {
        if !removed.contains(what) { removed.append(what) }
    }

    /// The root element with everything in it, nil when the file has no element at all.
    mutating func parse() throws(LogoFailure) -> LogoElement? {
        guard bytes.count <= limits.bytes else { throw .tooLarge(.bytes(limits.bytes)) }
        // The open elements, innermost last: each gets its children appended and is added to its parent when it
        // closes, so nothing is copied more than once.
        var open: [LogoElement] = []
        func close(_ open: inout [LogoElement]) -> LogoElement? {
            guard let element = open.popLast() else { return nil }
            guard !open.isEmpty else { return element }
            open[open.count - 1].children.append(.element(element))
            return nil
        }
        func appendText(_ text: String, to open: inout [LogoElement]) {
            guard !text.isEmpty, !open.isEmpty else { return }
            let last = open.count - 1
            if case .text(let before) = open[last].children.last {
                open[last].children[open[last].children.count - 1] = .text(before + text)
            } else {
                open[last].children.append(.text(text))
            }
        }
        var sawRoot = false
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                let start = index
                while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
                if !open.isEmpty { appendText(decode(start..<index, attribute: false), to: &open) }
                continue
            }
            if starts(with: "<!--") {
                guard skip(past: "-->") else { break }
                continue
            }
            if starts(with: "<![CDATA[") {
                index += 9
                let start = index
                let found = skip(past: "]]>")
                if !open.isEmpty { appendText(String(decoding: bytes[start..<(found ? index - 3 : index)], as: UTF8.self), to: &open) }
                guard found else { break }
                continue
            }
            if starts(with: "<?") {
                guard skip(past: "?>") else { break }
                continue
            }
            if starts(with: "<!") {
                // A DOCTYPE may declare entities (billion laughs, external files): dropped whole.
                note("a DOCTYPE")
                guard skipDeclaration() else { break }
                continue
            }
            guard let tag = readTag() else { break }
            if tag.closing {
                // The nearest open element of that name closes, and any opened inside it that were left open.
                guard let target = open.lastIndex(where: { $0.name == tag.name }) else { continue }
                var root: LogoElement?
                while open.count > target { root = close(&open) ?? root }
                if let root { return root }
                continue
            }
            if sawRoot && open.isEmpty { break } // content after the root element is not part of the logo
            sawRoot = true
            elementCount += 1
            guard elementCount <= limits.elements else { throw .tooLarge(.elements(limits.elements)) }
            guard open.count < limits.depth else { throw .tooLarge(.depth(limits.depth)) }
            open.append(LogoElement(name: tag.name, attributes: tag.attributes))
            if tag.selfClosing, let root = close(&open) { return root }
        }
        var root: LogoElement?
        while !open.isEmpty { root = close(&open) ?? root }
        return root
    }

    // MARK: - Markup

    func starts(with text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let pattern = UnsafeBufferPointer(start: text.utf8Start, count: count)
        for offset in 0..<count where bytes[index + offset] != pattern[offset] { return false }
        return true
    }

    /// Moves past the next `text`; false (at the end) when there is none.
    mutating func skip(past text: StaticString) -> Bool {
        while index < bytes.count {
            if starts(with: text) {
                index += text.utf8CodeUnitCount
                return true
            }
            index += 1
        }
        return false
    }

    /// Moves past a `<!…>` declaration, with its internal subset in brackets; false when it never ends.
    mutating func skipDeclaration() -> Bool {
        var depth = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "[") { depth += 1 }
            if byte == UInt8(ascii: "]") { depth -= 1 }
            if byte == UInt8(ascii: ">") && depth <= 0 { return true }
        }
        return false
    }

    /// A start or end tag at `<`; nil when the markup is broken there.
    mutating func readTag() -> (name: String, attributes: [LogoAttribute], closing: Bool, selfClosing: Bool)? {
        index += 1
        let closing = index < bytes.count && bytes[index] == UInt8(ascii: "/")
        if closing { index += 1 }
        let name = readName()
        guard !name.isEmpty else { return nil }
        var attributes: [LogoAttribute] = []
        var selfClosing = false
        while true {
            skipSpace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ">") {
                index += 1
                break
            }
            if bytes[index] == UInt8(ascii: "/") {
                selfClosing = true
                index += 1
                continue
            }
            let attribute = readName()
            guard !attribute.isEmpty else { return nil }
            skipSpace()
            var value = ""
            if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
                index += 1
                skipSpace()
                guard index < bytes.count else { return nil }
                let quote = bytes[index]
                guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return nil }
                index += 1
                let start = index
                while index < bytes.count, bytes[index] != quote { index += 1 }
                guard index < bytes.count else { return nil }
                value = decode(start..<index, attribute: true)
                index += 1
            }
            if !attributes.contains(where: { $0.name == attribute }) { attributes.append(LogoAttribute(attribute, value)) }
        }
        return (name, attributes, closing, selfClosing)
    }

    mutating func readName() -> String {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            let letter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            let digit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            guard letter || digit || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
            else { break }
            index += 1
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    mutating func skipSpace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D { index += 1 }
    }

    // MARK: - Character references

    /// The text of `range` with its references decoded: `&lt;` `&gt;` `&amp;` `&quot;` `&apos;` and `&#…;`
    /// `&#x…;` become their characters (a reference to a character XML does not allow is left out), any other
    /// `&name;` is left out (and noted), and an `&` that starts no reference is itself. In an attribute, a literal
    /// tab or line break is a space.
    mutating func decode(_ range: Range<Int>, attribute: Bool) -> String {
        var scalars = String.UnicodeScalarView()
        var plainStart = range.lowerBound
        var position = range.lowerBound
        func flush(to end: Int) {
            guard plainStart < end else { return }
            let text = String(decoding: bytes[plainStart..<end], as: UTF8.self)
            for scalar in text.unicodeScalars {
                if attribute, scalar == "\t" || scalar == "\n" || scalar == "\r" { scalars.append(" ") } else { scalars.append(scalar) }
            }
        }
        while position < range.upperBound {
            guard bytes[position] == UInt8(ascii: "&") else {
                position += 1
                continue
            }
            // A reference is `&`, a name or `#` number of at most 32 bytes, and `;`.
            var end = position + 1
            while end < range.upperBound, end - position <= 33, Self.isReferenceByte(bytes[end]) { end += 1 }
            guard end < range.upperBound, bytes[end] == UInt8(ascii: ";"), end > position + 1 else {
                position += 1
                continue
            }
            flush(to: position)
            let name = String(decoding: bytes[(position + 1)..<end], as: UTF8.self)
            if let scalar = Self.referenced(name) {
                if LogoMarkup.isXMLCharacter(scalar) { scalars.append(scalar) } else { note("entity references") }
            } else {
                note("entity references")
            }
            position = end + 1
            plainStart = position
        }
        flush(to: range.upperBound)
        return String(scalars)
    }

    static func isReferenceByte(_ byte: UInt8) -> Bool {
        let letter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
        return letter || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte >= 0x80
    }

    /// The character a reference's name (between `&` and `;`) stands for; nil for an entity XML does not define.
    static func referenced(_ name: String) -> Unicode.Scalar? {
        switch name {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default:
            if name.hasPrefix("#x") { return UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init) ?? "\u{0}" }
            if name.hasPrefix("#") { return UInt32(name.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init) ?? "\u{0}" }
            return nil
        }
    }
}
