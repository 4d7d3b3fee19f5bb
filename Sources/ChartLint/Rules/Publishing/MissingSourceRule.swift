import ChartDiagnostics
import ChartSemantics
import ChartSpec

/// Readers should be able to check the numbers: every published chart names where they come from.
struct MissingSourceRule: CataloguedRule, AppliesToTables {
    let kind = LintDiagnostic.Kind.missingSource
    let summary = "The chart names no source for its data."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        guard context.spec.sources.isEmpty, context.member("sources") == nil,
            !context.misspelled("sources", among: SpecKeys.topLevel)
        else { return }
        diagnostics.append(
            diagnostic(
                "the chart names no source; add \"sources\": [{ \"title\": …, \"site\": …, \"url\": … }] so readers can check the numbers",
                at: context.fileStart
            ))
    }
}
