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
        if let text = context.spec.encoding.text, text.field != nil, traits.drawsOnlyWithLabels(.text), context.spec.mark.labels == nil,
            !context.isInherited(text)
        {
            diagnostics.append(
                diagnostic(
                    "'encoding.text' on \(mark.rawValue) marks is the text of their value labels, but the marks have no labels: add \"labels\": true to 'mark', or remove it",
                    at: context.member("encoding", "text")?.keySpan ?? text.span))
        }
        // `order` on bars and areas is their stacking order (SPEC §20): without a stack it would change nothing.
        // (No color field, or for areas no `detail`, leaves the stack unresolved: nothing splits the marks.)
        let encoding = context.spec.encoding
        let splits = encoding.color?.field != nil || (traits.draws(.detail) && encoding.detail?.field != nil)
        let stacks = context.resolved.stack.map { $0 != StackMode.none } ?? (splits ? nil : false)
        if let order = encoding.order, order.field != nil, traits.draws(.order), mark != .line, stacks == false, !context.isInherited(order) {
            diagnostics.append(
                diagnostic(
                    "'\(context.path(of: order))' orders the stack of \(mark.rawValue) marks, but these do not stack (a stack needs a color field, or a detail field on areas, a quantitative measure and no 'offset' or \"stack\": false); remove it, or draw a line, which joins its points in that order",
                    at: context.member("encoding", "order")?.keySpan ?? order.span))
        }
        // A channel with neither a field nor a value is one whose value the parser refused (an opacity of 1.5): its
        // error is reported already, and it is not a field.
        for channel in context.spec.encoding.channels where !traits.draws(channel) && (channel.field != nil || channel.value != nil) {
            let name = channel.channel.rawValue
            // A channel the composite stage added (a boxplot's box spans y…y2) is not one the user wrote: only
            // what was written is held to the composite's entry.
            if context.spec.mark.composite != nil && context.member("encoding", name) == nil { continue }
            let isConstant = channel.value != nil && channel.field == nil
            let drawing = isConstant ? MarkTraits.marks(drawingConstant: channel.channel) : MarkTraits.marks(drawing: channel.channel)
            let inherited = context.isInherited(channel)
            if inherited && context.layerMarks.contains(where: { drawing.contains($0) }) { continue }
            let span = (inherited ? nil : context.member("encoding", name)?.keySpan) ?? channel.span
            let whose: String
            if inherited {
                var marks: [MarkType] = []
                for type in context.layerMarks where !marks.contains(type) { marks.append(type) }
                whose = "no layer draws 'encoding.\(name)' (the layers are \(MarkTraits.describe(marks)))"
            } else if isConstant {
                whose = "\(mark.rawValue) marks do not draw a constant '\(name)'"
            } else {
                whose = "\(mark.rawValue) marks do not draw '\(name)'"
            }
            let what = isConstant ? "a constant \(name)" : name
            var message = "\(whose): \(what) is drawn by \(MarkTraits.describe(drawing)); remove it, or use one of those marks"
            if drawing.isEmpty {
                // `detail` and `order` (SPEC §20) read a field's values; a constant would split or order nothing.
                message = "\(whose): \(what) is drawn by \(MarkTraits.describe(drawing)), since '\(name)' reads a field's values; give it a 'field'"
            }
            if !isConstant, traits.drawsConstant(channel.channel) {
                // `size` on bars, `opacity` anywhere: the constant is drawn, a field is not.
                message =
                    "\(whose) from a field: a field on \(name) is drawn by \(MarkTraits.describe(drawing)); \(mark.rawValue) marks take a constant \(name) such as \(Self.example(channel.channel))"
                if channel.channel == .opacity { message += " (to show a field, use color)" }
            }
            diagnostics.append(diagnostic(message, at: span))
        }
        // A size shows an amount as an area from zero (SPEC §20): categories have no amount to show. (Vega-Lite sizes
        // an ordinal field by rank; chartc does not, since the areas would state ratios the data does not have.)
        if let size = context.spec.encoding.size, size.field != nil, traits.draws(size), !context.isInherited(size),
            let resolved = context.resolved[.size], resolved.isDiscrete == true
        {
            let field = size.field?.value ?? "size"
            let kind = resolved.type?.rawValue ?? "nominal"
            diagnostics.append(
                diagnostic(
                    "'encoding.size' shows '\(field)', which is \(kind) (categories), but a size shows an amount as an area from zero: use a quantitative field, or show the categories with color",
                    at: context.member("encoding", "size")?.keySpan ?? size.span))
        }
        // A tooltip lists the row's fields: a constant there would show nothing of the row.
        for tooltip in context.spec.encoding.tooltip where tooltip.field == nil && tooltip.value != nil && !context.isInherited(tooltip) {
            diagnostics.append(
                diagnostic(
                    "a constant tooltip is drawn by \(MarkTraits.describe(MarkTraits.marks(drawingConstant: .tooltip))): a tooltip shows fields of the row under the pointer; give it a 'field'",
                    at: tooltip.value?.span ?? tooltip.span))
        }
    }

    /// A constant of the kind `channel` takes.
    static func example(_ channel: ChannelName) -> String {
        switch channel {
        case .opacity: #"{ "value": 0.5 }"#
        case .size: #"{ "value": 4 }"#
        case .color: #"{ "value": "steelblue" }"#
        case .text: #"{ "value": "label" }"#
        default: #"{ "value": 40 }"#
        }
    }
}
