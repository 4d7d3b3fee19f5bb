import ChartData
import ChartDiagnostics
import ChartSpec
import ChartValues
import Testing
@testable import ChartLayout

@Suite struct MarkLayoutTests {
    typealias F = Fixture

    func barChart(_ values: [Double?]) -> (ChartSpec, Table) {
        let names = values.indices.map { "C\($0)" }
        var spec = F.spec(.bar)
        spec.encoding.x = F.channel(.x, "name")
        spec.encoding.y = F.channel(.y, "value")
        return (spec, Table(columns: [F.strings("name", names), F.numbers("value", values)]))
    }

    @Test func barsStandOnTheZeroLine() throws {
        let (spec, table) = barChart([10, 20, -5])
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        let bars = F.rects(scene, class: "chartc-bar")
        #expect(bars.count == 3)
        let zero = try #require(F.baseline(scene)).y1
        #expect(abs(bars[0].box.maxY - zero) < 1)
        #expect(abs(bars[1].box.maxY - zero) < 1)
        #expect(abs(bars[2].box.minY - zero) < 1)
        // Twice the value, twice the height.
        #expect(abs(bars[1].box.height - 2 * bars[0].box.height) < 0.01)
        #expect(scene.textLayoutProblems().isEmpty)
    }

    /// Cylinders 4, 5, 6, 3, 8 as the rows have them, on an ordinal x: the bars' left edges in row order.
    func cylinderBars(_ configure: (inout ChartSpec) -> Void = { _ in }) throws -> [Double] {
        var spec = F.spec(.bar)
        spec.encoding.x = F.channel(.x, "cylinders", type: .ordinal)
        spec.encoding.y = F.channel(.y, "count")
        configure(&spec)
        let table = Table(columns: [F.numbers("cylinders", [4, 5, 6, 3, 8]), F.numbers("count", [10, 20, 30, 40, 50])])
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        return F.rects(scene, class: "chartc-bar").map(\.box.x)
    }

    /// The rows' indices ordered by where their bars stand, left to right.
    func order(_ lefts: [Double]) -> [Int] {
        lefts.indices.sorted { lefts[$0] < lefts[$1] }
    }

    @Test func aNumericOrdinalAxisRunsInNumericOrder() throws {
        // Rows 4, 5, 6, 3, 8 read 3, 4, 5, 6, 8: row 3 (the 3) first, row 4 (the 8) last.
        #expect(order(try cylinderBars()) == [3, 0, 1, 2, 4])
    }

    @Test func anExplicitDomainOrSortStillWinsOnANumericOrdinalAxis() throws {
        let domain = try cylinderBars { spec in
            var scale = ScaleSpec()
            scale.domain = Located([8, 6, 5, 4, 3].map(Value.number), at: nil)
            spec.encoding.x?.scale = scale
        }
        #expect(order(domain) == [4, 2, 1, 0, 3])
        // A sort keeps the table's order (the pipeline sorted the rows; here they stand as given).
        let sorted = try cylinderBars { spec in spec.sort = [SortKey(field: "count", descending: false, span: nil)] }
        #expect(order(sorted) == [0, 1, 2, 3, 4])
    }

    @Test func datesOnABandAxisRunInTimeOrder() throws {
        var spec = F.spec(.bar)
        spec.encoding.x = F.channel(.x, "day", type: .ordinal)
        spec.encoding.y = F.channel(.y, "count")
        let day = 86_400_000.0
        let table = Table(columns: [
            Column(name: "day", type: .date, values: [3, 1, 2].map { Value.date(Int64($0 * day)) }),
            F.numbers("count", [1, 2, 3])
        ])
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        #expect(order(F.rects(scene, class: "chartc-bar").map(\.box.x)) == [1, 2, 0])
    }

    @Test func aMissingValueDrawsNoBar() throws {
        let (spec, table) = barChart([10, nil, 3])
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        #expect(F.rects(scene, class: "chartc-bar").count == 2)
    }

