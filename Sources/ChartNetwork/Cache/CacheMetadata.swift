/// What the cache knows about one cached response, stored as a small text file next to the body: the URL it
/// came from, the SHA-256 and size of the body (a body that does not match is treated as not cached), the
/// `Content-Type` (the format may come from it), and the validators `ETag`/`Last-Modified` sent back to the
/// server to ask "has it changed?".
///
/// The file is `name: value` lines after a `chartc-cache 1` first line, readable with `cat`.
public struct CacheMetadata: Sendable, Equatable {
    public var url: String
    public var sha256: String
    public var byteCount: Int
    public var contentType: String?
    public var etag: String?
    public var lastModified: String?

    public init(url: String, sha256: String, byteCount: Int, contentType: String? = nil, etag: String? = nil, lastModified: String? = nil) {
        self.url = url
        self.sha256 = sha256
        self.byteCount = byteCount
        self.contentType = contentType
        self.etag = etag
        self.lastModified = lastModified
    }

    static let firstLine = "chartc-cache 1"

    /// The file's text, fields in a fixed order.
    public func encoded() -> [UInt8] {
        var lines = [Self.firstLine, "url: " + Self.clean(url), "sha256: " + sha256, "bytes: \(byteCount)"]
        if let contentType { lines.append("content-type: " + Self.clean(contentType)) }
        if let etag { lines.append("etag: " + Self.clean(etag)) }
        if let lastModified { lines.append("last-modified: " + Self.clean(lastModified)) }
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// Reads a metadata file; nil when it is not one (another version, or damaged).
    public static func decode(_ bytes: [UInt8]) -> CacheMetadata? {
        let text = String(decoding: bytes, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.first == Substring(firstLine) else { return nil }
        lines.removeFirst()
        var fields: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = String(line[..<colon])
            let value = line[line.index(after: colon)...].trimmingASCIISpaces()
            fields[name] = value
        }
        guard let url = fields["url"], let sha256 = fields["sha256"], sha256.utf8.count == 64,
            let countText = fields["bytes"], let byteCount = Int(countText), byteCount >= 0
        else { return nil }
        return CacheMetadata(
            url: url, sha256: sha256, byteCount: byteCount,
            contentType: fields["content-type"], etag: fields["etag"], lastModified: fields["last-modified"])
    }

    /// A value on one line: line breaks (which no valid header or URL holds) become spaces.
    private static func clean(_ value: String) -> String {
        String(value.map { $0.isNewline ? " " : $0 })
    }
}
