import ChartDiagnostics
import ChartFormat

/// Why a scale could not be built from its domain once the data is known (an explicit domain that is wrong is the
/// checking stage's `scale-invalid-domain`): the layout's catalogue of what only the rows can reveal. Scales never
/// crash on bad input: they report one of these and the layout turns it into a `Diagnostic` pointing at the
/// spec's `scale.domain` (or at the channel).
public enum ScaleError: Error, Sendable, Equatable, KindedDiagnosticMessage {
    /// A log scale's domain touches or crosses zero (`[0, 100]`, `[-5, 5]`): log 0 is undefined.
    case nonPositiveLogDomain(ScaleInterval)
    /// A log scale was asked for but no data value is > 0, so there is nothing it could show.
    case noPositiveValues
    /// A domain end is NaN or infinite.
    case nonFiniteDomain(ScaleInterval)

    /// The ids, listed in `specs/diagnostics.md`.
    public enum Kind: String, DiagnosticKind {
        case nonPositiveLogDomain = "log-scale-domain"
        case noPositiveValues = "log-scale-no-positive-values"
        case nonFiniteDomain = "scale-domain-not-finite"

        public static let domain = "ChartLayout"
        public var severity: Severity { .error }
    }

    public var kind: Kind {
        switch self {
        case .nonPositiveLogDomain: .nonPositiveLogDomain
        case .noPositiveValues: .noPositiveValues
        case .nonFiniteDomain: .nonFiniteDomain
        }
    }

    /// A sentence for the diagnostic: what is wrong and what was probably meant.
    public var message: String {
        switch self {
        case .nonPositiveLogDomain(let domain):
            "a log scale needs a domain above zero, but it is [\(ScaleError.text(domain.start)), \(ScaleError.text(domain.end))]; use a positive lower bound such as 1 or a linear scale"
        case .noPositiveValues:
            "a log scale can only show values above zero, and this field has none; use a linear scale"
        case .nonFiniteDomain(let domain):
            "the scale domain [\(ScaleError.text(domain.start)), \(ScaleError.text(domain.end))] is not made of finite numbers"
        }
    }

    private static func text(_ value: Double) -> String { NumberText.shortest(value) }
}