    func colored(_ offset: Bool) -> (ChartSpec, Table) {
        var spec = F.spec(.bar)
        spec.encoding.x = F.channel(.x, "year", type: .ordinal)
        spec.encoding.y = F.channel(.y, "value")
        spec.encoding.color = F.channel(.color, "kind")
        if offset { spec.encoding.offset = F.channel(.offset, "kind") }
        let table = Table(columns: [
            F.strings("year", ["2020", "2020", "2021", "2021"]),
            F.strings("kind", ["A", "B", "A", "B"]),
            F.numbers("value", [10, 30, 20, 20])
        ])
        return (spec, table)
    }

    @Test func colorStacksBarsByDefault() throws {
        let (spec, table) = colored(false)
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        #expect(scene.groups(withClass: "chartc-series").map { $0.data.first?.value } == ["A", "B"])
        let bars = F.rects(scene, class: "chartc-bar")
        #expect(bars.count == 4)
        // A, the legend's first entry, is the top segment (SPEC §20): A for 2020 sits directly on B for 2020, in the
        // same band.
        let a2020 = bars[0].box, b2020 = bars[2].box
        #expect(abs(a2020.maxY - b2020.minY) < 0.01)
        #expect(a2020.x == b2020.x && a2020.width == b2020.width)
        // 10 + 30 and 20 + 20 reach the same height.
        let a2021 = bars[1].box
        #expect(abs(a2020.minY - a2021.minY) < 0.01)
    }

    @Test func offsetGroupsBarsSideBySide() throws {
        let (spec, table) = colored(true)
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        let bars = F.rects(scene, class: "chartc-bar")
        let a2020 = bars[0].box, b2020 = bars[2].box
        #expect(a2020.maxX <= b2020.minX)
        #expect(abs(a2020.maxY - b2020.maxY) < 0.01)
    }

    @Test func discreteYMakesHorizontalBarsTopToBottom() throws {
        var spec = F.spec(.bar)
        spec.encoding.y = F.channel(.y, "name")
        spec.encoding.x = F.channel(.x, "value")
        let table = Table(columns: [F.strings("name", ["First", "Second"]), F.numbers("value", [5, 10])])
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        let bars = F.rects(scene, class: "chartc-bar")
        #expect(bars[0].box.minY < bars[1].box.minY)
        #expect(abs(bars[1].box.width - 2 * bars[0].box.width) < 0.01)
        #expect(abs(bars[0].box.minX - bars[1].box.minX) < 0.01)
    }

    @Test func aLineWithYearsOnYRunsBottomToTop() throws {
        var spec = F.spec(.line)
        spec.encoding.x = F.channel(.x, "value")
        spec.encoding.y = F.channel(.y, "year", type: .temporal)
        // Rows out of order: drawing follows the years, not the table.
        let table = Table(columns: [F.numbers("year", [2000, 1990, 2010]), F.numbers("value", [2, 1, 3])])
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        let line = try #require(F.paths(scene, class: "chartc-line").first)
        let coordinates = line.d.dropFirst().split(whereSeparator: { $0 == "L" }).map { $0.split(separator: ",").compactMap { Double($0) } }
        #expect(coordinates.count == 3)
        #expect(coordinates[0][1] > coordinates[1][1] && coordinates[1][1] > coordinates[2][1])
        #expect(coordinates[0][0] < coordinates[1][0] && coordinates[1][0] < coordinates[2][0])
        #expect(!SceneTextOf(scene).contains("1,990"))
    }

    @Test func hiddenSeriesAreLeftOutEntirely() throws {
        var spec = F.spec(.line)
        spec.encoding.x = F.channel(.x, "t")
        spec.encoding.y = F.channel(.y, "v")
        spec.encoding.color = F.channel(.color, "s")
        spec.legend = LegendSpec(hidden: [Located("Hidden", at: nil)])
        let table = Table(columns: [
            F.numbers("t", [1, 2, 1, 2]), F.numbers("v", [1, 2, 3, 4]), F.strings("s", ["Shown", "Shown", "Hidden", "Hidden"])
        ])
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        #expect(scene.groups(withClass: "chartc-series").map { $0.data.first?.value } == ["Shown"])
        #expect(scene.groups(withClass: "chartc-legend-item").map { $0.data.first?.value } == ["Shown"])
        #expect(!SceneTextOf(scene).contains("Hidden"))
    }

