import ChartData
import ChartDiagnostics
import ChartSpec

/// A scale type must fit the channel's data: categories cannot go on a continuous (linear, log, sqrt, time)
/// scale, dates not on log or sqrt, a time scale needs dates, and bars need bands (not points).
struct ScaleTypeMismatchCheck: CataloguedRule {
    let kind = SemanticDiagnostic.Kind.scaleTypeMismatch
    let summary = "A scale type that cannot show the channel's data (a log scale on categories, a time scale on text)."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        let encoding = context.spec.encoding
        for channel in encoding.channels {
            // The stepped color scales (SPEC §22) are `SteppedScaleCheck`'s.
            guard let scaleType = channel.scale?.type, !scaleType.value.isStepped else { continue }
            let name = context.path(of: channel)
            let continuous = [ScaleType.linear, .log, .sqrt, .time].contains(scaleType.value)
            var problem: String?
            let mark = context.spec.mark.type.value
            if channel.channel == .size, scaleType.value != .sqrt, channel.field != nil {
                // SPEC §20: a value maps to a dot's area, so its radius to the value's square root.
                problem =
                    "'\(name)' maps each value to an area (a radius by the square root, from zero), which is what \"sqrt\" names; a \(scaleType.value.rawValue) scale would make the areas misstate the values: remove 'type', or write \"sqrt\""
            } else if scaleType.value == .point, mark.traits.needsBands, channel.channel == .x || channel.channel == .y {
                // A point scale places categories at points: a bar there has no width to draw (SPEC §19.1).
                problem =
                    "\(mark.rawValue) marks need a band for each category, but a point scale gives them no width; use \"band\" (the default), or a point or line mark"
            } else if let type = channel.type?.value {
                if type.isDiscrete && continuous {
                    problem =
                        "'\(name)' is \(type.rawValue) (categories), which a \(scaleType.value.rawValue) scale cannot place; use \"band\" or \"point\", or make the channel quantitative"
                } else if type == .temporal && (scaleType.value == .log || scaleType.value == .sqrt) {
                    problem = "'\(name)' is temporal, which a \(scaleType.value.rawValue) scale cannot show; use \"time\""
                } else if type == .quantitative && scaleType.value == .time {
                    problem = "'\(name)' is quantitative, but a time scale needs dates; use \"linear\", or \"type\": \"temporal\" for years"
                }
            } else if continuous, let field = channel.field?.value, let fieldType = context.fieldType(field),
                fieldType == .string || fieldType == .boolean
            {
                problem =
                    "'\(name)' shows '\(field)', which holds text, but a \(scaleType.value.rawValue) scale needs numbers or dates; use \"band\" or \"point\""
            }
            if let problem {
                diagnostics.append(diagnostic(problem, at: scaleType.span))
            }
        }
    }
}
