import ChartFormat
import ChartData
import ChartSpec
import ChartValues

/// Runs a statistics step (SPEC §21) over the rows left after `filter`: the rows are split by the step's
/// `groupBy` fields (groups in ascending order of their keys, as an aggregation's default sort orders them), each
/// group's values are computed by `Quantiles`, `KernelDensity`, `LeastSquares` or `Loess`, and the output holds
/// the group's fields, then the step's own, one row per computed point. Rows whose read fields are null or not
/// finite take no part (as in Vega); a group with too few values for its statistic gives no rows.
enum Statistics {
    static func run(_ step: StatisticsStep, on table: Table) -> Table {
        let groups = Self.groups(of: table, by: step.groupBy)
        let spec = step.spec
        var keyRows: [Int] = [] // per output row: a row of the input holding its group's key
        var outputs: [[Double]] = Array(repeating: [], count: spec.outputNames.count)
        // A density's default extent is every group's values together, so the curves share their x points.
        let sharedExtent = spec.density.map { density in
            density.extent.map { ($0.value[0], $0.value[1]) } ?? Self.extent(numbers(table, density.field.value, Array(0..<table.rowCount)))
        }
        for group in groups {
            let rows: [[Double]]
            if let quantile = spec.quantile {
                rows = Quantiles.rows(numbers(table, quantile.field.value, group.rows), probabilities: quantile.probabilities.value)
            } else if let density = spec.density {
                let values = numbers(table, density.field.value, group.rows)
                rows = KernelDensity.rows(values, options: density, extent: sharedExtent ?? Self.extent(values))
            } else if let regression = spec.regression {
                let (x, y) = pairs(table, regression.x.value, regression.y.value, group.rows)
                rows =
                    regression.method.value == .loess
                    ? Loess.rows(x: x, y: y, options: regression) : LeastSquares.rows(x: x, y: y, options: regression)
            } else {
                rows = []
            }
            for row in rows {
                keyRows.append(group.rows[0])
                for (index, value) in row.enumerated() where index < outputs.count { outputs[index].append(value) }
            }
        }
        var columns: [Column] = []
        for name in step.groupBy {
            if let column = table.column(named: name) { columns.append(column.gathering(keyRows)) }
        }
        for (index, field) in step.outputFields.dropFirst(step.groupBy.count).enumerated() {
            var builder = ColumnBuilder(name: field.name, type: field.type, capacity: keyRows.count)
            for value in outputs[index] {
                if !value.isFinite {
                    builder.appendNull()
                } else if field.type == .date {
                    builder.appendDate(NumberConversion.clamped(value, rounding: .toNearestOrAwayFromZero, as: Int64.self))
                } else {
                    builder.appendNumber(value)
                }
            }
            columns.append(builder.finish())
        }
        return Table(columns: columns, rowCount: keyRows.count)
    }

    /// The rows of each group, groups in ascending key order (nulls as the sort puts them), rows in input order.
    static func groups(of table: Table, by fields: [String]) -> [(key: [Value], rows: [Int])] {
        let columns = fields.compactMap { table.column(named: $0) }
        guard !columns.isEmpty else { return table.rowCount == 0 ? [] : [([], Array(0..<table.rowCount))] }
        var index: [[Value]: Int] = [:]
        var groups: [(key: [Value], rows: [Int])] = []
        for row in 0..<table.rowCount {
            let key = columns.map { $0[row] }
            if let position = index[key] {
                groups[position].rows.append(row)
            } else {
                index[key] = groups.count
                groups.append((key, [row]))
            }
        }
        let firsts = Table(columns: columns.map { $0.gathering(groups.map { $0.rows[0] }) }, rowCount: groups.count)
        return RowSorter.permutation(firsts, by: fields.map { SortOrder($0) }).map { groups[$0] }
    }

    /// The finite numbers (dates as milliseconds) of `field` in `rows`.
    static func numbers(_ table: Table, _ field: String, _ rows: [Int]) -> [Double] {
        guard let column = table.column(named: field) else { return [] }
        return rows.compactMap { number(column, $0) }
    }

