import ChartDiagnostics
import ChartSpec

/// `windowBy` partitions the output rows, so it can only name fields of the output (the `groupBy` and
/// `aggregate` fields, or with no aggregate the data's and calculated fields). The planner checks the same when
/// it runs; lint also says it when there is no data to plan against.
struct WindowByFieldRule: LintRule {
    let id = "window-by-field"
    let severity = Severity.error
    let summary = "A windowBy field that is not a field of the output rows (SPEC §14)."

    func check(_ context: LintContext, into diagnostics: inout [Diagnostic]) {
        guard let fields = context.fieldsBeforeWindow else { return }
        for name in context.spec.windowBy where !name.value.isEmpty && !fields.contains(name.value) {
            let suggestion = Suggestions.closest(to: name.value, in: fields)
            var message = "'windowBy' names the field '\(name.value)', which is not in the output rows (\(UnknownFieldRule.list(fields)))"
            if context.spec.hasAggregate && context.schema?.contains(where: { $0.name == name.value }) == true {
                message += "; it is dropped by the aggregation: add it to groupBy"
            } else if let suggestion {
                message += "; did you mean '\(suggestion)'?"
            }
            diagnostics.append(diagnostic(
                message,
                at: name.span,
                fixIt: suggestion.flatMap { replacement in name.span.map { FixIt(span: $0, replacement: JSONText.quote(replacement)) } }
            ))
        }
    }
}
