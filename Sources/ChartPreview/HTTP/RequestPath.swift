/// A request path split into decoded segments, refusing anything that could name a file other than the one it
/// appears to: `..` and `.` segments, percent-encoded `/` or `\`, NUL, invalid escapes or UTF-8. Refused paths
/// are answered 404 like any other missing file, so a probe learns nothing.
enum RequestPath {
    /// The decoded segments of `path` (`/chart/a%20b/c.json` → `["chart", "a b", "c.json"]`), or nil when refused.
    static func segments(_ path: Substring) -> [String]? {
        var segments: [String] = []
        for raw in path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropFirst() {
            guard let decoded = decode(raw) else { return nil }
            if decoded == "." || decoded == ".." { return nil }
            segments.append(decoded)
        }
        // `/chart/` leaves one empty last segment; empty segments elsewhere (`a//b`) are refused.
        if segments.last == "" { segments.removeLast() }
        if segments.contains("") { return nil }
        return segments
    }

    private static func decode(_ bytes: Substring.UTF8View.SubSequence) -> String? {
        var out: [UInt8] = []
        var iterator = Array(bytes)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "%") {
                guard let high = iterator.popFirst().flatMap(hex), let low = iterator.popFirst().flatMap(hex) else { return nil }
                let value = high << 4 | low
                if value == UInt8(ascii: "/") || value == UInt8(ascii: "\\") || value == 0 { return nil }
                out.append(value)
            } else {
                if byte == UInt8(ascii: "\\") { return nil }
                out.append(byte)
            }
        }
        return String(validating: out, as: UTF8.self)
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    /// Percent-encodes one segment for a link (`a b.json` → `a%20b.json`).
    static func encode(_ segment: String) -> String {
        var out = ""
        for byte in segment.utf8 {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = Array("0123456789ABCDEF".utf8)
                out += "%"
                out.unicodeScalars.append(Unicode.Scalar(digits[Int(byte >> 4)]))
                out.unicodeScalars.append(Unicode.Scalar(digits[Int(byte & 15)]))
            }
        }
        return out
    }

    /// A relative file path encoded segment by segment (`a b/c.json` → `a%20b/c.json`).
    static func encodePath(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { encode(String($0)) }.joined(separator: "/")
    }
}
