import ChartDatabase

/// `stdev` and `variance` (SPEC §5) in the compiled statement, with chartc's bits. chartc computes a sample
/// variance in two passes over each group in input order (`Reducer`): the mean is the sum of the values divided
/// by their count, then the squared differences from it are summed; the variance is that sum over n − 1 and
/// the deviation its square root. Every step is one correctly rounded IEEE operation, so SQL gets the same bits
/// when it adds in the same order: the group's mean is a window over the rows,
/// `sum(x) OVER (PARTITION BY keys ORDER BY ctid ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)`
/// divided by the count (PostgreSQL advances a window aggregate over the rows in the window's order), and the
/// grouped select sums `(x − mean) · (x − mean)` with `ORDER BY ctid`. With `total`, each grouping set has its
/// own mean (a window per set, partitioned by the set's keys) and `GROUPING()` picks the set's sum of squares.
/// SQL's own `var_samp` (Youngs–Cramer updates) rounds differently, so it is not used.
extension SQLCompiler {
    /// The grouped select's expression for one `stdev`/`variance` of `column` (an argument of the rows select),
    /// adding the rows select's mean windows to `windows` (named from `means`); nil when the grouping sets
    /// cannot be told apart.
    static func spreadSQL(
        column: String, means: String, order: String, keys: [String], groupBy: [String], totals: [TotalStep], squareRoot: Bool,
        windows: inout SpreadWindows
    ) -> String? {
        // One grouping set per part: every key, then for each total every key but its field.
        var sets: [(mask: Int, keys: [String])] = [(0, keys)]
        for total in totals {
            guard let index = groupBy.firstIndex(of: total.field) else { return nil }
            sets.append((1 << (keys.count - 1 - index), keys.enumerated().filter { $0.offset != index }.map(\.element)))
        }
        var squares: [(mask: Int, sum: String)] = []
        for (part, set) in sets.enumerated() {
            let mean = SQLText.identifier("\(means)\(part)")
            // One named window per grouping set, shared by every spread.
            let window = "\"chartc_set\(part)\""
            let definition =
                "\(window) AS (" + (set.keys.isEmpty ? "" : "PARTITION BY " + set.keys.joined(separator: ", ") + " ")
                + "ORDER BY \(order) ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)"
            if !windows.definitions.contains(definition) { windows.definitions.append(definition) }
            windows.columns.append("sum(\(column)) OVER \(window) / NULLIF(count(\(column)) OVER \(window), 0)::float8 AS \(mean)")
            squares.append((set.mask, "sum((\(column) - \(mean)) * (\(column) - \(mean)) ORDER BY \(order))"))
        }
        let sum: String
        if totals.isEmpty {
            sum = squares[0].sum
        } else {
            sum =
                "(CASE GROUPING(" + keys.joined(separator: ", ") + ")"
                + squares.map { " WHEN \($0.mask) THEN \($0.sum)" }.joined() + " END)"
        }
        let variance = "(CASE WHEN count(\(column)) > 1 THEN \(sum) / (count(\(column)) - 1)::float8 END)"
        return squareRoot ? "sqrt\(variance)" : variance
    }

    /// The mean columns the spreads add to the rows select, and their windows.
    struct SpreadWindows {
        var columns: [String] = []
        var definitions: [String] = []
    }

    /// The rows select with the spreads' mean windows added (unchanged without any).
    static func withSpreadMeans(_ rowsSelect: String, _ windows: SpreadWindows) -> String {
        guard !windows.columns.isEmpty else { return rowsSelect }
        return "SELECT \"chartc_spread\".*,\n             " + windows.columns.joined(separator: ",\n             ")
            + "\n      FROM (" + rowsSelect + ") AS \"chartc_spread\""
            + "\n      WINDOW " + windows.definitions.joined(separator: ",\n             ")
    }
}
