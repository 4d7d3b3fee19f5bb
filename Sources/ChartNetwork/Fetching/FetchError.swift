/// Why a URL could not be fetched, as a sentence that names the URL and what happened ("HTTP 404 Not Found for
/// https://…", "could not connect to 127.0.0.1:8080 (connection refused)"), plus a kind. The
/// loader turns it into a `Diagnostic` at the spec's `url` (ChartPipeline's `FetchDiagnostic` gives each kind
/// its id); this module stays free of spec types.
public struct FetchError: Error, Sendable, Equatable {
    /// What went wrong, one case per thing a person would do differently about it.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// The address is not an `http://`/`https://` URL with a host.
        case invalidURL
        /// `--offline` and the URL is not in the cache.
        case notCached
        /// The server answered with a status other than 2xx/304.
        case httpStatus
        /// The host name does not resolve.
        case dnsFailure
        /// Nothing listens at the host and port.
        case connectionRefused
        /// The network is unreachable or the connection dropped.
        case connectionFailed
        /// No answer within the connect timeout, or no complete body within the total timeout.
        case timedOut
        /// The TLS handshake or the server's certificate failed.
        case tlsFailure
        /// The body is larger than `FetchOptions.maxBytes`.
        case tooLarge
        /// A redirect loop or chain too long to follow.
        case tooManyRedirects
        /// The body evidently is not the expected format (a web page instead of a CSV file).
        case wrongContent
        /// Anything else the HTTP stack reports.
        case failed
    }

    public var kind: Kind
    /// The URL as the spec wrote it.
    public var url: String
    /// One sentence naming the URL and what happened.
    public var message: String
    /// The HTTP status for `.httpStatus`.
    public var status: Int?
    /// Extra lines: what to try next.
    public var notes: [String]

    public init(_ kind: Kind, url: String, _ message: String, status: Int? = nil, notes: [String] = []) {
        self.kind = kind
        self.url = url
        self.message = message
        self.status = status
        self.notes = notes
    }

}
