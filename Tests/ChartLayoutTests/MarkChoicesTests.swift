import Testing
import ChartData
import ChartDiagnostics
import ChartSpec
@testable import ChartLayout

/// The layout choices `specs/layout.md` documents for marks and domains.
@Suite struct MarkChoicesTests {
    typealias F = Fixture

    @Test func aBandIsOutlinedOnBothEdges() throws {
        var spec = F.spec(.area)
        spec.encoding.x = F.channel(.x, "t")
        spec.encoding.y = F.channel(.y, "high")
        spec.encoding.y2 = F.channel(.y2, "low")
        let table = Table(columns: [F.numbers("t", [1, 2, 3]), F.numbers("high", [5, 8, 6]), F.numbers("low", [1, 2, 1])])
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        #expect(F.paths(scene, class: "chartc-area").count == 1)
        #expect(F.paths(scene, class: "chartc-line").count == 2)
        // An area on a baseline keeps its single top line.
        spec.encoding.y2 = nil
        #expect(F.paths(try ChartLayoutEngine.layout(spec: spec, table: table), class: "chartc-line").count == 1)
    }

    @Test func timeAndLogAxesFollowTheirData() throws {
        let model = try PlotModel(
            spec: {
                var spec = F.spec(.line)
                spec.encoding.x = F.channel(.x, "year", type: .temporal)
                var y = F.channel(.y, "population")
                var scale = ScaleSpec()
                scale.type = Located(.log, at: nil)
                y.scale = scale
                spec.encoding.y = y
                return spec
            }(), table: Table(columns: [F.numbers("year", [1790, 1850, 2020]), F.numbers("population", [3.9e6, 2.3e7, 3.3e8])]))
        let scales = try PlotScales(model: model, width: 600, height: 400)
        // Years from 1790 to 2020, not rounded out to 1750 and 2050.
        #expect(scales.x?.domain?.lower == 1790 && scales.x?.domain?.upper == 2020)
        // The log axis keeps to its data, with 15% of air: not 1M to 1B.
        let domain = try #require(scales.y?.domain)
        #expect(abs(domain.lower - 3.9e6 / 1.15) < 1 && abs(domain.upper - 3.3e8 * 1.15) < 1)
    }

    @Test func aHiddenAxisLetsTheTallestBarReachTheTop() throws {
        var spec = F.spec(.bar)
        spec.encoding.x = F.channel(.x, "name")
        var y = F.channel(.y, "value")
        y.axis = AxisSpec(visible: false)
        spec.encoding.y = y
        let model = try PlotModel(spec: spec, table: Table(columns: [F.strings("name", ["a", "b"]), F.numbers("value", [3, 14_203])]))
        let scales = try PlotScales(model: model, width: 600, height: 400)
        #expect(scales.y?.domain?.upper == 14_203)
    }

    @Test func aSortOrdersCategoriesOverTheirNaturalOrder() throws {
        var spec = F.spec(.bar)
        spec.encoding.y = F.channel(.y, "month")
        spec.encoding.x = F.channel(.x, "rain")
        var months = Column(name: "month", type: .string, values: [.string("Jul"), .string("Nov"), .string("Jan")])
        months.naturalOrder = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let table = Table(columns: [months, F.numbers("rain", [12, 161, 117])])
        let natural = try PlotScales(model: PlotModel(spec: spec, table: table), width: 600, height: 400)
        #expect(natural.y?.categories == ["Jan", "Jul", "Nov"])
        spec.sort = [SortKey(field: "rain", descending: false, span: nil)]
        let sorted = try PlotScales(model: PlotModel(spec: spec, table: table), width: 600, height: 400)
        #expect(sorted.y?.categories == ["Jul", "Nov", "Jan"])
    }

    @Test func groupedBarsFollowTheLegendOrder() throws {
        var spec = F.spec(.bar)
        spec.encoding.x = F.channel(.x, "day")
        spec.encoding.y = F.channel(.y, "letters")
        var color = F.channel(.color, "status")
        var scale = ScaleSpec()
        scale.domain = Located([.string("Written"), .string("Sent")], at: nil)
        color.scale = scale
        spec.encoding.color = color
        spec.encoding.offset = F.channel(.offset, "status")
        // The table is sorted alphabetically: Sent before Written.
        let table = Table(columns: [F.strings("day", ["Mon", "Mon"]), F.strings("status", ["Sent", "Written"]), F.numbers("letters", [36, 12])])
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        let bars = F.rects(scene, class: "chartc-bar")
        // Series order is the legend's: Written first, on the left.
        #expect(scene.groups(withClass: "chartc-series").map { $0.data.first?.value } == ["Written", "Sent"])
        #expect(bars[0].box.maxX <= bars[1].box.minX)
        #expect(bars[0].box.height < bars[1].box.height)
    }

    @Test func barsADayWideTouchInsteadOfLeavingSeams() throws {
        var spec = F.spec(.bar)
        spec.encoding.x = F.channel(.x, "day")
        spec.encoding.y = F.channel(.y, "high")
        spec.encoding.y2 = F.channel(.y2, "low")
        let days = (0..<365).map { Double($0) }
        let table = Table(columns: [F.numbers("day", days), F.numbers("high", days.map { 10 + $0 / 40 }), F.numbers("low", days.map { $0 / 40 })])
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        let bars = F.rects(scene, class: "chartc-bar")
        #expect(bars.count == 365)
        for (left, right) in zip(bars, bars.dropFirst()) { #expect(left.box.maxX >= right.box.minX) }
    }

    @Test func aColorAlongAnAxisNeedsNoField() throws {
        let text = """
            { "data": { "values": [ { "d": 1, "low": 2, "high": 9 } ] }, "mark": "bar",
              "encoding": { "x": { "field": "d" }, "y": { "field": "high" }, "y2": { "field": "low" }, "color": { "along": "y" } } }
            """
        let parsed = SpecParser.parse(SourceFile(path: "along.chart.json", text: text))
        #expect(parsed.succeeded, "\(parsed.diagnostics.map(\.message))")
        let spec = try #require(parsed.spec)
        let scene = try ChartLayoutEngine.layout(
            spec: spec, table: Table(columns: [F.numbers("d", [1]), F.numbers("low", [2]), F.numbers("high", [9])]))
        #expect(F.rects(scene, class: "chartc-bar").first?.fill == .gradient(id: MarkContext.alongGradientID))
    }
}
