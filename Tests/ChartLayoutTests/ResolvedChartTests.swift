import ChartData
import ChartDiagnostics
import ChartSemantics
import ChartSpec
import ChartValues
import Testing

@testable import ChartLayout

/// The checking stage resolves every channel once (SPEC §19, issue 24): layout reads the resolved types,
/// orientation and stacking and never decides them again, so check and layout cannot disagree.
@Suite struct ResolvedChartTests {
    static func parse(_ text: String) throws -> ChartSpec {
        let parsed = SpecParser.parse(SourceFile(path: "resolved.chart.json", text: text))
        #expect(!parsed.diagnostics.hasErrors, "\(parsed.diagnostics.map(\.message))")
        return try #require(parsed.spec)
    }

    static func spec(_ members: String) throws -> ChartSpec {
        try parse(#"{"title": "T", "data": {"url": "d.csv"}, "# + members + "}")
    }

    static let groups = Table(columns: [
        Column(name: "year", type: .number, values: [2000, 2000, 2001, 2001].map { .number($0) }),
        Column(name: "kind", type: .string, values: ["a", "b", "a", "b"].map { .string($0) }),
        Column(name: "value", type: .number, values: [3, 4, 5, 6].map { .number($0) })
    ])

    /// A quantitative field on a band scale is a category for the checks too: `offset` groups within its bands
    /// (the checks used to call it quantitative and reject the `offset` that layout would have drawn).
    @Test func aQuantitativeFieldOnABandScaleTakesAnOffset() throws {
        let spec = try Self.spec(
            #""mark": "bar", "encoding": {"x": {"field": "year", "type": "quantitative", "scale": {"type": "band"}}, "y": {"field": "value"}, "color": {"field": "kind"}, "offset": {"field": "kind"}}"#
        )
        let chart = try ChartLayoutEngine.check(spec, table: Self.groups)
        let x = try #require(chart.views.first?[.x])
        #expect(x.isDiscrete == true && x.type == .ordinal && x.scaleType == .band)
        #expect(chart.views.first?.orientation == .vertical)
        // Grouped, not stacked: `offset` turns the default stack off.
        #expect(chart.views.first?.stack == StackMode.none)
        let model = try PlotModel(spec: spec, table: Self.groups, view: chart.views[0])
        let scales = try PlotScales(model: model, width: 400, height: 300)
        guard case .band(let band) = try #require(scales.x) else {
            Issue.record("x is not a band scale")
            return
        }
        #expect(band.domain == ["2000", "2001"])
        let offset = try #require(scales.offset)
        #expect(offset.domain == ["a", "b"])
        #expect(offset.bandwidth < band.bandwidth / 2)
        // Four bars side by side, none over another.
        let scene = try ChartLayoutEngine.layout(chart: chart, table: Self.groups)
        let bars = Fixture.rects(scene, class: "chartc-bar").map(\.box).sorted { $0.x < $1.x }
        #expect(bars.count == 4)
        #expect(zip(bars, bars.dropFirst()).allSatisfy { $0.x + $0.width <= $1.x + 0.01 })
    }

