import ChartData
import ChartExpression
import ChartValues

/// Computes one `WindowCall` (SPEC §14) over every partition, giving a column in table order.
///
/// Semantics, following SPEC §14 and, where it is silent, SQL window functions as DuckDB runs them (so results
/// can be checked against an SQL engine):
/// - rolling windows cover the current row and the n − 1 rows before it in its partition; they are null on the
///   first n − 1 rows of a partition (so all null when n exceeds it); nulls inside a window are skipped, and a
///   window with no value is null;
/// - `cumsum` skips nulls (null until the partition's first value); `cumcount()` and `row_number()` count rows;
/// - `lag`/`lead` are null past the partition's ends; `change` and `pct_change` compare with the row before
///   (null when either is null, `pct_change` also when the one before is 0);
/// - `rank`/`dense_rank` order by the argument ascending (numbers, dates, strings by code point or natural
///   order), ties share the lowest rank, nulls come last and tie with each other;
/// - the whole-partition aggregates skip nulls like SPEC §5's (`first`/`last` are the first/last non-null
///   values in partition order, `count()` counts rows; `sum`, `mean`, `median`, `q1`, `q3`, `min`, `max` of no value are
///   null).
///
/// Cost: rolling sums and means keep a running (compensated) sum, rolling min/max a monotonic deque of
/// candidates, cumulative functions a running total — linear in the rows for any n; ranks sort each partition
/// (n log n); `median`, `q1` and `q3` select (linear expected).
enum WindowKernels {
    static func compute(_ call: WindowCall, argument: Column?, partitions: WindowPartitions, rowCount: Int, name: String) -> Column {
        switch call.function {
        case .rollingMean, .rollingSum:
            let (values, valid) = numbers(argument, rowCount)
            return numberColumn(name, rowCount) { output, present in
                rollingSum(values, valid, partitions, size: call.size, mean: call.function == .rollingMean, &output, &present)
            }
        case .rollingMin, .rollingMax:
            let (values, valid) = numbers(argument, rowCount)
            return numberColumn(name, rowCount) { output, present in
                rollingExtreme(values, valid, partitions, size: call.size, max: call.function == .rollingMax, &output, &present)
            }
        case .cumsum:
            let (values, valid) = numbers(argument, rowCount)
            return numberColumn(name, rowCount) { output, present in
                for partition in 0..<partitions.count {
                    var sum = CompensatedSum()
                    var seen = false
                    for position in partitions.range(partition) {
                        let row = partitions.row(position)
                        if valid[row] { sum.add(values[row]); seen = true }
                        if seen { output[row] = sum.value; present[row] = true }
                    }
                }
            }
        case .cumcount, .rowNumber:
            return numberColumn(name, rowCount) { output, present in
                for partition in 0..<partitions.count {
                    let range = partitions.range(partition)
                    for position in range {
                        let row = partitions.row(position)
                        output[row] = Double(position - range.lowerBound + 1)
                        present[row] = true
                    }
                }
            }
        case .lag, .lead:
            let offset = call.function == .lag ? -call.size : call.size
            var source = [Int](repeating: -1, count: rowCount)
            for partition in 0..<partitions.count {
                let range = partitions.range(partition)
                for position in range where range.contains(position + offset) {
                    source[partitions.row(position)] = partitions.row(position + offset)
                }
            }
            return gathered(argument, source, name: name, type: call.resultType)
        case .change, .pctChange:
            let (values, valid) = numbers(argument, rowCount)
            let percent = call.function == .pctChange
            return numberColumn(name, rowCount) { output, present in
                for partition in 0..<partitions.count {
                    let range = partitions.range(partition)
                    for position in range.dropFirst() {
                        let row = partitions.row(position)
                        let before = partitions.row(position - 1)
                        guard valid[row], valid[before] else { continue }
                        let difference = values[row] - values[before]
                        let result = percent ? difference / values[before] : difference
                        if result.isFinite { output[row] = result; present[row] = true }
                    }
                }
            }
        case .rank, .denseRank:
            return rankColumn(argument, partitions, dense: call.function == .denseRank, name: name, rowCount: rowCount)
        case .sum, .mean, .median, .q1, .q3:
            let (values, valid) = numbers(argument, rowCount)
            return numberColumn(name, rowCount) { output, present in
                var scratch: [Double] = []
                for partition in 0..<partitions.count {
                    let range = partitions.range(partition)
                    var sum = 0.0
                    scratch.removeAll(keepingCapacity: true)
                    for position in range {
                        let row = partitions.row(position)
                        if valid[row] { sum += values[row]; scratch.append(values[row]) }
                    }
                    guard !scratch.isEmpty else { continue }
                    let result: Double
                    switch call.function {
                    case .sum: result = sum
                    case .mean: result = sum / Double(scratch.count)
                    case .q1: result = QuantileSelection.quantile(&scratch, 0..<scratch.count, p: 0.25)
                    case .q3: result = QuantileSelection.quantile(&scratch, 0..<scratch.count, p: 0.75)
                    default: result = QuantileSelection.quantile(&scratch, 0..<scratch.count, p: 0.5)
                    }
                    guard result.isFinite else { continue }
                    for position in range {
                        output[partitions.row(position)] = result
                        present[partitions.row(position)] = true
                    }
                }
            }
        case .count:
            return numberColumn(name, rowCount) { output, present in
                for partition in 0..<partitions.count {
                    let range = partitions.range(partition)
                    var count = 0
                    if let argument {
                        for position in range where valid(argument, partitions.row(position)) { count += 1 }
                    } else {
                        count = range.count
                    }
                    for position in range {
                        output[partitions.row(position)] = Double(count)
                        present[partitions.row(position)] = true
                    }
                }
            }
        case .min, .max, .first, .last:
            var source = [Int](repeating: -1, count: rowCount)
            if let argument {
                let order = SortableColumn(argument)
                for partition in 0..<partitions.count {
                    let range = partitions.range(partition)
                    var chosen = -1
                    for position in range {
                        let row = partitions.row(position)
                        guard valid(argument, row) else { continue }
                        switch call.function {
                        case .first: if chosen < 0 { chosen = row }
                        case .last: chosen = row
                        case .min: if chosen < 0 || order.compare(row, chosen, descending: false) < 0 { chosen = row }
                        default: if chosen < 0 || order.compare(row, chosen, descending: true) < 0 { chosen = row }
                        }
                    }
                    for position in range { source[partitions.row(position)] = chosen }
                }
            }
            return gathered(argument, source, name: name, type: call.resultType)
        }
    }

