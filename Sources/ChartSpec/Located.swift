import ChartDiagnostics

/// A value from the spec together with where it was written, so later stages (lint, the planner, layout) can
/// point at the exact characters when something about it is wrong.
public struct Located<Wrapped: Sendable>: Sendable {
    public var value: Wrapped
    public var span: SourceSpan?

    public init(_ value: Wrapped, at span: SourceSpan?) {
        self.value = value
        self.span = span
    }
}

extension Located: Equatable where Wrapped: Equatable {}
