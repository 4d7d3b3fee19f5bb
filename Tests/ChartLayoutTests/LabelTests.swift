import ChartColor
import Testing
import ChartData
import ChartDiagnostics
import ChartFormat
import ChartSpec
@testable import ChartLayout

@Suite struct LabelNudgerTests {
    typealias Item = LabelNudger.Item

    @Test func labelsThatFitStayWhereTheyWant() {
        let centers = LabelNudger.nudge([Item(desired: 10, size: 10), Item(desired: 50, size: 10)], gap: 2, lower: 0, upper: 100)
        #expect(centers == [10, 50])
    }

    @Test func touchingLabelsSpreadEvenlyAroundTheirWishes() {
        // Wishes 20 and 22, 10 px tall, 2 px apart: the pair is centred on the mean wish, 21: 15 and 27.
        let centers = LabelNudger.nudge([Item(desired: 20, size: 10), Item(desired: 22, size: 10)], gap: 2, lower: 0, upper: 100)
        #expect(centers == [15, 27])
    }

    @Test func orderFollowsTheWishesNotTheInput() {
        let centers = LabelNudger.nudge([Item(desired: 22, size: 10), Item(desired: 20, size: 10)], gap: 2, lower: 0, upper: 100)
        #expect(centers == [27, 15])
    }

    @Test func clustersArePushedInsideTheBounds() {
        // Wishes 10 and 12 would put the pair at −1…21; the lower edge moves it to 0…22: centres 5 and 17.
        let centers = LabelNudger.nudge([Item(desired: 10, size: 10), Item(desired: 12, size: 10)], gap: 2, lower: 0, upper: 100)
        #expect(centers == [5, 17])
        let high = LabelNudger.nudge([Item(desired: 500, size: 10)], gap: 2, lower: 0, upper: 100)
        #expect(high == [95])
    }

    @Test func whatCannotFitIsDroppedNotOverlapped() {
        // Five 30 px labels need 158 px with their gaps; 100 px hold three (94 px). The last two are dropped.
        let items = (0..<5).map { Item(desired: Double($0) * 5, size: 30) }
        let centers = LabelNudger.nudge(items, gap: 2, lower: 0, upper: 100)
        #expect(centers.compactMap { $0 }.count == 3)
        #expect(centers[3] == nil && centers[4] == nil)
        let kept = centers.compactMap { $0 }.sorted()
        for index in kept.indices.dropFirst() { #expect(kept[index] - kept[index - 1] >= 32 - 1e-9) }
        #expect((kept.first ?? 0) >= 15 && (kept.last ?? 100) <= 85)
    }

    @Test func badWishesNeverCrash() {
        let centers = LabelNudger.nudge([Item(desired: .nan, size: 10), Item(desired: .infinity, size: 10)], gap: 2, lower: 0, upper: 100)
        #expect(centers.count == 2)
        #expect(LabelNudger.nudge([Item(desired: 5, size: 10)], gap: 2, lower: 10, upper: 10) == [nil])
    }
}

@Suite struct LabelPlacerTests {
    @Test func takesTheFirstFreeCandidate() {
        var placer = LabelPlacer(bounds: Box(x: 0, y: 0, width: 100, height: 100), obstacles: [Box(x: 0, y: 0, width: 50, height: 20)])
        let candidates = [Box(x: 10, y: 5, width: 20, height: 10), Box(x: 60, y: 5, width: 20, height: 10)]
        #expect(placer.place(candidates) == 1)
        // The label just placed is now in the way of the same spot.
        #expect(placer.place([Box(x: 65, y: 8, width: 20, height: 10)]) == nil)
    }

    @Test func labelsOutsideTheBoundsAreDropped() {
        var placer = LabelPlacer(bounds: Box(x: 0, y: 0, width: 100, height: 100))
        #expect(placer.place([Box(x: 90, y: 0, width: 20, height: 10)]) == nil)
        #expect(placer.place([Box(x: .nan, y: 0, width: 20, height: 10)]) == nil)
    }

