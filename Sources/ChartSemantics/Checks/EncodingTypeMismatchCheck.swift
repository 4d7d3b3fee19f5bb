import ChartData
import ChartDiagnostics
import ChartSpec

/// Text and true/false values have no position on a number line or a calendar: a field that holds them cannot be
/// declared `quantitative` or `temporal` (a CSV number column turns into text when one cell is not a number).
/// The id is the one a build reports.
struct EncodingTypeMismatchCheck: CataloguedRule {
    let kind = SemanticDiagnostic.Kind.encodingTypeMismatch
    let summary = "A channel declares quantitative or temporal for a field that holds text or true/false."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        let encoding = context.spec.encoding
        for channel in encoding.channels + encoding.tooltip {
            guard let declared = channel.type, declared.value == .quantitative || declared.value == .temporal,
                let field = channel.field, let type = context.fieldType(field.value), type == .string || type == .boolean
            else { continue }
            let holds = type == .string ? "text" : "true/false values"
            var message = "the field '\(field.value)' holds \(holds), so it cannot be \(declared.value.rawValue); use \"nominal\" or \"ordinal\""
            if context.schema?.contains(where: { $0.name == field.value }) == true && type == .string {
                let kind = declared.value == .quantitative ? "a number" : "a date"
                message +=
                    " (or, if it should hold \(declared.value == .quantitative ? "numbers" : "dates"), check the data: one cell that is not \(kind) makes the whole column text)"
            }
            diagnostics.append(diagnostic(message, at: declared.span ?? field.span))
        }
    }
}
