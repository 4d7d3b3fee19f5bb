/// Content-Security-Policy hashes (`'sha256-…'`) for the page's own inline script and stylesheet: the policy then
/// lets exactly those run and nothing else, so an HTML chart cannot load or send anything even if a string
/// somehow escaped its escaping. It lives here, beside the SHA-256 it uses (the one that also fingerprints data),
/// so the HTML writer and `chartc preview` (its live-update script and style) share it without depending on each other.
public enum ContentSecurityPolicy {
    /// The CSP source for an inline element whose text is `text`: `'sha256-BASE64'`.
    public static func source(for text: String) -> String {
        var hasher = SHA256()
        var copy = text
        copy.withUTF8 { hasher.update(UnsafeRawBufferPointer($0)) }
        return "'sha256-" + base64(hasher.finalize()) + "'"
    }

    /// Standard base64 with `=` padding (RFC 4648 §4).
    static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let remaining = bytes.count - index
            let b0 = UInt32(bytes[index])
            let b1 = remaining > 1 ? UInt32(bytes[index + 1]) : 0
            let b2 = remaining > 2 ? UInt32(bytes[index + 2]) : 0
            let triple = b0 << 16 | b1 << 8 | b2
            out.append(alphabet[Int(triple >> 18 & 63)])
            out.append(alphabet[Int(triple >> 12 & 63)])
            out.append(remaining > 1 ? alphabet[Int(triple >> 6 & 63)] : UInt8(ascii: "="))
            out.append(remaining > 2 ? alphabet[Int(triple & 63)] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