    @Test func marksBlockOtherRowsLabelsButNotTheirOwn() {
        var placer = LabelPlacer(bounds: Box(x: 0, y: 0, width: 100, height: 100))
        placer.addMark(Box(x: 0, y: 50, width: 20, height: 50), owner: 1)
        let onBar = Box(x: 2, y: 60, width: 10, height: 10)
        #expect(!placer.fits(onBar, owner: 2))
        #expect(placer.fits(onBar, owner: 1))
        #expect(placer.fits(onBar, owner: 2, ignoringMarks: true))
    }
}

@Suite struct ValueLabelTests {
    typealias F = Fixture

    func labels(_ scene: Scene) -> [Scene.PlacedText] {
        scene.texts().filter { $0.classes.contains("chartc-label") }
    }

    func bars(_ values: [Double], labels: LabelOptions = LabelOptions()) -> (ChartSpec, Table) {
        var spec = F.spec(.bar)
        spec.mark.labels = labels
        spec.encoding.x = F.channel(.x, "name")
        spec.encoding.y = F.channel(.y, "value")
        let names = values.indices.map { "Item \($0)" }
        return (spec, Table(columns: [F.strings("name", names), F.numbers("value", values)]))
    }

    @Test func eachColumnGetsItsValueJustAboveIt() throws {
        let (spec, table) = bars([10, 25, 40])
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        let placed = labels(scene)
        #expect(placed.map(\.text) == ["10", "25", "40"])
        let columns = F.rects(scene, class: "chartc-bar")
        let plot = try #require(scene.groups(withClass: "chartc-plot").first?.translate)
        for (label, column) in zip(placed, columns) {
            let bar = column.box.offsetBy(dx: plot.dx, dy: plot.dy)
            #expect(abs(label.box.midX - bar.midX) < 0.01)
            #expect(label.box.maxY <= bar.minY && bar.minY - label.box.maxY < 6)
        }
        // The tallest column leaves room for its label inside the plot region.
        #expect(scene.textLayoutProblems().isEmpty)
    }

    @Test func negativeValuesAreLabelledBelowTheirBars() throws {
        let (spec, table) = bars([10, -20])
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        let placed = labels(scene)
        let columns = F.rects(scene, class: "chartc-bar")
        let plot = try #require(scene.groups(withClass: "chartc-plot").first?.translate)
        let negative = columns[1].box.offsetBy(dx: plot.dx, dy: plot.dy)
        #expect(placed[1].text == "\u{2212}20")
        #expect(placed[1].box.minY >= negative.maxY)
    }

    @Test func skipZeroLeavesZerosUnlabelled() throws {
        let (spec, table) = bars([3, 0, 5], labels: LabelOptions(skipZero: true))
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        #expect(labels(scene).map(\.text) == ["3", "5"])
        let (plain, plainTable) = bars([3, 0, 5])
        #expect(labels(try ChartLayoutEngine.layout(spec: plain, table: plainTable)).map(\.text) == ["3", "0", "5"])
    }

    @Test func theLabelFormatWinsOverTheChannels() throws {
        var (spec, table) = bars([0.25, 0.5], labels: LabelOptions(format: FormatSpec(Located(".0%", at: nil))))
        spec.encoding.y?.format = FormatSpec(Located(".2f", at: nil))
        #expect(labels(try ChartLayoutEngine.layout(spec: spec, table: table)).map(\.text) == ["25%", "50%"])
        spec.mark.labels = LabelOptions()
        #expect(labels(try ChartLayoutEngine.layout(spec: spec, table: table)).map(\.text) == ["0.25", "0.50"])
    }

    @Test func rotatedLabelsSitInsideTheirBarsAndReadUpwards() throws {
        let (spec, table) = bars([12_000, 30_000], labels: LabelOptions(position: Located(.inside, at: nil), angle: Located(-90, at: nil)))
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        let placed = labels(scene)
        #expect(placed.map(\.text) == ["12,000", "30,000"])
        let columns = F.rects(scene, class: "chartc-bar")
        let plot = try #require(scene.groups(withClass: "chartc-plot").first?.translate)
        for (label, column) in zip(placed, columns) {
            #expect(label.node.rotation == -90)
            #expect(label.box.height > label.box.width)
            #expect(column.box.offsetBy(dx: plot.dx, dy: plot.dy).contains(label.box))
        }
        // White on the default dark blue.
        #expect(placed.allSatisfy { $0.node.fill == "#ffffff" })
    }

