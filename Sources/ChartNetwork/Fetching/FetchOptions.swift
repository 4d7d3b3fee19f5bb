#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How chartc may reach remote data: the timeouts, the size limit, whether to use the network at all, and where
/// the cache lives. Built once from the command line (`--offline`, `--refresh`, `--timeout`, `--connect-timeout`)
/// and the environment (`$XDG_CACHE_HOME`), then passed down explicitly to every load.
public struct FetchOptions: Sendable, Equatable {
    /// Whether a build may use the network.
    public enum Mode: String, Sendable, Equatable, CaseIterable {
        /// Revalidate a cached copy with the server (`If-None-Match` / `If-Modified-Since`), fetch what is not cached.
        case normal
        /// Never touch the network: build from the cache, and fail naming any URL that is not cached.
        case offline
        /// Fetch every URL again, ignoring the cached copy (which is then replaced).
        case refresh
    }

    /// Longest wait, in seconds, from starting a request to the response's status line and headers
    /// (DNS lookup, TCP connect, TLS handshake and the server's first answer).
    public var connectTimeout: Double
    /// Longest time, in seconds, for a whole download, headers and body together.
    public var totalTimeout: Double
    /// Largest body accepted, in bytes; a larger response is stopped and reported.
    public var maxBytes: Int
    public var mode: Mode
    /// The folder of cached responses; nil keeps no cache (every build fetches, `--offline` finds nothing).
    public var cacheDirectory: String?
    /// Sent as `User-Agent`, so a data publisher can tell chartc's requests apart.
    public var userAgent: String

    /// 10 s to connect, 60 s in all, 512 MiB at most.
    public static let defaultConnectTimeout: Double = 10
    public static let defaultTotalTimeout: Double = 60
    public static let defaultMaxBytes = 512 * 1024 * 1024

    public init(
        connectTimeout: Double = FetchOptions.defaultConnectTimeout,
        totalTimeout: Double = FetchOptions.defaultTotalTimeout,
        maxBytes: Int = FetchOptions.defaultMaxBytes,
        mode: Mode = .normal,
        cacheDirectory: String? = nil,
        userAgent: String = "chartc"
    ) {
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
        self.maxBytes = maxBytes
        self.mode = mode
        self.cacheDirectory = cacheDirectory
        self.userAgent = userAgent
    }

    /// The cache folder the XDG base directory rules give: `$XDG_CACHE_HOME/chartc` when that is set to an
    /// absolute path (the rules say to ignore a relative one), else `$HOME/.cache/chartc`; nil without either.
    public static func defaultCacheDirectory(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return joined(xdg, "chartc")
        }
        if let home = environment["HOME"], !home.isEmpty {
            return joined(joined(home, ".cache"), "chartc")
        }
        return nil
    }

    /// `defaultCacheDirectory` for this process's environment.
    public static func defaultCacheDirectory() -> String? {
        var environment: [String: String] = [:]
        for name in ["XDG_CACHE_HOME", "HOME"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return defaultCacheDirectory(environment: environment)
    }

    private static func joined(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
