import ChartData

/// The rows an HTML page shows as a `<table>` (for screen readers and for readers who want the numbers) and
/// offers as a CSV download: the columns and cells `chartc data` prints (SPEC §9: numbers in their shortest exact
/// form, dates as ISO 8601, null as an empty cell), already written as text so the page writer needs no table.
/// Long tables keep their first `rowLimit` rows for the `<table>`; the CSV always has them all.
public struct PageTable: Sendable, Equatable {
    /// One column's heading and whether it holds numbers (right-aligned on the page).
    public struct Column: Sendable, Equatable {
        public var name: String
        public var isNumeric: Bool

        public init(name: String, isNumeric: Bool) {
            self.name = name
            self.isNumeric = isNumeric
        }
    }

    /// The most rows the page's `<table>` shows.
    public static let rowLimit = 1000

    public var columns: [Column]
    /// The cells of the first `rowLimit` rows (an empty string for null).
    public var rows: [[String]]
    /// How many rows the data has (more than `rows.count` when the table was cut).
    public var rowCount: Int
    /// The whole table as CSV, what "Get the data" downloads.
    public var csv: String

    public init(columns: [Column], rows: [[String]], rowCount: Int, csv: String) {
        self.columns = columns
        self.rows = rows
        self.rowCount = rowCount
        self.csv = csv
    }

    /// The page's view of `table`, the pipeline's output.
    public init(_ table: Table) {
        columns = table.columns.map { Column(name: $0.name, isNumeric: $0.type == .number) }
        let shown = min(table.rowCount, Self.rowLimit)
        rows = (0..<shown).map { row in table.columns.map { TableWriter.cellText($0, row) ?? "" } }
        rowCount = table.rowCount
        csv = TableWriter.csv(table)
    }
}
