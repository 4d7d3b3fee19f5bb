#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ChartColor
import ChartData
import ChartFormat
import ChartSemantics
import ChartSpec

/// The static table of SPEC §24 (SVG, PDF, PNG): the chart's title and subtitle, a legend per heat column, a
/// header row over a rule, the first `rows` rows (text wrapped in its cell, never cut; numbers right-aligned on
/// their decimal point; bars on one zero-based scale per column with the value beside; heat cells colored by a
/// scale per column with text in the color that contrasts most), a note of how many rows are left out, and the
/// chart's notes and sources. Measured with the theme's fonts, as every chart.
public enum TableLayout {
    /// Space left and right of a cell's contents.
    static let paddingX = 8.0
    /// Space above and below a row's contents.
    static let paddingY = 6.0
    /// A bar column's width when it has none written.
    static let barWidth = 160.0
    /// Gap between a bar's end and its value.
    static let barGap = 4.0
    /// The narrowest a column of text gets before the table grows wider than the chart instead.
    static let minimumTextWidth = 72.0

    /// Space between a sparkline's end and its last value.
    static let sparklineGap = 5.0
    /// How much taller than a line of text a row with a sparkline is.
    static let sparklineExtra = 8.0
    /// A sparkline's line area when its column has no written width.
    static let sparklineWidth = 110.0

    /// The scene of a checked table spec drawn from the pipeline's rows; `sparklines` holds, per column index,
    /// the rows a sparkline column's `from` reads (`SparklineRows.load`).
    public static func scene(chart: CheckedChart, table: Table, sparklines: [Int: Table] = [:], theme: ChartTheme) -> Scene {
        let model = TableModel(chart: chart, table: table, sparklines: sparklines, theme: theme)
        return model.scene()
    }
}

/// Everything the static table measures, in one place: the cells, each column's plan and width.
struct TableModel {
    let spec: ChartSpec
    let tableSpec: TableSpec
    let table: Table
    let theme: ChartTheme
    let cells: TableCells
    let locale: ChartLocale
    /// The rows shown, in order.
    let shown: [Int]
    var columns: [TableColumnPlan]

    var bodyStyle: TextStyle { theme.legendLabelStyle }
    var headerStyle: TextStyle { theme.legendTitleStyle }
    var lineHeight: Double { TextMeasurer.lineHeight(bodyStyle) }

    /// Per sparkline column (by index): its lines.
    let sparklines: [Int: SparklineSet]

    /// `page`: the HTML table's model, which keeps `image` columns; the static table leaves them out (SPEC §24:
    /// images are HTML only).
    init(chart: CheckedChart, table: Table, sparklines: [Int: Table], theme: ChartTheme, page: Bool = false) {
        spec = chart.spec
        tableSpec = chart.spec.table ?? TableSpec(columns: [])
        self.table = table
        self.theme = theme
        locale = ChartLocale.named(chart.spec.locale.value) ?? .enUS
        cells = TableCells(spec: tableSpec, table: table, locale: locale)
        shown = Array(cells.order.prefix(tableSpec.rowsShown))
        var lines: [Int: SparklineSet] = [:]
        for (index, column) in tableSpec.columns.enumerated() {
            guard let from = column.from, let rows = sparklines[index] else { continue }
            lines[index] = SparklineSet(column: column, from: from, rows: rows, table: table, locale: locale)
        }
        self.sparklines = lines
        columns = []
        for (index, column) in tableSpec.columns.enumerated() where page || column.kind != .image {
            columns.append(TableColumnPlan(index: index, column: column, model: self))
        }
        fitColumns()
    }

    /// The table's width: every column's.
    var tableWidth: Double { columns.reduce(0) { $0 + $1.width } }

    /// Columns of text without a written width shrink (their text wraps) when the table is wider than the chart,
    /// and every column without a written width shares the room left when it is narrower.
    mutating func fitColumns() {
        let available = max(40, spec.width.value - theme.paddingLeft - theme.paddingRight)
        var total = tableWidth
        if total > available {
            let shrinkable = columns.indices.filter { columns[$0].wraps && columns[$0].column.width == nil }
            let excess = shrinkable.reduce(0.0) { $0 + max(0, columns[$1].width - columns[$1].minimumWidth) }
            if excess > 0 {
                let cut = min(excess, total - available)
                for index in shrinkable {
                    let room = max(0, columns[index].width - columns[index].minimumWidth)
                    columns[index].width -= cut * room / excess
                }
            }
            total = tableWidth
        } else if total < available {
            var growing = columns.indices.filter { columns[$0].column.width == nil && (columns[$0].wraps || columns[$0].kind == .bar) }
            if growing.isEmpty { growing = columns.indices.filter { columns[$0].column.width == nil } }
            if !growing.isEmpty {
                let share = (available - total) / Double(growing.count)
                for index in growing { columns[index].width += share }
            }
        }
    }

    // MARK: - Drawing

