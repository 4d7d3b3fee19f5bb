import ChartDiagnostics

/// `table` (SPEC §24): the chart drawn as a table instead of marks — one row per output row of the pipeline,
/// the listed columns in order. It replaces `mark` and `encoding`; everything else (data, pipeline, page text,
/// house style, lint) is a chart's.
public struct TableSpec: Sendable {
    /// In the order written: the table's columns left to right.
    public var columns: [TableColumn]
    /// The initial order of the rows; nil: the pipeline's order.
    public var sort: TableSort?
    /// How many rows the static table shows (the rest are noted below it) and a page of the HTML table holds.
    public var rows: Located<Int>?
    /// Whether the HTML table has a search box.
    public var search: Located<Bool>?
    public var span: SourceSpan?

    /// Rows shown when `rows` is not written.
    public static let defaultRows = 20

    public init(columns: [TableColumn], span: SourceSpan? = nil) {
        self.columns = columns
        self.span = span
    }

    /// The rows a page shows.
    public var rowsShown: Int { rows?.value ?? Self.defaultRows }
}

/// How a table column draws its cells (SPEC §24 `display`).
public enum TableDisplay: String, Sendable, CaseIterable {
    /// The value as text; numbers right-aligned on their decimal point.
    case text
    /// A bar on one zero-based scale for the whole column, the value beside it.
    case bar
    /// The cell's background from a color scale over the column, the text in a color that contrasts with it.
    case heat
    /// A small line per row from another data source joined on a key (`from`).
    case sparkline
    /// An image from a URL field (HTML only).
    case image
}

/// A column's horizontal alignment (`align`); nil: numbers right, text left.
public enum TableAlign: String, Sendable, CaseIterable {
    case left, center, right
}

/// Whether the sparklines of a column share one y scale (the default, so rows compare) or each has its own.
public enum SparklineScale: String, Sendable, CaseIterable {
    case shared, independent
}

/// One entry of `table.columns`.
public struct TableColumn: Sendable {
    /// The data field the column shows; for a sparkline, the column's name (its values come from `from`).
    public var field: Located<String>
    public var title: Located<String>?
    public var format: FormatSpec?
    /// Nil: `text`.
    public var display: Located<TableDisplay>?
    /// The column's width in px; nil: as its contents need.
    public var width: Located<Double>?
    public var align: Located<TableAlign>?
    /// A heat column's color scheme; nil: the theme's sequential scheme (diverging when values cross zero).
    public var scheme: Located<String>?
    /// A sparkline's rows.
    public var from: SparklineSource?
    /// A sparkline column's y scale (`"scale": "independent"`); nil: shared.
    public var scale: Located<SparklineScale>?
    /// The column's JSON object, for problems with the whole column.
    public var span: SourceSpan?

    public init(field: Located<String>, span: SourceSpan? = nil) {
        self.field = field
        self.span = span
    }

    /// `display`, defaulting to text.
    public var kind: TableDisplay { display?.value ?? .text }

    /// The header text: `title`, else the field's name.
    public var heading: String { title?.value ?? field.value }
}

/// A sparkline's `from`: another data source whose rows are joined to the table's on `key`, drawn as a line of
/// `y` over `x` in each row.
public struct SparklineSource: Sendable {
    public var data: DataSource
    /// The field both tables share.
    public var key: Located<String>
    public var x: Located<String>
    public var y: Located<String>
    public var span: SourceSpan?

    public init(data: DataSource, key: Located<String>, x: Located<String>, y: Located<String>, span: SourceSpan? = nil) {
        self.data = data
        self.key = key
        self.x = x
        self.y = y
        self.span = span
    }
}

/// `table.sort`: a field (ascending) or `-field` (descending), read as a chart's `sort` entry is.
public typealias TableSort = SortKey
