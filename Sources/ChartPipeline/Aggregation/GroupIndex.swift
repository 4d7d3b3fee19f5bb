import ChartData

/// Which group every row belongs to, for `groupBy` (SPEC §5).
///
/// A group key is the tuple of the row's values in the key columns, compared the way SPEC §5 and SQL do: strings
/// by their dictionary code, numbers by bit pattern with `-0 == 0`, dates as integers, and null as a key of its
/// own. Groups are numbered in order of first appearance, so everything downstream is deterministic before any
/// sort is applied.
public struct GroupIndex: Sendable, Equatable {
    /// For each row (0..<rowCount) the index of its group.
    public var groupOfRow: [Int]
    /// For each group, the first row that belongs to it.
    public var firstRow: [Int]

    public var groupCount: Int { firstRow.count }
    public var rowCount: Int { groupOfRow.count }

    public init(groupOfRow: [Int], firstRow: [Int]) {
        self.groupOfRow = groupOfRow
        self.firstRow = firstRow
    }

    /// Groups `rowCount` rows by the values of `keys` (each `rowCount` long). With no key columns every row is in
    /// one group, and that group exists even when there are no rows: an `aggregate` without `groupBy` always
    /// produces exactly one row.
    public static func build(keys: [Column], rowCount: Int) -> GroupIndex {
        guard let first = keys.first else {
            return GroupIndex(groupOfRow: [Int](repeating: 0, count: rowCount), firstRow: [0])
        }
        var (ids, count) = ColumnKeys.denseIDs(first)
        for column in keys.dropFirst() {
            let (next, nextCount) = ColumnKeys.denseIDs(column)
            (ids, count) = combine(ids, next, radix: nextCount)
        }
        var firstRow = [Int](repeating: -1, count: count)
        for (row, id) in ids.enumerated() where firstRow[id] < 0 {
            firstRow[id] = row
        }
        return GroupIndex(groupOfRow: ids, firstRow: firstRow)
    }

    /// Pairs two dense id vectors into one, renumbered densely in first-appearance order. `left < rowCount` and
    /// `right < radix <= rowCount + 1`, so `left * radix + right` never overflows.
    private static func combine(_ left: [Int], _ right: [Int], radix: Int) -> ([Int], Int) {
        var renumbered: [Int: Int] = [:]
        var ids = [Int](repeating: 0, count: left.count)
        for row in 0..<left.count {
            let key = left[row] * radix + right[row]
            if let id = renumbered[key] {
                ids[row] = id
            } else {
                let id = renumbered.count
                renumbered[key] = id
                ids[row] = id
            }
        }
        return (ids, renumbered.count)
    }
}

/// Turns the values of one column into small dense integers (equal values, equal ids), the building block of
/// group keys and `distinct`.
enum ColumnKeys {
    /// Every row's id, numbered in first-appearance order; null is an id of its own.
    static func denseIDs(_ column: Column) -> (ids: [Int], count: Int) {
        var ids = [Int](repeating: 0, count: column.count)
        var next = 0
        var nullID = -1
        func nullKey() -> Int {
            if nullID < 0 {
                nullID = next
                next += 1
            }
            return nullID
        }
        switch column.storage {
        case .string(let codes, let dictionary):
            var idOfCode = [Int](repeating: -1, count: dictionary.count)
            for row in 0..<column.count {
                guard column.valid[row] else {
                    ids[row] = nullKey()
                    continue
                }
                let code = Int(codes[row])
                guard code < idOfCode.count else {
                    ids[row] = nullKey()
                    continue
                }
                if idOfCode[code] < 0 {
                    idOfCode[code] = next
                    next += 1
                }
                ids[row] = idOfCode[code]
            }
        case .number(let values):
            var idOf: [UInt64: Int] = [:]
            for row in 0..<column.count {
                guard column.valid[row] else {
                    ids[row] = nullKey()
                    continue
                }
                let bits = numberKey(values[row])
                if let id = idOf[bits] {
                    ids[row] = id
                } else {
                    idOf[bits] = next
                    ids[row] = next
                    next += 1
                }
            }
        case .date(let values):
            var idOf: [Int64: Int] = [:]
            for row in 0..<column.count {
                guard column.valid[row] else {
                    ids[row] = nullKey()
                    continue
                }
                if let id = idOf[values[row]] {
                    ids[row] = id
                } else {
                    idOf[values[row]] = next
                    ids[row] = next
                    next += 1
                }
            }
        case .boolean(let values):
            var idOf = [-1, -1]
            for row in 0..<column.count {
                guard column.valid[row] else {
                    ids[row] = nullKey()
                    continue
                }
                let slot = values[row] ? 1 : 0
                if idOf[slot] < 0 {
                    idOf[slot] = next
                    next += 1
                }
                ids[row] = idOf[slot]
            }
        }
        return (ids, next)
    }

    /// The bit pattern that identifies a number as a key: `-0` is `0`, and every NaN is the same NaN.
    static func numberKey(_ value: Double) -> UInt64 {
        if value == 0 { return 0 }
        if value.isNaN { return Double.nan.bitPattern }
        return value.bitPattern
    }
}
