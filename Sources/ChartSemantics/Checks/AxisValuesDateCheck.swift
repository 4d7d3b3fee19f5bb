import ChartDiagnostics
import ChartFormat
import ChartSpec
import ChartValues

/// `axis.values` on a time axis are dates; one written as a date that cannot exist (`2008-02-30`) would be
/// dropped without a word, so it is an error at that value saying why (SPEC §19.10).
struct AxisValuesDateCheck: CataloguedRule {
    let kind = SemanticDiagnostic.Kind.axisValuesDate
    let summary = "An `axis.values` entry on a time axis written as a date that cannot exist (`2008-02-30`, month 13), saying why."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        for channel in context.spec.encoding.channels {
            guard let values = channel.axis?.values, context.isTemporal(channel) == true else { continue }
            for (index, value) in values.value.enumerated() {
                guard case .string(let text) = value, ISODate.parse(text) == nil, let reason = ISODate.impossibility(text) else { continue }
                diagnostics.append(
                    diagnostic(
                        "'\(context.path(of: channel)).axis.values' holds a date that does not exist: \(reason)",
                        at: context.element(index, of: values.span)))
            }
        }
    }
}
