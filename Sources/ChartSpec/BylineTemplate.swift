import ChartDiagnostics
import ChartJSON

/// The byline read as a template (SPEC §23): `{updated}` stands for when the chart's data was read, written in
/// the locale's date format, so a chart rebuilt from live data says how fresh it is; `{{` and `}}` write `{` and
/// `}` (as in a note's text). Any other `{word}` is an error where it is written (`byline-placeholder`, or in a
/// batch `batch-placeholder`, whose value the byline may hold as well), so a misspelling never reaches the page.
public enum BylineTemplate {
    /// The placeholder's name.
    public static let updated = "updated"

    /// Whether the byline holds `{updated}` (the data's read time is then needed).
    public static func usesUpdated(_ byline: String) -> Bool {
        NoteTemplate(byline).placeholders.contains { $0.name == updated }
    }

    /// The byline as drawn: `{updated}` replaced by `stamp`, `{{` and `}}` by `{` and `}`.
    public static func filled(_ byline: String, updated stamp: String) -> String {
        NoteTemplate(byline).filled { $0 == updated ? stamp : nil }
    }

    /// The byline's `{word}`s other than `{updated}` and the names in `also` (a batch's value), each with its
    /// span in the file (braces included).
    static func unknown(in node: JSONValue, also: Set<String> = []) -> [Located<String>] {
        guard case .string(let string) = node.kind else { return [] }
        return BatchPlaceholders.placeholders(string, span: node.span, expression: false).filter {
            $0.value != updated && !also.contains($0.value)
        }
    }
}

extension SpecDecoder {
    /// `byline-placeholder`: each `{word}` of a one-chart spec's byline that is not `{updated}`, at the word.
    mutating func checkBylinePlaceholders(_ member: JSONMember) {
        for placeholder in BylineTemplate.unknown(in: member.value) {
            let suggestion = Suggestions.closest(to: placeholder.value, in: [BylineTemplate.updated])
            report(SpecDiagnostic.unknownBylinePlaceholder(found: placeholder.value, suggestion: suggestion), at: placeholder.span)
        }
    }
}
