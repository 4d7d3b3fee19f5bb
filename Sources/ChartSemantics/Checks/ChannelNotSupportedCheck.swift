import ChartDiagnostics
import ChartSpec

/// A channel the mark does not draw would change nothing (SPEC §19.1): `size` on bars, `x2` on points, `text` on
/// lines. The table of marks (`MarkTraits`) says which marks draw each channel; the error names them. In a layer,
/// a channel inherited from the top-level encoding is fine while some layer draws it.
struct ChannelNotSupportedCheck: CataloguedRule {
    let kind = SemanticDiagnostic.Kind.channelNotSupported
    let summary = "A channel the mark does not draw (size on bars, x2 on points): SPEC §19.1's table of marks says which marks do."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        // A mark the composite stage made is held to the composite's entry (SPEC §21): the user wrote that one.
        let mark = context.spec.mark.composite ?? context.spec.mark.type.value
        let traits = mark.traits
        // `text` on a mark with value labels is what they print: without labels it prints nothing.
        if let text = context.spec.encoding.text, traits.drawsOnlyWithLabels(.text), context.spec.mark.labels == nil, !context.isInherited(text) {
            diagnostics.append(
                diagnostic(
                    "'encoding.text' on \(mark.rawValue) marks is the text of their value labels, but the marks have no labels: add \"labels\": true to 'mark', or remove it",
                    at: context.member("encoding", "text")?.keySpan ?? text.span))
        }
        for channel in context.spec.encoding.channels where !traits.draws(channel.channel) {
            let name = channel.channel.rawValue
            let drawing = MarkTraits.marks(drawing: channel.channel)
            let inherited = context.isInherited(channel)
            if inherited && context.layerMarks.contains(where: { drawing.contains($0) }) { continue }
            let span = (inherited ? nil : context.member("encoding", name)?.keySpan) ?? channel.span
            let whose: String
            if inherited {
                var marks: [MarkType] = []
                for type in context.layerMarks where !marks.contains(type) { marks.append(type) }
                whose = "no layer draws 'encoding.\(name)' (the layers are \(MarkTraits.describe(marks)))"
            } else {
                whose = "\(mark.rawValue) marks do not draw '\(name)'"
            }
            diagnostics.append(
                diagnostic("\(whose): \(name) is drawn by \(MarkTraits.describe(drawing)); remove it, or use one of those marks", at: span))
        }
    }
}