    // MARK: rolling windows

    /// Sum or mean of the non-null values among the current row and the `size − 1` before it.
    private static func rollingSum(
        _ values: [Double], _ valid: [Bool], _ partitions: WindowPartitions, size: Int, mean: Bool, _ output: inout [Double], _ present: inout [Bool]
    ) {
        for partition in 0..<partitions.count {
            let range = partitions.range(partition)
            guard range.count >= size else { continue }
            var sum = CompensatedSum()
            var count = 0
            for position in range {
                let row = partitions.row(position)
                if valid[row] { sum.add(values[row]); count += 1 }
                let leaving = position - size
                if leaving >= range.lowerBound {
                    let old = partitions.row(leaving)
                    if valid[old] { sum.add(-values[old]); count -= 1 }
                }
                guard position - range.lowerBound >= size - 1, count > 0 else { continue }
                let result = mean ? sum.value / Double(count) : sum.value
                if result.isFinite { output[row] = result; present[row] = true }
            }
        }
    }

    /// Minimum or maximum of the non-null values among the current row and the `size − 1` before it: a deque of
    /// positions whose values only get worse from front to back, so each row enters and leaves it once.
    private static func rollingExtreme(
        _ values: [Double], _ valid: [Bool], _ partitions: WindowPartitions, size: Int, max: Bool, _ output: inout [Double], _ present: inout [Bool]
    ) {
        var deque = [Int](repeating: 0, count: Swift.min(size, partitions.rowCount) + 1)
        for partition in 0..<partitions.count {
            let range = partitions.range(partition)
            guard range.count >= size else { continue }
            var head = 0, tail = 0 // deque[head..<tail] (circular over deque.count)
            var length = 0
            for position in range {
                let row = partitions.row(position)
                if valid[row] {
                    let value = values[row]
                    while length > 0 {
                        let back = values[partitions.row(deque[(tail - 1 + deque.count) % deque.count])]
                        if max ? back <= value : back >= value {
                            tail = (tail - 1 + deque.count) % deque.count
                            length -= 1
                        } else {
                            break
                        }
                    }
                    deque[tail] = position
                    tail = (tail + 1) % deque.count
                    length += 1
                }
                while length > 0 && deque[head] <= position - size {
                    head = (head + 1) % deque.count
                    length -= 1
                }
                guard position - range.lowerBound >= size - 1, length > 0 else { continue }
                output[row] = values[partitions.row(deque[head])]
                present[row] = true
            }
        }
    }

