import ChartData
import ChartDiagnostics
import ChartFormat
import ChartSpec
import ChartValues

/// An explicit domain must fit its scale: a continuous scale takes `[min, max]` with two different ends, and a
/// discrete one a list of distinct categories. A position or size range is pixels. (What the entries of a
/// continuous domain may be is `DomainTypeCheck`'s.)
struct DomainShapeCheck: CataloguedRule {
    let kind = SemanticDiagnostic.Kind.domainShape
    let summary =
        "A scale domain or range of the wrong shape: more than [min, max] on a continuous scale, equal ends, mixed types, repeated categories."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        for channel in context.spec.encoding.channels {
            guard let scale = channel.scale else { continue }
            let name = context.path(of: channel) + ".scale"
            // A stepped scale's domain (SPEC §22: a threshold's breaks) is `SteppedScaleCheck`'s.
            if let domain = scale.domain, scale.type?.value.isStepped != true {
                checkDomain(domain, channel: channel, name: name + ".domain", context: context, into: &diagnostics)
            }
            if let range = scale.range, channel.channel != .color {
                for (index, value) in range.value.enumerated() where value.numberValue == nil {
                    diagnostics.append(
                        diagnostic(
                            "'\(name).range' is in pixels and holds numbers, found \(Self.describe(value))",
                            at: context.element(index, of: range.span)
                        ))
                }
            }
        }
    }

    private func checkDomain(
        _ domain: Located<[Value]>, channel: ChannelDef, name: String, context: SemanticContext, into diagnostics: inout [Diagnostic]
    ) {
        let values = domain.value
        switch context.isDiscrete(channel) {
        case false?:
            // Entries of the wrong type and too few values are `scale-domain-type`'s; null leaves an end open.
            guard DomainTypeCheck.problems(domain, channel: channel, context: context).isEmpty else { return }
            // A color ramp may have a middle (diverging: [min, mid, max]).
            let allowed = channel.channel == .color ? 2...3 : 2...2
            if values.count > allowed.upperBound {
                diagnostics.append(
                    diagnostic(
                        "'\(name)' of a continuous scale is [min, max], found \(values.count) values (only the first and last would be used)",
                        at: domain.span
                    ))
                return
            }
            let ends = values.compactMap { Self.position($0) }
            if let first = ends.first, ends.count == values.count, ends.allSatisfy({ $0 == first }) {
                diagnostics.append(diagnostic("'\(name)' is empty: its ends are the same, so nothing could be placed on it", at: domain.span))
            }
        case true?:
            var seen: [Value] = []
            for (index, value) in values.enumerated() {
                if seen.contains(value) {
                    diagnostics.append(
                        diagnostic(
                            "'\(name)' lists \(Self.describe(value)) twice: each category appears once",
                            at: context.element(index, of: domain.span)
                        ))
                } else {
                    seen.append(value)
                }
            }
        case nil:
            let hasNumbers = values.contains { $0.numberValue != nil }
            let hasStrings = values.contains { $0.stringValue != nil }
            if hasNumbers && hasStrings {
                diagnostics.append(diagnostic("'\(name)' mixes numbers and strings: a domain holds one kind of value", at: domain.span))
            }
        }
    }

    /// Where a domain end sits, to compare ends: numbers as they are, dates as milliseconds.
    static func position(_ value: Value) -> Double? {
        if let number = value.numberValue { return number }
        if let text = value.stringValue, let milliseconds = ISODate.parse(text) { return Double(milliseconds) }
        return nil
    }

    static func describe(_ value: Value) -> String {
        switch value {
        case .string(let text): "the string \(JSONText.quote(text))"
        case .number(let number): "the number \(NumberText.shortest(number))"
        case .boolean(let bool): "\(bool)"
        case .date(let milliseconds): "the date \(milliseconds)"
        case .null: "null"
        }
    }
}
