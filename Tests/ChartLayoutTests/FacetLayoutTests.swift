import ChartData
import ChartDiagnostics
import ChartFormat
import ChartSpec
import ChartValues
import Testing
@testable import ChartLayout

/// SPEC §13 small multiples: the geometry the issue pins (identical plots and ticks for shared scales, nothing
/// overlapping at any count and width) and the histogram's edge-to-edge bars.
@Suite struct FacetLayoutTests {
    /// `count` panels named by `name`, each with five points whose y range grows with the panel.
    static func chart(
        count: Int, width: Double, mark: MarkType = .line, name: (Int) -> String = { "P\($0)" }, facet: (inout FacetSpec) -> Void = { _ in }
    ) -> (ChartSpec, Table) {
        var panels: [String] = [], xs: [Double?] = [], ys: [Double?] = []
        for panel in 0..<count {
            for x in 0..<5 {
                panels.append(name(panel))
                xs.append(Double(2000 + x))
                ys.append(Double((x * 7 + panel * 13) % 23) * Double(panel + 1))
            }
        }
        var spec = Fixture.spec(mark)
        spec.encoding.x = Fixture.channel(.x, "x")
        spec.encoding.y = Fixture.channel(.y, "y", title: .text(Located("Value of the thing", at: nil)))
        var facetSpec = FacetSpec(field: Located("panel", at: nil))
        facet(&facetSpec)
        spec.facet = facetSpec
        spec.width = Located(width, at: nil)
        let table = Table(columns: [Fixture.strings("panel", panels), Fixture.numbers("x", xs), Fixture.numbers("y", ys)], rowCount: panels.count)
        return (spec, table)
    }

    static func grid(_ spec: ChartSpec, _ table: Table) throws -> FacetLayout {
        let facet = try #require(spec.facet)
        return try FacetLayout(
            spec: spec, facet: facet, table: table, layers: [try PlotModel(spec: spec, table: table)], theme: .standard, options: LayoutOptions(),
            region: Box(x: 20, y: 100, width: spec.width.value - 40, height: 400))
    }

    /// The lines drawn directly in each panel's `chartc-plot` group (gridlines and baselines), in panel order.
    static func plotLines(_ scene: Scene) -> [[LineNode]] {
        scene.nodes(withClass: "chartc-panel").map { panel in
            guard case .group(let group) = panel else { return [] }
            for child in group.children {
                guard case .group(let plot) = child, plot.classes.contains("chartc-plot") else { continue }
                return plot.children.compactMap { node in
                    if case .line(let line) = node { return line }
                    return nil
                }
            }
            return []
        }
    }

