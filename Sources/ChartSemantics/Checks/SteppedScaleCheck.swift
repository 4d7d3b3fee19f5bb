import ChartData
import ChartDiagnostics
import ChartSpec
import ChartFormat
import ChartValues

/// The stepped color scales of SPEC §22 (`quantize`, `quantile`, `threshold`) must be drawable as written: on the
/// `color` channel of a field of numbers, with `bins` a whole number from 2 to `ScaleSpec.maximumSteps`, a
/// threshold's breaks ascending, a `range` of one color per step, and only the options the type honours.
struct SteppedScaleCheck: CataloguedRule {
    let kind = SemanticDiagnostic.Kind.scaleSteps
    let summary =
        "A quantize, quantile or threshold scale that cannot be drawn: off the color channel, on a field that is not numbers, bad bins, breaks not ascending, a range of the wrong count."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        for channel in context.spec.encoding.channels {
            guard let scale = channel.scale else { continue }
            let name = context.path(of: channel) + ".scale"
            guard let type = scale.type, type.value.isStepped else {
                if let bins = scale.bins {
                    diagnostics.append(
                        diagnostic(
                            "'\(name).bins' sets how many steps a quantize or quantile color scale has; write \"type\": \"quantize\" or \"quantile\", or remove it",
                            at: bins.span))
                }
                continue
            }
            let typeName = type.value.rawValue
            guard channel.channel == .color else {
                diagnostics.append(
                    diagnostic(
                        "a \(typeName) scale gives each step a color, so only 'color' takes it, not '\(context.path(of: channel))'"
                            + Self.advice(channel.channel),
                        at: type.span))
                continue
            }
            if let along = channel.along {
                diagnostics.append(
                    diagnostic(
                        "'\(context.path(of: channel)).along' colors marks by their position, which a \(typeName) scale does not step; remove 'along', or the scale's 'type'",
                        at: along.span))
                continue
            }
            if let field = channel.field?.value, let resolved = context.resolved[channel.channel], let measure = resolved.type,
                measure != .quantitative
            {
                let holds =
                    switch resolved.fieldType {
                    case .string?: "text"
                    case .boolean?: "true/false"
                    case .date?: "dates"
                    default: "\(measure.rawValue) values"
                    }
                diagnostics.append(
                    diagnostic(
                        "a \(typeName) scale cuts numbers into steps, but '\(context.path(of: channel))' shows '\(field)' as \(holds); use a quantitative field, or remove the scale's 'type' for a color per category",
                        at: type.span))
            }
            checkBins(scale, type: type.value, name: name, into: &diagnostics)
            checkOptions(scale, type: type.value, name: name, into: &diagnostics)
            checkDomain(scale, type: type, name: name, context: context, into: &diagnostics)
            checkRange(scale, type: type.value, name: name, into: &diagnostics)
        }
    }

    /// Why another channel cannot take steps, and what to write instead.
    private static func advice(_ channel: ChannelName) -> String {
        switch channel {
        case .size: "; a size keeps each value's area in proportion (SPEC §20): remove the scale's 'type'"
        case .x, .y, .x2, .y2: "; a position is placed on a continuous axis: use \"bin\" in the data to group values into intervals"
        default: "; remove the scale's 'type'"
        }
    }

    private func checkBins(_ scale: ScaleSpec, type: ScaleType, name: String, into diagnostics: inout [Diagnostic]) {
        guard let bins = scale.bins else { return }
        if type == .threshold {
            diagnostics.append(
                diagnostic(
                    "'\(name).bins' has no effect on a threshold scale, whose steps are the breaks in 'domain' (one more step than breaks); remove it",
                    at: bins.span))
            return
        }
        let value = bins.value
        if !value.isFinite || value != value.rounded() || value < 2 || value > Double(ScaleSpec.maximumSteps) {
            diagnostics.append(
                diagnostic(
                    "'\(name).bins' is how many steps the colors take: a whole number from 2 to \(ScaleSpec.maximumSteps), found \(NumberText.shortest(value))",
                    at: bins.span))
        }
    }

    /// `nice` and `zero` move a quantize scale's ends; a quantile scale's steps come from the values and a
    /// threshold's from its breaks, so there they would change nothing.
    private func checkOptions(_ scale: ScaleSpec, type: ScaleType, name: String, into diagnostics: inout [Diagnostic]) {
        guard type != .quantize else { return }
        let why = type == .quantile ? "a quantile scale's steps hold equal counts of the values" : "a threshold scale's steps are its breaks"
        if let nice = scale.nice {
            diagnostics.append(diagnostic("'\(name).nice' has no effect: \(why); remove it", at: nice.span))
        }
        if let zero = scale.zero {
            diagnostics.append(diagnostic("'\(name).zero' has no effect: \(why); remove it", at: zero.span))
        }
    }

    private func checkDomain(
        _ scale: ScaleSpec, type: Located<ScaleType>, name: String, context: SemanticContext, into diagnostics: inout [Diagnostic]
    ) {
        switch type.value {
        case .quantile:
            if let domain = scale.domain {
                diagnostics.append(
                    diagnostic(
                        "'\(name).domain' has no effect: a quantile scale's steps hold equal counts of the drawn values; remove it, or use \"quantize\" for equal intervals over [min, max]",
                        at: domain.span))
            }
        case .quantize:
            guard let domain = scale.domain else { return }
            for (index, value) in domain.value.enumerated() {
                switch value {
                case .number, .null: continue
                default:
                    diagnostics.append(
                        diagnostic(
                            "'\(name).domain' of a quantize scale is [min, max] in numbers (null takes that end from the data), found \(DomainShapeCheck.describe(value))",
                            at: context.element(index, of: domain.span)))
                    return
                }
            }
            guard domain.value.count == 2 else {
                diagnostics.append(
                    diagnostic(
                        "'\(name).domain' of a quantize scale is [min, max], found \(domain.value.count) value\(domain.value.count == 1 ? "" : "s"); for steps at breaks of your own use \"threshold\"",
                        at: domain.span))
                return
            }
            if let low = domain.value[0].numberValue, let high = domain.value[1].numberValue, !(low < high) {
                diagnostics.append(
                    diagnostic(
                        "'\(name).domain' is [min, max], and \(NumberText.shortest(low)) is not below \(NumberText.shortest(high)): the intervals would be empty",
                        at: domain.span))
            }
        case .threshold:
            guard let domain = scale.domain else {
                diagnostics.append(
                    diagnostic(
                        "a threshold scale needs 'domain': its breaks in ascending order, such as [10, 20, 30] (values below 10 take the first color, 30 and above the last)",
                        at: type.span))
                return
            }
            var previous: Double?
            for (index, value) in domain.value.enumerated() {
                guard let number = value.numberValue, number.isFinite else {
                    diagnostics.append(
                        diagnostic(
                            "'\(name).domain' of a threshold scale holds its breaks as numbers, found \(DomainShapeCheck.describe(value))",
                            at: context.element(index, of: domain.span)))
                    return
                }
                if let previous, !(previous < number) {
                    diagnostics.append(
                        diagnostic(
                            "'\(name).domain' holds the breaks in ascending order, but \(NumberText.shortest(number)) follows \(NumberText.shortest(previous))",
                            at: context.element(index, of: domain.span)))
                    return
                }
                previous = number
            }
        default:
            break
        }
    }

    private func checkRange(_ scale: ScaleSpec, type: ScaleType, name: String, into diagnostics: inout [Diagnostic]) {
        guard let range = scale.range else { return }
        let have = range.value.count
        let needed: Int
        let why: String
        switch type {
        case .threshold:
            guard let breaks = scale.domain?.value.count else { return }
            needed = breaks + 1
            why = "\(breaks) break\(breaks == 1 ? "" : "s") in 'domain' make \(needed) steps"
        default:
            guard let bins = scale.bins?.value, let count = scale.stepCount, Double(count) == bins else {
                if have < 2 {
                    diagnostics.append(
                        diagnostic("'\(name).range' lists the steps' colors, at least 2, found \(have)", at: range.span))
                }
                return
            }
            needed = count
            why = "'bins' is \(count)"
        }
        guard have != needed else { return }
        diagnostics.append(
            diagnostic(
                "'\(name).range' lists \(have) color\(have == 1 ? "" : "s"), but \(why): give \(needed) colors, one per step",
                at: range.span))
    }
}
