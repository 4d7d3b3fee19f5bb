import ChartDiagnostics
import ChartSpec

/// A channel must show a field of the rows the marks are drawn from: after `aggregate`, only the `groupBy` and
/// `aggregate` fields are left; otherwise the data's columns and the calculated fields.
struct UnknownFieldRule: LintRule {
    let id = "unknown-field"
    let severity = Severity.error
    let summary = "A groupBy, sort or channel field that is not in the data (or not in the rows after calculate and aggregate)."

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
        let encoding = context.spec.encoding
        for channel in encoding.channels + encoding.tooltip {
            guard let field = channel.field, !fields.contains(field.value) else { continue }
            let name = channel.channel.rawValue
            let suggestion = Suggestions.closest(to: field.value, in: fields)
            var message = "'encoding.\(name)' shows the field '\(field.value)', which "
            let inData = context.schema?.contains { $0.name == field.value } == true
                || context.spec.calculate.contains { $0.name.value == field.value }
            if context.spec.hasAggregate && inData {
                message += "'aggregate' leaves out: the aggregated rows hold only \(Self.list(fields))"
                if suggestion == nil { message += "; add it to 'groupBy', or aggregate it" }
            } else {
                message += "is not in the data"
                if suggestion == nil && !fields.isEmpty { message += " (fields: \(Self.list(fields)))" }
            }
            if let suggestion { message += "; did you mean '\(suggestion)'?" }
            diagnostics.append(diagnostic(
                message,
                at: field.span,
                fixIt: suggestion.flatMap { replacement in field.span.map { FixIt(span: $0, replacement: JSONText.quote(replacement)) } }
            ))
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
