import ChartData
import ChartValues

/// One reduction to run per group: the function and its argument values (one per input row; nil for
/// `count()`), named for the column it produces.
public struct ReductionInput: Sendable {
    public var reduction: Reduction
    public var values: Column?
    public var name: String

    public init(_ reduction: Reduction, values: Column?, name: String) {
        self.reduction = reduction
        self.values = values
        self.name = name
    }
}

/// The grouped table before the outer aggregate expressions run: one row per group, the key columns (the value
/// of each group) and one column per reduction.
public struct GroupedColumns: Sendable {
    public var keys: [Column]
    public var reductions: [Column]
    /// Groups that had rows (the rest were added by `complete`).
    public var observedGroupCount: Int
    public var groupCount: Int { keys.first?.count ?? reductions.first?.count ?? 0 }
}

/// Groups rows by key columns, runs reductions per group, and — for `complete` (SPEC §2) — adds a row for every
/// combination of key values in the given domains that no row had, with counts and sums 0 and the rest null.
/// Groups come out in first-appearance order, filled groups after them in domain order; the sort comes later.
public enum GroupAggregator {
    /// - Parameters:
    ///   - keys: the group-by columns, each `rowCount` long (compact: already filtered).
    ///   - inputs: reductions over the same rows.
    ///   - rowCount: the number of input rows (needed when there are no keys).
    ///   - completeDomains: per key column, the values to complete over (nil: no `complete`). Null values and
    ///     duplicates in a domain are ignored.
    public static func aggregate(keys: [Column], inputs: [ReductionInput], rowCount: Int, completeDomains: [[Value]]? = nil) -> GroupedColumns {
        let groups = GroupIndex.build(keys: keys, rowCount: rowCount)
        var keyColumns = keys.map { $0.gathering(groups.firstRow) }
        var reduced = inputs.map { Reducer.reduce($0.reduction, values: $0.values, groups: groups, name: $0.name) }
        let observed = groups.groupCount
        if let completeDomains, !keys.isEmpty, completeDomains.count == keys.count {
            let missing = missingCombinations(keyColumns: keyColumns, domains: completeDomains)
            if !missing.isEmpty {
                keyColumns = keyColumns.enumerated().map { index, column in
                    let added = Column(name: column.name, type: column.type, values: missing.map { $0[index] })
                    return ColumnOperations.concatenate([column, added], name: column.name, type: column.type)
                }
                reduced = reduced.enumerated().map { index, column in
                    let empty = Reducer.emptyValue(inputs[index].reduction)
                    let added = ColumnOperations.constant(empty, count: missing.count, name: column.name, type: column.type)
                    var joined = ColumnOperations.concatenate([column, added], name: column.name, type: column.type)
                    joined.naturalOrder = column.naturalOrder
                    return joined
                }
            }
        }
        return GroupedColumns(keys: keyColumns, reductions: reduced, observedGroupCount: observed)
    }

    /// How many rows completing over `domains` could produce at most (the product of the domain sizes), capped
    /// so it never overflows. Callers refuse absurd products before running.
    public static func combinationCount(_ domains: [[Value]]) -> Int {
        var product = 1
        for domain in domains {
            let size = max(Set(domain.filter { !$0.isNull }).count, 0)
            let (result, overflow) = product.multipliedReportingOverflow(by: size)
            if overflow { return Int.max }
            product = result
        }
        return product
    }

    /// Every combination of domain values, in domain order (the first key varies slowest), that is not already
    /// a group.
    static func missingCombinations(keyColumns: [Column], domains: [[Value]]) -> [[Value]] {
        let groupCount = keyColumns.first?.count ?? 0
        var existing = Set<[Value]>()
        for group in 0..<groupCount {
            existing.insert(keyColumns.map { normalized($0[group]) })
        }
        let cleaned: [[Value]] = domains.enumerated().map { index, domain in
            var seen = Set<Value>()
            var values: [Value] = []
            for value in domain {
                let value = normalized(value)
                guard !value.isNull, value.type == keyColumns[index].type, seen.insert(value).inserted else { continue }
                values.append(value)
            }
            return values
        }
        if cleaned.contains(where: \.isEmpty) { return [] }
        var result: [[Value]] = []
        var indices = [Int](repeating: 0, count: cleaned.count)
        while true {
            let combination = indices.enumerated().map { cleaned[$0.offset][$0.element] }
            if !existing.contains(combination) { result.append(combination) }
            var position = cleaned.count - 1
            while position >= 0 {
                indices[position] += 1
                if indices[position] < cleaned[position].count { break }
                indices[position] = 0
                position -= 1
            }
            if position < 0 { break }
        }
        return result
    }

    /// `-0` as `0`, so keys compare the way grouping does.
    private static func normalized(_ value: Value) -> Value {
        if case .number(let number) = value, number == 0 { return .number(0) }
        return value
    }
}
