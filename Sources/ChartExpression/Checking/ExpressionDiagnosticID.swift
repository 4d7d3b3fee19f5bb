import ChartDiagnostics

/// The old name of the expression language's ids, kept so code written against it still compiles: the same
/// cases, now typed (`.rawValue` is the printed id).
@available(*, deprecated, renamed: "ExpressionDiagnostic.Kind")
public typealias ExpressionDiagnosticID = ExpressionDiagnostic.Kind
