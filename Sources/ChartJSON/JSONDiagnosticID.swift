import ChartDiagnostics

/// The old name of the JSON reader's ids, kept so code written against it still compiles: the same cases, now
/// typed (`JSONDiagnosticID.trailingComma.rawValue` is the printed id).
@available(*, deprecated, renamed: "JSONDiagnostic.Kind")
public typealias JSONDiagnosticID = JSONDiagnostic.Kind
