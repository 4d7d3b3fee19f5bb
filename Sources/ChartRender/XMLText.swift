/// Escaping for XML 1.0 text and attribute values: the five special characters become entities and characters
/// XML 1.0 does not allow (most C0 controls, U+FFFE, U+FFFF) are dropped, so any user string yields well-formed
/// output.
enum XMLText {
    /// Text content. Tabs and line breaks become spaces (SVG would collapse them anyway).
    static func escapeText(_ text: String) -> String {
        escape(text, inAttribute: false)
    }

    /// An attribute value written between double quotes.
    static func escapeAttribute(_ text: String) -> String {
        escape(text, inAttribute: true)
    }

    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD: true
        case 0x20...0xD7FF: true
        case 0xE000...0xFFFD: true
        case 0x10000...0x10FFFF: true
        default: false
        }
    }

    private static func escape(_ text: String, inAttribute: Bool) -> String {
        var needsWork = false
        for byte in text.utf8 where byte < 0x20 || byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27 || byte == 0xEF {
            needsWork = true
            break
        }
        if !needsWork { return text }
        var out = String.UnicodeScalarView()
        func append(_ literal: String) { out.append(contentsOf: literal.unicodeScalars) }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": append("&amp;")
            case "<": append("&lt;")
            case ">": append("&gt;")
            case "\"": append("&quot;")
            case "'": append("&apos;")
            case "\t": inAttribute ? append("&#9;") : out.append(" ")
            case "\n": inAttribute ? append("&#10;") : out.append(" ")
            case "\r": inAttribute ? append("&#13;") : out.append(" ")
            default:
                if isAllowed(scalar) { out.append(scalar) }
            }
        }
        return String(out)
    }

    /// A string usable as an XML name fragment (ids, data attribute names): ASCII letters, digits, `-` and `_`;
    /// anything else becomes `-`.
    static func nameFragment(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "a"..."z", "0"..."9", "-", "_": out.unicodeScalars.append(scalar)
            case "A"..."Z": out.unicodeScalars.append(Unicode.Scalar(scalar.value + 32) ?? scalar)
            default: out += "-"
            }
        }
        return out.isEmpty ? "x" : out
    }
}
