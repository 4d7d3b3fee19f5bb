/// One request's head as the preview server read it: method, target, version and headers (names lowercased,
/// in the order sent). The server reads no request bodies beyond a few bytes, so there is no body here.
struct HTTPRequest: Sendable, Equatable {
    var method: String
    /// The request target exactly as sent (`/chart/a.chart.json?v=3`).
    var target: String
    /// `HTTP/1.1` or `HTTP/1.0`.
    var version: String
    var headers: [Header]
    /// Declared `Content-Length` (0 when absent).
    var contentLength: Int

    struct Header: Sendable, Equatable {
        var name: String
        var value: String
    }

    /// The first value of header `name` (lowercase).
    func header(_ name: String) -> String? {
        headers.first { $0.name == name }?.value
    }

    /// Whether the connection stays open after the answer (HTTP/1.1 unless `Connection: close`; 1.0 only with
    /// `Connection: keep-alive`).
    var keepsAlive: Bool {
        let tokens = (header("connection") ?? "").lowercased().split(separator: ",").map { $0.trimmingSpaces }
        if version == "HTTP/1.0" { return tokens.contains("keep-alive") }
        return !tokens.contains("close")
    }

    /// The path part of the target (before `?`), still percent-encoded.
    var path: Substring {
        target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    }

    /// The query part (after `?`), or "".
    var query: Substring {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        return parts.count > 1 ? parts[1] : ""
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
