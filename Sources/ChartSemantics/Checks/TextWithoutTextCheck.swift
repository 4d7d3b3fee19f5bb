import ChartDiagnostics
import ChartSpec

/// A `text` mark draws the value of `encoding.text`; without it there is nothing to write.
struct TextWithoutTextCheck: CataloguedRule {
    let kind = SemanticDiagnostic.Kind.textWithoutText
    let summary = "A text mark has no text channel saying what to write."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        guard context.spec.mark.type.value.traits.required.contains(.text), context.spec.encoding.text == nil,
            context.member("encoding", "text") == nil,
            !context.misspelled("text", among: SpecKeys.encoding, at: "encoding"),
            !context.misspelled("encoding", among: SpecKeys.topLevel)
        else { return }
        diagnostics.append(
            diagnostic(
                "a text mark needs \"text\" in \"encoding\" saying what to write, e.g. \"text\": { \"field\": \"label\" }",
                at: context.spec.mark.type.span ?? context.fileStart
            ))
    }
}
