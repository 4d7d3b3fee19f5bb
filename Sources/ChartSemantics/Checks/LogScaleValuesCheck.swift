import ChartData
import ChartDiagnostics
import ChartSpec
import ChartValues

/// A log scale shows values above zero only (SPEC §19.2): when the rows at hand hold values of its channel but none
/// above zero, there is nothing it could draw. Runs over the whole chart, since one scale serves every layer (SPEC
/// §11) and, in small multiples with an independent scale, each panel has its own (SPEC §13). It needs the rows, so
/// lint reports it whenever it has them, like build.
struct LogScaleValuesCheck {
    static let kind = SemanticDiagnostic.Kind.logScaleNoPositiveValues

    static func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        let views = context.layers.isEmpty ? [context] : context.layers
        for (name, partnerName) in [(ChannelName.x, ChannelName.x2), (.y, .y2)] {
            // The layer that writes a `scale` (else the first) decides the scale's type, as layout does.
            let having = views.filter { $0.spec.encoding[name]?.field != nil }
            guard let lead = having.first(where: { $0.spec.encoding[name]?.scale != nil }) ?? having.first,
                let channel = lead.spec.encoding[name], lead.resolved[name]?.scaleType == .log
            else { continue }
            // Both ends written: the domain does not come from the data (`scale-invalid-domain` checks it).
            if let domain = channel.scale?.domain?.value, domain.count >= 2, domain.first?.isNull == false, domain.last?.isNull == false {
                continue
            }
            let facet = context.spec.facet
            let independent = facet.map { name == .x ? !$0.sharesX : !$0.sharesY } ?? false
            var empty: [String] = []
            if independent, let facet {
                for panel in Self.panels(views, facet: facet.field.value, channel: name, partner: partnerName)
                where panel.values.count > 0 && panel.values.positive == 0 {
                    empty.append(panel.key)
                }
            } else {
                var values = ValueSummary()
                for view in views where view.resolved.isDiscrete(name) == false {
                    values = values.merged(with: Self.values(of: view, channel: name, partner: partnerName))
                }
                guard values.count > 0, values.positive == 0 else { continue }
            }
            if independent && empty.isEmpty { continue }
            let field = channel.field?.value ?? name.rawValue
            let fields = lead.spec.encoding[partnerName]?.field.map { "'\(field)' and '\($0.value)' have" } ?? "'\(field)' has"
            let panels = independent ? " in the panels " + empty.map { "'\($0)'" }.joined(separator: ", ") : ""
            let message =
                "a log scale shows values above zero only, and \(fields) none\(panels); use a linear scale, or filter the rows to values above zero"
            diagnostics.append(
                Diagnostic(kind, message, at: channel.scale?.type?.span ?? channel.scale?.domain?.span ?? channel.span))
        }
    }

    /// The values a view puts on a position scale: its field's, the range partner's, and a bin's interval ends.
    static func values(of view: SemanticContext, channel name: ChannelName, partner: ChannelName) -> ValueSummary {
        guard let channel = view.resolved[name], var values = channel.values else { return ValueSummary() }
        if let step = channel.binStep, let upper = values.upper { values.add(upper + step) }
        if let partner = view.resolved[partner]?.values { values = values.merged(with: partner) }
        return values
    }

    /// Each panel's values (the facet field's value, as the panel's title names it), from the views' rows.
    static func panels(_ views: [SemanticContext], facet: String, channel name: ChannelName, partner: ChannelName) -> [(
        key: String, values: ValueSummary
    )] {
        var order: [String] = []
        var byKey: [String: ValueSummary] = [:]
        for view in views where view.resolved.isDiscrete(name) == false {
            guard let table = view.table, let keys = table.column(named: facet) else { continue }
            let fields = [view.spec.encoding[name]?.field?.value, view.spec.encoding[partner]?.field?.value].compactMap { $0 }
            let columns = fields.compactMap { table.column(named: $0) }
            let step = view.resolved[name]?.binStep
            for row in 0..<table.rowCount where keys.valid[row] {
                let key = keys[row].text ?? ""
                var values =
                    byKey[key]
                    ?? {
                        order.append(key)
                        return ValueSummary()
                    }()
                for column in columns {
                    guard let value = ValueSummary(column, rows: row..<(row + 1)), let upper = value.upper else { continue }
                    values = values.merged(with: value)
                    if let step, column.name == fields.first { values.add(upper + step) }
                }
                byKey[key] = values
            }
        }
        let panels = order.map { (key: $0, values: byKey[$0] ?? ValueSummary()) }
        return panels
    }
}

extension ResolvedView {
    /// Whether the channel is discrete; nil when it is not set or unknown.
    func isDiscrete(_ name: ChannelName) -> Bool? { channels[name]?.isDiscrete }
}