    @Test func legendFalseAndAxisFalseDrawNothing() throws {
        var (spec, table) = colored(false)
        spec.legend = LegendSpec(position: Located(.none, at: nil))
        var y = F.channel(.y, "value")
        y.axis = AxisSpec(visible: false)
        spec.encoding.y = y
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        #expect(scene.groups(withClass: "chartc-legend").isEmpty)
        #expect(scene.groups(withClass: "chartc-axis-y").isEmpty)
        #expect(scene.groups(withClass: "chartc-axis-x").count == 1)
    }

    @Test func aSingleSeriesIsNamedAfterItsMark() throws {
        let (spec, table) = barChart([1, 2])
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        #expect(scene.groups(withClass: "chartc-series").map { $0.data.first?.value } == ["bar"])
    }

    @Test func totalHeightIsFramePlusPlotHeight() throws {
        var (spec, table) = barChart([1, 2])
        spec.height = Located(300, at: nil)
        spec.title = Located("Title", at: nil)
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        let frame = FrameLayout(spec: spec)
        #expect(scene.height == (frame.headerHeight + 300 + frame.footerHeight).rounded(.up))
        #expect(scene.width == 640)
    }

    @Test func anUnknownFieldSuggestsTheClosestOne() {
        var (spec, table) = barChart([1, 2])
        spec.encoding.y = F.channel(.y, "valeu")
        #expect(throws: DiagnosticError.self) { try ChartLayoutEngine.layout(spec: spec, table: table) }
        do {
            _ = try ChartLayoutEngine.layout(spec: spec, table: table)
        } catch {
            #expect(error.diagnostics.first?.id == "encoding-unknown-field")
            #expect(error.diagnostics.first?.message.contains("did you mean 'value'?") == true)
        }
    }

    @Test func anUnknownSchemeIsReported() {
        var (spec, table) = colored(false)
        var color = F.channel(.color, "kind")
        var scale = ScaleSpec()
        scale.scheme = Located("tableu10", at: nil)
        color.scale = scale
        spec.encoding.color = color
        do {
            _ = try ChartLayoutEngine.layout(spec: spec, table: table)
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.first?.id == "color-unknown-scheme")
            #expect(error.diagnostics.first?.message.contains("tableau10") == true)
        }
    }

    @Test func alongPaintsEveryBarWithOneGradientInPlotCoordinates() throws {
        var spec = F.spec(.bar)
        spec.encoding.x = F.channel(.x, "m")
        spec.encoding.y = F.channel(.y, "low")
        spec.encoding.y2 = F.channel(.y2, "high")
        var color = ChannelDef(channel: .color)
        color.along = Located(.y, at: nil)
        spec.encoding.color = color
        let table = Table(columns: [F.strings("m", ["a", "b"]), F.numbers("low", [-5, 0]), F.numbers("high", [10, 20])])
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        let bars = F.rects(scene, class: "chartc-bar")
        #expect(bars.allSatisfy { $0.fill == .gradient(id: "along") })
        guard case .linearGradient(let gradient)? = scene.definitions.first(where: { $0.id == "along" }) else {
            Issue.record("no gradient")
            return
        }
        #expect(gradient.units == .userSpaceOnUse)
        #expect(gradient.x1 == 0 && gradient.x2 == 0)
        #expect(gradient.y1 > gradient.y2)
    }

    @Test func emptyDataStillLaysOut() throws {
        let (spec, _) = barChart([])
        let table = Table(columns: [F.strings("name", []), F.numbers("value", [])])
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        #expect(F.rects(scene, class: "chartc-bar").isEmpty)
    }
}

/// All text in a scene, joined.
func SceneTextOf(_ scene: Scene) -> String {
    scene.texts().map(\.text).joined(separator: "\n")
}
