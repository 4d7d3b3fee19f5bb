import ChartData
import ChartDiagnostics
import ChartLint
import Testing

/// The publishing warnings: each with a spec that triggers it (at the marker `⟪`) and one that must not.
@Suite("Lint publishing rules")
struct PublishingRuleTests {
    typealias H = LintHarness

    @Test func missingTitle() {
        let found = H.expect("missing-title", in: ##"⟪{"data": {"url": "d.csv"}, "mark": "bar", "encoding": {"x": {"field": "a"}}}"##)
        #expect(found.first?.severity == .warning)
        H.expect("missing-title", in: ##"{"title": ⟪"  ", "data": {"url": "d.csv"}, "mark": "bar", "encoding": {"x": {"field": "a"}}}"##)
        H.expect("missing-title", in: "\n  ⟪{\"data\": {\"url\": \"d.csv\"}, \"mark\": \"bar\", \"encoding\": {\"x\": {\"field\": \"a\"}}}")
        H.expect("missing-title", in: H.quiet(##""mark": "bar", "encoding": {"x": {"field": "a"}}"##))
    }

    @Test func aMisspelledKeyIsNotAlsoReportedAsMissing() {
        // The parser says "unknown key 'titel'; did you mean 'title'?"; lint does not add "no title".
        let ids = H.ids(##"{"titel": "T", "altt": "A", "source": "S", "data": {"url": "d.csv"}, "mark": "text", "encodng": {"x": {"field": "a"}}}"##)
        #expect(ids.isEmpty, "\(ids)")
        let channels = H.ids(H.quiet(##""mark": "text", "encoding": {"xx": {"field": "a"}, "txt": {"field": "c"}}"##))
        #expect(channels.isEmpty, "\(channels)")
        let range = H.ids(H.quiet(##""mark": "rule", "encoding": {"xx": {"field": "a"}, "x2": {"field": "b"}}"##))
        #expect(range.isEmpty, "\(range)")
    }

    @Test func longTitle() {
        let thirteen =
            ##"{"title": ⟪"One two three four five six seven eight nine ten eleven twelve thirteen", "data": {"url": "d.csv"}, "mark": "bar", "encoding": {"x": {"field": "a"}}}"##
        let found = H.expect("long-title", in: thirteen)
        #expect(found.first?.message == "the title has 13 words; a headline reads at a glance in about 10: move the detail to a \"subtitle\"")
        // Twelve words, and dashes or dots alone are not words.
        H.expect("long-title", in: ##"{"title": "In 2015, Seattle saw rain on only ten days in July — ·", "data": {"url": "d.csv"}, "mark": "bar"}"##)
    }

    @Test func missingSourceAndAlt() {
        let text = ##"⟪{"title": "T", "data": {"url": "d.csv"}, "mark": "bar", "encoding": {"x": {"field": "a"}}}"##
        H.expect("missing-source", in: text)
        H.expect("missing-alt", in: text)
        H.expect(
            "missing-alt",
            in: ##"{"title": "T", "alt": ⟪"", "sources": "S", "data": {"url": "d.csv"}, "mark": "bar", "encoding": {"x": {"field": "a"}}}"##)
        H.expect("missing-source", in: H.quiet(##""mark": "bar", "encoding": {"x": {"field": "a"}}"##))
        H.expect("missing-alt", in: H.quiet(##""mark": "bar", "encoding": {"x": {"field": "a"}}"##))
    }

    /// A chart drawn from a built-in basemap names the basemap's maker in its source line (SPEC §22), so it has a
    /// source without `sources`: no `missing-source` there, on the chart's data or a layer's. A map of the sphere
    /// and a graticule alone has an empty source line and is still warned about.
    @Test func aBasemapIsASource() {
        let world = ##"{"title": "T", "alt": "A", "data": {"basemap": "world"}, "mark": "geoshape"}"##
        #expect(!H.ids(world).contains("missing-source"), "\(H.ids(world))")
        let layered = Self.layers(##"{"data": {"sphere": true}, "mark": "geoshape"}, {"data": {"basemap": "us-states"}, "mark": "geoshape"}"##)
        #expect(!H.ids(layered).contains("missing-source"), "\(H.ids(layered))")
        let outline = Self.layers(##"{"data": {"sphere": true}, "mark": "geoshape"}, {"data": {"graticule": true}, "mark": "geoshape"}"##)
        H.expect("missing-source", in: "⟪" + outline)
    }

    /// A titled chart with alt text whose layers are `layers` (each with its own data).
    static func layers(_ layers: String) -> String {
        ##"{"title": "T", "alt": "A", "layers": ["## + layers + "]}"
    }

    @Test func zeroBaselineOnBarsAndAreas() {
        let found = H.expect(
            "zero-baseline",
            in: H.quiet(
                ##""mark": "bar", "encoding": {"x": {"field": "c", "type": "nominal"}, "y": {"field": "v", "scale": {"domain": ⟪[50, 100]}}}"##))
        #expect(
            found.first?.message
                == "'encoding.y.scale.domain' leaves out zero, so the bars do not start at zero and their lengths exaggerate differences: use [0, 100], or points or lines to zoom in"
        )
        H.expect(
            "zero-baseline",
            in: H.quiet(
                ##""mark": "area", "encoding": {"x": {"field": "d", "type": "temporal", "scale": {"domain": ["2015-01-01", "2016-01-01"]}}, "y": {"field": "v", "scale": {"zero": ⟪false}}}"##
            ))
        H.expect(
            "zero-baseline",
            in: H.quiet(##""mark": "bar", "encoding": {"y": {"field": "c", "type": "nominal"}, "x": {"field": "v", "scale": {"type": ⟪"log"}}}"##))
        H.expect(
            "zero-baseline",
            in: H.quiet(
                ##""mark": "bar", "encoding": {"x": {"field": "c", "type": "nominal"}, "y": {"field": "v", "scale": {"domain": ⟪[-10, -2]}}}"##))
        // Negative and positive values: zero is inside.
        H.expect(
            "zero-baseline",
            in: H.quiet(
                ##""mark": "bar", "encoding": {"x": {"field": "c", "type": "nominal"}, "y": {"field": "v", "scale": {"domain": [-10, 20]}}}"##))
        // Lines and points may zoom in; range bars float on purpose.
        H.expect(
            "zero-baseline", in: H.quiet(##""mark": "line", "encoding": {"x": {"field": "c"}, "y": {"field": "v", "scale": {"domain": [50, 100]}}}"##)
        )
        H.expect(
            "zero-baseline",
            in: H.quiet(
                ##""mark": "bar", "encoding": {"x": {"field": "c", "type": "nominal"}, "y": {"field": "lo", "scale": {"domain": [50, 100]}}, "y2": {"field": "hi"}}"##
            ))
    }

    /// Issue 24: an area over years written as numbers, with an explicit x domain, warned that "the areas do not
    /// start at zero" about x, the axis it runs along. Only the measure (here y) is a length.
    @Test func zeroBaselineLooksOnlyAtTheMeasure() {
        H.expect(
            "zero-baseline",
            in: H.quiet(
                ##""mark": "area", "encoding": {"x": {"field": "year", "type": "quantitative", "scale": {"domain": [1990, 2020]}}, "y": {"field": "v", "type": "quantitative"}}"##
            ))
        H.expect(
            "zero-baseline",
            in: H.quiet(
                ##""mark": "area", "encoding": {"x": {"field": "year", "scale": {"domain": [1990, 2020]}}, "y": {"field": "v", "type": "quantitative"}}"##
            ))
        // The measure itself cut still warns, and so does a horizontal bar's x.
        H.expect(
            "zero-baseline",
            in: H.quiet(
                ##""mark": "area", "encoding": {"x": {"field": "year", "type": "quantitative", "scale": {"domain": [1990, 2020]}}, "y": {"field": "v", "type": "quantitative", "scale": {"domain": ⟪[5, 9]}}}"##
            ))
        H.expect(
            "zero-baseline",
            in: H.quiet(##""mark": "bar", "encoding": {"y": {"field": "c", "type": "nominal"}, "x": {"field": "v", "scale": {"domain": ⟪[5, 9]}}}"##))
    }

    /// SPEC §19.7: `axis.values` outside an explicit domain are not drawn (the domain is kept), so lint names them,
    /// with their count, in one warning per axis at its `axis.values` entry (not one per value, repeating the same
    /// list); inside it, or without a domain (the values stretch the axis), nothing is said.
    @Test func axisValuesOutsideAnExplicitDomain() {
        let found = H.expect(
            "axis-values-outside-domain",
            in: H.quiet(
                ##""mark": "line", "encoding": {"x": {"field": "t", "type": "quantitative", "scale": {"domain": [0, 100]}, "axis": {"values": ⟪[0, 50, 150, -5]}}, "y": {"field": "v"}}"##
            ))
        #expect(
            found.first?.message.contains("'encoding.x.axis.values' has 2 values outside 'encoding.x.scale.domain' [0, 100]: 150 and -5 are") == true,
            "\(found.map(\.message))")
        #expect(found.first?.severity == .warning)
        H.expect(
            "axis-values-outside-domain",
            in: H.quiet(
                ##""mark": "line", "encoding": {"x": {"field": "t", "type": "temporal", "scale": {"domain": ["2000-01-01", "2010-01-01"]}, "axis": {"values": ⟪["2005-01-01", "2012-01-01"]}}, "y": {"field": "v"}}"##
            ), schema: [("t", .date), ("v", .number)])
        H.expect(
            "axis-values-outside-domain",
            in: H.quiet(
                ##""mark": "bar", "encoding": {"x": {"field": "c", "type": "nominal", "scale": {"domain": ["a", "b"]}, "axis": {"values": ⟪["a", "z"]}}, "y": {"field": "v"}}"##
            ))
        // Without an explicit domain the values stretch the axis; inside the domain they are drawn.
        H.expect(
            "axis-values-outside-domain",
            in: H.quiet(
                ##""mark": "line", "encoding": {"x": {"field": "t", "type": "quantitative", "axis": {"values": [0, 150]}}, "y": {"field": "v"}}"##))
        H.expect(
            "axis-values-outside-domain",
            in: H.quiet(
                ##""mark": "line", "encoding": {"x": {"field": "t", "type": "quantitative", "scale": {"domain": [0, 100]}, "axis": {"values": [0, 100]}}, "y": {"field": "v"}}"##
            ))
    }

    @Test func tooManySeries() {
        let names = (1...13).map { "s\($0)" }
        let text = H.quiet(##""mark": "line", "encoding": {"x": {"field": "value"}, "color": {"field": ⟪"name"}}"##)
        let found = H.expect("too-many-series", in: text, table: H.table("name", names + names))
        #expect(found.first?.message.hasPrefix("'name' splits the chart into 13 series") == true)
        H.expect(
            "too-many-series", in: H.quiet(##""mark": "line", "encoding": {"x": {"field": "value"}, "color": {"field": "name"}}"##),
            table: H.table("name", Array(names.prefix(12))))
        // A numeric color field is a ramp, not series.
        H.expect(
            "too-many-series", in: H.quiet(##""mark": "point", "encoding": {"x": {"field": "value"}, "color": {"field": "value"}}"##),
            table: H.table("name", names))
    }

    @Test func paletteTooSmall() {
        let found = H.expect(
            "palette-too-small",
            in: H.quiet(
                ##""mark": "line", "encoding": {"x": {"field": "x"}, "color": {"field": "p", "scale": {"domain": ["a", "b", "c"], "range": ⟪["#1f5fbf", "#d62728"]}}}"##
            ))
        #expect(
            found.first?.message
                == "3 series but 2 colors in 'encoding.color.scale.range': colors repeat, so different series look the same; add 1 more")
        let names = (1...11).map { "s\($0)" }
        H.expect(
            "palette-too-small", in: H.quiet(##""mark": "line", "encoding": {"x": {"field": "value"}, "color": {"field": ⟪"name"}}"##),
            table: H.table("name", names))
        H.expect(
            "palette-too-small",
            in: H.quiet(##""mark": "line", "encoding": {"x": {"field": "value"}, "color": {"field": "name", "scale": {"scheme": ⟪"dark2"}}}"##),
            table: H.table("name", names))
        H.expect(
            "palette-too-small",
            in: H.quiet(##""mark": "line", "encoding": {"x": {"field": "value"}, "color": {"field": "name", "scale": {"scheme": "paired"}}}"##),
            table: H.table("name", names))
    }

    @Test func lowContrast() {
        let found = H.expect(
            "low-contrast",
            in: H.quiet(
                ##""mark": "line", "encoding": {"x": {"field": "x"}, "color": {"field": "p", "scale": {"domain": ["a", "b"], "range": ["#1f5fbf", ⟪"#ffdd00"]}}}"##
            ))
        #expect(
            found.first?.message
                == "the color \"#ffdd00\" has a contrast of 1.3:1 with the #ffffff background, too faint to see: thin marks such as lines need at least 3:1 (WCAG 1.4.11); use a darker shade"
        )
        // Gray #8c8c8c is 3.3:1: fine for the polarization chart's line.
        H.expect(
            "low-contrast",
            in: H.quiet(##""mark": "line", "encoding": {"x": {"field": "x"}, "color": {"field": "p", "scale": {"range": ["#8c8c8c"]}}}"##))
        // Bars are held to 1.5:1: light blue passes, near-white does not.
        H.expect("low-contrast", in: H.quiet(##""mark": {"type": "bar", "color": "#a6cee3"}, "encoding": {"x": {"field": "x"}}"##))
        H.expect("low-contrast", in: H.quiet(##""mark": {"type": "bar", "color": ⟪"#eeeeee"}, "encoding": {"x": {"field": "x"}}"##))
        // Opacity fades a color.
        H.expect(
            "low-contrast", in: H.quiet(##""mark": {"type": "point", "color": ⟪"steelblue", "opacity": 0.3}, "encoding": {"x": {"field": "x"}}"##))
        // A categorical scheme, for the series there are.
        let two = H.expect(
            "low-contrast",
            in: H.quiet(##""mark": "line", "encoding": {"x": {"field": "value"}, "color": {"field": "name", "scale": {"scheme": ⟪⟪"set2"}}}"##),
            table: H.table("name", ["a", "b"]))
        #expect(two.map { $0.message.prefix(22) } == ["the color \"#66c2a5\" ha", "the color \"#fc8d62\" ha"])
        // A sequential ramp's light end is meant to be light.
        H.expect(
            "low-contrast",
            in: H.quiet(
                ##""mark": "rect", "encoding": {"x": {"field": "x"}, "color": {"field": "v", "type": "quantitative", "scale": {"range": ["#ffffff", "#08306b"]}}}"##
            ))
    }

    /// A map's backdrop, the sphere's ocean and a graticule, is faint on purpose and carries no data; the
    /// countries drawn over it are still held to the rule.
    @Test func aMapsSphereAndGraticuleMayBeFaint() {
        H.expect(
            "low-contrast",
            in: ##"""
                {"title": "T", "alt": "A", "sources": "S", "data": {"basemap": "world"}, "layers": [
                  {"data": {"sphere": true}, "mark": {"type": "geoshape", "color": "#eef2f6"}},
                  {"data": {"graticule": true}, "mark": {"type": "geoshape", "color": "#e0e6ec"}},
                  {"mark": {"type": "geoshape", "color": ⟪"#f4f4f4"}}
                ]}
                """##)
    }

    @Test func unknownHiddenSeries() {
        let found = H.expect(
            "unknown-hidden-series",
            in: H.quiet(
                ##""mark": "line", "encoding": {"x": {"field": "x"}, "color": {"field": "p", "scale": {"domain": ["Democrats", "Congress"]}}}, "legend": {"hidden": [⟪"Congres"]}"##
            ))
        #expect(
            found.first?.message
                == "'legend.hidden' names the series 'Congres', which is not in the data, so nothing is hidden; did you mean 'Congress'?")
        H.expect(
            "unknown-hidden-series",
            in: H.quiet(##""mark": "line", "encoding": {"x": {"field": "x"}, "color": {"field": "p"}}, "legend": {"hidden": [⟪"Other"]}"##),
            table: H.table("p", ["A", "B"]))
        H.expect("unknown-hidden-series", in: H.quiet(##""mark": "line", "encoding": {"x": {"field": "x"}}, "legend": {⟪"hidden": ["A"]}"##))
        // Series from a date field are named as the legend names them (ISO dates), not as milliseconds: hiding
        // one that exists is quiet, and a near miss is suggested by its ISO name.
        let days = Table(columns: [
            Column(name: "day", type: .date, values: [.date(1_420_070_400_000), .date(1_420_156_800_000)]),
            Column(name: "value", type: .number, values: [.number(1), .number(2)])
        ])
        H.expect(
            "unknown-hidden-series",
            in: H.quiet(
                ##""mark": "line", "encoding": {"x": {"field": "value"}, "color": {"field": "day", "type": "nominal"}}, "legend": {"hidden": ["2015-01-01"]}"##
            ), table: days)
        let near = H.expect(
            "unknown-hidden-series",
            in: H.quiet(
                ##""mark": "line", "encoding": {"x": {"field": "value"}, "color": {"field": "day", "type": "nominal"}}, "legend": {"hidden": [⟪"2015-01-03"]}"##
            ), table: days)
        #expect(
            near.first?.message.hasSuffix("did you mean '2015-01-01'?") == true || near.first?.message.hasSuffix("did you mean '2015-01-02'?") == true
        )
        // Unknown series (no data, no domain): quiet.
        H.expect(
            "unknown-hidden-series",
            in: H.quiet(##""mark": "line", "encoding": {"x": {"field": "x"}, "color": {"field": "p"}}, "legend": {"hidden": ["Other"]}"##))
    }

    /// A projection key its type has not got changes nothing (d3-geo and Vega-Lite drop it without a word):
    /// `parallels` on a projection that is not conic, `rotate`/`center`/`parallels` on albersUsa.
    @Test func ignoredProjectionOptions() {
        let world = ##"{"title": "T", "alt": "A", "data": {"basemap": "world"}, "mark": "geoshape", "projection": "##
        let found = H.expect("option-ignored", in: world + ##"{"type": "equalEarth", ⟪"parallels": [20, 50]}}"##)
        #expect(found.first?.message.contains("only the conic projections (albers, conicEqualArea, conicConformal)") == true)
        H.expect("option-ignored", in: world + ##"{⟪"parallels": [20, 50]}}"##)
        H.expect("option-ignored", in: world + ##"{"type": "albersUsa", ⟪"rotate": [10, 0], ⟪"center": [0, 40], ⟪"parallels": [20, 50]}}"##)
        H.expect("option-ignored", in: world + ##"{"type": "conicConformal", "parallels": [20, 50], "rotate": [10, 0], "center": [0, 40]}}"##)
        H.expect("option-ignored", in: world + ##"{"type": "albers", "parallels": [20, 50]}}"##)
    }

    @Test func ignoredOptions() {
        // A mark option the mark does not draw is an error of the table of marks (SPEC §19.1), not this warning.
        H.expect(
            "option-not-supported",
            in: H.quiet(##""mark": {"type": "bar", ⟪"interpolate": "monotone", "points": false}, "encoding": {"x": {"field": "x"}}"##))
        H.expect("option-not-supported", in: H.quiet(##""mark": {"type": "bar", ⟪"points": true}, "encoding": {"x": {"field": "x"}}"##))
        H.expect(
            "option-ignored",
            in: H.quiet(
                ##""mark": "line", "encoding": {"x": {"field": "x", ⟪"stack": "zero", "scale": {⟪"scheme": "blues"}}, "color": {"field": "c", ⟪"axis": false}}"##
            ))
        H.expect(
            "option-ignored", in: H.quiet(##""mark": {"type": "line", "interpolate": "step", "points": true}, "encoding": {"x": {"field": "x"}}"##))
    }

    @Test func everyRuleIsDocumentedInOneLineAndListedWithTheDiagnostics() throws {
        let rulesDoc = String(decoding: try #require(TestFiles.bytes("specs/lint-rules.md")), as: UTF8.self)
        let diagnosticsDoc = String(decoding: try #require(TestFiles.bytes("specs/diagnostics.md")), as: UTF8.self)
        let rows = rulesDoc.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| rule ") }
        #expect(rows.count == Linter.rules.count)
        var ids: Set<String> = []
        for (row, rule) in zip(rows, Linter.rules) {
            #expect(String(row) == "| \(rule.id) | \(rule.severity.rawValue) | \(rule.summary) |")
            #expect(ids.insert(rule.id).inserted, "duplicate id \(rule.id)")
            #expect(rule.id.allSatisfy { $0 == "-" || ($0 >= "a" && $0 <= "z") }, "\(rule.id) is not kebab-case")
            if rule.id != "unknown-field" {
                #expect(diagnosticsDoc.contains("| \(rule.id) |"), "\(rule.id) is missing from specs/diagnostics.md")
            }
        }
    }
}
