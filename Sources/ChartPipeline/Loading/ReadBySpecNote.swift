import ChartDiagnostics
import ChartSpec

/// A problem in a data file is reported where it is (`data/ragged.csv:3:9`); when several specs read that
/// file, that alone does not say which build or lint it came from. So every diagnostic of loading a spec's data
/// that is located outside the spec gets a note at the spec's own `data.url` ("'data/ragged.csv' is read by
/// this spec"): each spec that read the file names itself, in every command that loads data.
enum ReadBySpecNote {
    /// `diagnostics` with the note added where it belongs (not to a diagnostic that already points into the spec).
    static func adding(to diagnostics: [Diagnostic], for source: DataSource) -> [Diagnostic] {
        guard case .url(let url) = source.origin, let urlSpan = url.span else { return diagnostics }
        let spec = urlSpan.file
        return diagnostics.map { diagnostic in
            let elsewhere = diagnostic.span.map { $0.file !== spec } ?? (diagnostic.path.map { $0 != spec.path } ?? false)
            guard elsewhere, !diagnostic.notes.contains(where: { $0.span == urlSpan }) else { return diagnostic }
            var named = diagnostic
            named.notes.append(DiagnosticNote("'\(url.value)' is read by this spec", at: urlSpan))
            return named
        }
    }

    static func adding(to error: DiagnosticError, for source: DataSource) -> DiagnosticError {
        DiagnosticError(adding(to: error.diagnostics, for: source))
    }
}
