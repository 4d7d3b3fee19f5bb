import ChartDiagnostics
import ChartSpec

/// An arc's label text (SPEC §21) is a template: `{color}`, `{text}`, `{theta}` (or `{value}`), `{percent}` and
/// any field of the rows are filled in (`ArcLabels`, through the same `NoteTemplate`). A placeholder that is none
/// of them would be printed as written on every slice, so it is an error inside the string, with a did-you-mean;
/// so is a `{` no `}` closes (`{{` writes a brace). Fields are known when the rows' fields are (lint and build).
struct ArcLabelTextCheck: CataloguedRule {
    let kind = SemanticDiagnostic.Kind.arcLabelPlaceholder
    let summary = "An arc label's {placeholder} that is no placeholder of an arc and no field of its rows, or a { never closed."

    /// The placeholders every arc label may use.
    static let names = ["color", "text", "theta", "value", "percent"]

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        guard context.spec.mark.type.value == .arc, let source = context.spec.mark.labels?.textSource else { return }
        let template = NoteTemplate(source.text)
        if let unclosed = template.unclosed {
            diagnostics.append(
                diagnostic(
                    "'{' opens a placeholder in the arc's label text that no '}' closes; close it (e.g. {percent}), or write {{ for a brace",
                    at: source.span(for: unclosed.lowerBound..<(unclosed.lowerBound + 1))))
        }
        guard let fields = context.outputFields else { return }
        for placeholder in template.placeholders where !Self.names.contains(placeholder.name) && !fields.contains(placeholder.name) {
            let span = source.span(for: placeholder.range)
            let suggestion = Suggestions.closest(to: placeholder.name, in: Self.names + fields)
            let meant = suggestion.map { "; did you mean '{\($0)}'?" } ?? "."
            diagnostics.append(
                diagnostic(
                    "unknown placeholder '{\(placeholder.name)}' in the arc's label text\(meant) An arc label fills in {color}, {text}, {theta} (or {value}), {percent} and the fields of its rows",
                    at: span, fixIt: suggestion.map { FixIt(span: span, replacement: $0) }))
        }
    }
}
