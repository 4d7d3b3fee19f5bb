import ChartDiagnostics
import ChartSemantics
import ChartSpec

/// Channel options that do nothing for this mark or channel (`stack` on a line, an `axis` on the color channel):
/// the author expected an effect they will not get. (A `mark` option or a channel the mark does not draw is an
/// error of the checks, `option-not-supported`/`channel-not-supported`, from the table of marks.)
struct IgnoredOptionRule: CataloguedRule {
    let kind = LintDiagnostic.Kind.optionIgnored
    let summary = "A channel option that has no effect on this mark or channel (stack on lines, an axis on color)."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        let mark = context.spec.mark.type.value
        let stacking = MarkTraits.all.filter(\.stacks).map(\.type)
        let encoding = context.spec.encoding
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
            if channel.channel != .color, let member = context.member("encoding", name, "scale", "scheme") {
                diagnostics.append(
                    diagnostic(
                        "'encoding.\(name).scale.scheme' has no effect: color schemes apply to the color channel; remove it", at: member.keySpan))
            }
            let hasAxis = [ChannelName.x, .y].contains(channel.channel)
            if !hasAxis, channel.axis != nil, let member = context.member("encoding", name, "axis") {
                let guide = channel.channel == .color || channel.channel == .size ? " (its guide is the legend)" : ""
                diagnostics.append(diagnostic("'encoding.\(name).axis' has no effect: only x and y have axes\(guide); remove it", at: member.keySpan))
            }
        }
    }

    static func list(_ names: [String]) -> String {
        guard let last = names.last else { return "" }
        if names.count == 1 { return last }
        return names.dropLast().joined(separator: ", ") + " and " + last
    }
}
