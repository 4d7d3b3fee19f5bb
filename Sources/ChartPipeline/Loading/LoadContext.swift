#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ChartData
import ChartGeo
import ChartDiagnostics
import ChartNetwork
import ChartSystem

/// What loading a spec's data needs besides the spec: how remote data may be reached (timeouts, size limit,
/// `--offline`/`--refresh`, the cache folder). The command line builds one per run and passes it down, so no
/// stage reads flags or the environment on its own.
public struct LoadContext: Sendable {
    public var fetch: FetchOptions
    /// Read at most about this many bytes of a local CSV or TSV file: its first whole records (nil: every row).
    /// `lint` checks a spec against a sample so that it stays fast on large data; a file that is smaller, or
    /// whose sample has anything to report, is read whole.
    public var sampleBytes: Int?
    /// The environment variables a load may read: `data.database` as `$NAME`, and libpq's `PGPASSWORD`,
    /// `PGPASSFILE`, `PGUSER`, `PGDATABASE` (with `HOME` and `USER`) for database connections.
    public var environment: [String: String]
    /// Where a build's time goes (`chartc build --timings`), or nil: the database stages lap it.
    public var timings: PhaseTimings?

    public init(fetch: FetchOptions, sampleBytes: Int? = nil, environment: [String: String] = LoadContext.processEnvironment()) {
        self.fetch = fetch
        self.sampleBytes = sampleBytes
        self.environment = environment
    }

    /// Default timeouts and limits, the cache under `$XDG_CACHE_HOME`/`$HOME` of this process, its environment.
    public static func standard() -> LoadContext {
        LoadContext(fetch: FetchOptions(cacheDirectory: FetchOptions.defaultCacheDirectory()), environment: processEnvironment())
    }

    /// This process's environment variables.
    public static func processEnvironment() -> [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return variables
    }

    /// The later of two read times (either may be unknown).
    public static func latest(_ first: Int64?, _ second: Int64?) -> Int64? {
        guard let first else { return second }
        guard let second else { return first }
        return max(first, second)
    }
}

/// A spec's data as a table, with which bytes it was read from (for the SVG's `<metadata>`) and any warnings
/// that did not stop the load (a cache that could not be written).
public struct LoadedData: Sendable {
    public var table: Table
    /// One entry per data file or URL read, in the order read; empty for inline `values`.
    public var provenance: [DataProvenance]
    public var warnings: [Diagnostic]
    /// Every field name of the data, also those left out by a projection (empty when not known).
    public var fieldNames: [String]
    /// The table holds only the file's first rows (`LoadContext.sampleBytes`).
    public var isSample: Bool
    /// Map data (SPEC §22): the features' shapes, which the table's `geometry` field indexes.
    public var geometries: [GeoGeometry] = []
    /// When the data was read, in milliseconds since 1970 (SPEC §23's `{updated}`): a file's modification time,
    /// a URL's fetch time (or when the cache stored the copy read), a query's time; with several sources (a
    /// `lookup`'s other data) the latest. Nil for inline values and generated shapes, which have no time of their own.
    public var updated: Int64?

    public init(table: Table, provenance: [DataProvenance] = [], warnings: [Diagnostic] = [], fieldNames: [String] = [], isSample: Bool = false) {
        self.table = table
        self.provenance = provenance
        self.warnings = warnings
        self.fieldNames = fieldNames
        self.isSample = isSample
    }

    /// The later of two read times (either may be unknown).
    public static func latest(_ first: Int64?, _ second: Int64?) -> Int64? {
        guard let first else { return second }
        guard let second else { return first }
        return max(first, second)
    }
}
