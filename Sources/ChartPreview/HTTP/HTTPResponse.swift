/// An answer of the preview server: status, headers and a body held in memory (pages and charts are small).
/// Every answer carries a Content-Security-Policy, `nosniff`, `no-store` and `no-referrer`, added when it is
/// serialized, so no route can forget them.
struct HTTPResponse: Sendable {
    var status: HTTPStatus
    var contentType: String
    var body: [UInt8]
    /// The Content-Security-Policy header of this answer.
    var policy: String
    var extraHeaders: [(name: String, value: String)] = []

    /// The policy of answers that are not pages (files, errors, SVG images): nothing may load or run.
    static let lockedPolicy = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'"

    init(status: HTTPStatus, contentType: String, body: [UInt8], policy: String = HTTPResponse.lockedPolicy) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.policy = policy
    }

    /// A plain-text answer: `404 Not Found` and a sentence.
    static func text(_ status: HTTPStatus, _ message: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array((message + "\n").utf8))
    }

    /// The bytes on the wire; `includeBody` is false for HEAD. `keepAlive` false adds `Connection: close`.
    func serialized(includeBody: Bool, keepAlive: Bool) -> [UInt8] {
        var head = "HTTP/1.1 \(status.rawValue) \(status.reason)\r\n"
        head += "Content-Type: \(contentType)\r\n"
        head += "Content-Length: \(body.count)\r\n"
        head += Self.commonHeaders(policy: policy)
        for header in extraHeaders { head += "\(header.name): \(header.value)\r\n" }
        head += keepAlive ? "Connection: keep-alive\r\n" : "Connection: close\r\n"
        head += "\r\n"
        var bytes = Array(head.utf8)
        if includeBody { bytes += body }
        return bytes
    }

    /// The head of a Server-Sent Events stream (no length: it lasts until either side closes).
    static func eventStreamHead(policy: String) -> [UInt8] {
        var head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\n"
        head += commonHeaders(policy: policy)
        head += "Connection: keep-alive\r\n\r\n"
        return Array(head.utf8)
    }

    private static func commonHeaders(policy: String) -> String {
        "Content-Security-Policy: \(policy)\r\nX-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\nReferrer-Policy: no-referrer\r\nCross-Origin-Resource-Policy: same-origin\r\n"
    }
}
