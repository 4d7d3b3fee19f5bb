import ChartData
import ChartDiagnostics
import ChartSpec
import ChartValues
import Testing
@testable import ChartLint

/// The checking stage's `annotation-value-type` and lint's annotation rules (SPEC §12), each at the value's
/// `line:col` (⟪ marks where a diagnostic must point).
@Suite struct AnnotationRuleTests {
    typealias H = LintHarness

    static let days = H.table("day", ["Mon", "Tue", "Wed", "Thu", "Fri"], measure: "n")
    static let series = Table(columns: [
        Column(name: "t", type: .number, values: (0..<10).map { .number(Double($0)) }),
        Column(name: "v", type: .number, values: (0..<10).map { .number(Double(10 + $0 % 3)) })
    ])
    static let dated = Table(columns: [
        Column(name: "d", type: .date, values: (0..<10).map { .date(Int64($0) * 86_400_000 + 1_420_070_400_000) }),
        Column(name: "v", type: .number, values: (0..<10).map { .number(Double($0)) })
    ])

    @Test func valuesMustBeWhatTheirAxisHolds() {
        let bars = ##""mark": "bar", "encoding": {"x": {"field": "day"}, "y": {"field": "n"}}"##
        // A date and an unknown category on a band axis; a category on a linear one (with a did-you-mean).
        H.expect(
            "annotation-value-type",
            in: H.quiet(
                bars
                    + ##", "annotations": [{"type": "rule", "x": ⟪"2015-01-01"}, {"type": "rule", "x": ⟪"Wendesday"}, {"type": "rule", "y": ⟪"Mon"}, {"type": "rule", "x": "Wed"}]"##
            ), table: Self.days)
        let close = H.expect("annotation-value-type", in: H.quiet(bars + ##", "annotations": [{"type": "rule", "x": ⟪"Thru"}]"##), table: Self.days)
        #expect(close.first?.message.contains("did you mean 'Thu'?") == true)
        #expect(close.first?.fixIt != nil)
        // A number in quotes on a linear axis gets a fix-it.
        let quoted = H.expect("annotation-value-type", in: H.quiet(bars + ##", "annotations": [{"type": "rule", "y": ⟪"4"}]"##), table: Self.days)
        #expect(quoted.first?.fixIt?.replacement == "4")
        // A non-ISO string and a bare number on a time axis; an ISO date is fine.
        let time = ##""mark": "line", "encoding": {"x": {"field": "d"}, "y": {"field": "v"}}"##
        H.expect(
            "annotation-value-type",
            in: H.quiet(
                time + ##", "annotations": [{"type": "rule", "x": ⟪"Jan 5 2015"}, {"type": "rule", "x": ⟪42}, {"type": "rule", "x": "2015-01-05"}]"##),
            table: Self.dated)
        // No such channel.
        H.expect(
            "annotation-value-type",
            in: H.quiet(##""mark": "bar", "encoding": {"x": {"field": "day"}}, "annotations": [{"type": "rule", "y": ⟪3}]"##), table: Self.days)
    }

    @Test func anAggregateIsCheckedByWhatItGives() {
        let bars = ##""mark": "bar", "encoding": {"x": {"field": "day"}, "y": {"field": "n"}}"##
        H.expect(
            "annotation-value-type",
            in: H.quiet(
                bars + ##", "annotations": [{"type": "rule", "y": {"aggregate": "mean(n)"}}, {"type": "rule", "x": {"aggregate": ⟪"mean(n)"}}]"##),
            table: Self.days)
    }

    @Test func aValueOutsideAnExplicitDomainIsAWarning() {
        let line = ##""mark": "line", "encoding": {"x": {"field": "t"}, "y": {"field": "v", "scale": {"domain": [0, 20]}}}"##
        let found = H.expect(
            "annotation-outside-domain",
            in: H.quiet(line + ##", "annotations": [{"type": "rule", "y": ⟪25}, {"type": "rule", "y": 15}, {"type": "range", "y": [10, ⟪40]}]"##),
            table: Self.series)
        #expect(found.first?.message.contains("not drawn") == true)
        #expect(found.last?.message.contains("cut") == true)
        #expect(found.allSatisfy { $0.severity == .warning })
    }

    @Test func aValueThatStretchesTheScaleALotIsAWarning() {
        let line = ##""mark": "line", "encoding": {"x": {"field": "t"}, "y": {"field": "v"}}"##
        // Data 10–12: a rule at 100 leaves it 2% of the axis; one at 13 is fine.
        H.expect(
            "annotation-stretches-scale", in: H.quiet(line + ##", "annotations": [{"type": "rule", "y": 13}, {"type": "rule", "y": ⟪100}]"##),
            table: Self.series)
        H.expect(
            "annotation-stretches-scale", in: H.quiet(line + ##", "annotations": [{"type": "rule", "y": 13}, {"type": "rule", "x": 12}]"##),
            table: Self.series)
        // With an explicit domain nothing stretches.
        H.expect(
            "annotation-stretches-scale",
            in: H.quiet(
                ##""mark": "line", "encoding": {"x": {"field": "t"}, "y": {"field": "v", "scale": {"domain": [0, 200]}}}, "annotations": [{"type": "rule", "y": 100}]"##
            ), table: Self.series)
    }

    @Test func aNoteLongerThanThePlotIsWideIsAWarning() {
        let line = ##""mark": "line", "encoding": {"x": {"field": "t"}, "y": {"field": "v"}}"##
        let long = String(repeating: "A long sentence about the data. ", count: 4)
        H.expect(
            "annotation-note-too-long",
            in: H.quiet(
                line
                    + ##", "annotations": [{"type": "text", "x": 1, "y": 10, "text": ⟪"\##(long)"}, {"type": "text", "x": 2, "y": 11, "text": "Short"}]"##
            ), table: Self.series)
        // The same note on a wide chart fits.
        H.expect(
            "annotation-note-too-long",
            in: H.quiet(line + ##", "width": 2000, "annotations": [{"type": "text", "x": 1, "y": 10, "text": "\##(long)"}]"##), table: Self.series)
    }

    /// The note is measured in the font a build sets it in, not estimated from its length: 60 capital W are wider
    /// than the plot, 60 small i are not (an estimate per character called both 374 px).
    @Test func aNoteIsMeasuredInTheThemesFont() {
        let line = ##""mark": "line", "encoding": {"x": {"field": "t"}, "y": {"field": "v"}}"##
        func note(_ text: String, marked: Bool) -> String {
            H.quiet(line + ##", "annotations": [{"type": "text", "x": 1, "y": 10, "text": \##(marked ? "⟪" : "")"\##(text)"}]"##)
        }
        let wide = H.expect("annotation-note-too-long", in: note(String(repeating: "W", count: 60), marked: true), table: Self.series)
        #expect(wide.first?.message.contains("px long") == true)
        H.expect("annotation-note-too-long", in: note(String(repeating: "i", count: 60), marked: false), table: Self.series)
    }
}
