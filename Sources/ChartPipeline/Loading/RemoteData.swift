import ChartData
import ChartDiagnostics
import ChartNetwork
import ChartSpec

/// The remote half of `DataLoader`: fetches an `http(s)` URL through `RemoteFetcher` (cache, revalidation,
/// `--offline`), settles its format (`format`, else the URL's extension, else the `Content-Type`), and reports
/// every network problem as a diagnostic at the spec's `url`.
extension DataLoader {
    /// The fetched bytes as a data file, the format to read them as, and where they came from.
    struct RemoteFile {
        var file: SourceFile
        var format: DataFileFormat
        var provenance: DataProvenance
        var warnings: [Diagnostic]
        /// `FetchedData.readAt`.
        var readAt: Int64?
    }

    static func remoteFile(_ source: DataSource, url: Located<String>, context: LoadContext) throws(DiagnosticError) -> RemoteFile {
        let promised = declaredFormat(source) ?? RemoteFetcher.contentKind(fromPathOf: url.value).map(DataFileFormat.init)
        let fetched: FetchedData
        do {
            fetched = try RemoteFetcher(options: context.fetch).fetch(url.value, expecting: promised.map(ContentKind.init))
        } catch {
            throw DiagnosticError(diagnostic(error, at: url.span))
        }
        let warnings = fetched.warnings.map { Diagnostic(FetchDiagnostic.cacheWriteFailed($0), at: url.span) }
        return RemoteFile(
            file: SourceFile(path: url.value, bytes: fetched.bytes),
            format: try remoteFormat(promised, fetched: fetched, url: url),
            provenance: fetched.provenance,
            warnings: warnings, readAt: fetched.readAt)
    }

    /// The cached copy of a remote source, read without the network (for lint); nil when it is not cached.
    static func cachedRemoteFile(_ source: DataSource, url: Located<String>, context: LoadContext) throws(DiagnosticError) -> RemoteFile? {
        guard let fetched = RemoteFetcher(options: context.fetch).cached(url.value) else { return nil }
        let promised = declaredFormat(source) ?? RemoteFetcher.contentKind(fromPathOf: url.value).map(DataFileFormat.init)
        return RemoteFile(
            file: SourceFile(path: url.value, bytes: fetched.bytes),
            format: try remoteFormat(promised, fetched: fetched, url: url),
            provenance: fetched.provenance,
            warnings: [], readAt: fetched.readAt)
    }

    private static func remoteFormat(_ promised: DataFileFormat?, fetched: FetchedData, url: Located<String>) throws(DiagnosticError)
        -> DataFileFormat
    {
        if let promised { return promised }
        if let announced = fetched.announcedKind { return DataFileFormat(announced) }
        throw DiagnosticError(Diagnostic(PipelineDiagnostic.downloadFormatUnknown(url: url.value, contentType: fetched.contentType), at: url.span))
    }

    /// A fetch failure as a diagnostic at the spec's `url`, its advice as notes.
    static func diagnostic(_ error: FetchError, at span: SourceSpan?) -> Diagnostic {
        Diagnostic(FetchDiagnostic.fetchFailed(error), at: span, notes: error.notes.map { DiagnosticNote($0) })
    }
}

extension DataFileFormat {
    init(_ kind: ContentKind) {
        switch kind {
        case .csv: self = .csv
        case .tsv: self = .tsv
        case .json: self = .json
        }
    }
}

extension ContentKind {
    init(_ format: DataFileFormat) {
        switch format {
        case .csv: self = .csv
        case .tsv: self = .tsv
        case .json: self = .json
        }
    }
}
