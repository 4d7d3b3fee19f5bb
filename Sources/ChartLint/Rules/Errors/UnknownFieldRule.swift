import ChartDiagnostics
import ChartSpec

/// `groupBy` names fields of the data (or calculated ones); `sort` names fields of the rows the marks are drawn
/// from. The planner checks the same when it runs; lint also says it when the planner cannot (no data yet).
struct UnknownFieldRule: LintRule {
    let id = "unknown-field"
    let severity = Severity.error
    let summary = "A groupBy or sort field that is not in the data (or, for sort, not in the rows after aggregate)."

    func check(_ context: LintContext, into diagnostics: inout [Diagnostic]) {
        if let schema = context.schema {
            let known = schema.map(\.name) + context.spec.calculate.map(\.name.value)
            for name in context.expressions.unknownGroupFields {
                report("'groupBy' names the field '\(name.value)', which is not in the data", name, candidates: known, into: &diagnostics)
            }
        }
        guard let fields = context.outputFields else { return }
        for key in context.spec.sort where !fields.contains(key.field) {
            let located = Located(key.field, at: key.span.map { span in
                // Point past the `-` of a descending key.
                SourceSpan(file: span.file, range: (span.range.lowerBound + (key.descending ? 2 : 1))..<max(span.range.upperBound - 1, span.range.lowerBound))
            })
            let place = context.spec.hasAggregate ? "the aggregated rows (\(Self.list(fields)))" : "the data"
            report("'sort' names the field '\(key.field)', which is not in \(place)", located, candidates: fields, into: &diagnostics, quoteReplacement: false)
        }
    }

    private func report(_ message: String, _ name: Located<String>, candidates: [String], into diagnostics: inout [Diagnostic], quoteReplacement: Bool = true) {
        let suggestion = Suggestions.closest(to: name.value, in: candidates)
        diagnostics.append(diagnostic(
            message + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
            at: name.span,
            fixIt: suggestion.flatMap { replacement in
                name.span.map { FixIt(span: $0, replacement: quoteReplacement ? JSONText.quote(replacement) : replacement) }
            }
        ))
    }

    /// `'a', 'b' and 'c'`, shortened past ten names.
    static func list(_ names: [String]) -> String {
        let shown = names.prefix(10).map { "'\($0)'" }
        let more = names.count > 10 ? " and \(names.count - 10) more" : ""
        guard shown.count > 1 else { return (shown.first ?? "no fields") + more }
        if more.isEmpty { return shown.dropLast().joined(separator: ", ") + " and " + (shown.last ?? "") }
        return shown.joined(separator: ", ") + more
    }
}
