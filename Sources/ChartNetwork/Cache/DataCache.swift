import ChartSystem
/// The on-disk cache of downloaded data (`$XDG_CACHE_HOME/chartc`, else `~/.cache/chartc`), so a chart whose
/// data lives at a URL still builds tomorrow and on a laptop without network (`--offline`), and a normal build
/// only asks the server whether the file changed.
///
/// One entry per URL, named after the SHA-256 of the URL as written: `KEY.body` holds the bytes exactly as
/// received, `KEY.meta` the `CacheMetadata`. Each file is replaced atomically (temporary file + rename), body
/// first; a reader checks the body against the SHA-256 in the metadata, so a body and metadata from two
/// different writers never pass for an entry.
public struct DataCache: Sendable {
    /// A cached response whose body matched its metadata.
    public struct Entry: Sendable, Equatable {
        public var metadata: CacheMetadata
        public var body: [UInt8]
    }

    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// The entry's file name stem: the SHA-256 of the URL, in hex.
    public static func key(for url: String) -> String { SHA256.hex(of: url) }

    public func bodyPath(for url: String) -> String { path(Self.key(for: url) + ".body") }
    public func metadataPath(for url: String) -> String { path(Self.key(for: url) + ".meta") }

    /// The metadata of `url`'s entry, without reading the body (for revalidation headers).
    public func metadata(for url: String) -> CacheMetadata? {
        guard let bytes = FileSystem.readIfPresent(metadataPath(for: url), limit: .cache),
            let metadata = CacheMetadata.decode(bytes), metadata.url == url
        else { return nil }
        return metadata
    }

    /// `url`'s entry when there is a whole one: metadata that reads, for this URL, and a body of the recorded
    /// size and SHA-256. Anything else counts as not cached.
    public func entry(for url: String) -> Entry? {
        guard let metadata = metadata(for: url), let body = FileSystem.readIfPresent(bodyPath(for: url), limit: .cache),
            body.count == metadata.byteCount, SHA256.hex(of: body) == metadata.sha256
        else { return nil }
        return Entry(metadata: metadata, body: body)
    }

    /// When `url`'s entry was stored: its metadata file's modification time (the metadata is written last, in
    /// one step, whenever an entry is stored); nil when there is none. What `{updated}` says of data read from
    /// the cache without asking the server (SPEC §23).
    public func storedTime(for url: String) -> Int64? {
        WallClock.modificationTime(of: metadataPath(for: url))
    }

    /// Stores `body` as `url`'s entry, replacing any old one. Returns the metadata written.
    @discardableResult
    public func store(_ url: String, body: [UInt8], contentType: String?, etag: String?, lastModified: String?) throws(CacheWriteError)
        -> CacheMetadata
    {
        let metadata = CacheMetadata(
            url: url, sha256: SHA256.hex(of: body), byteCount: body.count,
            contentType: contentType, etag: etag, lastModified: lastModified)
        try store(metadata, body: body)
        return metadata
    }

    /// Stores a body whose metadata (hash included) is already known.
    func store(_ metadata: CacheMetadata, body: [UInt8]) throws(CacheWriteError) {
        do {
            try FileSystem.createDirectory(directory)
            try FileSystem.writeAtomically(body, to: bodyPath(for: metadata.url))
            try FileSystem.writeAtomically(metadata.encoded(), to: metadataPath(for: metadata.url))
        } catch {
            throw CacheWriteError(path: error.path, reason: error.reason)
        }
    }

    /// Deletes `url`'s entry.
    public func remove(_ url: String) {
        FileSystem.remove(metadataPath(for: url))
        FileSystem.remove(bodyPath(for: url))
    }

    private func path(_ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}

/// The cache could not be written (read-only home, full disk). The download itself is still used; the next
/// `--offline` build will not find it.
public struct CacheWriteError: Error, Sendable, Equatable {
    public var path: String
    public var reason: String
}
