import ChartData
import ChartDiagnostics
import ChartSpec

/// A column that `parse` declares a type its cells are not is reported in the data (`data.csv:3:7`), but the
/// fix is in the spec: this points the error at the spec's `parse` entry for that column — a fix-it writing the
/// date format that reads every failing cell when one does (SPEC §19.10), else a note at the entry.
enum ParseEntryFixIt {
    static func adding(to diagnostics: [Diagnostic], for source: DataSource) -> [Diagnostic] {
        diagnostics.map { diagnostic in
            guard case .columnNotOfType(let failure)? = diagnostic.diagnosticMessage as? DataDiagnostic, diagnostic.fixIt == nil,
                let entry = source.parse.first(where: { $0.field.value == failure.column }), let span = entry.type.span
            else { return diagnostic }
            var pointed = diagnostic
            if let suggestion = failure.suggestion {
                pointed.fixIt = FixIt(
                    span: span, replacement: JSONText.quote(suggestion), message: "read '\(failure.column)' with the parse format '\(suggestion)'")
            } else if !pointed.notes.contains(where: { $0.span == span }) {
                pointed.notes.append(DiagnosticNote("parse declares '\(failure.column)' here", at: span))
            }
            return pointed
        }
    }

    static func adding(to error: DiagnosticError, for source: DataSource) -> DiagnosticError {
        DiagnosticError(adding(to: error.diagnostics, for: source))
    }
}
