#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ChartData
import ChartValues

/// Computes one `Reduction` for every group of a `GroupIndex` over a column of argument values, one pass over the
/// rows with per-group state (holistic reductions — quantiles — bucket each group's values and sort them once).
///
/// Semantics, following SPEC §5 and, where it is silent, SQL as DuckDB runs it (so results can be checked against
/// an SQL engine):
/// - nulls are skipped by every reduction except `count()` (SPEC §4 "aggregates skip nulls" — so `first`/`last`
///   return the first/last non-null value, like DuckDB's `any_value`, not its `first`); a NaN counts as null;
/// - `count`, `count(x)` and `distinct` of no values are 0; every other reduction of no values is null (SQL:
///   `SUM` over only nulls is NULL);
/// - `sum` and `mean` add in input order (DuckDB's `sum`/`avg` on doubles do the same; no compensation), `mean` is
///   that sum divided by the count;
/// - `variance`/`stdev` are sample statistics in two passes over each group in input order: the mean (the sum
///   divided by the count, as `mean`), then the sum of squared differences from it, over n − 1; null for fewer
///   than two values. (Two passes are at least as accurate as DuckDB's Welford updates and may differ from them
///   in the last digits; a database computes the same passes in SQL with the same bits, `SQLSpread`.)
/// - quantiles interpolate linearly between closest ranks (type 7, DuckDB `quantile_cont`): with sorted values
///   `v`, `h = (n − 1)·p`, the result is `v[⌊h⌋]·(1 − d) + v[⌈h⌉]·d` with `d = h − ⌊h⌋`;
/// - `min`/`max` compare numbers, dates, booleans (false < true) and strings (code points, or the column's
///   natural order for weekday and month names) and return the argument's type; `first`/`last` likewise;
/// - `sum`/`mean`/`variance`/`stdev` read booleans as 0/1; `mean` and quantiles of dates are dates (rounded to
///   the millisecond); anything else a reduction cannot combine gives null;
/// - a non-finite result is null.
public enum Reducer {
    /// The reduction of `values` (one entry per row of `groups`; nil only for `count()`) per group, as a column
    /// named `name` with one row per group.
    public static func reduce(_ reduction: Reduction, values: Column?, groups: GroupIndex, name: String) -> Column {
        let rows = groups.rowCount
        switch reduction {
        case .count:
            var counts = [Double](repeating: 0, count: groups.groupCount)
            for row in 0..<rows { counts[groups.groupOfRow[row]] += 1 }
            return numberColumn(name, counts, valid: nil)
        case .countValues:
            guard let values else { return reduce(.count, values: nil, groups: groups, name: name) }
            let present = presence(values)
            var counts = [Double](repeating: 0, count: groups.groupCount)
            for row in 0..<rows where present[row] { counts[groups.groupOfRow[row]] += 1 }
            return numberColumn(name, counts, valid: nil)
        case .distinct:
            return distinct(values, groups: groups, name: name)
        case .sum, .mean:
            return sumOrMean(values, groups: groups, name: name, mean: reduction == .mean)
        case .variance, .stdev:
            return spread(values, groups: groups, name: name, squareRoot: reduction == .stdev)
        case .quantile(let p):
            return quantile(values, p: p, groups: groups, name: name)
        case .whisker(let k, let upper):
            return whisker(values, k: k, upper: upper, groups: groups, name: name)
        case .min, .max:
            return extreme(values, groups: groups, name: name, wantsMax: reduction == .max)
        case .first, .last:
            return firstOrLast(values, groups: groups, name: name, last: reduction == .last)
        }
    }

    /// The value of a reduction over a group that has no rows at all (a row `complete` adds): 0 for counts and
    /// sums, null otherwise.
    public static func emptyValue(_ reduction: Reduction) -> Value {
        reduction.isZeroWhenEmpty ? .number(0) : .null
    }

