import ChartColor
import ChartData
import ChartDiagnostics
import ChartSpec
import ChartValues
import Testing

@testable import ChartLayout

/// The static table of SPEC §24: bars on one zero-based scale per column, numbers aligned on their decimal
/// point, heat colors in the order of the values, text wrapped and never cut, the rows past `rows` noted.
@Suite struct TableLayoutTests {
    static func scene(_ table: String, rows: Table, width: Double = 640) throws -> Scene {
        let text = #"{"title": "T", "width": \#(Int(width)), "data": {"url": "d.csv"}, "table": \#(table)}"#
        let parsed = SpecParser.parse(SourceFile(path: "t.chart.json", text: text))
        #expect(!parsed.diagnostics.hasErrors, "\(parsed.diagnostics.map(\.message))")
        let spec = try #require(parsed.spec)
        return try ChartLayoutEngine.layout(spec: spec, table: rows)
    }

    static func rows(_ columns: [(String, [Double?])], names: [String]) -> Table {
        Table(columns: [Fixture.strings("name", names)] + columns.map { Fixture.numbers($0.0, $0.1) })
    }

    static func texts(_ scene: Scene, column: Int) -> [TextNode] {
        scene.nodes(withClass: "chartc-table-cell").compactMap { node in
            guard case .text(let text) = node, text.data.contains(DataAttribute("column", "\(column)")) else { return nil }
            return text
        }
    }

