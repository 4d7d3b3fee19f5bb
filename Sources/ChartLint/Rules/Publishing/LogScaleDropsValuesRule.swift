import ChartDiagnostics
import ChartFormat
import ChartSemantics
import ChartSpec
import ChartValues

/// A log scale shows values above zero only (SPEC §19.1, §19.2): what is zero or negative has no place on it and
/// is not drawn. When no row is above zero the checking stage refuses the chart (`log-scale-no-positive-values`);
/// otherwise the chart is drawn without them, and the reader of the spec should know what vanishes:
/// - rows whose position value (or `x2`/`y2` partner) is at or below zero, counted on the built table, so only
///   when the pipeline has run; each layer counts its rows on the shared scale, whichever layer declares it log;
/// - `axis.values` at or below zero (one warning per axis, at its `axis.values`, listing them);
/// - annotation values at or below zero (at each value).
struct LogScaleDropsValuesRule: CataloguedRule {
    let kind = LintDiagnostic.Kind.logScaleDropsValues
    let summary = "Rows, axis.values or annotation values at or below zero on a log-scale axis: a log scale cannot place them, so they are not drawn."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        let encoding = context.spec.encoding
        for (name, partnerName) in [(ChannelName.x, ChannelName.x2), (.y, .y2)] {
            guard let lead = context.scaleLead(name), lead.resolved.scaleType == .log else { continue }
            if let channel = encoding[name], context.resolved[name]?.isDiscrete != true {
                checkRows(context, channel: channel, partner: partnerName, lead: lead, into: &diagnostics)
                checkAxisValues(context, channel: channel, into: &diagnostics)
            }
            checkAnnotations(context, axis: name, into: &diagnostics)
        }
    }

    /// Rows at or below zero on the scale: this view's field and its range partner.
    func checkRows(
        _ context: SemanticContext, channel: ChannelDef, partner partnerName: ChannelName, lead: SemanticContext.ScaleLead,
        into diagnostics: inout [Diagnostic]
    ) {
        guard context.table != nil, let field = channel.field else { return }
        // Both ends written: the domain is the user's, and `scale-invalid-domain` checks it.
        if let domain = lead.channel.scale?.domain?.value, domain.count >= 2, domain.first?.isNull == false, domain.last?.isNull == false {
            return
        }
        var fields = [(field.value, context.resolved[channel.channel]?.values ?? ValueSummary())]
        if let partner = context.spec.encoding[partnerName]?.field, let values = context.resolved[partnerName]?.values {
            fields.append((partner.value, values))
        }
        let positive = fields.reduce(0) { $0 + $1.1.count - $1.1.nonPositive }
        // The scale is this view's own: none above zero is the checks' error. Declared by another layer, this
        // layer's rows may all vanish while the others' are drawn.
        let declaredHere = lead.channel.span == channel.span
        guard positive > 0 || !declaredHere else { return }
        let scale = lead.channel.scale?.type?.span
        for (name, values) in fields where values.nonPositive > 0 {
            let count = values.nonPositive
            let lowest = values.lower.map { " (the lowest \(NumberText.shortest($0)))" } ?? ""
            let elsewhere = declaredHere ? "" : " the log scale of '\(channel.channel.rawValue)' declared in another layer"
            diagnostics.append(
                diagnostic(
                    "\(count) row\(count == 1 ? " has" : "s have") '\(name)' at or below zero\(lowest), which\(elsewhere.isEmpty ? " a log scale" : elsewhere) cannot show, so \(count == 1 ? "it is" : "they are") not drawn: filter \(count == 1 ? "it" : "them") out (\"\(name) > 0\") or use a linear scale",
                    at: declaredHere ? scale ?? field.span : field.span,
                    notes: !declaredHere ? scale.map { [DiagnosticNote("the log scale is declared here", at: $0)] } ?? [] : []))
        }
    }

    /// `axis.values` at or below zero: no tick can be drawn there.
    func checkAxisValues(_ context: SemanticContext, channel: ChannelDef, into diagnostics: inout [Diagnostic]) {
        guard let values = channel.axis?.values, !context.isInherited(channel) else { return }
        let below = values.value.compactMap(\.numberValue).filter { $0 <= 0 }
        guard !below.isEmpty else { return }
        let shown = below.map(NumberText.shortest)
        let list = shown.count == 1 ? shown[0] : shown.dropLast().joined(separator: ", ") + " and " + (shown.last ?? "")
        let name = context.path(of: channel)
        diagnostics.append(
            diagnostic(
                "'\(name).axis.values' has \(shown.count == 1 ? "1 value" : "\(shown.count) values") at or below zero (\(list)), which a log scale cannot show, so \(shown.count == 1 ? "that tick is" : "those ticks are") not drawn: use values above zero, or a linear scale",
                at: values.span ?? channel.span))
    }

    /// Annotation values at or below zero: a rule or note there is not drawn, a range is cut at the axis's end.
    func checkAnnotations(_ context: SemanticContext, axis: ChannelName, into diagnostics: inout [Diagnostic]) {
        for annotation in context.spec.annotations {
            let values = annotation.values(on: axis)
            for item in values {
                guard let number = item.value?.numberValue, number <= 0 else { continue }
                let isRange = annotation.kind.value == .range
                let positiveEnd = values.contains { ($0.value?.numberValue ?? 0) > 0 }
                let effect = isRange && positiveEnd ? "the range is cut at the axis's end" : "the \(annotation.kind.value.rawValue) is not drawn"
                diagnostics.append(
                    diagnostic(
                        "\(NumberText.shortest(number)) is at or below zero, which the log scale of '\(axis.rawValue)' cannot show, so \(effect): use a value above zero, or a linear scale",
                        at: item.span ?? annotation.span))
            }
        }
    }
}
