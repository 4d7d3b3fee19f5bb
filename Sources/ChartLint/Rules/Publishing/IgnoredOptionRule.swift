import ChartDiagnostics
import ChartSemantics
import ChartSpec

/// Channel options that do nothing for this mark or channel (`stack` on a line, an `axis` on the color channel),
/// and projection options the projection type has not got (`parallels` on equalEarth, `rotate` on albersUsa, as
/// d3-geo and Vega-Lite silently ignore them): the author expected an effect they will not get. (A `mark` option or a channel the mark does not draw is an
/// error of the checks, `option-not-supported`/`channel-not-supported`, from the table of marks.)
struct IgnoredOptionRule: CataloguedRule {
    let kind = LintDiagnostic.Kind.optionIgnored
    let summary = "A channel or projection option that has no effect (stack on lines, an axis on color, parallels on a projection that is not conic)."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        let mark = context.spec.mark.type.value
        let stacking = MarkTraits.all.filter(\.stacks).map(\.type)
        let encoding = context.spec.encoding
        checkLegend(context, into: &diagnostics)
        checkProjection(context, into: &diagnostics)
        for channel in encoding.channels {
            let name = channel.channel.rawValue
            // An inherited `stack` that another layer's bars or areas use is not ignored (SPEC §11).
            let stackedElsewhere = context.isInherited(channel) && context.layerMarks.contains { $0.traits.stacks }
            if channel.stack != nil, !mark.traits.stacks, !stackedElsewhere, let member = context.member("encoding", name, "stack") {
                // Inherited by every layer: one message naming every layer's mark.
                var marks: [String] = []
                for type in context.isInherited(channel) ? context.layerMarks : [mark] where !marks.contains(type.rawValue) {
                    marks.append(type.rawValue)
                }
                diagnostics.append(
                    diagnostic(
                        "'encoding.\(name).stack' has no effect on \(Self.list(marks)) marks: only \(MarkTraits.describe(stacking)) stack; remove it",
                        at: member.keySpan))
            }
            if channel.stack != nil, mark.traits.stacks, !context.isInherited(channel), let measure = Self.stackedMeasure(context),
                channel.channel != measure, let member = context.member("encoding", name, "stack")
            {
                diagnostics.append(
                    diagnostic(
                        "'encoding.\(name).stack' has no effect: \(mark.rawValue) marks stack along their measure, '\(measure.rawValue)' here (\(Self.why(measure, context))); move it to 'encoding.\(measure.rawValue)', or remove it",
                        at: member.keySpan))
            }
            if channel.channel != .color, let member = context.member("encoding", name, "scale", "scheme") {
                diagnostics.append(
                    diagnostic(
                        "'encoding.\(name).scale.scheme' has no effect: color schemes apply to the color channel; remove it", at: member.keySpan))
            }
            checkScaleAndAxis(channel, context: context, into: &diagnostics)
            if channel.channel == .size, channel.field != nil, !context.isInherited(channel) {
                // SPEC §20: sizes run from zero (or the written domain) to the largest value, not to a rounded one.
                for key in ["nice", "reverse"] {
                    guard let member = context.member("encoding", name, "scale", key) else { continue }
                    diagnostics.append(
                        diagnostic(
                            "'encoding.size.scale.\(key)' has no effect: sizes run from the domain's low end (zero by default) to its high end, the largest area to the largest value; remove it",
                            at: member.keySpan))
                }
            }
            let hasAxis = [ChannelName.x, .y].contains(channel.channel)
            if !hasAxis, channel.axis != nil, let member = context.member("encoding", name, "axis") {
                let guide = channel.channel == .color || channel.channel == .size ? " (its guide is the legend)" : ""
                diagnostics.append(diagnostic("'encoding.\(name).axis' has no effect: only x and y have axes\(guide); remove it", at: member.keySpan))
            }
        }
    }

    /// `legend` keys on a chart that has no legend (no field on color or size; SPEC §19.1): a one-mark chart only,
    /// since in layers another layer's color may make one.
    /// `projection` keys its type does not take (SPEC §22): albersUsa's three parts have their own rotations,
    /// centres and parallels; only the conic projections have standard parallels.
    func checkProjection(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        guard let projection = context.spec.projection else { return }
        let type = String(describing: projection.options.type)
        let conic = ["albers", "conicEqualArea", "conicConformal"]
        if type == "albersUsa" {
            for key in ["rotate", "center", "parallels"] {
                guard let member = context.member("projection", key) else { continue }
                diagnostics.append(
                    diagnostic(
                        "'projection.\(key)' has no effect on albersUsa: its three parts (the lower 48, Alaska, Hawaii) keep their own; use \"albers\" to set it, or remove it",
                        at: member.keySpan))
            }
        } else if !conic.contains(type), let member = context.member("projection", "parallels") {
            diagnostics.append(
                diagnostic(
                    "'projection.parallels' has no effect on \(type): only the conic projections (\(conic.joined(separator: ", "))) have standard parallels; remove it",
                    at: member.keySpan))
        }
    }

    func checkLegend(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        let encoding = context.spec.encoding
        guard context.layerIndex == nil, encoding.color?.field == nil, encoding.size?.field == nil else { return }
        for key in ["position", "title"] {
            guard let member = context.member("legend", key) else { continue }
            if key == "position", context.spec.legend.position?.value == LegendPosition.none { continue }
            diagnostics.append(
                diagnostic(
                    "'legend.\(key)' has no effect: the chart has no legend, since no field is on color or size; remove it", at: member.keySpan))
        }
    }

    /// Scale and axis keys a position channel's scale cannot honour (SPEC §19.1): `zero: true` where there is no
    /// zero (categories, dates, a log scale), `nice` where nothing is niced (categories; time and log axes follow
    /// their data), `range` on a position (the plot's size places the marks), `tickCount` on a band or point axis
    /// (every category is labelled, SPEC §19.8), and `format` on a field of text.
    func checkScaleAndAxis(_ channel: ChannelDef, context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        let name = channel.channel.rawValue
        guard channel.field != nil, !context.isInherited(channel), let resolved = context.resolved[channel.channel] else { return }
        let position = [ChannelName.x, .y, .x2, .y2].contains(channel.channel)
        let discrete = resolved.isDiscrete == true
        let kind: String? =
            discrete ? "a scale of categories" : resolved.scaleType == .log ? "a log scale" : resolved.scaleType == .time ? "a time scale" : nil
        if position, channel.scale?.zero?.value == true, let kind, let member = context.member("encoding", name, "scale", "zero") {
            diagnostics.append(
                diagnostic(
                    "'encoding.\(name).scale.zero' has no effect: \(kind) has no zero to include; remove it", at: member.keySpan))
        }
        if position, let nice = channel.scale?.nice?.value, discrete || (nice && kind != nil),
            let kind, let member = context.member("encoding", name, "scale", "nice")
        {
            let why = discrete ? "categories are not rounded" : "\(kind)'s axis follows its data and is not rounded"
            diagnostics.append(diagnostic("'encoding.\(name).scale.nice' has no effect: \(why); remove it", at: member.keySpan))
        }
        if position, channel.scale?.range != nil, let member = context.member("encoding", name, "scale", "range") {
            let size = channel.channel == .x || channel.channel == .x2 ? "width" : "height"
            diagnostics.append(
                diagnostic(
                    "'encoding.\(name).scale.range' has no effect: positions span the plot, whose size is the chart's '\(size)'; remove it, or set '\(size)'",
                    at: member.keySpan))
        }
        if position, discrete, channel.axis?.tickCount != nil, let member = context.member("encoding", name, "axis", "tickCount") {
            diagnostics.append(
                diagnostic(
                    "'encoding.\(name).axis.tickCount' has no effect: an axis of categories labels every category; remove it", at: member.keySpan))
        }
        if resolved.fieldType == .string || resolved.fieldType == .boolean, discrete {
            for path in ["format", "axis.format"] {
                let found = path == "format" ? context.member("encoding", name, "format") : context.member("encoding", name, "axis", "format")
                guard let member = found else { continue }
                diagnostics.append(
                    diagnostic(
                        "'encoding.\(name).\(path)' has no effect: '\(channel.field?.value ?? name)' holds text, which is printed as it is; remove it",
                        at: member.keySpan))
            }
        }
    }

    /// The channel a stacking mark stacks along (SPEC §7): its measure, y for vertical bars or areas and x for
    /// horizontal ones, as the checking stage resolved the orientation; nil when that is not known.
    static func stackedMeasure(_ context: SemanticContext) -> ChannelName? {
        switch context.resolved.orientation {
        case .vertical?: .y
        case .horizontal?: .x
        case nil: nil
        }
    }

    /// Why the measure is that channel, for the message.
    static func why(_ measure: ChannelName, _ context: SemanticContext) -> String {
        let other: ChannelName = measure == .y ? .x : .y
        if context.resolved[other]?.isDiscrete == true { return "'\(other.rawValue)' holds the categories" }
        if context.resolved[other]?.isTemporal == true { return "'\(other.rawValue)' holds the time" }
        return "'\(other.rawValue)' is the independent axis"
    }

    static func list(_ names: [String]) -> String {
        guard let last = names.last else { return "" }
        if names.count == 1 { return last }
        return names.dropLast().joined(separator: ", ") + " and " + last
    }
}
