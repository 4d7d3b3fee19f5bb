/// One data source a chart was drawn from, as the SVG records it in `<metadata>`: the `url` as the spec writes
/// it and the SHA-256 of the bytes read. No timestamp, so the same data always gives the same file, and a
/// change in the data shows up as a changed hash when the SVG is reviewed in git.
public struct SceneDataSource: Sendable, Equatable {
    public var url: String
    /// 64 lower-case hexadecimal digits.
    public var sha256: String
    /// The SQL statement, for data from a database.
    public var query: String?

    public init(url: String, sha256: String, query: String? = nil) {
        self.url = url
        self.sha256 = sha256
        self.query = query
    }
}