    /// The type a reduction's result has for an argument of type `argument` (nil: `count()`).
    public static func resultType(_ reduction: Reduction, argument: DataType?) -> DataType {
        switch reduction {
        case .count, .countValues, .distinct, .sum, .variance, .stdev, .whisker:
            return .number
        case .mean, .quantile:
            return argument == .date ? .date : .number
        case .min, .max, .first, .last:
            return argument ?? .number
        }
    }

    // MARK: - Helpers

    /// Which rows hold a value a reduction counts: valid, and not NaN.
    private static func presence(_ column: Column) -> [Bool] {
        guard case .number(let values) = column.storage else { return column.valid }
        var present = column.valid
        for row in 0..<present.count where present[row] && values[row].isNaN { present[row] = false }
        return present
    }

    private static func numberColumn(_ name: String, _ values: [Double], valid: [Bool]?) -> Column {
        var valid = valid ?? [Bool](repeating: true, count: values.count)
        var values = values
        for index in 0..<values.count where !values[index].isFinite || !valid[index] {
            valid[index] = false
            values[index] = 0
        }
        return Column(name: name, storage: .number(values), valid: valid)
    }

    private static func dateColumn(_ name: String, _ values: [Double], valid: [Bool]) -> Column {
        var dates = [Int64](repeating: 0, count: values.count)
        var valid = valid
        for index in 0..<values.count where valid[index] {
            let rounded = values[index].rounded(.toNearestOrAwayFromZero)
            if abs(rounded) < 9.2e18, let whole = Int64(exactly: rounded) {
                dates[index] = whole
            } else {
                valid[index] = false
            }
        }
        return Column(name: name, storage: .date(dates), valid: valid)
    }

    private static func nullColumn(_ name: String, type: DataType, count: Int) -> Column {
        ColumnOperations.constant(.null, count: count, name: name, type: type)
    }

    /// The argument as numbers for arithmetic reductions: numbers, booleans as 0/1, dates as milliseconds.
    private static func numbers(_ column: Column) -> [Double]? {
        switch column.storage {
        case .number(let values): values
        case .boolean(let values): values.map { $0 ? 1 : 0 }
        case .date(let values): values.map { Double($0) }
        case .string: nil
        }
    }

    // MARK: - Reductions

    private static func distinct(_ values: Column?, groups: GroupIndex, name: String) -> Column {
        guard let values else { return reduce(.count, values: nil, groups: groups, name: name) }
        let (ids, idCount) = ColumnKeys.denseIDs(values)
        let present = presence(values)
        var seen = Set<Int>()
        var counts = [Double](repeating: 0, count: groups.groupCount)
        for row in 0..<groups.rowCount where present[row] {
            let group = groups.groupOfRow[row]
            if seen.insert(group * idCount + ids[row]).inserted { counts[group] += 1 }
        }
        return numberColumn(name, counts, valid: nil)
    }

    private static func sumOrMean(_ values: Column?, groups: GroupIndex, name: String, mean: Bool) -> Column {
        let count = groups.groupCount
        guard let values, let numbers = numbers(values), values.type != .date || mean else {
            return nullColumn(name, type: .number, count: count)
        }
        let present = presence(values)
        var sums = [Double](repeating: 0, count: count)
        var counts = [Int](repeating: 0, count: count)
        for row in 0..<groups.rowCount where present[row] {
            let group = groups.groupOfRow[row]
            sums[group] += numbers[row]
            counts[group] += 1
        }
        let valid = counts.map { $0 > 0 }
        if mean {
            for group in 0..<count where counts[group] > 0 { sums[group] /= Double(counts[group]) }
            if values.type == .date { return dateColumn(name, sums, valid: valid) }
        }
        return numberColumn(name, sums, valid: valid)
    }