    func scene() -> Scene {
        let frame = FrameLayout(spec: spec, theme: theme)
        let left = theme.paddingLeft
        var children = frame.headerNodes()
        var definitions: [SceneDefinition] = []
        var top = frame.headerHeight

        // A legend per heat column, above the table.
        let legends = columns.compactMap { plan in plan.heat.map { (plan, $0) } }
        if !legends.isEmpty {
            var x = left
            var height = 0.0
            for (plan, scale) in legends {
                let legend = HeatLegend(
                    title: plan.column.heading, scale: scale, format: plan.formatNumber, id: "table-heat-\(plan.index)", theme: theme)
                if x > left && x + legend.width > left + max(tableWidth, spec.width.value - theme.paddingLeft - theme.paddingRight) {
                    x = left
                    top += height + 10
                    height = 0
                }
                children.append(legend.node(x: x, y: top))
                definitions.append(.linearGradient(legend.gradient))
                x += legend.width + 24
                height = max(height, legend.height)
            }
            top += height + theme.legendGap
        }

        // The header: each title wrapped in its column, set on a common bottom line.
        var group = GroupNode(classes: ["chartc-table"], data: [DataAttribute("rows", "\(cells.order.count)")])
        var x = left
        var headerBlocks: [TextBlock] = []
        for plan in columns {
            headerBlocks.append(TextBlock.wrapped(plan.column.heading, style: headerStyle, width: plan.innerWidth))
        }
        let headerHeight = (headerBlocks.map(\.height).max() ?? 0) + 2 * TableLayout.paddingY
        for (plan, block) in zip(columns, headerBlocks) {
            let blockTop = top + headerHeight - TableLayout.paddingY - block.height
            let anchorX = plan.anchorX(cellLeft: x, width: block.width)
            group.append(
                .text(
                    TextNode(
                        block: block, x: anchorX.x, top: blockTop, anchor: anchorX.anchor, fill: theme.legendTitleColor,
                        classes: ["chartc-table-header"], data: [DataAttribute("column", "\(plan.index)")])))
            x += plan.width
        }
        let right = left + tableWidth
        top += headerHeight
        group.append(
            .line(LineNode(x1: left, y1: top, x2: right, y2: top, stroke: .color(theme.baselineColor, width: 1.5), classes: ["chartc-table-rule"])))

        // The rows.
        for (position, row) in shown.enumerated() {
            var cellNodes: [SceneNode] = []
            var rowHeight = lineHeight
            var drawn: [(plan: TableColumnPlan, left: Double)] = []
            x = left
            for plan in columns {
                rowHeight = max(rowHeight, plan.contentHeight(row: row, model: self))
                drawn.append((plan, x))
                x += plan.width
            }
            let height = rowHeight + 2 * TableLayout.paddingY
            for (plan, cellLeft) in drawn {
                cellNodes.append(
                    contentsOf: plan.cell(row: row, box: Box(x: cellLeft, y: top, width: plan.width, height: height), model: self))
            }
            var rowGroup = GroupNode(classes: ["chartc-table-row"], data: [DataAttribute("row", "\(position)")], children: [])
            if theme.tableStripes && position % 2 == 1 {
                rowGroup.append(.rect(RectNode(box: Box(x: left, y: top, width: tableWidth, height: height), fill: .color(theme.tableStripeColor))))
            }
            rowGroup.append(contentsOf: cellNodes)
            top += height
            if !theme.tableStripes && position < shown.count - 1 {
                rowGroup.append(
                    .line(
                        LineNode(
                            x1: left, y1: top, x2: right, y2: top, stroke: .color(theme.gridColor, width: theme.gridWidth),
                            classes: ["chartc-table-rule"])))
            }
            group.append(.group(rowGroup))
        }
        group.append(
            .line(LineNode(x1: left, y1: top, x2: right, y2: top, stroke: .color(theme.baselineColor, width: 1), classes: ["chartc-table-rule"])))
        children.append(.group(group))

        // The rows left out.
        let more = cells.order.count - shown.count
        if more > 0 {
            let text = more == 1 ? "1 more row" : "\(NumberFormat(kind: .integer, grouping: true).format(Double(more), locale: locale)) more rows"
            let block = TextBlock.single(text, style: theme.footnoteStyle)
            top += 6
            children.append(.text(TextNode(block: block, x: left, top: top, fill: theme.footnoteColor, classes: ["chartc-table-more"])))
            top += block.height
        }
        children.append(contentsOf: frame.footerNodes(below: top))
        let width = max(spec.width.value, (right + theme.paddingRight).rounded(.up))
        var scene = Scene(
            width: width, height: (top + frame.footerHeight).rounded(.up), title: spec.title?.value,
            description: spec.alt?.value ?? spec.subtitle?.value, background: theme.background, fontFamily: theme.fontFamily,
            definitions: definitions, children: children)
        scene.fontFiles = theme.fontFiles
        if let sanitized = theme.logo, let box = frame.topLogo {
            scene.logo = SceneLogo(sanitized, x: box.x, y: box.y, height: box.height)
        }
        return scene
    }
}
