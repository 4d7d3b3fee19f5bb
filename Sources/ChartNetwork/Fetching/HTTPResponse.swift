/// What a GET returned: the status after redirects, the headers chartc reads, and the body. The helper process
/// (`chartc-fetch`) produces it and sends it back as a `FetchReply`; `RemoteFetcher` reads it.
package struct HTTPResponse: Sendable, Equatable {
    package var status: Int
    /// Header values by lower-case name.
    package var headers: [String: String]
    package var body: [UInt8]

    package init(status: Int, headers: [String: String], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    package func header(_ name: String) -> String? { headers[name.lowercased()] }
}
