import ChartData
import ChartDiagnostics
import ChartSemantics
import ChartSpec
import ChartValues
import Testing

@testable import ChartLayout

/// Several views in one graphic (SPEC §20), measured on the scene: views never overlap, each plot gets the size
/// its view asked for, views sharing a color field share one legend, and a repeat grid prints tick labels only on
/// its outer views.
@Suite struct ViewLayoutTests {
    static let rows = Table(columns: [
        Column(name: "year", type: .number, values: [2000, 2001, 2002, 2000, 2001, 2002].map { .number($0) }),
        Column(name: "kind", type: .string, values: ["a", "a", "a", "b", "b", "b"].map { .string($0) }),
        Column(name: "other", type: .string, values: ["p", "q", "p", "q", "p", "q"].map { .string($0) }),
        Column(name: "value", type: .number, values: [3, 4, 5, 6, 2, 8].map { .number($0) }),
        Column(name: "cost", type: .number, values: [30, 14, 25, 16, 22, 18].map { .number($0) })
    ])

    /// The page spec and each view checked against `rows`.
    static func views(_ text: String) throws -> (page: ChartSpec, views: [ViewInput]) {
        let parsed = SpecParser.parse(SourceFile(path: "views.chart.json", text: text))
        #expect(!parsed.diagnostics.hasErrors, "\(parsed.diagnostics.map(\.message))")
        let page = try #require(parsed.spec)
        var inputs: [ViewInput] = []
        for view in page.views { inputs.append(ViewInput(chart: try ChartLayoutEngine.check(view, table: rows), table: rows)) }
        return (page, inputs)
    }

    /// The translation of the first group of `className` inside `node`, and the node itself.
    static func groups(_ nodes: [SceneNode], class className: String) -> [GroupNode] {
        var found: [GroupNode] = []
        for node in nodes {
            guard case .group(let group) = node else { continue }
            if group.classes.contains(className) { found.append(group) }
            found += groups(group.children, class: className)
        }
        return found
    }

    /// How many text nodes lie inside `nodes`.
    static func textCount(_ nodes: [SceneNode]) -> Int {
        nodes.reduce(0) { count, node in
            switch node {
            case .text: count + 1
            case .group(let group): count + textCount(group.children)
            default: count
            }
        }
    }

    /// The gridlines among `nodes` (lines in the theme's grid color), horizontal and vertical.
    static func gridLines(_ nodes: [SceneNode]) -> (horizontal: Int, vertical: Int) {
        var result = (horizontal: 0, vertical: 0)
        for node in nodes {
            switch node {
            case .line(let line):
                guard case .color(let color) = line.stroke.paint, color == ChartTheme.standard.gridColor else { continue }
                if line.y1 == line.y2 { result.horizontal += 1 } else if line.x1 == line.x2 { result.vertical += 1 }
            case .group(let group):
                let inner = gridLines(group.children)
                result.horizontal += inner.horizontal
                result.vertical += inner.vertical
            default: break
            }
        }
        return result
    }

    static func overlaps(_ a: Box, _ b: Box) -> Bool {
        a.x < b.x + b.width - 0.01 && b.x < a.x + a.width - 0.01 && a.y < b.y + b.height - 0.01 && b.y < a.y + a.height - 0.01
    }