    @Test func labelsThatDoNotFitInsideMoveAboveTheBar() throws {
        let (spec, table) = bars([1, 100], labels: LabelOptions(position: Located(.inside, at: nil)))
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        let placed = labels(scene)
        let columns = F.rects(scene, class: "chartc-bar")
        let plot = try #require(scene.groups(withClass: "chartc-plot").first?.translate)
        let short = columns[0].box.offsetBy(dx: plot.dx, dy: plot.dy)
        #expect(placed[0].box.maxY <= short.minY)
        #expect(placed[0].node.fill == ChartTheme.standard.valueLabelColor)
        #expect(columns[1].box.offsetBy(dx: plot.dx, dy: plot.dy).contains(placed[1].box))
    }

    @Test func stackedSegmentsAreLabelledInTheirMiddleOrNotAtAll() throws {
        var spec = F.spec(.bar)
        spec.mark.labels = LabelOptions()
        spec.encoding.x = F.channel(.x, "year", type: .ordinal)
        spec.encoding.y = F.channel(.y, "value")
        spec.encoding.color = F.channel(.color, "kind")
        let table = Table(columns: [
            F.strings("year", ["2020", "2020", "2021", "2021"]),
            F.strings("kind", ["A", "B", "A", "B"]),
            F.numbers("value", [10, 30, 1, 40])
        ])
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        // The 1 is a sliver: its label would spill into the segment above, so it is left out.
        #expect(labels(scene).map(\.text).sorted() == ["10", "30", "40"])
        let segments = F.rects(scene, class: "chartc-bar")
        let plot = try #require(scene.groups(withClass: "chartc-plot").first?.translate)
        let first = segments[0].box.offsetBy(dx: plot.dx, dy: plot.dy)
        let label = try #require(labels(scene).first { $0.text == "10" })
        #expect(abs(label.box.midY - first.midY) < 0.01)
    }

    @Test func normalizedStacksPrintShares() throws {
        var spec = F.spec(.bar)
        spec.mark.labels = LabelOptions()
        spec.encoding.x = F.channel(.x, "year", type: .ordinal)
        var y = F.channel(.y, "value")
        y.stack = Located(.normalize, at: nil)
        spec.encoding.y = y
        spec.encoding.color = F.channel(.color, "kind")
        let table = Table(columns: [F.strings("year", ["2020", "2020"]), F.strings("kind", ["A", "B"]), F.numbers("value", [1, 3])])
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        #expect(labels(scene).map(\.text) == ["25%", "75%"])
    }

    @Test func horizontalBarsAreLabelledAtTheirEnds() throws {
        var spec = F.spec(.bar)
        spec.mark.labels = LabelOptions()
        spec.encoding.y = F.channel(.y, "name")
        spec.encoding.x = F.channel(.x, "value")
        let table = Table(columns: [F.strings("name", ["A", "B"]), F.numbers("value", [50, 100])])
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        let placed = labels(scene)
        let bars = F.rects(scene, class: "chartc-bar")
        let plot = try #require(scene.groups(withClass: "chartc-plot").first?.translate)
        for (label, bar) in zip(placed, bars) {
            let box = bar.box.offsetBy(dx: plot.dx, dy: plot.dy)
            #expect(label.box.minX >= box.maxX && label.box.minX - box.maxX < 6)
            #expect(abs(label.box.midY - box.midY) < 0.01)
        }
        #expect(scene.textLayoutProblems().isEmpty)
    }

    @Test func heatMapLabelsSwitchColorOnDarkCells() throws {
        var spec = F.spec(.rect)
        spec.mark.labels = LabelOptions()
        spec.encoding.x = F.channel(.x, "col")
        spec.encoding.y = F.channel(.y, "row")
        spec.encoding.color = F.channel(.color, "value")
        let table = Table(columns: [F.strings("col", ["a", "b"]), F.strings("row", ["r", "r"]), F.numbers("value", [0, 100])])
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        let placed = labels(scene)
        #expect(placed.map(\.text) == ["0", "100"])
        // Blues: the lowest value is nearly white, the highest dark blue.
        #expect(placed[0].node.fill == Color.darkText.hex)
        #expect(placed[1].node.fill == "#ffffff")
    }