    /// The resolved values are the ones layout draws with: each bound channel's type, the orientation and the
    /// stack of the model are the view's.
    @Test func layoutReadsTheResolvedView() throws {
        let stacked = try Self.spec(
            #""mark": "bar", "encoding": {"x": {"field": "year", "type": "ordinal"}, "y": {"field": "value"}, "color": {"field": "kind"}}"#)
        let chart = try ChartLayoutEngine.check(stacked, table: Self.groups)
        let view = try #require(chart.views.first)
        #expect(view.stack == .zero && view.orientation == .vertical && view.colorMakesSeries == true)
        #expect(view[.y]?.values == ValueSummary(count: 4, nonPositive: 0, lower: 3, upper: 6))
        #expect(view[.x]?.drawnBy == [.bar])
        let model = try PlotModel(spec: stacked, table: Self.groups, view: view)
        #expect(model.stack == view.stack && model.orientation == view.orientation)
        #expect(model.x?.type == view[.x]?.type && model.y?.type == view[.y]?.type)

        // A bump chart: a line on temporal x and nominal y is joined in time order (SPEC §19.4), its measure across.
        let dates = Table(columns: [
            Column(name: "day", type: .date, values: [0, 86_400_000, 0, 86_400_000].map { .date($0) }),
            Column(name: "kind", type: .string, values: ["a", "b", "b", "a"].map { .string($0) }),
            Column(name: "value", type: .number, values: [3, 4, 5, 6].map { .number($0) })
        ])
        let bump = try Self.spec(#""mark": "line", "encoding": {"x": {"field": "day"}, "y": {"field": "kind"}}"#)
        let line = try #require(try ChartLayoutEngine.check(bump, table: dates).views.first)
        #expect(line.lineOrder == .x && line[.x]?.scaleType == .time && line[.y]?.isDiscrete == true)
        #expect(line.stack == StackMode.none)
        // Years held as numbers on a temporal channel.
        let years = try Self.spec(#""mark": "line", "encoding": {"x": {"field": "year", "type": "temporal"}, "y": {"field": "value"}}"#)
        let yearView = try #require(try ChartLayoutEngine.check(years, table: Self.groups).views.first)
        #expect(yearView[.x]?.holdsYears == true && yearView.lineOrder == .x && yearView.orientation == .vertical)
    }

    /// Every layer drawing a channel is named in its resolution (one scale serves them all, SPEC §11).
    @Test func aLayeredChannelNamesEveryMarkDrawingIt() throws {
        let spec = try Self.spec(
            #""encoding": {"x": {"field": "year", "type": "ordinal"}, "y": {"field": "value"}}, "layers": [{"mark": "bar"}, {"mark": "text", "encoding": {"text": {"field": "value"}}}]"#
        )
        let chart = try ChartLayoutEngine.check(spec, table: Self.groups, layers: [Self.groups, Self.groups])
        #expect(chart.views.count == 2)
        #expect(chart.views.allSatisfy { $0[.x]?.drawnBy == [.bar, .text] })
        #expect(chart.views[1][.text]?.drawnBy == [.text])
    }

    /// Bands or points for a discrete axis are resolved by the checking stage over every layer (SPEC §7, §11),
    /// and layout builds that scale (it used to ask each layer's mark again in `PlotScales`).
    @Test func categoriesOnBandsOrAtPointsAreResolvedOnceForEveryLayer() throws {
        func placement(_ members: String) throws -> (CategoryPlacement?, Bool) {
            let spec = try Self.spec(members)
            let chart = try ChartLayoutEngine.check(spec, table: Self.groups, layers: spec.layers.map { _ in Self.groups })
            let placement = chart.views.first?[.x]?.placement
            // Every layer holds the same answer.
            #expect(chart.views.allSatisfy { $0[.x]?.placement == placement })
            let models = try chart.views.indices.map { index in
                try PlotModel(spec: spec.layers.isEmpty ? spec : spec.layerChart(index), table: Self.groups, view: chart.views[index])
            }
            let scales = try PlotScales(models: models, width: 400, height: 300)
            guard case .point = try #require(scales.x) else { return (placement, false) }
            return (placement, true)
        }
        let line = try placement(#""mark": "line", "encoding": {"x": {"field": "kind"}, "y": {"field": "value"}}"#)
        #expect(line.0 == .point && line.1)
        let bar = try placement(#""mark": "bar", "encoding": {"x": {"field": "kind"}, "y": {"field": "value"}}"#)
        #expect(bar.0 == .band && !bar.1)
        let banded = try placement(#""mark": "point", "encoding": {"x": {"field": "kind", "scale": {"type": "band"}}, "y": {"field": "value"}}"#)
        #expect(banded.0 == .band && !banded.1)
        // One bar layer puts the line's categories on bands too.
        let layers = try placement(
            #""encoding": {"x": {"field": "kind"}, "y": {"field": "value"}}, "layers": [{"mark": "line"}, {"mark": "bar"}]"#)
        #expect(layers.0 == .band && !layers.1)
        // A year number is continuous: no placement.
        let years = try placement(#""mark": "line", "encoding": {"x": {"field": "year"}, "y": {"field": "value"}}"#)
        #expect(years.0 == nil && !years.1)
    }

    /// The tooltips read the resolved chart, not the declared types (issue 24, structure 1): a number declared
    /// quantitative but drawn on a band scale is a category there, and the tooltip names it as the axis does
    /// (`1999`; from the declared type it printed the measure `1,999`); years on a temporal x are years.
    @Test func tooltipsWriteAFieldAsItsResolvedChannelDrawsIt() throws {
        let table = Table(columns: [
            Column(name: "year", type: .number, values: [1999, 2000, 2001].map { .number($0) }),
            Column(name: "value", type: .number, values: [3, 4, 5].map { .number($0) })
        ])
        let onBands = try Self.spec(
            #""mark": "bar", "encoding": {"x": {"field": "year", "type": "quantitative", "scale": {"type": "band"}}, "y": {"field": "value"}}"#)
        let banded = try ChartLayoutEngine.check(onBands, table: table)
        #expect(banded.views.first?[.x]?.isDiscrete == true)
        let bandTips = PageModel(chart: banded, table: table, name: "c").tooltips
        let yearColumn = try #require(bandTips.fields.firstIndex { $0.label == "year" })
        #expect(bandTips.values.map { $0[yearColumn] } == ["1999", "2000", "2001"])

        let lineSpec = try Self.spec(#""mark": "line", "encoding": {"x": {"field": "year", "type": "temporal"}, "y": {"field": "value"}}"#)
        let line = try ChartLayoutEngine.check(lineSpec, table: table)
        #expect(line.views.first?[.x]?.holdsYears == true)
        let lineTips = PageModel(chart: line, table: table, name: "c").tooltips
        let lineYear = try #require(lineTips.fields.firstIndex { $0.label == "year" })
        #expect(lineTips.values.map { $0[lineYear] } == ["1999", "2000", "2001"])
    }
}
