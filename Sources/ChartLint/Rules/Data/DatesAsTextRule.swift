import ChartData
import ChartDiagnostics
import ChartFormat
import ChartSemantics
import ChartSpec
import ChartValues

/// A text column whose values are dates written in a common pattern (`Jan 1 2000`, `01/31/2015`; SPEC §19.10):
/// read as text, it sorts alphabetically and its axis is a list of categories, which the spec did not ask for.
/// Only columns the spec draws or facets by are checked, each on its distinct values (the column's dictionary):
/// the first ones guess the pattern, then every one must read in it. The fix-it adds the `parse` format.
struct DatesAsTextRule: CataloguedRule {
    let kind = LintDiagnostic.Kind.datesAsText
    let summary = "A text column the spec uses holds dates written in a common pattern: add the parse format that reads them."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        guard context.layerIndex == nil, let table = context.table, let schema = context.schema else { return }
        let spec = context.spec
        var fields: [Located<String>] = spec.encoding.channels.compactMap(\.field) + spec.encoding.tooltip.compactMap(\.field)
        if let facet = spec.facet { fields.append(facet.field) }
        let declared = Set(spec.data.parse.map(\.field.value))
        let locale = ChartLocale.named(spec.locale.value) ?? .enUS
        var seen: Set<String> = []
        for field in fields where seen.insert(field.value).inserted && !declared.contains(field.value) {
            // A column of the data, still text in the drawn rows (a calculated field is not the data's).
            guard schema.contains(where: { $0.name == field.value && $0.type == .string }),
                let column = table.column(named: field.value), case .string(_, let dictionary) = column.storage,
                let found = DatePatternDetection.detect(dictionary, locale: locale)
            else { continue }
            var message =
                "'\(field.value)' holds dates written as text (such as '\(dictionary.first { !$0.isEmpty } ?? "")'), so they are sorted alphabetically as categories; add \"parse\": { \"\(field.value)\": \"\(found.pattern)\" } to 'data' to read them as dates"
            if let order = found.order { message += " (\(order.explanation))" }
            let insertion = fixIt(context, field: field.value, pattern: found.pattern)
            diagnostics.append(diagnostic(message, at: spec.data.span ?? field.span, notes: usedNote(field, data: spec.data.span), fixIt: insertion))
        }
    }

    /// Where the field is used, when the warning points at `data`.
    private func usedNote(_ field: Located<String>, data: SourceSpan?) -> [DiagnosticNote] {
        guard data != nil, let span = field.span else { return [] }
        return [DiagnosticNote("'\(field.value)' is used here", at: span)]
    }

    /// The entry added to `data.parse`, or a `parse` object added to `data`.
    private func fixIt(_ context: SemanticContext, field: String, pattern: String) -> FixIt? {
        let entry = "\(JSONText.quote(field)): \(JSONText.quote(pattern))"
        if let parse = context.member("data", "parse"), parse.value.objectValue != nil {
            let open = parse.value.span
            let empty = parse.value.objectValue?.isEmpty ?? true
            return FixIt(
                span: SourceSpan(file: open.file, range: (open.range.lowerBound + 1)..<(open.range.lowerBound + 1)),
                replacement: empty ? " \(entry) " : " \(entry),", message: "add \(entry) to 'parse'")
        }
        guard let data = context.member("data"), let members = data.value.objectValue, let last = members.last else { return nil }
        let end = last.value.span.range.upperBound
        return FixIt(
            span: SourceSpan(file: last.value.span.file, range: end..<end), replacement: ", \"parse\": { \(entry) }",
            message: "add \"parse\": { \(entry) } to 'data'")
    }
}