    @Test func sharedScalesGiveIdenticalPlotRectanglesAndTicks() throws {
        for count in [2, 5, 9] {
            let (spec, table) = Self.chart(count: count, width: 700)
            let grid = try Self.grid(spec, table)
            let first = try #require(grid.panels.first)
            for panel in grid.panels {
                #expect(panel.plot.width == first.plot.width && panel.plot.height == first.plot.height)
                #expect(panel.scales.y?.domain == first.scales.y?.domain)
                #expect(panel.scales.y?.range == first.scales.y?.range)
                #expect(panel.scales.x?.domain == first.scales.x?.domain)
                #expect(panel.scales.x?.range == first.scales.x?.range)
            }
            let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
            let lines = Self.plotLines(scene)
            #expect(lines.count == count)
            #expect(lines.first?.isEmpty == false)
            for panel in lines { #expect(panel == lines[0], "gridlines differ between panels") }
        }
    }

    @Test func onlyOuterPanelsPrintSharedTickLabels() throws {
        let (spec, table) = Self.chart(count: 5, width: 640, facet: { $0.columns = Located(2, at: nil) })
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        let panels = scene.nodes(withClass: "chartc-panel")
        func labels(_ panel: SceneNode, axis: String) -> Int {
            var count = 0
            for node in panel.descendants(withClass: axis) { count += node.textBoxes().count }
            return count
        }
        // Columns 0 print y labels; the lowest panel of each column (3 and 4) prints x labels.
        #expect(panels.enumerated().map { labels($0.element, axis: "chartc-axis-y") > 0 } == [true, false, true, false, true])
        #expect(panels.enumerated().map { labels($0.element, axis: "chartc-axis-x") > 0 } == [false, false, false, true, true])
        // The axis title once, not per panel.
        #expect(scene.nodes(withClass: "chartc-axis-title").filter { $0.textBoxes().contains { _ in true } }.count == 2)
    }

    @Test func independentScalesFollowEachPanel() throws {
        let (spec, table) = Self.chart(count: 4, width: 640, facet: { $0.y = Located(.independent, at: nil) })
        let grid = try Self.grid(spec, table)
        let domains = grid.panels.compactMap { $0.scales.y?.domain }
        #expect(Set(domains.map(\.upper)).count > 1)
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        let withLabels = scene.nodes(withClass: "chartc-panel").filter { panel in
            panel.descendants(withClass: "chartc-axis-y").contains { !$0.textBoxes().isEmpty }
        }
        #expect(withLabels.count == 4)
    }

    @Test func panelsNeverOverlapEachOtherOrTheirTitles() throws {
        let long = { (index: Int) -> String in
            index % 3 == 0
                ? "Panel \(index) with a rather long name that will not fit on one line at all, ever"
                : (index % 3 == 1 ? "P\(index)" : "Supercalifragilisticexpialidocious\(index)")
        }
        for count in [1, 2, 3, 5, 8, 13, 20, 27, 40] {
            for width in [320.0, 480, 640, 900, 1200] {
                let (spec, table) = Self.chart(count: count, width: width, name: long)
                let grid = try Self.grid(spec, table)
                #expect(grid.panels.count == count)
                let plots = grid.panels.map(\.plot)
                let titles = grid.panels.compactMap(\.title)
                for i in plots.indices {
                    #expect(plots[i].width >= 40)
                    for j in plots.indices where j > i {
                        #expect(!plots[i].overlaps(plots[j]), "\(count) panels at \(width): plots \(i) and \(j)")
                    }
                    for title in titles { #expect(!title.overlaps(plots[i], tolerance: 0.5), "\(count) panels at \(width): a title on plot \(i)") }
                }
                for i in titles.indices {
                    for j in titles.indices where j > i {
                        #expect(!titles[i].overlaps(titles[j], tolerance: 0.5), "\(count) panels at \(width): titles \(i), \(j)")
                    }
                    #expect(titles[i].height <= 2 * 20, "titles wrap to two lines at most")
                }
                let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
                #expect(scene.textLayoutProblems().isEmpty, "\(count) panels at \(width): \(scene.textLayoutProblems().prefix(3))")
            }
        }
    }

    @Test func longCategoryLabelsOnASharedBandAxisStayInside() throws {
        for width in [320.0, 480, 640, 900] {
            var (spec, table) = Self.chart(count: 5, width: width, name: { "Site \($0)" })
            let names = ["Wisconsin No. 38", "Velvet", "No. 475", "Manchuria Extraordinary Long Name", "Glabron"]
            let categories = (0..<table.rowCount).map { names[$0 % 5] }
            table = Table(
                columns: [table.columns[0], table.columns[1], Fixture.strings("variety", categories), table.columns[2]], rowCount: table.rowCount)
            spec.mark = MarkSpec(type: Located(.point, at: nil))
            spec.encoding.x = Fixture.channel(.x, "y")
            spec.encoding.y = Fixture.channel(.y, "variety", title: .hidden)
            spec.facet?.columns = Located(2, at: nil)
            let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
            #expect(scene.textLayoutProblems().isEmpty, "\(width): \(scene.textLayoutProblems())")
            let grid = try Self.grid(spec, table)
            #expect(Set(grid.panels.map(\.plot.width)).count == 1)
        }
    }

    @Test func defaultColumnsFitPanelsOfAtLeast200Pixels() throws {
        for (width, count, expected) in [(640.0, 20, 2), (900, 20, 4), (1200, 20, 5), (320, 20, 1), (1200, 2, 2), (640, 1, 1)] {
            let (spec, table) = Self.chart(count: count, width: width)
            #expect(try Self.grid(spec, table).columns == expected, "\(count) panels at \(width)")
        }
    }

    @Test func panelsFollowTheOrderThePipelineGaveTheSort() throws {
        // `facet.sort` is computed by the pipeline (ChartPipeline's PanelOrder, tested there); layout reads the keys.
        let (spec, table) = Self.chart(
            count: 4, width: 640,
            facet: {
                $0.sort = ExpressionSource(standalone: "-median(y)")
                $0.order = ["P2", "P0", "P3"]
            })
        let panels = FacetPanels.split(table, facet: try #require(spec.facet), spec: spec, locale: .enUS)
        // A panel the order does not name keeps its output order after the others.
        #expect(panels.map(\.key) == ["P2", "P0", "P3", "P1"])
        // Without an order: output order.
        let (plain, _) = Self.chart(count: 4, width: 640)
        #expect(FacetPanels.split(table, facet: try #require(plain.facet), spec: plain, locale: .enUS).map(\.key) == ["P0", "P1", "P2", "P3"])
    }

    @Test func aTotalOnTheFacetFieldIsDrawnInEveryPanel() throws {
        var (spec, table) = Self.chart(count: 3, width: 640)
        spec.total = [TotalSpec(field: Located("panel", at: nil), label: Located("All", at: nil))]
        let extra = Table(
            columns: [Fixture.strings("panel", ["All", "All"]), Fixture.numbers("x", [2000, 2001]), Fixture.numbers("y", [5, 6])], rowCount: 2)
        table = Table(
            columns: zip(table.columns, extra.columns).map { a, b in
                Column(name: a.name, type: a.type, values: (0..<a.count).map { a[$0] } + (0..<b.count).map { b[$0] })
            }, rowCount: table.rowCount + 2)
        let panels = FacetPanels.split(table, facet: try #require(spec.facet), spec: spec, locale: .enUS)
        #expect(panels.map(\.key) == ["P0", "P1", "P2"])
        for panel in panels { #expect(panel.rows.suffix(2) == [15, 16]) }
    }

    @Test func panelTitlesReadLikeAxisLabels() {
        #expect(FacetPanels.titles([.number(2012), .number(2013)], column: Fixture.numbers("y", [2012, 2013]), locale: .enUS) == ["2012", "2013"])
        #expect(
            FacetPanels.titles([.number(1500), .number(25000)], column: Fixture.numbers("n", [1500, 25000]), locale: .enUS) == ["1,500", "25,000"])
        var bins = Fixture.numbers("b", [-2, 0.6000000000000001])
        bins.binStep = 0.2
        #expect(FacetPanels.titles([.number(-2), .number(0.6000000000000001)], column: bins, locale: .enUS) == ["−2 to −1.8", "0.6–0.8"])
    }

    /// The x of each panel's plot group in a scene (its translation).
    static func panelColumns(_ scene: Scene) -> Set<Double> {
        var xs = Set<Double>()
        for panel in scene.nodes(withClass: "chartc-panel") {
            for plot in panel.descendants(withClass: "chartc-plot") {
                if case .group(let group) = plot, let dx = group.translate?.dx { xs.insert((dx * 100).rounded() / 100) }
            }
        }
        return xs
    }

    @Test func theNarrowPageReflowsIntoColumnsNarrowLaidOutAgain() throws {
        for narrow in [nil, 2] as [Int?] {
            var (spec, table) = Self.chart(count: 6, width: 900)
            spec.facet?.columnsNarrow = narrow.map { Located($0, at: nil) }
            let chart = try ChartLayoutEngine.check(spec, table: table)
            let pages = try ChartLayoutEngine.pageLayouts(chart: chart, table: table)
            #expect(Self.panelColumns(pages.wide).count == 4)
            let phone = try #require(pages.narrow)
            #expect(phone.width == ChartLayoutEngine.narrowWidth)
            #expect(Self.panelColumns(phone).count == (narrow ?? 1))
            #expect(phone.nodes(withClass: "chartc-panel").count == 6)
            #expect(phone.textLayoutProblems().isEmpty, "\(phone.textLayoutProblems())")
        }
    }

    @Test func everyPanelHasEverySeriesGroupForToggles() throws {
        var (spec, table) = Self.chart(count: 3, width: 640)
        spec.encoding.color = Fixture.channel(.color, "panel")
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table, options: .interactive)
        for panel in scene.nodes(withClass: "chartc-panel") {
            #expect(panel.descendants(withClass: "chartc-marks").count == 1)
            #expect(panel.descendants(withClass: "chartc-series").count == 3)
        }
        // One legend for all panels.
        #expect(scene.nodes(withClass: "chartc-legend").count == 1)
    }

    @Test func histogramBarsShareTheirEdgesExactly() throws {
        var spec = Fixture.spec(.bar)
        spec.encoding.x = Fixture.channel(.x, "b")
        spec.encoding.y = Fixture.channel(.y, "n")
        for step in [0.1, 0.25, 2, 5, 1000] {
            // The starts `bin(x, step)` makes: its decimal edges (SPEC §19.6), which layout's bar ends meet exactly.
            let edges = DecimalBinStep(step)
            var starts = Fixture.numbers("b", (0..<23).map { edges.edge(Int64($0 - 3)) })
            starts.binStep = step
            let table = Table(columns: [starts, Fixture.numbers("n", (0..<23).map { Double(($0 * 5) % 11 + 1) })], rowCount: 23)
            let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
            let bars = Fixture.rects(scene, class: "chartc-bar").map(\.box).sorted { $0.minX < $1.minX }
            #expect(bars.count == 23)
            for index in bars.indices.dropFirst() {
                #expect(bars[index - 1].maxX == bars[index].minX, "step \(step): bars \(index - 1) and \(index)")
            }
            // On its side (the bin on y), the same on y.
            var sideways = spec
            sideways.encoding.x = Fixture.channel(.x, "n")
            sideways.encoding.y = Fixture.channel(.y, "b")
            let turned = try ChartLayoutEngine.layout(spec: sideways, table: table)
            let rows = Fixture.rects(turned, class: "chartc-bar").map(\.box).sorted { $0.minY < $1.minY }
            #expect(rows.count == 23)
            #expect(rows.allSatisfy { $0.minX == rows[0].minX }, "bars grow from the y axis")
            for index in rows.indices.dropFirst() {
                #expect(rows[index - 1].maxY == rows[index].minY, "step \(step), on its side: bars \(index - 1) and \(index)")
            }
        }
    }
}

extension SceneNode {
    /// Every node under this one (itself included) whose classes include `className`.
    func descendants(withClass className: String) -> [SceneNode] {
        var result: [SceneNode] = classes.contains(className) ? [self] : []
        for child in children { result += child.descendants(withClass: className) }
        return result
    }
}

/// Ticks of a bin axis (SPEC §13) fall on interval edges, every k-th edge with a round spacing where one fits.
@Suite struct BinnedAxisTests {
    @Test(arguments: [(2.0, -2.0, 36.0), (5, -5, 40), (0.1, 0.2, 1.1), (7, 0, 140), (0.25, -1, 3), (1000, 0, 30000)])
    func ticksAreIntervalEdges(step: Double, lower: Double, upper: Double) {
        for count in [2, 4, 8, 12] {
            let ticks = BinnedChannel.ticks(domain: ScaleInterval(lower, upper), step: step, count: count)
            #expect(!ticks.isEmpty)
            #expect(ticks.count <= max(3, count + 1) + 1, "\(ticks)")
            for tick in ticks {
                let ratio = tick / step
                #expect(abs(ratio - ratio.rounded()) < 1e-9, "\(tick) is not an edge of \(step)")
                #expect(tick >= lower - 1e-9 && tick <= upper + 1e-9)
            }
            if ticks.count > 1, step != 7 {
                #expect(BinnedChannel.isRound(ticks[1] - ticks[0]), "\(ticks)")
            }
        }
    }
}

/// A shared scale's values (SPEC §13) reach every panel; reduced to their extremes they cost each panel the same
/// however many rows the chart has (issue 30: a facet over 10,000 values took 26 s).
@Suite struct SharedScaleExtremesTests {
    @Test func extremesKeepTheDomainOfEveryValue() {
        let values: [Double] = [3, -7, .nan, 0, 12, .infinity, 0.5, -0.25]
        let kept = FacetLayout.extremes(values)
        #expect(kept.count <= 4)
        #expect(ScaleInterval.extent(of: kept) == ScaleInterval.extent(of: values))
        #expect(ScaleInterval.extent(of: kept, positiveOnly: true) == ScaleInterval.extent(of: values, positiveOnly: true))
        #expect(FacetLayout.extremes([]).isEmpty)
        #expect(FacetLayout.extremes([.nan, .infinity]).count == 1)
        #expect(FacetLayout.extremes((0..<100_000).map { Double($0) }).count == 4)
    }

    @Test func everyPanelOfASharedScaleCoversEveryPanelsValues() throws {
        let (spec, table) = FacetLayoutTests.chart(count: 60, width: 900)
        let grid = try FacetLayoutTests.grid(spec, table)
        #expect(grid.panels.count == 60)
        let ys = (0..<table.rowCount).compactMap { table.column(named: "y")?[$0].numberValue }
        let highest = try #require(ys.max())
        let first = try #require(grid.panels.first?.scales.y?.domain)
        #expect(Swift.max(first.start, first.end) >= highest)
        for panel in grid.panels { #expect(panel.scales.y?.domain == first) }
    }
}
