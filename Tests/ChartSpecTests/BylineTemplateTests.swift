import ChartDiagnostics
import ChartValues
import Testing

@testable import ChartSpec

/// The byline as a template (SPEC §23): `{updated}` is its one placeholder, `{{`/`}}` write braces, and any other
/// `{word}` is an error at the word (`byline-placeholder`; in a batch `batch-placeholder`, where the batch's value
/// is a placeholder too).
@Suite struct BylineTemplateTests {
    @Test func updatedIsTheBylinesPlaceholder() {
        let result = parse(lines(dataLine, markLine, #""byline": "Updated {updated} · {{ok}}""#))
        #expect(result.diagnostics.isEmpty)
        #expect(BylineTemplate.usesUpdated("Updated {updated}"))
        #expect(!BylineTemplate.usesUpdated("Updated {{updated}}"))
        #expect(BylineTemplate.filled("Updated {updated} · {{ok}}", updated: "May 1, 2026") == "Updated May 1, 2026 · {ok}")
    }

    @Test func aMisspelledPlaceholderIsAnErrorAtTheWord() {
        let result = parse(lines(dataLine, markLine, #""byline": "Updated {updatd}\n{team} \u00e9 {UPDATED}""#))
        #expect(result.ids == ["byline-placeholder", "byline-placeholder", "byline-placeholder"])
        #expect(result.diagnostics.map(position) == ["4:22", "4:32", "4:46"])
        #expect(
            result.diagnostics.first?.message
                == "'{updatd}' is no placeholder of the byline, which may hold '{updated}' (when the data was read); did you mean '{updated}'?")
        #expect(result.diagnostics[1].message.hasSuffix("; write '{{' and '}}' for braces"))
    }

    @Test func aBatchsBylineHoldsItsValueAndUpdated() throws {
        let batch = lines(dataLine, markLine, #""each": { "values": ["A{1}"], "as": "site" }"#, #""byline": "{site} {updated} {updatd}""#)
        let result = parse(batch)
        #expect(result.ids == ["batch-placeholder"])
        #expect(result.diagnostics.map(position) == ["5:31"])
        #expect(result.diagnostics.first?.message.hasSuffix("did you mean '{updated}'?") == true)

        // A brace in the value is written doubled in the byline, so it is drawn as itself, not read as a placeholder.
        let good = try #require(
            parse(lines(dataLine, markLine, #""each": { "values": ["A{1}"], "as": "site" }"#, #""byline": "{site} {updated}""#)).spec)
        let instance = good.batchInstance(for: .string("A{1}"))
        #expect(instance.diagnostics.isEmpty)
        #expect(instance.spec?.byline?.value == "A{{1}} {updated}")
        #expect(BylineTemplate.filled(instance.spec?.byline?.value ?? "", updated: "now") == "A{1} now")
    }
}
