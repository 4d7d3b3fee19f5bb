import ChartData
import ChartDiagnostics
import ChartFormat
import ChartSpec
import ChartValues

/// A continuous scale's explicit domain holds numbers, dates (ISO 8601 text) or `null` (that end comes from the
/// data), and at least two of them. The id is the one a build reports.
struct DomainTypeCheck: CataloguedRule {
    let kind = SemanticDiagnostic.Kind.scaleDomainType
    let summary = "A continuous scale's domain holds text that is not a date, or true/false, or fewer than two values."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        for channel in context.spec.encoding.channels {
            // A stepped scale's domain (SPEC §22: a threshold's breaks) is `SteppedScaleCheck`'s.
            guard let domain = channel.scale?.domain, context.isDiscrete(channel) == false, channel.scale?.type?.value.isStepped != true else {
                continue
            }
            for (message, span) in Self.problems(domain, channel: channel, context: context) {
                diagnostics.append(diagnostic(message, at: span))
            }
        }
    }

    /// What is wrong with the entries of a continuous domain, with where.
    static func problems(_ domain: Located<[Value]>, channel: ChannelDef, context: SemanticContext) -> [(String, SourceSpan?)] {
        let name = context.path(of: channel) + ".scale.domain"
        let temporal = context.isTemporal(channel) == true
        var problems: [(String, SourceSpan?)] = []
        for (index, value) in domain.value.enumerated() {
            switch value {
            case .number, .null, .date:
                continue
            case .string(let text) where ISODate.parse(text) != nil:
                continue
            case .string(let text) where ISODate.impossibility(text) != nil:
                // Written as a date, but none that exists (SPEC §19.10): say why.
                problems.append(
                    ("'\(name)' holds a date that does not exist: \(ISODate.impossibility(text) ?? text)", context.element(index, of: domain.span)))
            default:
                let expected = temporal ? "dates such as \"2015-01-31\", years, or null" : "numbers (or null to take that end from the data)"
                problems.append(
                    (
                        "'\(name)' of a \(temporal ? "time" : "continuous") scale holds \(expected), found \(DomainShapeCheck.describe(value))",
                        context.element(index, of: domain.span)
                    ))
            }
        }
        if problems.isEmpty && domain.value.count < 2 {
            problems.append(("'\(name)' of a continuous scale is [min, max], found \(domain.value.count) value", domain.span))
        }
        return problems
    }
}
