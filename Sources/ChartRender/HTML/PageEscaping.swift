import ChartDiagnostics

/// Escaping for the places in an HTML page that are not plain text or attributes (those use `XMLText`, whose
/// output is also valid HTML): JSON inside a `<script>` element, strings inside the stylesheet, and the CSV
/// inside a `data:` URI. Each one makes any user string land as data, never as markup or code.
enum PageEscaping {
    /// A JSON string literal that is safe inside `<script type="application/json">`: besides JSON's own escapes,
    /// `<`, `>` and `&` are written as `\u003c`, `\u003e`, `\u0026`, so neither `</script>` nor `<!--` can end
    /// or confuse the element, and U+2028/U+2029 are escaped for older JavaScript parsers. Characters that are
    /// not Unicode scalars cannot occur in a Swift `String`; lone controls become `\u00XX`.
    static func scriptJSONString(_ text: String) -> String {
        JSONText.quote(text, for: .htmlScript)
    }

    /// A CSS string literal (`"…"`) that is safe inside a `<style>` element: everything but letters, digits,
    /// space and `#(),.%-` is written as a CSS hex escape (`\3c `), so a value can neither end the string nor
    /// the element.
    static func cssString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", " ", "#", "(", ")", ",", ".", "%", "-":
                out.unicodeScalars.append(scalar)
            default:
                out += "\\" + String(scalar.value, radix: 16) + " "
            }
        }
        out += "\""
        return out
    }

    /// `data:text/csv;charset=utf-8,` followed by `text` percent-encoded byte by byte (RFC 2397, RFC 3986):
    /// only unreserved characters and `,;:!*()@/+=$` stay as they are, so the URI holds no `&`, quote, `<`,
    /// `#`, `%` or space and needs no further escaping in an attribute.
    static func csvDataURI(_ text: String) -> String {
        var out: [UInt8] = Array("data:text/csv;charset=utf-8,".utf8)
        out.reserveCapacity(out.count + text.utf8.count * 2)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
                UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "!"), UInt8(ascii: "*"),
                UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "@"), UInt8(ascii: "/"), UInt8(ascii: "+"),
                UInt8(ascii: "="), UInt8(ascii: "$"):
                out.append(byte)
            default:
                out.append(UInt8(ascii: "%"))
                out.append(contentsOf: hexByte(byte).uppercased().utf8)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 15)])
    }
}
