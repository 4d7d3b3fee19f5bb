import ChartData
import ChartDiagnostics
import ChartLint
import ChartValues
import Testing

/// SPEC §19.1 and §19.2, found by writing specs from the SPEC alone: keys a position scale or axis cannot honour
/// are named (`option-ignored`), and rows a log scale cannot place are counted (`log-scale-drops-values`), so
/// that lint passing means the picture is the one written.
@Suite struct Section19NoOpTests {
    typealias H = LintHarness

    static let rows = Table(columns: [
        Column(name: "c", type: .string, values: ["a", "b", "c"].map { .string($0) }),
        Column(name: "v", type: .number, values: [3, 7, 5].map { .number($0) }),
        Column(name: "z", type: .number, values: [-2, 0, 4].map { .number($0) }),
        Column(name: "d", type: .date, values: [0, 86_400_000, 172_800_000].map { .date(Int64($0)) })
    ])

    @Test func scaleAndAxisKeysThatDoNothingAreNamed() {
        // zero where there is none: categories, a log scale, dates.
        H.expect(
            "option-ignored", in: H.quiet(##""mark": "bar", "encoding": {"x": {"field": "c", "scale": {⟪"zero": true}}, "y": {"field": "v"}}"##),
            table: Self.rows)
        H.expect(
            "option-ignored",
            in: H.quiet(##""mark": "point", "encoding": {"x": {"field": "v", "scale": {"type": "log", ⟪"zero": true}}, "y": {"field": "v"}}"##),
            table: Self.rows)
        H.expect(
            "option-ignored", in: H.quiet(##""mark": "line", "encoding": {"x": {"field": "d", "scale": {⟪"zero": true}}, "y": {"field": "v"}}"##),
            table: Self.rows)
        // nice on categories, and asked of a time axis (which follows its data).
        H.expect(
            "option-ignored", in: H.quiet(##""mark": "bar", "encoding": {"x": {"field": "c", "scale": {⟪"nice": false}}, "y": {"field": "v"}}"##),
            table: Self.rows)
        H.expect(
            "option-ignored", in: H.quiet(##""mark": "line", "encoding": {"x": {"field": "d", "scale": {⟪"nice": true}}, "y": {"field": "v"}}"##),
            table: Self.rows)
        // A pixel range on a position, a tick count on categories, a number format on text.
        H.expect(
            "option-ignored",
            in: H.quiet(##""mark": "point", "encoding": {"x": {"field": "v", "scale": {⟪"range": [0, 100]}}, "y": {"field": "v"}}"##),
            table: Self.rows)
        H.expect(
            "option-ignored", in: H.quiet(##""mark": "bar", "encoding": {"x": {"field": "c", "axis": {⟪"tickCount": 2}}, "y": {"field": "v"}}"##),
            table: Self.rows)
        let text = H.expect(
            "option-ignored", in: H.quiet(##""mark": "bar", "encoding": {"x": {"field": "c", ⟪"format": ".2f"}, "y": {"field": "v"}}"##),
            table: Self.rows)
        #expect(text.first?.message.contains("'c' holds text") == true)
        // What they do where they apply: nothing to say.
        H.expect(
            "option-ignored",
            in: H.quiet(
                ##""mark": "point", "encoding": {"x": {"field": "v", "scale": {"zero": true, "nice": false}, "axis": {"tickCount": 3}}, "y": {"field": "v", "format": ".1f"}}"##
            ), table: Self.rows)
    }

    @Test func legendKeysOnAChartWithoutALegendAreNamed() {
        H.expect(
            "option-ignored",
            in: H.quiet(
                ##""legend": {⟪"position": "bottom", ⟪"title": "Kind"}, "mark": "bar", "encoding": {"x": {"field": "c"}, "y": {"field": "v"}}"##),
            table: Self.rows)
        // With a color field there is a legend to place; "none" and false restate that there is none.
        H.expect(
            "option-ignored",
            in: H.quiet(
                ##""legend": {"position": "bottom"}, "mark": "bar", "encoding": {"x": {"field": "c"}, "y": {"field": "v"}, "color": {"field": "c"}}"##
            ),
            table: Self.rows)
        H.expect(
            "option-ignored",
            in: H.quiet(##""legend": {"position": "none"}, "mark": "bar", "encoding": {"x": {"field": "c"}, "y": {"field": "v"}}"##),
            table: Self.rows)
    }

    @Test func rowsALogScaleCannotPlaceAreCounted() {
        let found = H.expect(
            "log-scale-drops-values",
            in: H.quiet(##""mark": "point", "encoding": {"x": {"field": "z", "scale": {"type": ⟪"log"}}, "y": {"field": "v"}}"##), table: Self.rows)
        #expect(found.first?.message.hasPrefix("2 rows have 'z' at or below zero (the lowest -2)") == true, "\(found.map(\.message))")
        #expect(found.first?.severity == .warning)
        // All above zero: nothing to say; none above zero: the checks' error, not this warning.
        H.expect(
            "log-scale-drops-values",
            in: H.quiet(##""mark": "point", "encoding": {"x": {"field": "v", "scale": {"type": "log"}}, "y": {"field": "v"}}"##), table: Self.rows)
        let negative = Table(columns: [Column(name: "z", type: .number, values: [.number(-1), .number(0)])])
        H.expect(
            "log-scale-drops-values",
            in: H.quiet(##""mark": "point", "encoding": {"x": {"field": "z", "scale": {"type": "log"}}, "y": {"field": "z"}}"##), table: negative)
    }

    /// `stack` stacks along the measure: on the category channel of bars (or areas) it did nothing, silently.
    @Test func stackOnTheCategoryChannelIsNamed() {
        let found = H.expect(
            "option-ignored",
            in: H.quiet(##""mark": "bar", "encoding": {"x": {"field": "c", ⟪"stack": "normalize"}, "y": {"field": "v"}, "color": {"field": "c"}}"##),
            table: Self.rows)
        #expect(found.first?.message.contains("stack along their measure, 'y' here ('x' holds the categories)") == true, "\(found.map(\.message))")
        H.expect(
            "option-ignored",
            in: H.quiet(##""mark": "area", "encoding": {"x": {"field": "d", ⟪"stack": "zero"}, "y": {"field": "v"}, "color": {"field": "c"}}"##),
            table: Self.rows)
        // Horizontal bars: the measure is x, so `stack` on y is the no-op and on x it stacks.
        H.expect(
            "option-ignored",
            in: H.quiet(##""mark": "bar", "encoding": {"y": {"field": "c", ⟪"stack": "normalize"}, "x": {"field": "v"}}"##), table: Self.rows)
        H.expect(
            "option-ignored",
            in: H.quiet(##""mark": "bar", "encoding": {"y": {"field": "c"}, "x": {"field": "v", "stack": "normalize"}, "color": {"field": "c"}}"##),
            table: Self.rows)
    }

    /// On a log scale, `axis.values` at or below zero draw no tick: one warning per axis, at its `axis.values`.
    @Test func axisValuesAtOrBelowZeroOnALogScaleAreNamed() {
        let found = H.expect(
            "log-scale-drops-values",
            in: H.quiet(
                ##""mark": "point", "encoding": {"x": {"field": "v"}, "y": {"field": "v", "scale": {"type": "log"}, "axis": {"values": ⟪[-1, 0, 1, 10]}}}"##
            ),
            table: Self.rows)
        #expect(
            found.first?.message.hasPrefix("'encoding.y.axis.values' has 2 values at or below zero (-1 and 0)") == true, "\(found.map(\.message))")
        H.expect(
            "log-scale-drops-values",
            in: H.quiet(
                ##""mark": "point", "encoding": {"x": {"field": "v"}, "y": {"field": "v", "scale": {"type": "log"}, "axis": {"values": [1, 10]}}}"##),
            table: Self.rows)
        // Without the rows too: the values are the spec's own.
        H.expect(
            "log-scale-drops-values",
            in: H.quiet(
                ##""mark": "point", "encoding": {"x": {"field": "v"}, "y": {"field": "v", "scale": {"type": "log"}, "axis": {"values": ⟪[0, 1]}}}"##))
    }

    /// Annotation values at or below zero on a log scale: a rule or note is not drawn, a range is cut.
    @Test func annotationValuesAtOrBelowZeroOnALogScaleAreNamed() {
        let found = H.expect(
            "log-scale-drops-values",
            in: H.quiet(
                ##""mark": "point", "encoding": {"x": {"field": "v"}, "y": {"field": "v", "scale": {"type": "log"}}}, "annotations": [{"type": "rule", "y": ⟪0}, {"type": "range", "y": [⟪-1, 4]}, {"type": "text", "x": 5, "y": ⟪-3, "text": "n"}, {"type": "rule", "y": 2}]"##
            ), table: Self.rows)
        #expect(found.map(\.message).map { $0.contains("the rule is not drawn") } == [true, false, false], "\(found.map(\.message))")
        #expect(found.dropFirst().first?.message.contains("the range is cut at the axis's end") == true)
        // x is linear: an x of 0 is drawn.
        H.expect(
            "log-scale-drops-values",
            in: H.quiet(
                ##""mark": "point", "encoding": {"x": {"field": "v"}, "y": {"field": "v", "scale": {"type": "log"}}}, "annotations": [{"type": "rule", "x": 0}]"##
            ), table: Self.rows)
    }

    /// A bar's `y2` at or below zero on a log y: those bars are not drawn.
    @Test func aRangePartnerAtOrBelowZeroOnALogScaleIsCounted() {
        let found = H.expect(
            "log-scale-drops-values",
            in: H.quiet(##""mark": "bar", "encoding": {"x": {"field": "c"}, "y": {"field": "v", "scale": {"type": ⟪"log"}}, "y2": {"field": "z"}}"##),
            table: Self.rows)
        #expect(found.first?.message.hasPrefix("2 rows have 'z' at or below zero (the lowest -2)") == true, "\(found.map(\.message))")
    }
}
