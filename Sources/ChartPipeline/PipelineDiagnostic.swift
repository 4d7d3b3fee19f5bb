import ChartDiagnostics

/// The catalogue of what loading data and planning and running the pipeline report themselves (each id listed
/// in `specs/diagnostics.md`); an unknown field is the expression catalogue's `unknown-field`, a data file's
/// problem the data catalogue's, a fetch the network catalogue's. The planner composes the sentences, which
/// name the fields; the ids and severities come only from here.
public enum PipelineDiagnostic {
    public enum Kind: String, DiagnosticKind {
        case duplicateField = "duplicate-field"
        case completeWithoutGroupBy = "complete-without-group-by"
        case completeTooLarge = "complete-too-large"
        case windowByField = "window-by-field"
        case formatUnknown = "data-format-unknown"
        case parseUnknownField = "data-parse-unknown-field"

        public static let domain = "ChartPipeline"
        public var severity: Severity {
            switch self {
            case .completeWithoutGroupBy: .warning
            default: .error
            }
        }
    }
}
