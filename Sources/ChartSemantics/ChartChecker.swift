import ChartDiagnostics
import ChartSpec

/// The checking stage: a parsed spec plus what is known of its data → a `CheckedChart`, or every reason it cannot
/// be drawn. `build`, `lint`, `data`, `plan` and the layout engine all go through it, so each mistake has one
/// check, one id and one wording wherever it is found; lint adds only its publishing rules on top (ChartLint).
///
/// The expressions, `groupBy`, `total` and `sort` fields are the planner's to check (it compiles them, so it is
/// the one place that knows); the checks here are about drawing: channels, scales, colors and formats.
public enum ChartChecker {
    /// Every check, in the order of `specs/lint-rules.md`.
    public static let checks: [any ChartRule] = [
        MissingPositionCheck(),
        RangeWithoutBaseCheck(),
        OffsetWithoutBandCheck(),
        TextWithoutTextCheck(),
        EncodingUnknownFieldCheck(),
        EncodingTypeMismatchCheck(),
        ScaleTypeMismatchCheck(),
        DomainTypeCheck(),
        DomainShapeCheck(),
        LogScaleDomainCheck(),
        InvalidColorCheck(),
        UnknownSchemeCheck(),
        InvalidFormatCheck(),
        AnnotationValueCheck(),
    ]

    /// Runs every check over `context`.
    public static func check(_ context: SemanticContext) -> CheckedChart {
        var diagnostics: [Diagnostic] = []
        for check in checks { check.check(context, into: &diagnostics) }
        return CheckedChart(context: context, diagnostics: diagnostics.sortedByPosition())
    }
}

/// A spec that went through the checking stage, with what the stage found. Layout takes only a `CheckedChart`
/// without errors, so it never checks a spec again: what it cannot draw, the checks have already said.
public struct CheckedChart: Sendable {
    public let context: SemanticContext
    /// The checks' diagnostics, in file order.
    public let diagnostics: [Diagnostic]

    public var spec: ChartSpec { context.spec }

    /// The same chart at another size (the HTML page's phone layout): size is not something the checks look at.
    public func resized(_ size: (width: Double, height: Double)) -> CheckedChart {
        var spec = context.spec
        spec.width = Located(size.width, at: spec.width.span)
        spec.height = Located(size.height, at: spec.height.span)
        let resized = SemanticContext(spec: spec, schema: context.schema, fieldTypes: context.fieldTypes, table: context.table, background: context.background, theme: context.theme)
        return CheckedChart(context: resized, diagnostics: diagnostics)
    }
    /// No check found an error: the chart can be laid out.
    public var isValid: Bool { !diagnostics.hasErrors }
}
