import ChartDiagnostics
import ChartFormat
import ChartSemantics
import ChartSpec

/// A bar's or an area's length is its value: readers compare lengths, so the value axis must start at zero.
/// Cutting it (an explicit domain above zero, `zero: false`, a log scale) makes small differences look large.
/// Lines and points compare positions, not lengths, and may zoom in (the polarization chart's −0.6…0.6 is fine).
struct ZeroBaselineRule: CataloguedRule {
    let kind = LintDiagnostic.Kind.zeroBaseline
    let summary = "Bars or areas whose quantitative axis does not include zero (explicit domain, zero: false, or a log scale)."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        let mark = context.spec.mark.type.value
        guard mark.traits.growsFromZero else { return }
        let encoding = context.spec.encoding
        // Only the measure is a length: an area over years on x (an explicit x domain of 1990…2020) grows up from
        // zero on y, and x is where it runs along. While the orientation is unknown, both axes are candidates.
        var candidates = [(encoding.x, encoding.x2), (encoding.y, encoding.y2)]
        switch context.resolved.orientation {
        case .vertical?: candidates = [(encoding.y, encoding.y2)]
        case .horizontal?: candidates = [(encoding.x, encoding.x2)]
        case nil: break
        }
        for (channel, end) in candidates {
            // Range bars (y to y2) float on purpose; a time axis is not a length.
            guard let channel, end == nil, context.isDiscrete(channel) != true, context.isTemporal(channel) != true,
                let scale = channel.scale
            else { continue }
            let name = context.path(of: channel)
            let marks = mark == .bar ? "bars" : "areas"
            if let type = scale.type, type.value == .log {
                diagnostics.append(
                    diagnostic(
                        "\(marks) on a log scale have no zero to start from, so their lengths mean nothing: use a linear scale, or points or lines for data spanning orders of magnitude",
                        at: type.span
                    ))
                continue
            }
            if let zero = scale.zero, zero.value == false {
                diagnostics.append(
                    diagnostic(
                        "'\(name).scale.zero' is false, so the \(marks) do not start at zero and their lengths exaggerate differences: remove it, or use points or lines to zoom in",
                        at: zero.span
                    ))
                continue
            }
            if let domain = scale.domain {
                let numbers = domain.value.compactMap(\.numberValue)
                guard numbers.count == domain.value.count, let low = numbers.min(), let high = numbers.max(), low > 0 || high < 0 else { continue }
                let suggested = low > 0 ? "[0, \(NumberText.shortest(high))]" : "[\(NumberText.shortest(low)), 0]"
                diagnostics.append(
                    diagnostic(
                        "'\(name).scale.domain' leaves out zero, so the \(marks) do not start at zero and their lengths exaggerate differences: use \(suggested), or points or lines to zoom in",
                        at: domain.span
                    ))
            }
        }
    }
}
