import ChartDiagnostics

/// Every diagnostic ChartPreview reports (each id listed in specs/diagnostics.md).
public enum PreviewDiagnostic: KindedDiagnosticMessage {
    case cannotListen(reason: String)
    /// A chart's build (run in a child process) crashed or was stopped: that chart fails, the server goes on.
    case buildCrashed(how: String)
    /// The child process for a chart's build could not be started.
    case buildNotStarted(reason: String)
    /// A spec under PATH reads a file (`kind`: data, theme, font, logo) outside every served folder.
    case fileOutsideRoot(file: String, kind: String, roots: [String])

    public enum Kind: String, DiagnosticKind {
        case buildCrashed = "preview-build-crashed"
        case buildNotStarted = "preview-build-not-started"
        case cannotListen = "preview-cannot-listen"
        case fileOutsideRoot = "preview-file-outside-root"
        public static let domain = "ChartPreview"
        public var severity: Severity { .error }
    }

    public var kind: Kind {
        switch self {
        case .cannotListen: .cannotListen
        case .buildCrashed: .buildCrashed
        case .buildNotStarted: .buildNotStarted
        case .fileOutsideRoot: .fileOutsideRoot
        }
    }

    public var message: String {
        switch self {
        case .cannotListen(let reason): "the preview cannot start its server: \(reason)"
        case .buildCrashed(let how):
            "building this chart crashed chartc: \(how); the preview goes on serving the other charts (please report the spec: chartc should have given a diagnostic)"
        case .buildNotStarted(let reason): "the preview cannot start a process to build this chart: \(reason)"
        case .fileOutsideRoot(let file, let kind, let roots):
            "this chart reads the \(kind) file '\(file)', outside the folder\(roots.count == 1 ? "" : "s") this preview serves (\(roots.joined(separator: ", "))): the preview serves nothing read from outside PATH, so it does not build this chart; preview a folder that holds the spec and its files, or build it with chartc build"
        }
    }
}
