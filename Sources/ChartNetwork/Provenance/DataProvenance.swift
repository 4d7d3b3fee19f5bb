/// Which bytes a chart was built from: the data's `url` as the spec writes it (a URL, or a path relative to the
/// spec) and the SHA-256 of the bytes read. The SVG records it in `<metadata>`, without a timestamp, so the
/// same data gives the same file and a changed source shows up as a changed hash in review.
public struct DataProvenance: Sendable, Equatable, Hashable {
    public var url: String
    /// 64 lower-case hexadecimal digits.
    public var sha256: String
    /// For data from a database: the SQL statement whose result the hash covers (`url` is then
    /// `postgresql://host:port/db`, never with a user or password).
    public var query: String?

    public init(url: String, sha256: String, query: String? = nil) {
        self.url = url
        self.sha256 = sha256
        self.query = query
    }
}
