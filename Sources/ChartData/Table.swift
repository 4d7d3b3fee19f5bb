import ChartValues

/// A set of equally long, named, typed columns: what loaders produce, the pipeline transforms and marks are
/// drawn from. Column order is meaningful (file order, then calculated fields) because `chartc data` prints it.
public struct Table: Sendable {
    public private(set) var columns: [Column]
    public let rowCount: Int

    public init(columns: [Column], rowCount: Int) {
        self.columns = columns
        self.rowCount = rowCount
    }

    public init(columns: [Column]) {
        self.init(columns: columns, rowCount: columns.first?.count ?? 0)
    }

    public var columnNames: [String] { columns.map(\.name) }

    public func columnIndex(named name: String) -> Int? {
        columns.firstIndex { $0.name == name }
    }

    public func column(named name: String) -> Column? {
        columns.first { $0.name == name }
    }

    /// Adds a column, or replaces the one with the same name (a calculated field may shadow a data field).
    public mutating func setColumn(_ column: Column) {
        precondition(column.count == rowCount, "column \(column.name) has \(column.count) rows, table has \(rowCount)")
        if let index = columnIndex(named: column.name) {
            columns[index] = column
        } else {
            columns.append(column)
        }
    }

    /// The rows at `indices`, in that order.
    public func gathering(_ indices: [Int]) -> Table {
        Table(columns: columns.map { $0.gathering(indices) }, rowCount: indices.count)
    }

    /// The row as values in column order (slow path, for output and tests).
    public func row(_ index: Int) -> [Value] {
        columns.map { $0[index] }
    }
}
