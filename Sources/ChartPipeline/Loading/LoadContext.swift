import ChartData
import ChartDiagnostics
import ChartNetwork

/// What loading a spec's data needs besides the spec: how remote data may be reached (timeouts, size limit,
/// `--offline`/`--refresh`, the cache folder). The command line builds one per run and passes it down, so no
/// stage reads flags or the environment on its own.
public struct LoadContext: Sendable {
    public var fetch: FetchOptions

    public init(fetch: FetchOptions) {
        self.fetch = fetch
    }

    /// Default timeouts and limits, the cache under `$XDG_CACHE_HOME`/`$HOME` of this process.
    public static func standard() -> LoadContext {
        LoadContext(fetch: FetchOptions(cacheDirectory: FetchOptions.defaultCacheDirectory()))
    }
}

/// A spec's data as a table, with which bytes it was read from (for the SVG's `<metadata>`) and any warnings
/// that did not stop the load (a cache that could not be written).
public struct LoadedData: Sendable {
    public var table: Table
    /// One entry per data file or URL read, in the order read; empty for inline `values`.
    public var provenance: [DataProvenance]
    public var warnings: [Diagnostic]

    public init(table: Table, provenance: [DataProvenance] = [], warnings: [Diagnostic] = []) {
        self.table = table
        self.provenance = provenance
        self.warnings = warnings
    }
}