    @Test func labelsWiderThanNarrowColumnsStandUpright() throws {
        var spec = F.spec(.bar)
        spec.mark.labels = LabelOptions()
        spec.encoding.x = F.channel(.x, "region")
        spec.encoding.y = F.channel(.y, "sales")
        spec.encoding.color = F.channel(.color, "year")
        spec.encoding.offset = F.channel(.offset, "year")
        var regions: [String] = [], years: [String] = [], sales: [Double?] = []
        for (index, region) in ["North", "South", "East", "West", "Central", "Islands"].enumerated() {
            for (step, year) in ["2021", "2022", "2023"].enumerated() {
                regions.append(region)
                years.append(year)
                sales.append(Double(10_000 + ((index * 3 + step) * 7_919) % 20_000))
            }
        }
        let table = Table(columns: [F.strings("region", regions), F.strings("year", years), F.numbers("sales", sales)])
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        let placed = labels(scene)
        // "27,419" is wider than a third of a band: every label turns upright, and none is lost.
        #expect(placed.count == 18)
        #expect(placed.allSatisfy { $0.node.rotation == -90 })
        #expect(scene.textLayoutProblems().isEmpty)
        // Wide columns keep their labels level.
        let (plain, plainTable) = bars([12_000, 30_000])
        #expect(labels(try ChartLayoutEngine.layout(spec: plain, table: plainTable)).allSatisfy { $0.node.rotation == 0 })
    }

    @Test func crowdedLabelsAreDroppedNeverOverlapped() throws {
        let values = (0..<120).map { _ in 1_000_000.0 }
        let (spec, table) = bars(values, labels: LabelOptions(format: FormatSpec(Located(",.0f", at: nil))))
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        let count = labels(scene).count
        #expect(count > 0 && count < 120)
        #expect(scene.textLayoutProblems().isEmpty)
    }

    @Test func pointLabelsPreferAboveThenOtherSides() throws {
        var spec = F.spec(.point)
        spec.mark.labels = LabelOptions()
        spec.encoding.x = F.channel(.x, "x")
        spec.encoding.y = F.channel(.y, "y")
        spec.encoding.text = F.channel(.text, "name")
        // Two points on top of each other mid-plot: the second label cannot go above, so it goes below.
        let table = Table(columns: [F.numbers("x", [3, 3, 1, 5]), F.numbers("y", [3, 3, 1, 5]), F.strings("name", ["First", "Second", "Low", "High"])]
        )
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        let placed = labels(scene)
        #expect(placed.map(\.text) == ["First", "Second", "Low", "High"])
        #expect(placed[0].box.maxY <= placed[1].box.minY)
        #expect(abs(placed[0].box.midX - placed[1].box.midX) < 0.01)
        #expect(scene.textLayoutProblems().isEmpty)
    }

    /// Seattle's monthly means (examples/seattle-weather/seasons-loop) joined in month order: the line runs through
    /// June's point from up-left to down-right, and the loop's other side is near, so above, below, left and right
    /// are all taken. June's label was dropped until the corners were tried.
    @Test func aVertexCrossedOnEverySideIsLabelledAtACorner() throws {
        var spec = F.spec(.line)
        spec.mark.points = true
        spec.mark.labels = LabelOptions()
        spec.encoding.x = F.channel(.x, "precipitation")
        spec.encoding.y = F.channel(.y, "temp_max")
        spec.encoding.order = F.channel(.order, "index")
        spec.encoding.text = F.channel(.text, "month")
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let precipitation = [3.758, 3.735, 4.889, 3.128, 1.673, 1.107, 0.389, 1.320, 1.963, 4.060, 5.354, 5.022]
        let temperature = [8.229, 9.860, 12.387, 15.020, 19.296, 22.400, 25.998, 26.112, 21.924, 16.390, 11.023, 8.194]
        let table = Table(columns: [
            F.strings("month", months), F.numbers("precipitation", precipitation), F.numbers("temp_max", temperature),
            F.numbers("index", months.indices.map(Double.init))
        ])
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        #expect(Set(labels(scene).map(\.text)) == Set(months))
        #expect(scene.textLayoutProblems().isEmpty)
    }
}

@Suite struct DirectLabelTests {
    typealias F = Fixture

