import ChartDiagnostics

/// The ids of what the commands themselves report: paths given on the command line, output files, `chartc fmt`
/// (each listed in `specs/diagnostics.md`). The commands compose the sentences; the ids and severities come
/// only from here.
public enum CommandLineDiagnostic {
    public enum Kind: String, DiagnosticKind {
        case fileNotFound = "file-not-found"
        case fileUnreadable = "file-unreadable"
        case noSpecsFound = "no-specs-found"
        case outputCollision = "output-collision"
        case outputFailed = "output-failed"
        case formatUnformatted = "fmt-unformatted"
        case formatFailed = "fmt-failed"

        public static let domain = "ChartCommandLine"
        public var severity: Severity { .error }
    }
}
