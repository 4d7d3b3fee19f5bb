import ChartDiagnostics

/// Every diagnostic ChartPreview reports (each id listed in specs/diagnostics.md).
public enum PreviewDiagnostic: KindedDiagnosticMessage {
    case cannotListen(reason: String)

    public enum Kind: String, DiagnosticKind {
        case cannotListen = "preview-cannot-listen"
        public static let domain = "ChartPreview"
        public var severity: Severity { .error }
    }

    public var kind: Kind {
        switch self {
        case .cannotListen: .cannotListen
        }
    }

    public var message: String {
        switch self {
        case .cannotListen(let reason): "the preview cannot start its server: \(reason)"
        }
    }
}