    // MARK: ranks

    private static func rankColumn(_ argument: Column?, _ partitions: WindowPartitions, dense: Bool, name: String, rowCount: Int) -> Column {
        guard let argument else {
            return Column(name: name, storage: .number([Double](repeating: 0, count: rowCount)), valid: [Bool](repeating: false, count: rowCount))
        }
        let order = SortableColumn(argument)
        return numberColumn(name, rowCount) { output, present in
            for partition in 0..<partitions.count {
                var rows = partitions.range(partition).map { partitions.row($0) }
                rows.sort { a, b in
                    let result = order.compare(a, b, descending: false)
                    return result != 0 ? result < 0 : a < b
                }
                var rank = 0
                var distinct = 0
                for (index, row) in rows.enumerated() {
                    if index == 0 || order.compare(rows[index - 1], row, descending: false) != 0 {
                        rank = index + 1
                        distinct += 1
                    }
                    output[row] = Double(dense ? distinct : rank)
                    present[row] = true
                }
            }
        }
    }

    // MARK: columns

    /// The argument as numbers: a value counts when it is non-null and finite.
    private static func numbers(_ column: Column?, _ rowCount: Int) -> ([Double], [Bool]) {
        guard let column, case .number(let values) = column.storage, values.count == rowCount else {
            return ([Double](repeating: 0, count: rowCount), [Bool](repeating: false, count: rowCount))
        }
        // Columns hold no NaN or infinity as a rule; copy the validity only when one is there.
        guard values.contains(where: { !$0.isFinite }) else { return (values, column.valid) }
        var valid = column.valid
        for row in 0..<rowCount where valid[row] && !values[row].isFinite { valid[row] = false }
        return (values, valid)
    }

    private static func valid(_ column: Column, _ row: Int) -> Bool {
        guard column.valid[row] else { return false }
        if case .number(let values) = column.storage { return values[row].isFinite }
        return true
    }

    /// A number column filled by `fill` (values and validity, both in table order).
    private static func numberColumn(_ name: String, _ rowCount: Int, _ fill: (inout [Double], inout [Bool]) -> Void) -> Column {
        var output = [Double](repeating: 0, count: rowCount)
        var present = [Bool](repeating: false, count: rowCount)
        fill(&output, &present)
        return Column(name: name, storage: .number(output), valid: present)
    }

    /// For each row, the argument's value at row `source[row]` (null where it is −1), keeping its type.
    private static func gathered(_ argument: Column?, _ source: [Int], name: String, type: DataType?) -> Column {
        guard let argument, argument.count > 0 || source.isEmpty, source.allSatisfy({ $0 < argument.count }) else {
            return Column(name: name, type: type ?? .number, values: [Value](repeating: .null, count: source.count))
        }
        var column = argument.gathering(source.map { Swift.max($0, 0) })
        for (row, from) in source.enumerated() where from < 0 || !valid(argument, from) { column.valid[row] = false }
        return column.renamed(name)
    }
}

/// A running sum with Neumaier's compensation, so a rolling window that adds and removes a million values ends
/// with the sum of the values it holds rather than the rounding errors of all it has seen.
struct CompensatedSum {
    private var sum = 0.0
    private var compensation = 0.0

    mutating func add(_ value: Double) {
        let next = sum + value
        if abs(sum) >= abs(value) {
            compensation += (sum - next) + value
        } else {
            compensation += (value - next) + sum
        }
        sum = next
    }

    var value: Double { sum + compensation }
}
