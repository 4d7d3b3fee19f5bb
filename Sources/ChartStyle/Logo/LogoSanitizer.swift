/// Makes a house logo (an SVG file) safe to inline into every chart: an allowlist, not a blocklist. Only drawing
/// elements and presentation attributes survive; scripts, event handlers (`on…`), `foreignObject`, `<style>`,
/// images, links, `<use>`/`href` to anything but `#local`, `url(…)` to anything but `#local`, entities,
/// processing instructions and comments are dropped (and named, for a lint warning). Works over bytes; malformed
/// markup ends the logo where it breaks rather than guessing.
public enum LogoSanitizer {
    /// A cleaned logo: its markup (an `<svg>` element with the original `viewBox`), its aspect ratio, and what
    /// was removed.
    public struct Result: Sendable, Equatable {
        /// The children of the logo's root, cleaned, without the root element itself.
        public var body: String
        /// `viewBox` of the root (or `0 0 width height`).
        public var viewBox: (x: Double, y: Double, width: Double, height: Double)
        public var removed: [String]

        public static func == (lhs: Result, rhs: Result) -> Bool {
            lhs.body == rhs.body && lhs.removed == rhs.removed && lhs.viewBox == rhs.viewBox
        }

        /// The logo as an element drawn `height` px tall with its top-left corner at (x, y).
        public func element(x: Double, y: Double, height: Double) -> String {
            let width = viewBox.height > 0 ? height * viewBox.width / viewBox.height : height
            return
                "<svg class=\"chartc-logo\" x=\"\(LogoSanitizer.number(x))\" y=\"\(LogoSanitizer.number(y))\" width=\"\(LogoSanitizer.number(width))\" height=\"\(LogoSanitizer.number(height))\" viewBox=\"\(LogoSanitizer.number(viewBox.x)) \(LogoSanitizer.number(viewBox.y)) \(LogoSanitizer.number(viewBox.width)) \(LogoSanitizer.number(viewBox.height))\">"
                + body + "</svg>"
        }

        /// The drawn width at `height`.
        public func width(atHeight height: Double) -> Double {
            viewBox.height > 0 ? height * viewBox.width / viewBox.height : height
        }
    }

    static let elements: Set<String> = [
        "g", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "text", "tspan", "defs",
        "linearGradient", "radialGradient", "stop", "clipPath", "mask", "title", "desc", "use", "symbol"
    ]

    static let attributes: Set<String> = [
        "id", "class", "d", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry", "fx", "fy", "width", "height",
        "points", "transform", "viewBox", "preserveAspectRatio", "fill", "fill-opacity", "fill-rule", "stroke",
        "stroke-width", "stroke-opacity", "stroke-linecap", "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray",
        "stroke-dashoffset", "opacity", "offset", "stop-color", "stop-opacity", "gradientUnits", "gradientTransform",
        "spreadMethod", "clip-path", "clip-rule", "mask", "maskUnits", "clipPathUnits", "font-family", "font-size",
        "font-weight", "font-style", "text-anchor", "dominant-baseline", "letter-spacing", "dx", "dy", "href",
        "xlink:href", "style", "display", "visibility", "color", "vector-effect", "paint-order"
    ]

