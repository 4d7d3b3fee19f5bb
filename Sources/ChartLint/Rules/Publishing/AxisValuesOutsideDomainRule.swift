import ChartDiagnostics
import ChartSemantics
import ChartSpec
import ChartValues

/// `axis.values` outside the data stretch the axis to show them (SPEC §19.7), but an explicit `scale.domain` is
/// kept as written: a value outside it has no place on the axis and is not drawn. That is usually a domain written
/// before the values, so lint names the values that fall outside, with their count, in one warning per axis at
/// its `axis.values` entry.
struct AxisValuesOutsideDomainRule: CataloguedRule {
    let kind = LintDiagnostic.Kind.axisValuesOutsideDomain
    let summary = "An axis.values entry outside the channel's explicit scale.domain: the axis keeps the domain, so the tick is not drawn."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        let encoding = context.spec.encoding
        for channel in [encoding.x, encoding.y].compactMap({ $0 }) {
            guard let values = channel.axis?.values, let domain = channel.scale?.domain, !values.value.isEmpty,
                let reading = AnnotationAxis.reading(of: channel, in: context)
            else { continue }
            let name = context.path(of: channel)
            let written = "[\(domain.value.map { $0.text ?? "null" }.joined(separator: ", "))]"
            let outside: [Int]
            if reading == .categories {
                let names = Set(domain.value.compactMap(\.text))
                outside = values.value.indices.filter { index in values.value[index].text.map { !names.contains($0) } ?? false }
            } else {
                guard let ends = AnnotationOutsideDomainRule.ends(domain.value, reading: reading) else { continue }
                outside = values.value.indices.filter { index in
                    guard let number = AnnotationAxis.number(values.value[index], reading: reading) else { return false }
                    return number < ends.low || number > ends.high
                }
            }
            guard !outside.isEmpty else { continue }
            let shown = outside.map { AnnotationOutsideDomainRule.describe(values.value[$0]) }
            let list = shown.count == 1 ? shown[0] : shown.dropLast().joined(separator: ", ") + " and " + (shown.last ?? "")
            let count = shown.count == 1 ? "1 value" : "\(shown.count) values"
            let verb = shown.count == 1 ? "is" : "are"
            // One warning per axis, at its `axis.values` entry: the values listed, with their count.
            diagnostics.append(
                diagnostic(
                    "'\(name).axis.values' has \(count) outside '\(name).scale.domain' \(written): \(list) \(verb) kept out by the domain, so \(shown.count == 1 ? "that tick is" : "those ticks are") not drawn: widen the domain, or remove it to let the values stretch the axis",
                    at: values.span ?? channel.span,
                    notes: domain.span.map { [DiagnosticNote("the domain is set here", at: $0)] } ?? []))
        }
    }
}
