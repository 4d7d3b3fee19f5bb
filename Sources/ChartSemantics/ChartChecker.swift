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
        MapPlaceCheck(),
        RangeWithoutBaseCheck(),
        OffsetWithoutBandCheck(),
        TextWithoutTextCheck(),
        ChannelNotSupportedCheck(),
        OptionNotSupportedCheck(),
        RangeOnBandAxisCheck(),
        EncodingUnknownFieldCheck(),
        EncodingTypeMismatchCheck(),
        ScaleTypeMismatchCheck(),
        SteppedScaleCheck(),
        SortOnContinuousCheck(),
        DomainTypeCheck(),
        DomainShapeCheck(),
        LogScaleDomainCheck(),
        InvalidColorCheck(),
        UnknownSchemeCheck(),
        InvalidFormatCheck(),
        AnnotationValueCheck(),
        AxisValuesDateCheck(),
        BinIntervalLimitCheck(),
        PanelLimitCheck(),
        ArcThetaCheck(),
        ArcLabelTextCheck(),
        TableUnknownFieldCheck(),
        TableColumnTypeCheck()
    ]

    /// Runs every check over `context`.
    ///
    /// A layered chart (SPEC §11) is checked layer by layer, each against its own rows, with the same checks;
    /// then across layers (`LayerChannelTypeCheck`). A mistake in an inherited channel is reported once.
    public static func check(_ context: SemanticContext) -> CheckedChart {
        var diagnostics: [Diagnostic] = []
        if context.spec.table != nil {
            // SPEC §24: a table has no marks, channels or scales; only the checks that hold for it run.
            run(checks, over: context, into: &diagnostics)
            return CheckedChart(context: context, diagnostics: diagnostics.uniqued().sortedByPosition())
        }
        run(checks, over: context, into: &diagnostics)
        if !context.layers.isEmpty { LayerChannelTypeCheck.check(context, into: &diagnostics) }
        LogScaleValuesCheck.check(context, into: &diagnostics)
        AnnotationAnchorCheck.check(context, into: &diagnostics)
        ProjectionWithoutMapCheck.check(context, into: &diagnostics)
        return CheckedChart(context: context, diagnostics: diagnostics.uniqued().sortedByPosition())
    }

    /// Runs `rules` over a one-mark chart's context, or over each layer's context of a layered chart (lint's
    /// publishing rules go through here too, so they see every layer).
    ///
    /// A mistake in an inherited channel that only some layers' rows reveal (a field one layer's own data lacks)
    /// gets a note naming those layers, pointing at each.
    public static func run(_ rules: [any ChartRule], over context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        if context.spec.table != nil {
            for rule in rules where rule is any AppliesToTables { rule.check(context, into: &diagnostics) }
            return
        }
        guard !context.layers.isEmpty else {
            for rule in rules { rule.check(context, into: &diagnostics) }
            return
        }
        var found: [(diagnostic: Diagnostic, layers: [Int])] = []
        for (index, layer) in context.layers.enumerated() {
            var own: [Diagnostic] = []
            for rule in rules { rule.check(layer, into: &own) }
            for diagnostic in own {
                if let seen = found.firstIndex(where: {
                    $0.diagnostic.id == diagnostic.id && $0.diagnostic.message == diagnostic.message
                        && $0.diagnostic.span?.range == diagnostic.span?.range
                }) {
                    found[seen].layers.append(index)
                } else {
                    found.append((diagnostic, [index]))
                }
            }
        }
        for (diagnostic, layers) in found {
            var diagnostic = diagnostic
            let inherited = layers.allSatisfy { index in
                guard let node = context.layers[index].layerNode, let span = diagnostic.span else { return false }
                return !(node.span.range.lowerBound <= span.range.lowerBound && span.range.upperBound <= node.span.range.upperBound)
            }
            if inherited && layers.count < context.layers.count {
                // A fix for these layers would break the others, which draw the inherited channel as written.
                diagnostic.fixIt = nil
                for index in layers {
                    let mark = context.layers[index].spec.mark.type.value.rawValue
                    diagnostic.notes.append(
                        DiagnosticNote(
                            "found in layers[\(index)] (\(mark)), over its own rows",
                            at: context.layers[index].layerNode.map {
                                SourceSpan(
                                    file: $0.span.file, range: $0.span.range.lowerBound..<min($0.span.range.lowerBound + 1, $0.span.range.upperBound))
                            }))
                }
            }
            diagnostics.append(diagnostic)
        }
    }
}

/// A spec that went through the checking stage, with what the stage found. Layout takes only a `CheckedChart`
/// without errors, so it never checks a spec again: what it cannot draw, the checks have already said.
public struct CheckedChart: Sendable {
    public let context: SemanticContext
    /// The checks' diagnostics, in file order.
    public let diagnostics: [Diagnostic]

    public var spec: ChartSpec { context.spec }

    /// The chart as the checking stage resolved it: one view for a one-mark chart, one per layer of a layered
    /// one (SPEC §11), in layer order. Layout reads channels' types, scales, orientation and stacking from here.
    public var views: [ResolvedView] { context.layers.isEmpty ? [context.resolved] : context.layers.map(\.resolved) }

    /// The same chart at another size (the HTML page's phone layout): size is not something the checks look at.
    public func resized(_ size: (width: Double, height: Double)) -> CheckedChart {
        var spec = context.spec
        spec.width = Located(size.width, at: spec.width.span)
        spec.height = Located(size.height, at: spec.height.span)
        return respecified(spec)
    }
    /// No check found an error: the chart can be laid out.
    public var isValid: Bool { !diagnostics.hasErrors }
}

extension Array where Element == Diagnostic {
    /// Without repeats (the same id, message and place: an inherited channel checked in every layer), in order.
    func uniqued() -> [Diagnostic] {
        var result: [Diagnostic] = []
        for diagnostic in self
        where !result.contains(where: { $0.id == diagnostic.id && $0.message == diagnostic.message && $0.span?.range == diagnostic.span?.range }) {
            result.append(diagnostic)
        }
        return result
    }
}
