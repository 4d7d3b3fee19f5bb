import ChartData
import ChartDiagnostics
import ChartSpec
import ChartLint
import ChartValues
import Foundation
import Testing

/// The error rules: each with a spec that breaks it (the marker `⟪` sits where the diagnostic must point) and a
/// spec that does not.
@Suite("Lint error rules")
struct ErrorRuleTests {
    typealias H = LintHarness

    @Test func missingPosition() {
        let found = H.expect("missing-position", in: H.quiet(##""mark": ⟪"bar""##))
        #expect(found.first?.severity == .error)
        H.expect("missing-position", in: H.quiet(##""mark": "bar", ⟪"encoding": {"color": {"field": "a"}}"##))
        H.expect("missing-position", in: H.quiet(##""mark": "bar", "encoding": {"y": {"field": "a"}}"##))
        H.expect("missing-position", in: H.quiet(##""mark": "rule", "encoding": {"y2": {"field": "a"}, "x": {"field": "b"}}"##))
    }

    @Test func rangeWithoutBase() {
        let found = H.expect("range-without-base", in: H.quiet(##""mark": "bar", "encoding": {"x": {"field": "a"}, ⟪"y2": {"field": "b"}}"##))
        #expect(found.first?.fixIt?.replacement == "\"y\"")
        #expect(found.first?.message.contains("'encoding.y2' ends a range that 'encoding.y' starts") == true)
        H.expect("range-without-base", in: H.quiet(##""mark": "bar", "encoding": {"y": {"field": "a"}, "y2": {"field": "b"}, "x": {"field": "c"}}"##))
    }

    @Test func offsetWithoutBand() {
        let text = H.quiet(
            ##""mark": "bar", "encoding": {"x": {"field": "a", "type": "quantitative"}, "y": {"field": "b", "type": "temporal"}, ⟪"offset": {"field": "c"}}"##
        )
        let found = H.expect("offset-without-band", in: text)
        #expect(found.first?.message.contains("'x' is quantitative and 'y' is temporal") == true)
        // A nominal axis is a band.
        H.expect(
            "offset-without-band",
            in: H.quiet(##""mark": "bar", "encoding": {"x": {"field": "a", "type": "nominal"}, "y": {"field": "b"}, "offset": {"field": "c"}}"##))
        // Types unknown without data: quiet. With the data's types: decided.
        let untyped = ##""mark": "bar", "encoding": {"x": {"field": "a"}, "y": {"field": "b"}, "offset": {"field": "c"}}"##
        H.expect("offset-without-band", in: H.quiet(untyped))
        H.expect("offset-without-band", in: H.quiet(untyped), schema: [("a", .string), ("b", .number), ("c", .string)])
        H.expect(
            "offset-without-band", in: H.quiet(untyped.replacingOccurrences(of: ##""offset""##, with: ##"⟪"offset""##)),
            schema: [("a", .number), ("b", .number), ("c", .string)])
    }

    @Test func textWithoutText() {
        H.expect("text-without-text", in: H.quiet(##""mark": ⟪"text", "encoding": {"x": {"field": "a"}}"##))
        H.expect("text-without-text", in: H.quiet(##""mark": {"type": ⟪"text"}, "encoding": {"x": {"field": "a"}}"##))
        H.expect("text-without-text", in: H.quiet(##""mark": "text", "encoding": {"x": {"field": "a"}, "text": {"field": "b"}}"##))
    }

    @Test func unknownFieldAgainstTheData() {
        let schema: [(name: String, type: DataType)] = [("year", .number), ("party", .string), ("score", .number)]
        let found = H.expect(
            "encoding-unknown-field", in: H.quiet(##""mark": "line", "encoding": {"x": {"field": ⟪"yaer"}, "y": {"field": "score"}}"##),
            schema: schema)
        #expect(found.first?.message == "'encoding.x' shows the field 'yaer', which is not in the data; did you mean 'year'?")
        #expect(found.first?.fixIt?.replacement == "\"year\"")
        // Calculated fields count; tooltips are checked too.
        H.expect(
            "encoding-unknown-field",
            in: H.quiet(
                ##""calculate": {"decade": "year - year % 10"}, "mark": "bar", "encoding": {"x": {"field": "decade"}, "tooltip": ["score", ⟪"nope"]}"##
            ), schema: schema)
        // No data: nothing to check against.
        H.expect("encoding-unknown-field", in: H.quiet(##""mark": "line", "encoding": {"x": {"field": "yaer"}}"##))
    }

    @Test func unknownFieldAfterAggregate() {
        let schema: [(name: String, type: DataType)] = [("year", .number), ("party", .string), ("score", .number)]
        let text = H.quiet(
            ##""groupBy": ["year"], "aggregate": {"median": "median(score)"}, "mark": "line", "encoding": {"x": {"field": "year"}, "y": {"field": ⟪"score"}}"##
        )
        let found = H.expect("encoding-unknown-field", in: text, schema: schema)
        #expect(
            found.first?.message
                == "'encoding.y' shows the field 'score', which 'aggregate' leaves out: the aggregated rows hold only 'year' and 'median'; add it to 'groupBy', or aggregate it"
        )
        // With aggregate the output fields are known even without the data.
        H.expect(
            "encoding-unknown-field",
            in: H.quiet(
                ##""groupBy": ["year"], "aggregate": {"median": "median(score)"}, "mark": "line", "encoding": {"x": {"field": "year"}, "y": {"field": ⟪"medain"}}"##
            ))
    }

    @Test func unknownGroupAndSortFields() {
        let schema: [(name: String, type: DataType)] = [("year", .number), ("party", .string), ("score", .number)]
        let group = H.expect(
            "unknown-field",
            in: H.quiet(##""groupBy": ["year", ⟪"partyy"], "aggregate": {"n": "count()"}, "mark": "bar", "encoding": {"x": {"field": "year"}}"##),
            schema: schema)
        #expect(group.first?.message == "unknown groupBy field 'partyy'; did you mean 'party'?")
        // The planner underlines the whole sort key; its fix-it replaces the name inside it.
        let sort = H.expect(
            "unknown-field",
            in: H.quiet(
                ##""groupBy": ["year"], "aggregate": {"n": "count()"}, "sort": [⟪"-nn"], "mark": "bar", "encoding": {"x": {"field": "year"}}"##),
            schema: schema)
        #expect(sort.first?.fixIt?.replacement == "n")
    }

    @Test func expressionsAreCheckedAgainstTheData() {
        let schema: [(name: String, type: DataType)] = [("congress", .number), ("chamber", .string)]
        // Unknown field inside a calculate, with the position inside the string; later uses of the broken field
        // are not reported again.
        let found = H.expect(
            "unknown-field",
            in: H.quiet(
                ##""calculate": {"year": "⟪congres * 2", "decade": "year - year % 10"}, "mark": "bar", "encoding": {"x": {"field": "decade"}}"##),
            schema: schema)
        #expect(found.first?.message.contains("'congress'") == true)
        H.expect("expr-type", in: H.quiet(##""filter": "⟪chamber", "mark": "bar", "encoding": {"x": {"field": "chamber"}}"##), schema: schema)
        // Without the data, syntax is still checked.
        H.expect(
            "expr-syntax",
            in: H.quiet(##""filter": ["congress >= 80", "chamber != ⟪'House"], "mark": "bar", "encoding": {"x": {"field": "chamber"}}"##))
        // Calculated types feed the rules: a text field on a log scale.
        H.expect(
            "scale-type-mismatch",
            in: H.quiet(
                ##""calculate": {"label": "upper(chamber)"}, "mark": "point", "encoding": {"x": {"field": "label", "scale": {"type": ⟪"log"}}}"##),
            schema: schema)
    }

    @Test func encodingTypeMismatch() {
        let schema: [(name: String, type: DataType)] = [("votes", .string), ("ok", .boolean), ("n", .number)]
        let found = H.expect(
            "encoding-type-mismatch",
            in: H.quiet(
                ##""mark": "bar", "encoding": {"x": {"field": "votes", "type": ⟪"quantitative"}, "y": {"field": "ok", "type": ⟪"temporal"}, "color": {"field": "n", "type": "nominal"}}"##
            ), schema: schema)
        #expect(found.first?.message.hasPrefix("the field 'votes' holds text, so it cannot be quantitative") == true)
        // Without the data's types: quiet.
        H.expect("encoding-type-mismatch", in: H.quiet(##""mark": "bar", "encoding": {"x": {"field": "votes", "type": "quantitative"}}"##))
    }

    @Test func scaleTypeMismatch() {
        H.expect(
            "scale-type-mismatch",
            in: H.quiet(##""mark": "bar", "encoding": {"x": {"field": "a", "type": "nominal", "scale": {"type": ⟪"log"}}, "y": {"field": "b"}}"##))
        H.expect(
            "scale-type-mismatch",
            in: H.quiet(##""mark": "line", "encoding": {"x": {"field": "d", "type": "temporal", "scale": {"type": ⟪"sqrt"}}}"##))
        H.expect(
            "scale-type-mismatch", in: H.quiet(##""mark": "line", "encoding": {"x": {"field": "d", "scale": {"type": ⟪"time"}}}"##),
            schema: [("d", .string)])
        H.expect(
            "scale-type-mismatch", in: H.quiet(##""mark": "bar", "encoding": {"x": {"field": "d", "type": "temporal", "scale": {"type": "band"}}}"##))
    }

    @Test func domainShape() {
        let found = H.expect(
            "domain-shape",
            in: H.quiet(##""mark": "line", "encoding": {"x": {"field": "a", "type": "quantitative", "scale": {"domain": ⟪[0, 5, 10]}}}"##))
        #expect(
            found.first?.message
                == "'encoding.x.scale.domain' of a continuous scale is [min, max], found 3 values (only the first and last would be used)")
        H.expect(
            "domain-shape",
            in: H.quiet(##""mark": "line", "encoding": {"x": {"field": "a", "type": "quantitative", "scale": {"domain": [0, "ten"]}}}"##))
        H.expect(
            "scale-domain-type",
            in: H.quiet(##""mark": "line", "encoding": {"x": {"field": "a", "type": "quantitative", "scale": {"domain": [0, ⟪"ten"]}}}"##))
        H.expect(
            "scale-domain-type",
            in: H.quiet(##""mark": "line", "encoding": {"x": {"field": "a", "type": "quantitative", "scale": {"domain": ⟪[3]}}}"##))
        // null leaves an end to the data.
        H.expect(
            "scale-domain-type",
            in: H.quiet(##""mark": "line", "encoding": {"x": {"field": "a", "type": "quantitative", "scale": {"domain": [0, null]}}}"##))
        H.expect(
            "domain-shape",
            in: H.quiet(##""mark": "line", "encoding": {"x": {"field": "a", "type": "quantitative", "scale": {"domain": [0, null]}}}"##))
        H.expect(
            "domain-shape", in: H.quiet(##""mark": "line", "encoding": {"x": {"field": "a", "type": "quantitative", "scale": {"domain": ⟪[5, 5]}}}"##)
        )
        H.expect(
            "scale-domain-type",
            in: H.quiet(##""mark": "line", "encoding": {"x": {"field": "d", "type": "temporal", "scale": {"domain": ["2015-01-01", ⟪"June"]}}}"##))
        H.expect(
            "domain-shape",
            in: H.quiet(
                ##""mark": "line", "encoding": {"x": {"field": "d", "type": "temporal", "scale": {"domain": ["2015-01-01", "2016-01-01"]}}}"##))
        H.expect(
            "domain-shape",
            in: H.quiet(##""mark": "bar", "encoding": {"x": {"field": "a", "type": "nominal", "scale": {"domain": ["x", "y", ⟪"x"]}}}"##))
        H.expect("domain-shape", in: H.quiet(##""mark": "bar", "encoding": {"x": {"field": "a", "scale": {"domain": ⟪["x", 1]}}}"##))
        H.expect("domain-shape", in: H.quiet(##""mark": "bar", "encoding": {"x": {"field": "a", "scale": {"range": [0, ⟪"wide"]}}}"##))
        // A diverging color ramp may have a middle.
        H.expect(
            "domain-shape",
            in: H.quiet(
                ##""mark": "rect", "encoding": {"x": {"field": "a"}, "color": {"field": "t", "type": "quantitative", "scale": {"domain": [-10, 0, 30]}}}"##
            ))
    }

    @Test func logScaleDomain() {
        H.expect(
            "scale-invalid-domain",
            in: H.quiet(##""mark": "point", "encoding": {"x": {"field": "a", "scale": {"type": "log", "domain": [⟪0, 1000]}}}"##))
        H.expect(
            "scale-invalid-domain",
            in: H.quiet(##""mark": "point", "encoding": {"x": {"field": "a", "scale": {"type": "log", "domain": [1, 1000]}}}"##))
    }

    @Test func invalidColor() {
        let found = H.expect("color-invalid", in: H.quiet(##""mark": {"type": "bar", "color": ⟪"stelblue"}, "encoding": {"x": {"field": "a"}}"##))
        #expect(found.first?.message == "'mark.color' is not a color: \"stelblue\"; did you mean 'steelblue'?")
        #expect(found.first?.fixIt?.replacement == "\"steelblue\"")
        let hex = H.expect(
            "color-invalid",
            in: H.quiet(
                ##""mark": "line", "encoding": {"x": {"field": "a"}, "color": {"field": "c", "scale": {"range": ["#1f5fbf", ⟪"d62728", ⟪"#12345", ⟪3]}}}"##
            ))
        #expect(hex.first?.fixIt?.replacement == "\"#d62728\"")
        #expect(hex.dropFirst().first?.fixIt == nil)
        H.expect("color-invalid", in: H.quiet(##""mark": {"type": "bar", "color": "rgb(10, 20, 30)"}, "encoding": {"x": {"field": "a"}}"##))
        H.expect("color-invalid", in: H.quiet(##""mark": "bar", "encoding": {"x": {"field": "a"}, "color": {"value": ⟪"blu"}}"##))
    }

    @Test func unknownScheme() {
        let found = H.expect(
            "color-unknown-scheme",
            in: H.quiet(##""mark": "rect", "encoding": {"x": {"field": "a"}, "color": {"field": "v", "scale": {"scheme": ⟪"viridus"}}}"##))
        #expect(found.first?.message == "unknown color scheme 'viridus' in 'encoding.color.scale.scheme'; did you mean 'viridis'?")
        H.expect(
            "color-unknown-scheme",
            in: H.quiet(##""mark": "rect", "encoding": {"x": {"field": "a"}, "color": {"field": "v", "scale": {"scheme": "Red-Blue"}}}"##))
    }

    @Test func invalidFormat() {
        // `q` is not a d3-format type: the caret goes under it.
        let found = H.expect(
            "invalid-format", in: H.quiet(##""mark": "bar", "encoding": {"y": {"field": "a", "type": "quantitative", "format": ",.2⟪q"}}"##))
        #expect(found.first?.message.hasPrefix("invalid number format \",.2q\" in 'encoding.y.format'") == true)
        H.expect(
            "invalid-format", in: H.quiet(##""mark": "line", "encoding": {"x": {"field": "d", "type": "temporal", "axis": {"format": "%Y ⟪%Q"}}}"##))
        H.expect(
            "invalid-format",
            in: H.quiet(
                ##""mark": "line", "encoding": {"x": {"field": "d", "type": "temporal", "format": "%b %Y"}, "y": {"field": "v", "format": "$,.0f"}}"##
            ))
        H.expect("invalid-format", in: H.quiet(##""mark": {"type": "bar", "labels": {"format": ".0%"}}, "encoding": {"y": {"field": "v"}}"##))
    }
}

@Suite("One implementation per diagnostic")
struct OneCheckPerIDTests {
    /// The planner is the one place that checks expression, groupBy and sort fields; lint reports what it says
    /// once, in its wording, with no second opinion to merge away.
    @Test func aMistakeTheplannerFindsIsReportedOnce() throws {
        let file = SourceFile(
            path: "s.chart.json",
            text:
                #"{"title": "x", "data": {"values": []}, "groupBy": ["a"], "aggregate": {"n": "count()"}, "sort": ["-nn"], "mark": "bar", "encoding": {"x": {"field": "a"}, "y": {"field": "n"}}}"#
        )
        let spec = try #require(SpecParser.parse(file).spec)
        let found = Linter.lint(spec: spec, schema: [(name: "a", type: .string)]).filter { $0.id == "unknown-field" }
        #expect(found.map(\.message) == ["unknown sort field 'nn'; did you mean 'n'?"])
    }
}
