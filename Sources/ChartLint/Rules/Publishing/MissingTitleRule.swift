import ChartDiagnostics
import ChartSemantics
import ChartSpec

/// Readers decide from the headline whether to look at a chart at all; a chart without one also has no SVG
/// `<title>` for screen readers.
struct MissingTitleRule: CataloguedRule, AppliesToTables {
    let kind = LintDiagnostic.Kind.missingTitle
    let summary = "The chart has no title (or an empty one): readers need a headline saying what it shows."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        if let title = context.spec.title {
            guard title.value.allSatisfy(\.isWhitespace) else { return }
            diagnostics.append(diagnostic("the title is empty; write a short headline that says what the chart shows", at: title.span))
            return
        }
        // Written with the wrong type: the parser said so.
        guard context.member("title") == nil, !context.misspelled("title", among: SpecKeys.topLevel) else { return }
        diagnostics.append(
            diagnostic(
                "the chart has no title; add \"title\" with a short headline so readers know what it shows",
                at: context.fileStart
            ))
    }
}
