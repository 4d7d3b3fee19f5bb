import ChartValues

/// A set of equally long, named, typed columns: what loaders produce, the pipeline transforms and marks are
/// drawn from. Column order is meaningful (file order, then calculated fields) because `chartc data` prints it.
public struct Table: Sendable {
    public private(set) var columns: [Column]
    public let rowCount: Int
    /// Each name's first column, built once, so that a lookup by name costs the same with 100,000 columns as with
    /// ten (issue 30: looking every field up by a scan made 100k columns take 57 s). Nil for a few columns, where
    /// a scan is cheaper than hashing. Only a lookup aid: output order is always `columns`.
    private var indexByName: [String: Int]?

    /// Tables with more columns than this look names up in `indexByName`.
    private static let scanLimit = 16

    public init(columns: [Column], rowCount: Int) {
        self.columns = columns
        self.rowCount = rowCount
        self.indexByName = Self.index(columns)
    }

    private init(columns: [Column], rowCount: Int, indexByName: [String: Int]?) {
        self.columns = columns
        self.rowCount = rowCount
        self.indexByName = indexByName
    }

    private static func index(_ columns: [Column]) -> [String: Int]? {
        guard columns.count > scanLimit else { return nil }
        var index: [String: Int] = [:]
        index.reserveCapacity(columns.count)
        for (position, column) in columns.enumerated() where index[column.name] == nil {
            index[column.name] = position
        }
        return index
    }

    public init(columns: [Column]) {
        self.init(columns: columns, rowCount: columns.first?.count ?? 0)
    }

    public var columnNames: [String] { columns.map(\.name) }

    public func columnIndex(named name: String) -> Int? {
        if let indexByName { return indexByName[name] }
        return columns.firstIndex { $0.name == name }
    }

    public func column(named name: String) -> Column? {
        columnIndex(named: name).map { columns[$0] }
    }

    /// Adds a column, or replaces the one with the same name (a calculated field may shadow a data field).
    public mutating func setColumn(_ column: Column) {
        precondition(column.count == rowCount, "column \(column.name) has \(column.count) rows, table has \(rowCount)")
        if let index = columnIndex(named: column.name) {
            columns[index] = column
        } else {
            columns.append(column)
            if indexByName != nil {
                indexByName?[column.name] = columns.count - 1
            } else if columns.count > Self.scanLimit {
                indexByName = Self.index(columns)
            }
        }
    }

    /// The rows at `indices`, in that order.
    public func gathering(_ indices: [Int]) -> Table {
        Table(columns: columns.map { $0.gathering(indices) }, rowCount: indices.count, indexByName: indexByName)
    }

    /// The row as values in column order (slow path, for output and tests).
    public func row(_ index: Int) -> [Value] {
        columns.map { $0[index] }
    }
}
