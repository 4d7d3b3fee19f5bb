import ChartDiagnostics

/// The old name of the spec parser's ids, kept so code written against it still compiles
/// (`decoder.error(SpecDiagnosticID.invalidValue, …)`): the same cases, now typed; `.rawValue` is the printed id.
@available(*, deprecated, renamed: "SpecDiagnostic.Kind")
public typealias SpecDiagnosticID = SpecDiagnostic.Kind
