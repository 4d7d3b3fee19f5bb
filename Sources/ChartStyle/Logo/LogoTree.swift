/// One element of a house logo as a tree: what `LogoParser` reads from the file (every character reference
/// decoded) and `LogoSanitizer` cuts down to drawing. The scene carries the sanitized tree; the SVG writer
/// serializes it (`markup`, always well-formed) and the PDF writer draws from it, so neither parses markup again.
public struct LogoElement: Sendable, Equatable {
    /// The element's name as written (`rect`, `xlink:href` is an attribute's).
    public var name: String
    /// Its attributes in document order, each name once (the first wins), values decoded.
    public var attributes: [LogoAttribute]
    /// Its content in document order.
    public var children: [LogoNode]

    public init(name: String, attributes: [LogoAttribute] = [], children: [LogoNode] = []) {
        self.name = name
        self.attributes = attributes
        self.children = children
    }

    /// The value of the attribute `name`, nil when absent.
    public func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// The element's child elements, in order.
    public var elements: [LogoElement] {
        children.compactMap { if case .element(let element) = $0 { element } else { nil } }
    }
}

/// An attribute of a logo element: its name and its decoded value (no character references left in it).
public struct LogoAttribute: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// A piece of a logo element's content: an element, or character data (decoded).
public enum LogoNode: Sendable, Equatable {
    case element(LogoElement)
    case text(String)
}

extension LogoElement {
    /// The element as XML: `&`, `<`, `>` and `"` escaped, characters XML 1.0 cannot carry left out. Names come
    /// from the sanitizer's allowlist, so the result is well-formed wherever it is inlined (given a declaration of
    /// the `xlink` prefix when `usesXLink`).
    public var markup: String {
        var out = ""
        write(to: &out)
        return out
    }

    /// Whether the element or one below it has an `xlink:` attribute (its writer declares the prefix).
    public var usesXLink: Bool {
        attributes.contains { $0.name.hasPrefix("xlink:") } || elements.contains { $0.usesXLink }
    }

    func write(to out: inout String) {
        out += "<" + name
        for attribute in attributes {
            out += " " + attribute.name + "=\""
            LogoMarkup.escape(attribute.value, inAttribute: true, to: &out)
            out += "\""
        }
        guard !children.isEmpty else {
            out += "/>"
            return
        }
        out += ">"
        LogoMarkup.write(children, to: &out)
        out += "</" + name + ">"
    }
}

/// Serializing a logo's nodes as XML text.
public enum LogoMarkup {
    /// `nodes` as XML, in order.
    public static func markup(_ nodes: [LogoNode]) -> String {
        var out = ""
        write(nodes, to: &out)
        return out
    }

    static func write(_ nodes: [LogoNode], to out: inout String) {
        for node in nodes {
            switch node {
            case .element(let element): element.write(to: &out)
            case .text(let text): escape(text, inAttribute: false, to: &out)
            }
        }
    }

    /// `text` escaped for XML character data or a double-quoted attribute value. Characters XML 1.0 does not
    /// allow (controls other than tab, line feed and carriage return; U+FFFE, U+FFFF) are left out.
    static func escape(_ text: String, inAttribute: Bool, to out: inout String) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where inAttribute: out += "&quot;"
            case "\t", "\n", "\r":
                // In an attribute a literal tab or line break would read back as a space: keep it as written.
                if inAttribute { out += "&#\(scalar.value);" } else { out.unicodeScalars.append(scalar) }
            default:
                guard isXMLCharacter(scalar) else { continue }
                out.unicodeScalars.append(scalar)
            }
        }
    }

    /// Whether XML 1.0 allows the character at all (as itself or as a reference).
    static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 { return value == 0x09 || value == 0x0A || value == 0x0D }
        return value != 0xFFFE && value != 0xFFFF
    }
}
