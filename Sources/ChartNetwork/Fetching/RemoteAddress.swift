/// A checked `http://` or `https://` URL with its host and port spelled out, so error messages can say
/// "could not connect to 127.0.0.1:8080" even when the URL leaves the port implicit.
///
/// Parsed here (RFC 3986's `scheme://[userinfo@]host[:port][/path][?query][#fragment]`) rather than with
/// Foundation's `URL`, so that `chartc` itself links no Foundation at all and starts in a few milliseconds; the
/// download helper, which does link Foundation, builds its `URL` from `text`.
package struct RemoteAddress: Sendable {
    /// The URL as the spec wrote it.
    package let text: String
    /// `http` or `https`, lower case.
    package let scheme: String
    /// The host name or address (an IPv6 address without its brackets).
    package let host: String
    package let port: Int
    /// The path without query or fragment, percent-decoded: what a format is guessed from.
    package let path: String

    package init(_ text: String) throws(FetchError) {
        guard RemoteAddress.isRemote(text) else {
            throw FetchError(.invalidURL, url: text, "'\(text)' is not an http:// or https:// URL")
        }
        if let bad = text.unicodeScalars.first(where: { $0.value <= 0x20 || $0.value == 0x7F }) {
            let what = bad == " " ? "a space" : "a control character"
            throw FetchError(.invalidURL, url: text, "'\(text)' is not a valid URL: it contains \(what); write spaces as %20")
        }
        let parts: Parts
        switch Self.parse(Array(text.utf8)) {
        case .success(let parsed): parts = parsed
        case .failure(let problem):
            throw FetchError(
                .invalidURL, url: text, "'\(text)' is not a valid URL: \(problem.reason) (expected http://HOST/PATH or https://HOST/PATH)")
        }
        self.text = text
        self.scheme = parts.scheme
        self.host = parts.host
        self.port = parts.port ?? (parts.scheme == "https" ? 443 : 80)
        self.path = parts.path
    }

    /// `host:port`, with an IPv6 address in brackets.
    package var hostAndPort: String {
        let shown = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(shown):\(port)"
    }

    /// Whether `text` starts with `http://` or `https://` (any letter case).
    package static func isRemote(_ text: String) -> Bool {
        let lower = text.prefix(8).lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    // MARK: - Parsing

    private static let slash = UInt8(ascii: "/")
    private static let question = UInt8(ascii: "?")
    private static let hash = UInt8(ascii: "#")
    private static let colon = UInt8(ascii: ":")
    private static let at = UInt8(ascii: "@")
    private static let percent = UInt8(ascii: "%")

    typealias Parts = (scheme: String, host: String, port: Int?, path: String)

    /// Why a URL that starts with `http(s)://` is still not one, in words for the error message.
    struct Problem: Error {
        var reason: String
    }

    /// The parts of a URL `isRemote` accepted, or what is wrong with it: no host, an unclosed IPv6 bracket, a
    /// port that is not a number up to 65535, a character no URL may hold, or a `%` not followed by two hex
    /// digits.
    static func parse(_ bytes: [UInt8]) -> Result<Parts, Problem> {
        func problem(_ reason: String) -> Result<Parts, Problem> { .failure(Problem(reason: reason)) }
        guard let schemeEnd = bytes.firstIndex(of: colon), schemeEnd + 2 < bytes.count,
            bytes[schemeEnd + 1] == slash, bytes[schemeEnd + 2] == slash
        else { return problem("it has no host") }
        let scheme = String(decoding: bytes[..<schemeEnd], as: UTF8.self).lowercased()
        if let bad = bytes[(schemeEnd + 3)...].first(where: { !isURLByte($0) }) {
            return problem(
                "it contains '\(Character(Unicode.Scalar(bad)))', which a URL cannot hold; write it as %\(String(bad, radix: 16, uppercase: true))")
        }
        guard percentEscapesAreWhole(bytes) else { return problem("a '%' is not followed by two hex digits") }

        let authorityStart = schemeEnd + 3
        let authorityEnd = bytes[authorityStart...].firstIndex { $0 == slash || $0 == question || $0 == hash } ?? bytes.count
        var hostStart = authorityStart
        if let userEnd = bytes[authorityStart..<authorityEnd].lastIndex(of: at) { hostStart = userEnd + 1 }

        let host: String
        var portStart: Int?
        if hostStart < authorityEnd && bytes[hostStart] == UInt8(ascii: "[") {
            guard let close = bytes[hostStart..<authorityEnd].firstIndex(of: UInt8(ascii: "]")), close > hostStart + 1,
                bytes[(hostStart + 1)..<close].allSatisfy({ isHexDigit($0) || $0 == colon || $0 == UInt8(ascii: ".") })
            else { return problem("its IPv6 address is not a bracketed address such as [::1]") }
            host = String(decoding: bytes[(hostStart + 1)..<close], as: UTF8.self)
            if close + 1 < authorityEnd {
                guard bytes[close + 1] == colon else { return problem("only ':PORT' may follow the ']' of its IPv6 address") }
                portStart = close + 2
            }
        } else {
            let colonIndex = bytes[hostStart..<authorityEnd].firstIndex(of: colon)
            host = String(decoding: bytes[hostStart..<(colonIndex ?? authorityEnd)], as: UTF8.self)
            guard !host.utf8.contains(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") }) else {
                return problem("its host holds a bracket that is not around an IPv6 address")
            }
            portStart = colonIndex.map { $0 + 1 }
        }
        guard !host.isEmpty else { return problem("it has no host") }

        var port: Int?
        if let portStart, portStart < authorityEnd {
            let digits = bytes[portStart..<authorityEnd]
            let written = String(decoding: digits, as: UTF8.self)
            guard digits.count <= 5, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                let value = Int(written), value <= 65_535
            else { return problem("its port '\(written)' is not a number from 0 to 65535") }
            port = value
        }

        let pathEnd = bytes[authorityEnd...].firstIndex { $0 == question || $0 == hash } ?? bytes.count
        let path = percentDecoded(bytes[authorityEnd..<pathEnd])
        return .success((scheme, host, port, path))
    }

    /// Bytes a URL may hold after its scheme: RFC 3986's unreserved, reserved and `%` characters, and any
    /// non-ASCII byte (an IRI's UTF-8, which HTTP clients percent-encode).
    private static func isURLByte(_ byte: UInt8) -> Bool {
        if byte >= 0x80 { return true }
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "-._~:/?#[]@!$&'()*+,;=%".utf8.contains(byte)
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
    }

    private static func percentEscapesAreWhole(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index < bytes.count {
            if bytes[index] == percent {
                guard index + 2 < bytes.count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) else { return false }
                index += 3
            } else {
                index += 1
            }
        }
        return true
    }

    private static func percentDecoded(_ bytes: ArraySlice<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == percent, index + 2 < bytes.endIndex,
                let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
