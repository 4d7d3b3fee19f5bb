import ChartData

/// One key of an output sort: a column and a direction (`"-field"` in `sort` is descending).
public struct SortOrder: Sendable, Equatable {
    public var field: String
    public var descending: Bool

    public init(_ field: String, descending: Bool = false) {
        self.field = field
        self.descending = descending
    }
}

/// Orders the rows of a table (SPEC §2 `sort`, §9). Numbers compare numerically (`-0 == 0`), dates by time,
/// booleans false before true, strings by Unicode code points — or by the column's natural order for weekday
/// and month names. Nulls sort last in both directions (DuckDB's default, `NULLS LAST`). The sort is stable:
/// rows that tie on every key keep their input order.
public enum RowSorter {
    /// The permutation of row indices that sorts `table` by `keys`; keys naming no column are ignored.
    public static func permutation(_ table: Table, by keys: [SortOrder]) -> [Int] {
        let extracted: [(key: SortableColumn, descending: Bool)] = keys.compactMap { key in
            guard let column = table.column(named: key.field) else { return nil }
            return (SortableColumn(column), key.descending)
        }
        var order = Array(0..<table.rowCount)
        guard !extracted.isEmpty else { return order }
        order.sort { a, b in
            for (key, descending) in extracted {
                let result = key.compare(a, b, descending: descending)
                if result != 0 { return result < 0 }
            }
            return a < b
        }
        return order
    }

    public static func sorted(_ table: Table, by keys: [SortOrder]) -> Table {
        guard !keys.isEmpty else { return table }
        let order = permutation(table, by: keys)
        if order.elementsEqual(0..<table.rowCount) { return table }
        return table.gathering(order)
    }
}

/// A column reduced to values that compare cheaply: numbers as doubles, everything else as integer ranks.
enum SortableColumn {
    case numbers([Double], valid: [Bool])
    case integers([Int64], valid: [Bool])

    init(_ column: Column) {
        switch column.storage {
        case .number(let values):
            self = .numbers(values, valid: column.valid)
        case .date(let values):
            self = .integers(values, valid: column.valid)
        case .boolean(let values):
            self = .integers(values.map { $0 ? 1 : 0 }, valid: column.valid)
        case .string(let codes, let dictionary):
            let ranks = StringOrder.ranks(dictionary: dictionary, naturalOrder: column.naturalOrder)
            let rows = codes.map { Int($0) < ranks.count ? Int64(ranks[Int($0)]) : 0 }
            self = .integers(rows, valid: column.valid)
        }
    }

    /// -1, 0 or 1; nulls after every value whatever the direction.
    func compare(_ a: Int, _ b: Int, descending: Bool) -> Int {
        switch self {
        case .numbers(let values, let valid):
            return Self.order(valid[a], valid[b], values[a], values[b], descending)
        case .integers(let values, let valid):
            return Self.order(valid[a], valid[b], values[a], values[b], descending)
        }
    }

    private static func order<T: Comparable>(_ validA: Bool, _ validB: Bool, _ a: T, _ b: T, _ descending: Bool) -> Int {
        switch (validA, validB) {
        case (false, false): return 0
        case (false, true): return 1
        case (true, false): return -1
        case (true, true):
            if a < b { return descending ? 1 : -1 }
            if b < a { return descending ? -1 : 1 }
            return 0
        }
    }
}
