import ChartDiagnostics
import ChartSpec

/// A table's column (SPEC §24) must show a field of its rows (after calculate, aggregate and window), and
/// `table.sort` must order by one; a sparkline's column names no field of the rows (its values come from `from`).
struct TableUnknownFieldCheck: CataloguedRule, AppliesToTables {
    let kind = SemanticDiagnostic.Kind.tableUnknownField
    let summary = "A table column or table.sort names a field that is not in the table's rows."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        guard let table = context.spec.table, let fields = context.outputFields else { return }
        for (index, column) in table.columns.enumerated() {
            if column.kind != .sparkline && !fields.contains(column.field.value) {
                report(column.field.value, at: column.field.span, path: "table.columns[\(index)].field", fields: fields, into: &diagnostics)
            }
            // A sparkline joins its rows on a field the table's rows hold too.
            if let key = column.from?.key, !fields.contains(key.value) {
                report(key.value, at: key.span, path: "table.columns[\(index)].from.key", fields: fields, into: &diagnostics)
            }
        }
        if let sort = table.sort, !fields.contains(sort.field) {
            // The fix-it replaces the name inside the quotes (after the `-` of a descending sort).
            let inner = sort.span.map { span in
                SourceSpan(file: span.file, range: (span.range.upperBound - 1 - sort.field.utf8.count)..<(span.range.upperBound - 1))
            }
            report(sort.field, at: sort.span, path: "table.sort", fields: fields, fixAt: inner, into: &diagnostics)
        }
    }

    private func report(
        _ field: String, at span: SourceSpan?, path: String, fields: [String], fixAt: SourceSpan? = nil, into diagnostics: inout [Diagnostic]
    ) {
        let suggestion = Suggestions.closest(to: field, in: fields)
        var message = "'\(path)' names the field '\(field)', which is not in the table's rows"
        if let suggestion {
            message += "; did you mean '\(suggestion)'?"
        } else if !fields.isEmpty {
            message += " (fields: \(FieldList.text(fields)))"
        }
        let fixIt: FixIt? = suggestion.flatMap { replacement in
            if let fixAt { return FixIt(span: fixAt, replacement: replacement) }
            return span.map { FixIt(span: $0, replacement: JSONText.quote(replacement)) }
        }
        diagnostics.append(diagnostic(message, at: span, fixIt: fixIt))
    }
}