    private static func spread(_ values: Column?, groups: GroupIndex, name: String, squareRoot: Bool) -> Column {
        let count = groups.groupCount
        guard let values, values.type != .date, let numbers = numbers(values) else {
            return nullColumn(name, type: .number, count: count)
        }
        let present = presence(values)
        var n = [Int](repeating: 0, count: count)
        var mean = [Double](repeating: 0, count: count)
        for row in 0..<groups.rowCount where present[row] {
            let group = groups.groupOfRow[row]
            n[group] += 1
            mean[group] += numbers[row]
        }
        for group in 0..<count where n[group] > 0 { mean[group] /= Double(n[group]) }
        var squares = [Double](repeating: 0, count: count)
        for row in 0..<groups.rowCount where present[row] {
            let group = groups.groupOfRow[row]
            let delta = numbers[row] - mean[group]
            squares[group] += delta * delta
        }
        var result = [Double](repeating: 0, count: count)
        var valid = [Bool](repeating: false, count: count)
        for group in 0..<count where n[group] > 1 {
            let variance = squares[group] / Double(n[group] - 1)
            result[group] = squareRoot ? variance.squareRoot() : variance
            valid[group] = true
        }
        return numberColumn(name, result, valid: valid)
    }

    private static func quantile(_ values: Column?, p: Double, groups: GroupIndex, name: String) -> Column {
        let count = groups.groupCount
        guard let values, values.type == .number || values.type == .date, let numbers = numbers(values), p >= 0, p <= 1 else {
            return nullColumn(name, type: values?.type == .date ? .date : .number, count: count)
        }
        // Bucket each group's values contiguously, then select each bucket's quantile in place.
        let present = presence(values)
        var sizes = [Int](repeating: 0, count: count)
        for row in 0..<groups.rowCount where present[row] { sizes[groups.groupOfRow[row]] += 1 }
        var starts = [Int](repeating: 0, count: count + 1)
        for group in 0..<count { starts[group + 1] = starts[group] + sizes[group] }
        var fill = Array(starts.dropLast())
        var bucketed = [Double](repeating: 0, count: starts[count])
        for row in 0..<groups.rowCount where present[row] {
            let group = groups.groupOfRow[row]
            bucketed[fill[group]] = numbers[row]
            fill[group] += 1
        }
        var result = [Double](repeating: 0, count: count)
        var valid = [Bool](repeating: false, count: count)
        for group in 0..<count where sizes[group] > 0 {
            let range = starts[group]..<starts[group + 1]
            result[group] = QuantileSelection.quantile(&bucketed, range, p: p)
            valid[group] = true
        }
        if values.type == .date { return dateColumn(name, result, valid: valid) }
        return numberColumn(name, result, valid: valid)
    }

    /// Tukey's whisker end per group (`lower_whisker`/`upper_whisker`, SPEC §21): the fences are Q1 − k·IQR and
    /// Q3 + k·IQR with type-7 quartiles (`QuantileSelection`, as `q1`/`q3` compute them), and the whisker ends at
    /// the least value at or above the lower fence (the greatest at or below the upper one). `whiskerFences`
    /// gives the same fences to the window functions that find the values beyond them.
    private static func whisker(_ values: Column?, k: Double, upper: Bool, groups: GroupIndex, name: String) -> Column {
        let count = groups.groupCount
        guard let values, values.type == .number, case .number(let numbers) = values.storage else {
            return nullColumn(name, type: .number, count: count)
        }
        let present = presence(values)
        var buckets = [[Double]](repeating: [], count: count)
        for row in 0..<groups.rowCount where present[row] { buckets[groups.groupOfRow[row]].append(numbers[row]) }
        var result = [Double](repeating: 0, count: count)
        var valid = [Bool](repeating: false, count: count)
        for group in 0..<count where !buckets[group].isEmpty {
            var bucket = buckets[group]
            let (low, high) = whiskerFences(&bucket, k: k)
            var end: Double?
            for value in bucket {
                if upper {
                    if value <= high, end.map({ value > $0 }) ?? true { end = value }
                } else if value >= low, end.map({ value < $0 }) ?? true {
                    end = value
                }
            }
            guard let end else { continue }
            result[group] = end
            valid[group] = true
        }
        return numberColumn(name, result, valid: valid)
    }

