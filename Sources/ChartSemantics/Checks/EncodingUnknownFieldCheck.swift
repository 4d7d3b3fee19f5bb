import ChartDiagnostics
import ChartSpec

/// A channel must show a field of the rows the marks are drawn from: after `aggregate`, only the `groupBy` and
/// `aggregate` fields are left; otherwise the data's columns and the calculated fields. (The id is the one a
/// build reports, so lint and build agree.)
struct EncodingUnknownFieldCheck: CataloguedRule {
    let kind = SemanticDiagnostic.Kind.encodingUnknownField
    let summary = "A channel's field is not in the rows the marks are drawn from (after calculate and aggregate)."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        guard let fields = context.outputFields else { return }
        let encoding = context.spec.encoding
        for channel in encoding.channels + encoding.tooltip {
            guard let field = channel.field, !fields.contains(field.value) else { continue }
            let name = channel.channel.rawValue
            let suggestion = Suggestions.closest(to: field.value, in: fields)
            var message = "'\(context.path(of: channel))' shows the field '\(field.value)', which "
            let inData =
                context.schema?.contains { $0.name == field.value } == true
                || context.spec.calculate.contains { $0.name.value == field.value }
            if let statistics = context.spec.statistics, inData {
                message += "is not in the rows: '\(statistics.step.value.rawValue)' replaces the rows with \(FieldList.text(fields))"
            } else if context.spec.hasAggregate && inData {
                message += "'aggregate' leaves out: the aggregated rows hold only \(FieldList.text(fields))"
                if suggestion == nil { message += "; add it to 'groupBy', or aggregate it" }
            } else {
                message += "is not in the data"
                if suggestion == nil && !fields.isEmpty { message += " (fields: \(FieldList.text(fields)))" }
            }
            if let suggestion { message += "; did you mean '\(suggestion)'?" }
            diagnostics.append(
                diagnostic(
                    message,
                    at: field.span,
                    fixIt: suggestion.flatMap { replacement in field.span.map { FixIt(span: $0, replacement: JSONText.quote(replacement)) } }
                ))
        }
    }
}