    /// The (x, y) pairs of `rows` where both are finite.
    static func pairs(_ table: Table, _ x: String, _ y: String, _ rows: [Int]) -> ([Double], [Double]) {
        guard let xs = table.column(named: x), let ys = table.column(named: y) else { return ([], []) }
        var a: [Double] = []
        var b: [Double] = []
        for row in rows {
            guard let u = number(xs, row), let v = number(ys, row) else { continue }
            a.append(u)
            b.append(v)
        }
        return (a, b)
    }

    private static func number(_ column: Column, _ row: Int) -> Double? {
        switch column[row] {
        case .number(let value) where value.isFinite: value
        case .date(let milliseconds): Double(milliseconds)
        default: nil
        }
    }

    /// The least and greatest of `values` (0, 0 when empty).
    static func extent(_ values: [Double]) -> (Double, Double) {
        guard let low = values.min(), let high = values.max() else { return (0, 0) }
        return (low, high)
    }

    /// `count` evenly spaced points from `low` to `high`, both included.
    static func steps(_ low: Double, _ high: Double, count: Int) -> [Double] {
        guard count > 1, high > low else { return [low] }
        return (0..<count).map { $0 == count - 1 ? high : low + (high - low) * Double($0) / Double(count - 1) }
    }
}

/// Where a statistics step runs when the data is in a database: over the rows the statement fetched (its
/// filters in the statement's `WHERE`), for `chartc plan` to say.
enum StatisticsPlacement {
    static func onFetchedRows(_ plan: Plan) -> Plan {
        var plan = plan
        for (index, step) in plan.steps.enumerated() {
            if case .statistics(var statistics) = step {
                statistics.onFetchedRows = true
                plan.steps[index] = .statistics(statistics)
            }
            if case .load(var load) = step {
                load.sqlNote = "the steps below run in chartc, the statistics step over the rows the statement fetches"
                plan.steps[index] = .load(load)
            }
        }
        return plan
    }
}

extension Plan {
    /// The `chartc plan` line of a statistics step: its keyword, what it computes, and how.
    static func describe(_ step: StatisticsStep) -> (String, String, String?) {
        let spec = step.spec
        let by = step.groupBy.isEmpty ? "" : " by " + step.groupBy.joined(separator: ", ")
        var notes: [String] = []
        var text = ""
        if let quantile = spec.quantile {
            text = "\(quantile.field.value) at \(quantile.probabilities.value.count) probabilities\(by)"
            notes.append("type-7 quantiles; normal = the standard normal quantile of prob")
        } else if let density = spec.density {
            text = "\(density.field.value)\(by), \(density.steps) points"
            let extent =
                density.extent.map {
                    "over [\(ColumnOperations.text(of: .number($0.value[0])) ?? ""), \(ColumnOperations.text(of: .number($0.value[1])) ?? "")]"
                } ?? "over the values' extent"
            let bandwidth = density.bandwidth.map { "bandwidth \(ColumnOperations.text(of: .number($0.value)) ?? "")" } ?? "bandwidth by Scott's rule"
            notes.append(
                "Gaussian kernel, \(bandwidth), \(extent); "
                    + (density.cumulative ? "cumulative" : "density") + (density.counts ? " × the group's count" : ""))
        } else if let regression = spec.regression {
            let method = regression.method.value
            text = "\(regression.y.value) ~ \(regression.x.value)\(by), \(method.rawValue)"
            switch method {
            case .linear: notes.append("least squares as R's lm")
            case .poly: notes.append("least squares as R's lm, order \(regression.order?.value ?? 2)")
            case .log: notes.append("lm(y ~ log(x))")
            case .exp: notes.append("lm(log(y) ~ x), y = a·e^(b·x)")
            case .pow: notes.append("lm(log(y) ~ log(x)), y = a·x^b")
            case .loess:
                notes.append(
                    "local linear, tricube weights, span \(ColumnOperations.text(of: .number(regression.bandwidth?.value ?? 0.3)) ?? "")")
            }
            if regression.params.value {
                notes.append("the coefficients and R²")
            } else {
                notes.append("\(regression.steps) points over the x extent")
                if let ci = regression.ci {
                    notes.append("lower/upper: \(ColumnOperations.text(of: .number(ci.value * 100)) ?? "")% confidence band")
                }
            }
        }
        if step.onFetchedRows { notes.append("in chartc, over the rows fetched") }
        notes.append("replaces the rows")
        return (spec.step.value.rawValue, text, notes.joined(separator: "; "))
    }
}
