import ChartData
import ChartSemantics
import ChartSpec

/// Everything an HTML page says besides its scenes, decided before any writer runs: the chart's name and title,
/// its language, the tooltips (every row's values already formatted) and the data table. The page writer reads
/// only this and the scenes, never the spec or the rows.
public struct PageModel: Sendable {
    /// The chart's name (`sales` for `sales.chart.json`): element ids and the CSV's file name.
    public var name: String
    /// The spec's title; nil: the scene's, or the name.
    public var title: String?
    /// The spec's `locale` (the page's `lang`).
    public var locale: String
    public var tooltips: TooltipData
    /// The marks' `data-row` counts every layer's rows (SPEC §11): the page uses the layered tooltip script.
    public var isLayered: Bool
    public var table: PageTable
    /// A graphic of several views (SPEC §20): each view's rows under its heading (its `title`, else "View N"),
    /// one table per view; empty for a chart of one view, whose rows are `table`.
    public var viewTables: [ViewTable] = []

    /// One view's rows in the page's data tables.
    public struct ViewTable: Sendable, Equatable {
        public var heading: String
        public var table: PageTable

        public init(heading: String, table: PageTable) {
            self.heading = heading
            self.table = table
        }
    }

    public init(name: String, title: String?, locale: String, tooltips: TooltipData, isLayered: Bool, table: PageTable) {
        self.name = name
        self.title = title
        self.locale = locale
        self.tooltips = tooltips
        self.isLayered = isLayered
        self.table = table
    }

    /// The model of a one-mark chart `spec` drawn from `table`.
    public init(spec: ChartSpec, table: Table, name: String) {
        self.init(
            name: name, title: spec.title?.value, locale: spec.locale.value, tooltips: TooltipData(spec: spec, table: table), isLayered: false,
            table: PageTable(table))
    }

    /// The model of a checked chart drawn from `table` (the pipeline's output); a layered chart's tooltips come
    /// from each layer's own rows.
    public init(chart: CheckedChart, table: Table, name: String) {
        let tooltips =
            chart.spec.isLayered
            ? TooltipData(
                layers: chart.context.layers.map { ($0.spec, $0.table ?? Table(columns: [], rowCount: 0)) },
                views: chart.context.layers.map(\.resolved))
            : TooltipData(spec: chart.spec, table: table, view: chart.context.resolved)
        self.init(
            name: name, title: chart.spec.title?.value, locale: chart.spec.locale.value, tooltips: tooltips, isLayered: chart.spec.isLayered,
            table: PageTable(Self.readerColumns(of: table, data: chart.spec.data)))
    }

    /// The columns a reader downloads: map features' rows without `geometry`, which only points the mark at a
    /// shape kept beside the table (an index, meaningless outside the build).
    static func readerColumns(of table: Table, data: DataSource) -> Table {
        guard data.isGeographic, table.column(named: MapFrame.geometryField) != nil else { return table }
        return Table(columns: table.columns.filter { $0.name != MapFrame.geometryField }, rowCount: table.rowCount)
    }

}
