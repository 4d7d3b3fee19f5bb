import ChartData
import ChartDiagnostics
import ChartFormat
import ChartSemantics
import ChartSpec
import ChartValues

/// Rows whose value on a band axis, `color` or `offset` is null, or on the `facet` field (SPEC §19.9): they are
/// drawn as a category labelled with the locale's word for missing (`n/a`, `k. A.`), placed last, and the reader
/// should know why it is there. Counted on the built table, so only when the pipeline has run.
struct MissingCategoryRule: CataloguedRule {
    let kind = LintDiagnostic.Kind.missingCategory
    let summary = "Rows with no value on a category channel or the facet field: they are drawn as the category n/a."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        guard let table = context.table else { return }
        let encoding = context.spec.encoding
        var fields: [(name: String, span: SourceSpan?, what: String)] = []
        for channel in [encoding.x, encoding.y, encoding.color, encoding.offset].compactMap({ $0 }) {
            // Discrete as the checking stage resolved it (a numeric field on a band scale is a category too).
            guard let field = channel.field, context.resolved[channel.channel]?.isDiscrete == true else { continue }
            fields.append((field.value, field.span, "'\(channel.channel.rawValue)'"))
        }
        if let facet = context.spec.facet { fields.append((facet.field.value, facet.field.span, "the facet")) }
        let word = (ChartLocale.named(context.spec.locale.value) ?? .enUS).missingWord
        var seen: Set<String> = []
        for field in fields where seen.insert(field.name).inserted {
            guard let column = table.column(named: field.name) else { continue }
            let missing = (0..<column.count).reduce(0) { $0 + (column.valid[$1] ? 0 : 1) }
            guard missing > 0 else { continue }
            diagnostics.append(
                diagnostic(
                    "\(missing) row\(missing == 1 ? " has" : "s have") no '\(field.name)' (null) on \(field.what): drawn as the category '\(word)', last; filter \(missing == 1 ? "it" : "them") out (\"\(field.name) != null\") or fill the value in",
                    at: field.span))
        }
    }
}
