import ChartDiagnostics
import ChartSemantics
import ChartSpec

/// Readers should be able to check the numbers: every published chart names where they come from. A chart drawn
/// from a built-in basemap (SPEC §22) has a source line without `sources` (the basemap's own credit), so it is
/// quiet there: the warning fires only when the source line would be empty.
struct MissingSourceRule: CataloguedRule, AppliesToTables {
    let kind = LintDiagnostic.Kind.missingSource
    let summary = "The chart names no source for its data (a built-in basemap names its own in the source line)."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        guard context.spec.sources.isEmpty, context.member("sources") == nil,
            !context.misspelled("sources", among: SpecKeys.topLevel), context.chartBasemapAttributions.isEmpty
        else { return }
        diagnostics.append(
            diagnostic(
                "the chart names no source; add \"sources\": [{ \"title\": …, \"site\": …, \"url\": … }] so readers can check the numbers",
                at: context.fileStart
            ))
    }
}