    @Test func barsAreProportionalOnOneZeroBasedScalePerColumn() throws {
        let values: [Double] = [10, 25, 3.5, 40, 0]
        let other: [Double] = [1000, 200, 50, 10, 700]
        let table = Self.rows([("a", values), ("b", other)], names: ["p", "q", "r", "s", "t"])
        let scene = try Self.scene(
            #"{"columns": [{"field": "name"}, {"field": "a", "display": "bar"}, {"field": "b", "display": "bar"}]}"#, rows: table)
        let bars = Fixture.rects(scene, class: "chartc-table-bar")
        #expect(bars.count == 10)
        for (column, data) in [("1", values), ("2", other)] {
            let own = bars.filter { $0.data.contains(DataAttribute("column", column)) }
            try #require(own.count == data.count)
            let largest = try #require(data.max())
            let perUnit = try #require(own.map(\.box.width).max()) / largest
            let lefts = Set(own.map { ($0.box.x * 100).rounded() })
            #expect(lefts.count == 1, "every bar of a column starts at its zero")
            for (bar, value) in zip(own, data) {
                #expect(abs(bar.box.width - value * perUnit) <= 0.5, "bar of \(value): \(bar.box.width) px, expected \(value * perUnit)")
            }
        }
    }

    @Test func negativeBarsDivergeFromZero() throws {
        let values: [Double] = [-20, 10, 30]
        let scene = try Self.scene(
            #"{"columns": [{"field": "name"}, {"field": "a", "display": "bar"}]}"#, rows: Self.rows([("a", values)], names: ["x", "y", "z"]))
        let bars = Fixture.rects(scene, class: "chartc-table-bar")
        try #require(bars.count == 3)
        let zero = bars[1].box.x
        #expect(abs(bars[0].box.maxX - zero) <= 0.01, "a negative bar ends at zero")
        #expect(abs(bars[2].box.x - zero) <= 0.01)
        let perUnit = bars[2].box.width / 30
        #expect(abs(bars[0].box.width - 20 * perUnit) <= 0.5)
        #expect(abs(bars[1].box.width - 10 * perUnit) <= 0.5)
        #expect(!scene.nodes(withClass: "chartc-table-zero").isEmpty)
    }

    @Test(arguments: [",.2f", "+.1%", "$,.0f", ""])
    func numbersAlignOnTheirDecimalPoint(format: String) throws {
        let values: [Double?] = [1.5, 12.25, 1234.5, -3, 0.125, nil]
        let column = format.isEmpty ? #"{"field": "v"}"# : #"{"field": "v", "format": "\#(format)"}"#
        let scene = try Self.scene(
            #"{"columns": [{"field": "name"}, \#(column)]}"#, rows: Self.rows([("v", values)], names: ["a", "b", "c", "d", "e", "f"]))
        // The missing value is a dash, not a number.
        let cells = Self.texts(scene, column: 1).filter { !$0.classes.contains("chartc-table-missing") }
        #expect(cells.count == 5)
        var points: [Double] = []
        for cell in cells {
            let fraction = TextMeasurer.width(TableCells.fractionPart(of: cell.text, decimal: "."), style: cell.style)
            // Where the decimal point (or the end of the digits) falls: the text ends at `x` (anchor end).
            #expect(cell.anchor == .end)
            points.append(cell.x - fraction)
        }
        let spread = (points.max() ?? 0) - (points.min() ?? 0)
        #expect(spread <= 0.5, "decimal points at \(points) for \(cells.map(\.text))")
    }

    @Test func heatColorsFollowTheValues() throws {
        let values: [Double] = [3, 9, 1, 27, 12, 5]
        let scene = try Self.scene(
            #"{"columns": [{"field": "name"}, {"field": "v", "display": "heat", "scheme": "blues"}]}"#,
            rows: Self.rows([("v", values)], names: ["a", "b", "c", "d", "e", "f"]))
        let cells = Fixture.rects(scene, class: "chartc-table-heat")
        try #require(cells.count == values.count)
        let pairs = zip(values, cells).map { value, cell -> (Double, Double) in
            guard case .color(let hex) = cell.fill, let color = Color(css: hex) else { return (value, .nan) }
            return (value, color.relativeLuminance)
        }.sorted { $0.0 < $1.0 }
        for (lower, higher) in zip(pairs, pairs.dropFirst()) {
            #expect(higher.1 < lower.1, "blues: a higher value is darker (\(lower) → \(higher))")
        }
        // Text on each cell is the more legible of dark and white.
        let texts = Self.texts(scene, column: 1)
        for (cell, text) in zip(cells, texts) {
            guard case .color(let hex) = cell.fill, let background = Color(css: hex), let ink = Color(css: text.fill) else {
                Issue.record("unreadable colors")
                continue
            }
            let other = ink == .white ? Color(css: ChartTheme.standard.legendLabelColor) ?? .black : .white
            #expect(ink.contrastRatio(with: background) >= other.contrastRatio(with: background))
        }
        #expect(!scene.nodes(withClass: "chartc-legend-ramp").isEmpty, "a legend above the table")
    }

    @Test func longTextWrapsInItsCellAndIsNeverCut() throws {
        let long = "The Democratic Republic of the Congo, with a name far longer than its column can hold on one line"
        let table = Table(columns: [
            Fixture.strings("name", [long, "Chad"]), Fixture.strings("note", [long, "short"]), Fixture.numbers("v", [1, 2])
        ])
        let scene = try Self.scene(#"{"columns": [{"field": "name"}, {"field": "note"}, {"field": "v"}]}"#, rows: table, width: 420)
        let cells = Self.texts(scene, column: 0) + Self.texts(scene, column: 1)
        let wrapped = try #require(cells.first { $0.block.lines.count > 1 })
        #expect(wrapped.text == long)
        #expect(scene.width <= 420)
        for cell in cells { #expect(cell.box.maxX <= scene.width) }
        // No two cells of a row overlap.
        let first = Self.texts(scene, column: 0)[0].box
        let second = Self.texts(scene, column: 1)[0].box
        #expect(first.maxX <= second.minX)
    }

    @Test func theFirstRowsAreShownInSortOrderAndTheRestNoted() throws {
        let values: [Double] = [5, 9, 1, 7, 3]
        let scene = try Self.scene(
            #"{"columns": [{"field": "name"}, {"field": "v"}], "sort": "-v", "rows": 3}"#,
            rows: Self.rows([("v", values)], names: ["a", "b", "c", "d", "e"]))
        #expect(Self.texts(scene, column: 0).map(\.text) == ["b", "d", "a"])
        let more = scene.nodes(withClass: "chartc-table-more").compactMap { node -> String? in
            if case .text(let text) = node { return text.text }
            return nil
        }
        #expect(more == ["2 more rows"])
    }

    /// Two countries' series over the same years, joined on `name`: row "a" holds 50 where row "b" holds 50 too.
    static func sparklineScene(scale: String? = nil) throws -> Scene {
        let trend = Table(columns: [
            Fixture.strings("name", ["a", "a", "a", "b", "b", "b", "c"]),
            Fixture.numbers("year", [2000, 2010, 2020, 2000, 2010, 2020, 2000]),
            Fixture.numbers("value", [10, 50, 30, 50, 70, 90, 20])
        ])
        let rows = Table(columns: [Fixture.strings("name", ["a", "b", "z"]), Fixture.numbers("v", [1, 2, 3])])
        let scaleKey = scale.map { #", "scale": "\#($0)""# } ?? ""
        let text =
            #"{"title": "T", "data": {"url": "d.csv"}, "table": {"columns": [{"field": "name"}, {"field": "trend", "display": "sparkline", "format": ".0f"\#(scaleKey), "from": {"data": {"url": "y.csv"}, "key": "name", "x": "year", "y": "value"}}]}}"#
        let parsed = SpecParser.parse(SourceFile(path: "t.chart.json", text: text))
        #expect(!parsed.diagnostics.hasErrors, "\(parsed.diagnostics.map(\.message))")
        let spec = try #require(parsed.spec)
        let chart = try ChartLayoutEngine.check(spec, table: rows)
        return try ChartLayoutEngine.layout(chart: chart, table: rows, sparklines: [1: trend])
    }

    /// The points of a path `Mx,yLx,y…`.
    static func points(_ d: String) -> [(x: Double, y: Double)] {
        let numbers = d.split(whereSeparator: { "ML,".contains($0) }).compactMap { Double($0) }
        return stride(from: 0, to: numbers.count - 1, by: 2).map { (numbers[$0], numbers[$0 + 1]) }
    }

    @Test func sparklinesShareOneYScaleSoEqualValuesSitAtEqualHeights() throws {
        let scene = try Self.sparklineScene()
        let lines = Fixture.paths(scene, class: "chartc-table-sparkline")
        try #require(lines.count == 2, "rows a and b have lines; z has none")
        let a = Self.points(lines[0].d)
        let b = Self.points(lines[1].d)
        try #require(a.count == 3 && b.count == 3)
        // a's 50 (2010) and b's 50 (2000), measured from each row's own line box: the same height.
        let rowA = scene.nodes(withClass: "chartc-table-row")
        try #require(rowA.count == 3)
        func top(_ node: SceneNode) -> Double? {
            for child in node.children { if case .text(let text) = child { return text.box.minY } }
            return nil
        }
        let topA = try #require(top(rowA[0]))
        let topB = try #require(top(rowA[1]))
        #expect(abs((a[1].y - topA) - (b[0].y - topB)) <= 0.5, "50 at the same height in both rows")
        // One x scale: the same year at the same x.
        #expect(abs(a[0].x - b[0].x) <= 0.01)
        #expect(abs(a[2].x - b[2].x) <= 0.01)
        // An end dot and the last value.
        #expect(Fixture.rects(scene, class: "chartc-table-sparkline-end").isEmpty)
        #expect(scene.nodes(withClass: "chartc-table-sparkline-end").count == 2)
        let texts = Self.texts(scene, column: 1).map(\.text)
        #expect(texts.contains("30") && texts.contains("90"))
        // A row without points shows a dash.
        #expect(!scene.nodes(withClass: "chartc-table-missing").isEmpty)
    }

    @Test func anIndependentScaleGivesEachRowItsOwn() throws {
        let scene = try Self.sparklineScene(scale: "independent")
        let lines = Fixture.paths(scene, class: "chartc-table-sparkline")
        try #require(lines.count == 2)
        let a = Self.points(lines[0].d).map(\.y)
        let b = Self.points(lines[1].d).map(\.y)
        // Each line spans its whole box: the lowest and highest points of the two rows are the same distance apart.
        #expect(abs(((a.max() ?? 0) - (a.min() ?? 0)) - ((b.max() ?? 0) - (b.min() ?? 0))) <= 0.01)
    }

    @Test func imagesAreForHTMLOnly() throws {
        let table = Table(columns: [Fixture.strings("name", ["a", "b"]), Fixture.strings("flag", ["https://example.org/a.png", "b.png"])])
        let text =
            #"{"title": "T", "data": {"url": "d.csv"}, "table": {"columns": [{"field": "name"}, {"field": "flag", "title": "Flag", "display": "image"}]}}"#
        let spec = try #require(SpecParser.parse(SourceFile(path: "t.chart.json", text: text)).spec)
        let chart = try ChartLayoutEngine.check(spec, table: table)
        // The static table leaves the column out; the HTML table shows each image.
        let scene = try ChartLayoutEngine.layout(chart: chart, table: table)
        let headers = scene.nodes(withClass: "chartc-table-header").compactMap { node -> String? in
            if case .text(let text) = node { return text.text }
            return nil
        }
        #expect(headers == ["name"])
        let page = try ChartLayoutEngine.page(chart: chart, table: table, name: "t")
        let model = try #require(page.table)
        #expect(model.columns.map(\.heading) == ["name", "Flag"])
        #expect(model.rows.map { $0[1].image } == ["https://example.org/a.png", "b.png"])
    }

    @Test func aSparklinesLargeLastValueReadsInTheShortScaleWithoutAFormat() throws {
        let trend = Table(columns: [
            Fixture.strings("name", ["a", "a"]), Fixture.numbers("year", [2020, 2021]), Fixture.numbers("gdp", [21e12, 25.46e12])
        ])
        let rows = Table(columns: [Fixture.strings("name", ["a"])])
        let text =
            #"{"title": "T", "data": {"url": "d.csv"}, "table": {"columns": [{"field": "name"}, {"field": "trend", "display": "sparkline", "from": {"data": {"url": "y.csv"}, "key": "name", "x": "year", "y": "gdp"}}]}}"#
        let spec = try #require(SpecParser.parse(SourceFile(path: "t.chart.json", text: text)).spec)
        let scene = try ChartLayoutEngine.layout(chart: try ChartLayoutEngine.check(spec, table: rows), table: rows, sparklines: [1: trend])
        #expect(Self.texts(scene, column: 1).map(\.text) == ["25.5T"])
    }

    @Test func aThemeWithStripesShadesEveryOtherRowInsteadOfRules() throws {
        let text = #"{"title": "T", "data": {"url": "d.csv"}, "table": {"columns": [{"field": "name"}, {"field": "v"}]}}"#
        let spec = try #require(SpecParser.parse(SourceFile(path: "t.chart.json", text: text)).spec)
        let table = Self.rows([("v", [1, 2, 3, 4])], names: ["a", "b", "c", "d"])
        let ruled = try ChartLayoutEngine.layout(spec: spec, table: table)
        var theme = ChartTheme.standard
        theme.tableStripes = true
        theme.tableStripeColor = "#eeeeee"
        let striped = try ChartLayoutEngine.layout(spec: spec, table: table, theme: theme)
        func stripes(_ scene: Scene) -> Int {
            scene.nodes(withClass: "chartc-table-row").reduce(0) { count, row in
                count + row.children.filter { if case .rect(let rect) = $0 { rect.fill == .color("#eeeeee") } else { false } }.count
            }
        }
        #expect(stripes(ruled) == 0)
        #expect(stripes(striped) == 2)
        // Rules between rows only without stripes (the header's and the bottom rule stay).
        #expect(ruled.nodes(withClass: "chartc-table-rule").count == 2 + 3)
        #expect(striped.nodes(withClass: "chartc-table-rule").count == 2)
    }
}