    func lines(position: LegendPosition = .direct, endings: [Double] = [10, 10.2, 30]) -> (ChartSpec, Table) {
        var spec = F.spec(.line)
        spec.encoding.x = F.channel(.x, "t")
        spec.encoding.y = F.channel(.y, "v")
        spec.encoding.color = F.channel(.color, "s")
        spec.legend = LegendSpec(position: Located(position, at: nil))
        var t: [Double?] = [], v: [Double?] = [], s: [String] = []
        for (index, name) in ["North", "South", "West"].enumerated() {
            for step in 0..<3 {
                t.append(Double(step))
                v.append(step == 2 ? endings[index] : Double(index * 5 + step))
                s.append(name)
            }
        }
        return (spec, Table(columns: [F.numbers("t", t), F.numbers("v", v), F.strings("s", s)]))
    }

    func names(_ scene: Scene) -> [Scene.PlacedText] {
        scene.texts().filter { $0.classes.contains("chartc-direct-label") }
    }

    @Test func eachLineIsNamedAtItsEndInsteadOfALegend() throws {
        let (spec, table) = lines()
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        #expect(scene.groups(withClass: "chartc-legend").isEmpty)
        let placed = names(scene)
        #expect(placed.map(\.text) == ["North", "South", "West"])
        let plot = try #require(scene.groups(withClass: "chartc-plot").first?.translate)
        let width = scene.width - 20 - plot.dx
        for label in placed {
            // Right of the plot's last values, inside the canvas.
            #expect(label.box.minX > plot.dx + width * 0.5)
            #expect(label.box.maxX <= scene.width)
        }
        // West ends highest, so its name is on top.
        #expect(placed[2].box.maxY <= placed[0].box.minY)
        // Each name sits inside its own series group, in its color.
        #expect(placed[0].classes.contains("chartc-series"))
        #expect(scene.textLayoutProblems().isEmpty)
    }

    @Test func namesOfLinesEndingTogetherAreNudgedApart() throws {
        let (spec, table) = lines(endings: [10, 10, 10])
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        let placed = names(scene)
        #expect(placed.count == 3)
        for i in placed.indices {
            for j in placed.indices where j > i { #expect(!placed[i].box.overlaps(placed[j].box)) }
        }
    }

    @Test func barsFallBackToALegendOnTop() throws {
        var (spec, table) = lines()
        spec.mark = MarkSpec(type: Located(.bar, at: nil))
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        #expect(scene.groups(withClass: "chartc-legend").count == 1)
        #expect(names(scene).isEmpty)
    }

    @Test func lightColorsAreDarkenedToReadAsText() throws {
        let darker = DirectLabels.readable("#ffdd00", on: "#ffffff")
        let color = try #require(Color(css: darker))
        #expect(color.contrastRatio(with: .white) >= 3)
        #expect(DirectLabels.readable("#1f5fbf", on: "#ffffff") == "#1f5fbf")
    }
}

/// A bad format stops the layout through the checking stage (`invalid-format`), instead of a silent fallback.
@Suite struct FormatCheckTests {
    @Test func layoutReportsABadFormatInsteadOfFallingBack() {
        var spec = Fixture.spec(.bar)
        spec.encoding.x = Fixture.channel(.x, "name")
        var y = Fixture.channel(.y, "value")
        y.format = FormatSpec(Located(".1z", at: nil))
        spec.encoding.y = y
        let table = Table(columns: [Fixture.strings("name", ["a"]), Fixture.numbers("value", [1])])
        #expect(throws: DiagnosticError.self) { try ChartLayoutEngine.layout(spec: spec, table: table) }
        do {
            _ = try ChartLayoutEngine.layout(spec: spec, table: table)
        } catch {
            #expect(error.diagnostics.map(\.id) == ["invalid-format"])
        }
    }
}
