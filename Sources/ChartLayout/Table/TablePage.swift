import ChartColor
import ChartSpec

/// The HTML form of a table spec (SPEC §24), laid out once by layout so the writer only writes: every row in its
/// initial order with each cell's text, sort key and drawing (a bar's extent on its column's scale, a heat cell's
/// colors, a sparkline's path), the columns' headers and alignment, the heat legends and the page text. The page
/// sorts, searches and pages these rows itself.
public struct TablePage: Sendable {
    /// One column's header.
    public struct Column: Sendable {
        public var heading: String
        public var display: String
        /// `left`, `center` or `right`.
        public var align: String
        /// Whether it sorts by number (a new sort starts high to low).
        public var numeric: Bool
        /// `ascending` or `descending` when the table starts sorted by it.
        public var sorted: String?
    }

    /// A bar in its cell: where it starts and how long it is, in % of the bar's track; where zero lies.
    public struct Bar: Sendable {
        public var start: Double
        public var length: Double
        public var zero: Double
        public var negative: Bool
    }

    /// A sparkline in a `width` × `height` box: its path and its end.
    public struct Sparkline: Sendable {
        public var path: String
        public var endX: Double
        public var endY: Double
    }

    public struct Cell: Sendable {
        /// As the static table writes it; empty when missing.
        public var text: String
        /// What the column sorts by: a number's shortest text, else the text; empty when missing (sorted last).
        public var sortKey: String
        public var bar: Bar?
        /// A heat cell's background and text colors (`#rrggbb`).
        public var heat: (background: String, ink: String)?
        public var sparkline: Sparkline?
        /// An image column's URL.
        public var image: String?
    }

    /// A heat column's legend: its title, its ramp's colors low to high, and its low and high values.
    public struct Legend: Sendable {
        public var heading: String
        public var stops: [String]
        public var low: String
        public var high: String
    }

    public var columns: [Column]
    /// In the table's initial order.
    public var rows: [[Cell]]
    /// Rows a page holds (`rows`).
    public var pageSize: Int
    public var search: Bool
    public var legends: [Legend]
    public var title: String?
    public var subtitle: String?
    public var notes: [String]
    public var sources: [(title: String, url: String?)]
    public var byline: String?
    /// The theme's colors the page draws with: bars and sparklines, and the rule under the header.
    public var markColor: String = "#2b6cb0"
    public var ruleColor: String = "#333333"
    public var gridColor: String = "#e3e3e3"
    /// The size of a sparkline's box, px.
    public static let sparklineSize = (width: 100.0, height: 22.0)
}

extension TableModel {
    /// The HTML table of every row (not only the first `rows`).
    func page() -> TablePage {
        let sorted = tableSpec.sort
        var columnsOut: [TablePage.Column] = []
        var legends: [TablePage.Legend] = []
        for plan in columns {
            var sortedWay: String?
            if let sorted, sorted.field == plan.column.field.value { sortedWay = sorted.descending ? "descending" : "ascending" }
            columnsOut.append(
                TablePage.Column(
                    heading: plan.column.heading, display: plan.kind.rawValue, align: plan.align.rawValue,
                    numeric: plan.numeric || plan.kind == .sparkline, sorted: sortedWay))
            if let heat = plan.heat {
                legends.append(
                    TablePage.Legend(
                        heading: plan.column.heading, stops: (0...8).map { heat.scheme.color(at: Double($0) / 8).hex },
                        low: plan.formatNumber(heat.low), high: plan.formatNumber(heat.high)))
            }
        }
        var rowsOut: [[TablePage.Cell]] = []
        let size = TablePage.sparklineSize
        for row in cells.order {
            var cellsOut: [TablePage.Cell] = []
            for plan in columns {
                let value = cells.numbers[plan.index][row]
                var cell = TablePage.Cell(
                    text: cells.texts[plan.index][row] ?? "", sortKey: value.map { SceneNumber.format($0) } ?? cells.texts[plan.index][row] ?? "")
                if let bar = plan.bar, let value {
                    let geometry = bar.geometry(value, left: 0, width: 100)
                    cell.bar = TablePage.Bar(start: geometry.start, length: geometry.length, zero: geometry.zero, negative: value < 0)
                }
                if let heat = plan.heat, let value, let color = heat.color(for: value) {
                    cell.heat = (color.hex, HeatScale.textColor(on: color, dark: theme.legendLabelColor).hex)
                }
                if let set = plan.sparkline {
                    let text = set.lastTexts[row] ?? ""
                    cell.text = text
                    cell.sortKey = set.series[row].last.map { SceneNumber.format($0.y) } ?? ""
                    if let line = set.line(row: row, box: Box(x: 3, y: 3, width: size.width - 6, height: size.height - 6)) {
                        cell.sparkline = TablePage.Sparkline(path: line.path, endX: line.end.x, endY: line.end.y)
                    }
                }
                if plan.kind == .image, !cell.text.isEmpty { cell.image = cell.text }
                cellsOut.append(cell)
            }
            rowsOut.append(cellsOut)
        }
        var page = TablePage(
            columns: columnsOut, rows: rowsOut, pageSize: tableSpec.rowsShown, search: tableSpec.search?.value ?? false, legends: legends,
            title: spec.title?.value, subtitle: spec.subtitle?.value, notes: spec.notes.map(\.value),
            sources: spec.sources.map { (title: [$0.title?.value, $0.site?.value].compactMap { $0 }.joined(separator: " | "), url: $0.url?.value) },
            byline: spec.byline?.value)
        page.markColor = Color(css: theme.markColor)?.hex ?? page.markColor
        page.ruleColor = Color(css: theme.baselineColor)?.hex ?? page.ruleColor
        page.gridColor = Color(css: theme.gridColor)?.hex ?? page.gridColor
        return page
    }
}
