import ChartData
import ChartDiagnostics
import ChartJSON
import ChartLayout
import ChartSpec

/// A small chart built by hand — three lines, one of them hidden, with a legend and a tooltip per point — as
/// the interactive layout draws it: series groups with `data-series` (and `data-hidden`), marks with
/// `data-row`. Strings can carry injection attempts to check the escaping.
enum HTMLFixture {
    static let injection = "</script><img src=x onerror=alert(1)>"

    static let years: [Double] = [2019, 2021, 2023]
    static let parties = ["Democrats", "Republicans", "Congress"]
    static let colors = ["#1f5fbf", "#d62728", "#8c8c8c"]
    /// By party, then year; one missing.
    static let medians: [[Double?]] = [[-0.38, nil, -0.36], [0.52, 0.54, 0.55], [0.07, 0.09, 0.11]]

    /// Rows in table order: party by party, year by year.
    static func table(partyNames: [String] = parties) -> Table {
        var year = ColumnBuilder(name: "year", type: .number)
        var party = ColumnBuilder(name: "party", type: .string)
        var median = ColumnBuilder(name: "median", type: .number)
        for (p, name) in partyNames.enumerated() {
            for (y, value) in years.enumerated() {
                year.appendNumber(value)
                party.appendString(name)
                if let value = medians[p][y] { median.appendNumber(value) } else { median.appendNull() }
            }
        }
        return Table(columns: [year.finish(), party.finish(), median.finish()])
    }

    static func spec(title: String = "Ideology in Congress", name: String = "congress", hidden: [String] = ["Congress"]) -> ChartSpec {
        let file = SourceFile(path: "charts/" + name + ".chart.json", bytes: [])
        let span = SourceSpan(file: file, offset: 0)
        var spec = ChartSpec(
            file: file, data: DataSource(origin: .values(JSONValue(kind: .array([]), span: span))), mark: MarkSpec(type: Located(.line, at: nil)))
        spec.title = Located(title, at: nil)
        var x = ChannelDef(channel: .x, field: Located("median", at: nil))
        x.format = FormatSpec(Located("+.2f", at: nil))
        var y = ChannelDef(channel: .y, field: Located("year", at: nil))
        y.type = Located(.temporal, at: nil)
        y.title = .hidden
        var color = ChannelDef(channel: .color, field: Located("party", at: nil))
        color.title = .text(Located("Party", at: nil))
        spec.encoding.x = x
        spec.encoding.y = y
        spec.encoding.color = color
        spec.legend.hidden = hidden.map { Located($0, at: nil) }
        return spec
    }

    /// The scene of `spec` over `table(partyNames:)` at `width`.
    static func scene(width: Double = 640, title: String = "Ideology in Congress", partyNames: [String] = parties, hidden: [String] = ["Congress"])
        -> Scene
    {
        let style = TextStyle(size: 21, weight: .bold)
        var children: [SceneNode] = [
            .text(TextNode(block: .single(title, style: style), x: 20, top: 18, fill: "#1a1a1a", classes: ["chartc-title"]))
        ]
        let entries = zip(partyNames, colors).map { LegendEntry(series: $0.0, color: $0.1) }
        let legend = Legend(entries: entries, title: nil, symbol: .line, direction: .rows, maxWidth: width - 40)
        var legendNode = legend.node(x: 20, y: 56)
        // Mark the hidden entries the way the interactive layout does.
        if case .group(var group) = legendNode {
            group.children = group.children.map { child in
                guard case .group(var item) = child, let series = item.data.first(where: { $0.name == "series" })?.value, hidden.contains(series)
                else { return child }
                item.data.append(DataAttribute("hidden", "true"))
                item.role = .legendEntry(series: series, startsHidden: true)
                return .group(item)
            }
            legendNode = .group(group)
        }
        let plotWidth = width - 60
        let plotHeight = 260.0
        var seriesNodes: [SceneNode] = []
        for (p, name) in partyNames.enumerated() {
            var path = PathBuilder()
            var points: [SceneNode] = []
            for y in 0..<3 {
                let row = p * 3 + y
                let px = 40 + Double(p) * plotWidth / 3 + Double(y) * 12
                let py = plotHeight - Double(y) * 100 - 20
                if y == 0 { path.move(to: px, py) } else { path.line(to: px, py) }
                points.append(
                    .circle(
                        CircleNode(
                            cx: px, cy: py, radius: 4, fill: .color(colors[p]), stroke: Stroke(.color("#ffffff"), width: 1),
                            classes: ["chartc-hover-point"], data: [DataAttribute("row", String(row))])))
            }
            var data = [DataAttribute("series", name)]
            if hidden.contains(name) { data.append(DataAttribute("hidden", "true")) }
            let line = SceneNode.path(PathNode(d: path.d, stroke: Stroke(.color(colors[p]), width: 2.5), classes: ["chartc-line"]))
            seriesNodes.append(.group(GroupNode(classes: ["chartc-series"], data: data, children: [line] + points)))
        }
        let grid = SceneNode.line(LineNode(x1: 0, y1: plotHeight, x2: plotWidth, y2: plotHeight, stroke: .color("#e3e3e3")))
        children.append(
            .group(
                GroupNode(
                    classes: ["chartc-plot"], translate: (dx: 40, dy: 100),
                    children: [grid, .group(GroupNode(classes: ["chartc-marks"], children: seriesNodes))])))
        children.append(legendNode)
        return Scene(width: width, height: 400, title: title, description: "Three lines.", children: children)
    }
}