    public static func sanitize(_ bytes: [UInt8]) -> Result? {
        var parser = Parser(bytes: bytes)
        return parser.run()
    }

    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        if abs(rounded) < 1e15, let whole = Int(exactly: rounded) { return String(whole) }
        return String(rounded)
    }

    /// Whether an attribute value may stay: no `url(` or `href` pointing outside the document, no script URLs.
    static func isSafe(name: String, value: String) -> Bool {
        let lowered = String(value.lowercased().filter { !$0.isWhitespace })
        if name == "href" || name == "xlink:href" { return lowered.hasPrefix("#") }
        // Searched as UTF-8 bytes (no allocation per position): a byte match is at least as strict as a
        // character match, since a combining mark after a pattern only hides it from the latter.
        let bytes = Array(lowered.utf8)
        for pattern in ["javascript:", "expression(", "@import", "image(", "image-set("] where find(Array(pattern.utf8), in: bytes, from: 0) != nil {
            return false
        }
        let url = Array("url(".utf8)
        var position = 0
        while let found = find(url, in: bytes, from: position) {
            var after = found + url.count
            while after < bytes.count, bytes[after] == UInt8(ascii: "\"") || bytes[after] == UInt8(ascii: "'") { after += 1 }
            guard after < bytes.count, bytes[after] == UInt8(ascii: "#") else { return false }
            position = found + 1
        }
        return true
    }

    /// The first index at or after `start` where `pattern` occurs in `bytes`.
    private static func find(_ pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard !pattern.isEmpty, bytes.count >= pattern.count else { return nil }
        var position = start
        while position + pattern.count <= bytes.count {
            if bytes[position] == pattern[0] {
                var matched = 1
                while matched < pattern.count, bytes[position + matched] == pattern[matched] { matched += 1 }
                if matched == pattern.count { return position }
            }
            position += 1
        }
        return nil
    }

    struct Parser {
        let bytes: [UInt8]
        var index = 0
        var out = ""
        var removed: [String] = []
        /// Open elements kept (nil: inside a dropped subtree's element of that name).
        var stack: [(name: String, kept: Bool)] = []
        var rootSeen = false
        var viewBox: (Double, Double, Double, Double)?
        var rootSize: (Double?, Double?) = (nil, nil)

        init(bytes: [UInt8]) { self.bytes = bytes }

        var dropping: Bool { stack.contains { !$0.kept } }

        mutating func note(_ what: String) {
            if !removed.contains(what) { removed.append(what) }
        }

        mutating func run() -> Result? {
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "<") {
                    if !tag() { break }
                } else {
                    text()
                }
            }
            guard rootSeen else { return nil }
            let box = viewBox ?? (0, 0, rootSize.0 ?? 100, rootSize.1 ?? 100)
            guard box.2 > 0, box.3 > 0 else { return nil }
            return Result(body: out, viewBox: (box.0, box.1, box.2, box.3), removed: removed)
        }

        mutating func text() {
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
            guard stack.count > 1 || (stack.count == 1 && stack[0].kept), !dropping else { return }
            var chunk = String(decoding: bytes[start..<index], as: UTF8.self)
            if chunk.contains("&") {
                // Only the five XML entities and numeric references are kept as written; others are removed.
                let (kept, droppedAny) = Self.keepKnownReferences(chunk)
                if droppedAny { note("entity references") }
                chunk = kept
            }
            out += chunk.replacingLessThan()
        }

        /// `text` with every `&name;` that is not one of XML's five entities or a numeric reference removed (and a
        /// bare `&` escaped).
        static func keepKnownReferences(_ text: String) -> (String, Bool) {
            var result = ""
            var droppedAny = false
            var rest = text[...]
            while let amp = rest.firstIndex(of: "&") {
                result += rest[..<amp]
                let after = rest[rest.index(after: amp)...]
                guard let semicolon = after.firstIndex(of: ";"), after[..<semicolon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "#" }) else {
                    result += "&amp;"
                    rest = after
                    continue
                }
                let name = String(after[..<semicolon])
                if ["lt", "gt", "amp", "quot", "apos"].contains(name) || (name.hasPrefix("#") && name.count > 1) {
                    result += "&" + name + ";"
                } else {
                    droppedAny = true
                }
                rest = after[after.index(after: semicolon)...]
            }
            return (result + rest, droppedAny)
        }

        func starts(with text: String) -> Bool {
            let pattern = Array(text.utf8)
            return index + pattern.count <= bytes.count && Array(bytes[index..<(index + pattern.count)]) == pattern
        }

        mutating func skip(past text: String) -> Bool {
            let pattern = Array(text.utf8)
            while index + pattern.count <= bytes.count {
                if Array(bytes[index..<(index + pattern.count)]) == pattern { index += pattern.count; return true }
                index += 1
            }
            index = bytes.count
            return false
        }

        /// One markup construct at `<`; false when the markup is broken (the logo ends there).
        mutating func tag() -> Bool {
            if starts(with: "<!--") { return skip(past: "-->") }
            if starts(with: "<![CDATA[") { note("CDATA sections"); return skip(past: "]]>") }
            if starts(with: "<?") { return skip(past: "?>") }
            if starts(with: "<!") {
                // A DOCTYPE may declare entities (billion laughs, external files): dropped whole.
                note("a DOCTYPE")
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
            index += 1
            let closing = index < bytes.count && bytes[index] == UInt8(ascii: "/")
            if closing { index += 1 }
            let name = readName()
            guard !name.isEmpty else { return false }
            var attributes: [(String, String)] = []
            var selfClosing = false
            while true {
                skipSpace()
                guard index < bytes.count else { return false }
                if bytes[index] == UInt8(ascii: ">") { index += 1; break }
                if bytes[index] == UInt8(ascii: "/") { selfClosing = true; index += 1; continue }
                let attribute = readName()
                guard !attribute.isEmpty else { return false }
                skipSpace()
                var value = ""
                if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
                    index += 1
                    skipSpace()
                    guard index < bytes.count else { return false }
                    let quote = bytes[index]
                    guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return false }
                    index += 1
                    let start = index
                    while index < bytes.count, bytes[index] != quote { index += 1 }
                    guard index < bytes.count else { return false }
                    value = String(decoding: bytes[start..<index], as: UTF8.self)
                    index += 1
                }
                attributes.append((attribute, value))
            }
            if closing {
                guard let last = stack.popLast() else { return true }
                if last.kept && stack.count >= 1 && !dropping { out += "</\(last.name)>" }
                return true
            }
            open(name, attributes: attributes, selfClosing: selfClosing)
            return true
        }

        mutating func open(_ name: String, attributes: [(String, String)], selfClosing: Bool) {
            if !rootSeen {
                rootSeen = true
                if name == "svg" {
                    for (attribute, value) in attributes {
                        if attribute == "viewBox" {
                            let parts = value.split { $0 == " " || $0 == "," }.compactMap { Double($0) }
                            if parts.count == 4, parts.allSatisfy(\.isFinite) { viewBox = (parts[0], parts[1], parts[2], parts[3]) }
                        }
                        if attribute == "width" { rootSize.0 = Double(value.filter { $0.isNumber || $0 == "." }) }
                        if attribute == "height" { rootSize.1 = Double(value.filter { $0.isNumber || $0 == "." }) }
                    }
                }
                if !selfClosing { stack.append((name, true)) }
                return
            }
            let kept = !dropping && Self.allowed(name)
            if !dropping && !kept { note(Self.describe(element: name)) }
            if kept {
                var element = "<" + name
                for (attribute, value) in attributes {
                    let lowered = attribute.lowercased()
                    if lowered.hasPrefix("on") { note("event handlers (\(attribute))"); continue }
                    guard LogoSanitizer.attributes.contains(attribute) else {
                        note("the attribute '\(attribute)'")
                        continue
                    }
                    guard LogoSanitizer.isSafe(name: attribute, value: value) else {
                        note(attribute.hasSuffix("href") ? "external references (\(attribute))" : "references outside the logo (\(attribute))")
                        continue
                    }
                    element += " \(attribute)=\"\(value.escapedForAttribute())\""
                }
                if name == "use"
                    && !attributes.contains(where: { ($0.0 == "href" || $0.0 == "xlink:href") && LogoSanitizer.isSafe(name: $0.0, value: $0.1) })
                {
                    note("<use> of an external file")
                    if !selfClosing { stack.append((name, false)) }
                    return
                }
                out += element + (selfClosing ? "/>" : ">")
            }
            if !selfClosing { stack.append((name, kept)) }
        }

        static func allowed(_ name: String) -> Bool { LogoSanitizer.elements.contains(name) }

        static func describe(element name: String) -> String {
            switch name.lowercased() {
            case "script": "scripts"
            case "foreignobject": "foreignObject"
            case "style": "a <style> element"
            default: "<\(name)>"
            }
        }

        mutating func readName() -> String {
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                let isNameByte =
                    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
                guard isNameByte else { break }
                index += 1
            }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }
    }
}

extension String {
    /// `<` and `&` (not part of a kept reference) and `"` escaped for an attribute value.
    func escapedForAttribute() -> String {
        var result = ""
        for character in self {
            switch character {
            case "<": result += "&lt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }

    func replacingLessThan() -> String {
        var result = ""
        for character in self { character == "<" ? (result += "&lt;") : result.append(character) }
        return result
    }
}
