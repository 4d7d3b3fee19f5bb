import ChartDiagnostics
import ChartNetwork

/// The catalogue of what fetching remote data can report (each id listed in `specs/diagnostics.md`): a
/// `FetchError` of each kind, and the warning that a download could not be kept in the cache. ChartNetwork stays
/// free of diagnostics (chartc-fetch links it), so its errors get their ids here, where the loader turns them
/// into a `Diagnostic`. A fetch error's sentence names the URL and is the fetcher's (`FetchError.message`, worded
/// once in ChartNetwork); the others are worded here, and the ids and severities come only from here.
public enum FetchDiagnostic: KindedDiagnosticMessage {
    /// The download (or the cache lookup) failed.
    case fetchFailed(FetchError)
    /// The download worked but could not be saved in the cache; the sentence says what and why.
    case cacheWriteFailed(String)
    /// `--offline` (or a lint without the network) and the spec's data is not in the cache: nil when the data is
    /// not a URL.
    case columnsNotCached(url: String?, specPath: String)

    public enum Kind: String, DiagnosticKind {
        case invalidURL = "fetch-invalid-url"
        case notCached = "fetch-not-cached"
        case httpStatus = "fetch-http-status"
        case dnsFailure = "fetch-dns-failed"
        case connectionRefused = "fetch-connection-refused"
        case connectionFailed = "fetch-connection-failed"
        case timedOut = "fetch-timeout"
        case tlsFailure = "fetch-tls-failed"
        case tooLarge = "fetch-too-large"
        case tooManyRedirects = "fetch-too-many-redirects"
        case wrongContent = "fetch-wrong-content"
        case failed = "fetch-failed"
        case cacheWriteFailed = "fetch-cache-write-failed"

        public static let domain = "ChartPipeline"
        public var severity: Severity {
            switch self {
            case .cacheWriteFailed: .warning
            default: .error
            }
        }
    }

    public var kind: Kind {
        switch self {
        case .fetchFailed(let error): error.kind.diagnosticKind
        case .cacheWriteFailed: .cacheWriteFailed
        case .columnsNotCached: .notCached
        }
    }

    public var message: String {
        switch self {
        case .fetchFailed(let error): error.message
        case .cacheWriteFailed(let message): message
        case .columnsNotCached(nil, _): "the spec's data is not available"
        case .columnsNotCached(let url?, let specPath):
            "\(url) is not in the cache, so its columns are unknown; run 'chartc data \(specPath)' once to download it"
        }
    }
}

extension FetchError.Kind {
    /// Its kind in the fetch catalogue (the raw value is the helper's wire name, not the id).
    public var diagnosticKind: FetchDiagnostic.Kind {
        switch self {
        case .invalidURL: .invalidURL
        case .notCached: .notCached
        case .httpStatus: .httpStatus
        case .dnsFailure: .dnsFailure
        case .connectionRefused: .connectionRefused
        case .connectionFailed: .connectionFailed
        case .timedOut: .timedOut
        case .tlsFailure: .tlsFailure
        case .tooLarge: .tooLarge
        case .tooManyRedirects: .tooManyRedirects
        case .wrongContent: .wrongContent
        case .failed: .failed
        }
    }

    /// The diagnostic id (`fetch-http-status`).
    public var diagnosticID: String { diagnosticKind.rawValue }
}

extension FetchError {
    /// The diagnostic id (`fetch-http-status`).
    public var diagnosticID: String { kind.diagnosticID }
}