    @Test func viewsNeverOverlapAndEachPlotHasTheSizeItAskedFor() throws {
        let (page, views) = try Self.views(
            #"""
            { "title": "Three views", "data": { "url": "d.csv" }, "columns": 2, "concat": [
              { "title": "Bars", "mark": "bar", "encoding": { "x": { "field": "kind" }, "y": { "field": "value" } }, "width": 200, "height": 150 },
              { "title": "Lines", "mark": "line", "encoding": { "x": { "field": "year", "type": "temporal" }, "y": { "field": "cost" } }, "width": 260, "height": 120 },
              { "mark": "point", "encoding": { "x": { "field": "value" }, "y": { "field": "cost", "title": "A much longer axis title" } }, "width": 180, "height": 200 }
            ] }
            """#)
        let layout = try ChartLayoutEngine.composeViews(page: page, views: views)
        let asked: [(Double, Double)] = [(200, 150), (260, 120), (180, 200)]
        #expect(layout.plots.count == 3)
        for (plot, size) in zip(layout.plots, asked) {
            #expect(abs(plot.width - size.0) < 0.5, "plot \(plot) asked \(size)")
            #expect(abs(plot.height - size.1) < 0.5, "plot \(plot) asked \(size)")
        }
        for i in layout.frames.indices {
            for j in layout.frames.indices where j > i {
                #expect(!Self.overlaps(layout.frames[i], layout.frames[j]), "views \(i) and \(j) overlap")
            }
            // Every view inside the canvas.
            #expect(layout.frames[i].x >= 0 && layout.frames[i].maxX <= layout.scene.width + 0.01)
            #expect(layout.frames[i].maxY <= layout.scene.height + 0.01)
        }
        // The scene says the same: each chartc-view group sits at its frame, its plot where the plot is.
        let viewGroups = Self.groups(layout.scene.children, class: "chartc-view")
        #expect(viewGroups.map { $0.data.first { $0.name == "view" }?.value } == ["0", "1", "2"])
        for (index, group) in viewGroups.enumerated() {
            let shift = try #require(group.translate)
            #expect(abs(shift.dx - layout.frames[index].x) < 0.01 && abs(shift.dy - layout.frames[index].y) < 0.01)
            let plot = try #require(Self.groups(group.children, class: "chartc-plot").first?.translate)
            #expect(abs(shift.dx + plot.dx - layout.plots[index].x) < 0.01 && abs(shift.dy + plot.dy - layout.plots[index].y) < 0.01)
        }
        // Two in the first row, plots lined up at the top; the third below, lined up with the first at the left.
        #expect(abs(layout.plots[0].y - layout.plots[1].y) < 0.01)
        #expect(layout.plots[2].y > layout.plots[0].maxY)
        #expect(abs(layout.plots[0].x - layout.plots[2].x) < 0.01)
        // Every text of a view lies inside its frame, so none runs into another view.
        for (index, group) in viewGroups.enumerated() {
            for text in Scene(width: 0, height: 0, children: group.children).texts() {
                let box = text.box.offsetBy(dx: layout.frames[index].x, dy: layout.frames[index].y)
                #expect(
                    box.x >= layout.frames[index].x - 0.5 && box.maxX <= layout.frames[index].maxX + 0.5 && box.y >= layout.frames[index].y - 0.5
                        && box.maxY <= layout.frames[index].maxY + 0.5, "'\(text.text)' of view \(index) leaves it")
            }
        }
    }

    @Test func viewsWithoutColumnsLieInOneRowOnlyWhenEachGets200px() throws {
        func rows(_ count: Int, width: Int) throws -> Set<Double> {
            let view = #"{ "mark": "point", "encoding": { "x": { "field": "value" }, "y": { "field": "cost" } } }"#
            let (page, views) = try Self.views(
                #"{ "title": "T", "data": { "url": "d.csv" }, "width": \#(width), "concat": [\#(Array(repeating: view, count: count).joined(separator: ","))] }"#
            )
            return Set(try ChartLayoutEngine.composeViews(page: page, views: views).plots.map { ($0.y * 100).rounded() / 100 })
        }
        #expect(try rows(3, width: 640).count == 1)
        #expect(try rows(4, width: 640).count == 4)
        #expect(try rows(4, width: 900).count == 1)
    }

    @Test func viewsSharingAColorFieldShareOneLegendAndTheirColors() throws {
        let (page, views) = try Self.views(
            #"""
            { "title": "T", "data": { "url": "d.csv" }, "concat": [
              { "mark": "bar", "encoding": { "x": { "field": "year", "type": "ordinal" }, "y": { "field": "value" }, "color": { "field": "kind" } } },
              { "mark": "point", "encoding": { "x": { "field": "value" }, "y": { "field": "cost" }, "color": { "field": "kind" } } },
              { "mark": "point", "encoding": { "x": { "field": "value" }, "y": { "field": "cost" }, "color": { "field": "other" } } }
            ] }
            """#)
        let layout = try ChartLayoutEngine.composeViews(page: page, views: views)
        let legends = Self.groups(layout.scene.children, class: "chartc-legend")
        // One for `kind` (above the views, outside every view), one inside the view coloring by `other`.
        #expect(legends.count == 2)
        let topLevel = layout.scene.children.compactMap { node -> GroupNode? in
            if case .group(let group) = node, group.classes.contains("chartc-legend") { return group }
            return nil
        }
        #expect(topLevel.count == 1)
        let viewGroups = Self.groups(layout.scene.children, class: "chartc-view")
        #expect(Self.groups(viewGroups[0].children, class: "chartc-legend").isEmpty)
        #expect(Self.groups(viewGroups[1].children, class: "chartc-legend").isEmpty)
        #expect(Self.groups(viewGroups[2].children, class: "chartc-legend").count == 1)
        // The series `b` has one color in both views.
        func colors(_ group: GroupNode) -> [String: Set<String>] {
            var result: [String: Set<String>] = [:]
            for series in Self.groups(group.children, class: "chartc-series") {
                guard let name = series.data.first(where: { $0.name == "series" })?.value else { continue }
                for node in series.children {
                    switch node {
                    case .rect(let rect): if case .color(let color) = rect.fill { result[name, default: []].insert(color) }
                    case .circle(let circle): if case .color(let color) = circle.fill { result[name, default: []].insert(color) }
                    default: break
                    }
                }
            }
            return result
        }
        let first = colors(viewGroups[0])
        let second = colors(viewGroups[1])
        #expect(first.keys.sorted() == ["a", "b"] && second.keys.sorted() == ["a", "b"])
        #expect(first == second)
    }

    @Test func aRepeatGridPrintsTickLabelsOnlyOnItsOuterViews() throws {
        let (page, views) = try Self.views(
            #"""
            { "title": "T", "data": { "url": "d.csv" }, "width": 900,
              "repeat": { "row": ["value", "cost", "year"], "column": ["year", "cost", "value"] },
              "mark": "point", "encoding": { "x": { "field": { "repeat": "column" } }, "y": { "field": { "repeat": "row" } } } }
            """#)
        #expect(views.count == 9)
        let layout = try ChartLayoutEngine.composeViews(page: page, views: views)
        let viewGroups = Self.groups(layout.scene.children, class: "chartc-view")
        for (index, group) in viewGroups.enumerated() {
            let row = index / 3
            let column = index % 3
            // Every view has its axes; only the outer ones print tick labels (and titles).
            let xAxis = try #require(Self.groups(group.children, class: "chartc-axis-x").first, "view \(index)")
            let yAxis = try #require(Self.groups(group.children, class: "chartc-axis-y").first, "view \(index)")
            #expect((Self.textCount(xAxis.children) == 0) == (row != 2), "view \(index)")
            #expect((Self.textCount(yAxis.children) == 0) == (column != 0), "view \(index)")
            // And every view keeps its gridlines, across and along, as the outer ones do.
            let plot = try #require(Self.groups(group.children, class: "chartc-plot").first)
            let grid = Self.gridLines(plot.children)
            #expect(grid.horizontal >= 2 && grid.vertical >= 2, "view \(index): \(grid)")
        }
        // Every plot the same size, in a grid.
        let sizes = Set(layout.plots.map { "\(($0.width * 10).rounded())x\(($0.height * 10).rounded())" })
        #expect(sizes.count == 1)
        for i in layout.frames.indices {
            for j in layout.frames.indices where j > i { #expect(!Self.overlaps(layout.frames[i], layout.frames[j])) }
        }
        #expect(layout.scene.width <= 900.5)
        // Each field named once per row and column: the axis titles are the three fields, on x and on y.
        let titles = layout.scene.texts().filter { $0.classes.contains("chartc-axis-title") }.map(\.text)
        #expect(titles.sorted() == ["cost", "cost", "value", "value", "year", "year"])
    }

    /// Views that size their marks by the same field share one size scale and one size legend, above the views.
    @Test func viewsSizingByTheSameFieldShareOneSizeLegendAndScale() throws {
        let (page, views) = try Self.views(
            #"""
            { "title": "T", "data": { "url": "d.csv" }, "concat": [
              { "mark": "point", "encoding": { "x": { "field": "year" }, "y": { "field": "cost" }, "size": { "field": "value" } } },
              { "mark": "point", "encoding": { "x": { "field": "cost" }, "y": { "field": "year" }, "size": { "field": "value" } } }
            ] }
            """#)
        // The first view draws only the rows with a value under 5 (its own largest is 4; the second's 8).
        let small = Table(
            columns: Self.rows.columns.map { column in
                Column(name: column.name, type: column.type, values: [0, 1, 4].map { column[$0] })
            })
        let inputs = [ViewInput(chart: try ChartLayoutEngine.check(page.views[0], table: small), table: small), views[1]]
        let layout = try ChartLayoutEngine.composeViews(page: page, views: inputs)
        let sizeLegends = Self.groups(layout.scene.children, class: "chartc-legend-size")
        #expect(sizeLegends.count == 1)
        let viewGroups = Self.groups(layout.scene.children, class: "chartc-view")
        #expect(viewGroups.allSatisfy { Self.groups($0.children, class: "chartc-legend-size").isEmpty })
        // One scale: the value 4 is as large a dot in both views (with a scale of its own, the first view's 4
        // would be as large as the second's 8).
        func radii(_ group: GroupNode) -> Set<Double> {
            var result: Set<Double> = []
            for series in Self.groups(group.children, class: "chartc-series") {
                for case .circle(let circle) in series.children { result.insert((circle.radius * 100).rounded() / 100) }
            }
            return result
        }
        let first = radii(viewGroups[0])
        let second = radii(viewGroups[1])
        #expect(first.count == 3 && second.count >= 5)
        #expect(first.isSubset(of: second), "\(first) \(second)")
    }
}
