import ChartDiagnostics
import ChartSemantics
import ChartSpec

/// A headline is read at a glance: newsroom style guides keep chart titles to about ten words and put the
/// detail in the subtitle. "About" ten: a year or a number often makes it eleven or twelve, so the warning starts
/// past twelve.
struct LongTitleRule: CataloguedRule, AppliesToTables {
    static let maximumWords = 12

    let kind = LintDiagnostic.Kind.longTitle
    let summary = "The title is longer than 12 words (about 10 reads at a glance); move detail to the subtitle."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        guard let title = context.spec.title else { return }
        let words = Self.wordCount(title.value)
        guard words > Self.maximumWords else { return }
        let hint = context.spec.subtitle == nil ? "move the detail to a \"subtitle\"" : "move the detail to the subtitle"
        diagnostics.append(
            diagnostic(
                "the title has \(words) words; a headline reads at a glance in about 10: \(hint)",
                at: title.span
            ))
    }

    /// Runs of non-space characters that hold a letter or a digit (a dash or `·` alone is not a word).
    static func wordCount(_ text: String) -> Int {
        text.split(whereSeparator: { $0.isWhitespace }).filter { word in word.contains { $0.isLetter || $0.isNumber } }.count
    }
}
