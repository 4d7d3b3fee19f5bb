import ChartSystem
/// Gets the bytes behind a data URL under `FetchOptions`: from the server (revalidating a cached copy with
/// `If-None-Match`/`If-Modified-Since`), from the cache alone (`--offline`), or from the server regardless
/// (`--refresh`). Successful downloads are cached; a body that evidently is not data (a web page) is
/// reported and not cached. Every failure is a `FetchError` that names the URL.
public struct RemoteFetcher: Sendable {
    public var options: FetchOptions

    public init(options: FetchOptions) {
        self.options = options
    }

    /// Whether a spec's `url` is an `http://`/`https://` address rather than a file path.
    public static func isRemote(_ url: String) -> Bool { RemoteAddress.isRemote(url) }

    /// The cache `options` name, if any.
    public var cache: DataCache? { options.cacheDirectory.map(DataCache.init(directory:)) }

    /// The format a URL's path names by its extension (`.csv`; `.tsv`/`.tab`; `.json`), ignoring the query and
    /// fragment; nil for other extensions and for addresses that do not parse.
    public static func contentKind(fromPathOf url: String) -> ContentKind? {
        guard let address = try? RemoteAddress(url) else { return nil }
        let path = address.path
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "csv": return .csv
        case "tsv", "tab": return .tsv
        case "json": return .json
        default: return nil
        }
    }

    /// The bytes at `url`. `expecting` is the format the spec or the URL's extension promises (nil: take it from
    /// the `Content-Type`); the body is checked against it before it is cached or returned.
    public func fetch(_ url: String, expecting: ContentKind?) throws(FetchError) -> FetchedData {
        let address = try RemoteAddress(url)
        let cache = self.cache
        if options.mode == .offline {
            guard let cache else {
                throw FetchError(
                    .notCached, url: url,
                    "\(url) is not cached: there is no cache folder (neither XDG_CACHE_HOME nor HOME is set), and --offline builds only from the cache"
                )
            }
            guard let entry = cache.entry(for: url) else {
                throw FetchError(
                    .notCached, url: url, "\(url) is not in the cache (\(cache.directory)); --offline builds only from cached data",
                    notes: [
                        "build once without --offline, with network, to download it"
                    ])
            }
            var fetched = FetchedData(entry, origin: .cache)
            fetched.readAt = cache.storedTime(for: url)
            return try checked(fetched, expecting: expecting)
        }

        let cached = options.mode == .normal ? cache?.entry(for: url) : nil
        var headers: [(name: String, value: String)] = []
        if let cached {
            if let etag = cached.metadata.etag { headers.append(("If-None-Match", etag)) }
            if let lastModified = cached.metadata.lastModified { headers.append(("If-Modified-Since", lastModified)) }
        }
        let response: HTTPResponse
        let asked = WallClock.now()
        do {
            response = try HelperTransfer.get(address, headers: headers, options: options)
        } catch {
            var error = error
            if cache?.metadata(for: url) != nil {
                error.notes.append("an earlier download of it is cached: --offline builds from that copy")
            }
            throw error
        }

        switch response.status {
        case 304:
            guard let cached, !headers.isEmpty else {
                throw FetchError(
                    .failed, url: url, "\(address.hostAndPort) answered 304 Not Modified for \(url), but chartc has no cached copy to reuse")
            }
            // The server vouched for the cached copy now: the data is as current as a download.
            var fetched = FetchedData(cached, origin: .notModified)
            fetched.readAt = asked
            return try checked(fetched, expecting: expecting)
        case 200...299:
            let contentType = response.header("Content-Type")
            var fetched = FetchedData(
                url: url, bytes: response.body, contentType: contentType,
                sha256: SHA256.hex(of: response.body), origin: .downloaded)
            fetched.readAt = asked
            fetched = try checked(fetched, expecting: expecting)
            if let cache {
                let metadata = CacheMetadata(
                    url: url, sha256: fetched.sha256, byteCount: fetched.bytes.count, contentType: contentType,
                    etag: response.header("ETag"), lastModified: response.header("Last-Modified"))
                do {
                    try cache.store(metadata, body: fetched.bytes)
                } catch {
                    fetched.warnings.append(
                        "could not save \(url) in the cache (\(error.path): \(error.reason)); this build uses the download, but --offline will not find it"
                    )
                }
            }
            return fetched
        default:
            let status = response.status
            var notes: [String] = []
            if let advice = HTTPStatus.advice(status) { notes.append(advice) }
            if cache?.metadata(for: url) != nil {
                notes.append("an earlier download of it is cached: --offline builds from that copy")
            }
            throw FetchError(.httpStatus, url: url, "HTTP \(HTTPStatus.describe(status)) for \(url)", status: status, notes: notes)
        }
    }

    /// The cached copy of `url`, without touching the network (what `chartc lint` reads); nil when not cached.
    public func cached(_ url: String) -> FetchedData? {
        guard let cache, let entry = cache.entry(for: url) else { return nil }
        var fetched = FetchedData(entry, origin: .cache)
        fetched.readAt = cache.storedTime(for: url)
        return fetched
    }

    private func checked(_ data: FetchedData, expecting: ContentKind?) throws(FetchError) -> FetchedData {
        if let problem = ContentSniffer.check(
            data.bytes, expected: expecting ?? ContentKind(contentType: data.contentType), url: data.url, contentType: data.contentType)
        {
            throw problem
        }
        return data
    }
}

/// The bytes of a URL and where they came from, with their SHA-256 (the provenance the SVG records).
public struct FetchedData: Sendable, Equatable {
    /// How the bytes were obtained.
    public enum Origin: String, Sendable, Equatable {
        /// Downloaded now (status 2xx).
        case downloaded
        /// The server said the cached copy is current (304 Not Modified).
        case notModified
        /// Read from the cache without asking (`--offline`, lint).
        case cache
    }

    /// The URL as the spec wrote it.
    public var url: String
    public var bytes: [UInt8]
    /// The `Content-Type` the server sent (remembered in the cache).
    public var contentType: String?
    /// SHA-256 of `bytes`, hex.
    public var sha256: String
    public var origin: Origin
    /// Things that did not stop the build but are worth saying (the cache could not be written).
    public var warnings: [String]
    /// When the bytes were read, in milliseconds since 1970 (SPEC §23's `{updated}`): the moment chartc asked
    /// the server (a download, or a 304 that vouched for the cached copy), or, for a copy read from the cache
    /// without asking, when the cache stored it; nil when not known.
    public var readAt: Int64?

    public init(url: String, bytes: [UInt8], contentType: String?, sha256: String, origin: Origin, warnings: [String] = []) {
        self.url = url
        self.bytes = bytes
        self.contentType = contentType
        self.sha256 = sha256
        self.origin = origin
        self.warnings = warnings
    }

    init(_ entry: DataCache.Entry, origin: Origin) {
        self.init(url: entry.metadata.url, bytes: entry.body, contentType: entry.metadata.contentType, sha256: entry.metadata.sha256, origin: origin)
    }

    /// The format the `Content-Type` announces, if it names one.
    public var announcedKind: ContentKind? { ContentKind(contentType: contentType) }

    public var provenance: DataProvenance { DataProvenance(url: url, sha256: sha256) }
}
