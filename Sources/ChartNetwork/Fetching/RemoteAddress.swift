#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A checked `http://` or `https://` URL with its host and port spelled out, so error messages can say
/// "could not connect to 127.0.0.1:8080" even when the URL leaves the port implicit.
package struct RemoteAddress: Sendable {
    /// The URL as the spec wrote it.
    package let text: String
    package let url: URL
    /// `http` or `https`, lower case.
    package let scheme: String
    package let host: String
    package let port: Int

    package init(_ text: String) throws(FetchError) {
        guard RemoteAddress.isRemote(text) else {
            throw FetchError(.invalidURL, url: text, "'\(text)' is not an http:// or https:// URL")
        }
        if let bad = text.unicodeScalars.first(where: { $0.value <= 0x20 || $0.value == 0x7F }) {
            let what = bad == " " ? "a space" : "a control character"
            throw FetchError(.invalidURL, url: text, "'\(text)' is not a valid URL: it contains \(what); write spaces as %20")
        }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty else {
            throw FetchError(.invalidURL, url: text, "'\(text)' is not a valid URL (expected http://HOST/PATH or https://HOST/PATH)")
        }
        self.text = text
        self.url = url
        self.scheme = scheme
        self.host = host
        self.port = url.port ?? (scheme == "https" ? 443 : 80)
    }

    /// `host:port`, with an IPv6 address in brackets.
    package var hostAndPort: String {
        let shown = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(shown):\(port)"
    }

    /// The path without query or fragment: what a format is guessed from.
    package var path: String { url.path }

    /// Whether `text` starts with `http://` or `https://` (any letter case).
    package static func isRemote(_ text: String) -> Bool {
        let lower = text.prefix(8).lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }
}
