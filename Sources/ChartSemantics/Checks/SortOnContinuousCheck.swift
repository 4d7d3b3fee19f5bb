import ChartDiagnostics
import ChartSpec

/// An encoding's `sort` (SPEC §20) orders a band axis's categories or the color domain. On a quantitative or
/// temporal channel there are no categories to order (a binned quantitative field included: its intervals lie in
/// the order of their values; as `"ordinal"` they are bands that `sort` orders), and sorting by the other position channel needs a field
/// there: either way the sort would not be drawn, so it is refused.
struct SortOnContinuousCheck: CataloguedRule {
    let kind = SemanticDiagnostic.Kind.sortOnContinuous
    let summary = "A channel's sort on a quantitative or temporal channel, or by a position channel without a field: nothing to order."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        let encoding = context.spec.encoding
        for name in [ChannelName.x, .y, .color] {
            guard let channel = encoding[name], let sort = channel.sort, channel.field != nil else { continue }
            let resolved = context.resolve(channel, values: false)
            if resolved.isDiscrete == false, resolved.binStep != nil {
                // Vega-Lite reverses a continuous axis for "descending" and drops any other sort there; chartc asks
                // for what draws it (reference.md, "Sorting").
                diagnostics.append(
                    diagnostic(
                        "'encoding.\(name.rawValue).sort' does nothing: '\(name.rawValue)' is a binned quantitative field, a continuous axis whose intervals lie in the order of their values; to order the bins give '\(name.rawValue)' \"type\": \"ordinal\" (a band per interval, in the order of 'sort'), or for the intervals from highest to lowest write \"scale\": { \"reverse\": true } instead of 'sort'",
                        at: sort.span ?? channel.span))
                continue
            }
            if resolved.isDiscrete == false {
                let kind = resolved.isTemporal == true ? "temporal" : "quantitative"
                let what = name == .color ? "a color scale of values" : "a continuous axis"
                diagnostics.append(
                    diagnostic(
                        "'encoding.\(name.rawValue).sort' does nothing: '\(name.rawValue)' is \(kind), \(what), whose order is the values' own; sort orders the categories of a nominal or ordinal field (a band axis or the color legend): remove 'sort' or give '\(name.rawValue)' \"type\": \"nominal\"",
                        at: sort.span ?? channel.span))
                continue
            }
            if case .channel(let other, _) = sort.value, encoding[other]?.field == nil {
                diagnostics.append(
                    diagnostic(
                        "'encoding.\(name.rawValue).sort' orders by '\(other.rawValue)', but '\(other.rawValue)' has no field to sum per category: sort by an aggregate such as \"-sum(FIELD)\", or give '\(other.rawValue)' a field",
                        at: sort.span ?? channel.span))
            }
        }
    }
}
