import ChartDiagnostics
import ChartFormat

/// Why a scale could not be built from the domain layout computed. The checking stage reports every cause a spec
/// and its rows can have (`scale-invalid-domain` for an explicit domain through zero or a normalized stack on a log
/// scale, `log-scale-no-positive-values` for data without positive values), so lint and build agree (SPEC §19.2);
/// these remain as the scales' guard: they never crash on a bad domain, they report one of these and the layout
/// turns it into a `Diagnostic` pointing at the spec's `scale.domain` (or at the channel).
public enum ScaleError: Error, Sendable, Equatable, KindedDiagnosticMessage {
    /// A log scale's domain touches or crosses zero (`[0, 100]`, `[-5, 5]`): log 0 is undefined.
    case nonPositiveLogDomain(ScaleInterval)
    /// A domain end is NaN or infinite.
    case nonFiniteDomain(ScaleInterval)

    /// The ids, listed in `specs/diagnostics.md`.
    public enum Kind: String, DiagnosticKind {
        case nonPositiveLogDomain = "log-scale-domain"
        case nonFiniteDomain = "scale-domain-not-finite"

        public static let domain = "ChartLayout"
        public var severity: Severity { .error }
    }

    public var kind: Kind {
        switch self {
        case .nonPositiveLogDomain: .nonPositiveLogDomain
        case .nonFiniteDomain: .nonFiniteDomain
        }
    }

    /// A sentence for the diagnostic: what is wrong and what was probably meant.
    public var message: String {
        switch self {
        case .nonPositiveLogDomain(let domain):
            "a log scale needs a domain above zero, but it is [\(ScaleError.text(domain.start)), \(ScaleError.text(domain.end))]; use a positive lower bound such as 1 or a linear scale"
        case .nonFiniteDomain(let domain):
            "the scale domain [\(ScaleError.text(domain.start)), \(ScaleError.text(domain.end))] is not made of finite numbers"
        }
    }

    private static func text(_ value: Double) -> String { NumberText.shortest(value) }
}