    /// The fences Q1 − k·IQR and Q3 + k·IQR of non-empty values (reordered), with type-7 quartiles.
    static func whiskerFences(_ values: inout [Double], k: Double) -> (low: Double, high: Double) {
        let q1 = QuantileSelection.quantile(&values, 0..<values.count, p: 0.25)
        let q3 = QuantileSelection.quantile(&values, 0..<values.count, p: 0.75)
        let range = q3 - q1
        return (q1 - k * range, q3 + k * range)
    }

    /// Type-7 quantile of sorted, non-empty values.
    static func interpolate(sorted: ArraySlice<Double>, p: Double) -> Double {
        let position = Double(sorted.count - 1) * p
        let lowerIndex = Int(exactly: position.rounded(.down)) ?? 0
        let upperIndex = Int(exactly: position.rounded(.up)) ?? sorted.count - 1
        let base = sorted.startIndex
        let lower = sorted[base + lowerIndex]
        let upper = sorted[base + min(upperIndex, sorted.count - 1)]
        if lowerIndex == upperIndex || lower == upper { return lower }
        let fraction = position - Double(lowerIndex)
        return lower * (1 - fraction) + upper * fraction
    }

    private static func extreme(_ values: Column?, groups: GroupIndex, name: String, wantsMax: Bool) -> Column {
        let count = groups.groupCount
        guard let values else { return nullColumn(name, type: .number, count: count) }
        // The winning row per group; compare by a per-row sort key.
        let present = presence(values)
        var best = [Int](repeating: -1, count: count)
        func consider(_ isBetter: (Int, Int) -> Bool) {
            for row in 0..<groups.rowCount where present[row] {
                let group = groups.groupOfRow[row]
                let current = best[group]
                if current < 0 || isBetter(row, current) { best[group] = row }
            }
        }
        switch values.storage {
        case .number(let numbers):
            consider { wantsMax ? numbers[$0] > numbers[$1] : numbers[$0] < numbers[$1] }
        case .date(let dates):
            consider { wantsMax ? dates[$0] > dates[$1] : dates[$0] < dates[$1] }
        case .boolean(let booleans):
            consider { wantsMax ? (booleans[$0] && !booleans[$1]) : (!booleans[$0] && booleans[$1]) }
        case .string(let codes, let dictionary):
            let ranks = StringOrder.ranks(dictionary: dictionary, naturalOrder: values.naturalOrder)
            consider { a, b in
                let ra = ranks[Int(codes[a])]
                let rb = ranks[Int(codes[b])]
                return wantsMax ? ra > rb : ra < rb
            }
        }
        return pick(values, rows: best, name: name)
    }

    private static func firstOrLast(_ values: Column?, groups: GroupIndex, name: String, last: Bool) -> Column {
        let count = groups.groupCount
        guard let values else { return nullColumn(name, type: .number, count: count) }
        let present = presence(values)
        var chosen = [Int](repeating: -1, count: count)
        for row in 0..<groups.rowCount where present[row] {
            let group = groups.groupOfRow[row]
            if last || chosen[group] < 0 { chosen[group] = row }
        }
        return pick(values, rows: chosen, name: name)
    }

    /// The values at `rows` (-1: null), keeping the column's type, dictionary and natural order.
    private static func pick(_ values: Column, rows: [Int], name: String) -> Column {
        let safeRows = rows.map { max($0, 0) }
        if values.count == 0 {
            return nullColumn(name, type: values.type, count: rows.count).withNaturalOrder(values.naturalOrder)
        }
        var column = values.gathering(safeRows).renamed(name)
        for (index, row) in rows.enumerated() where row < 0 { column.valid[index] = false }
        return column
    }
}

extension Column {
    func withNaturalOrder(_ order: [String]?) -> Column {
        var copy = self
        copy.naturalOrder = order
        return copy
    }
}
