import ChartData

/// The rows of a table split into `windowBy` partitions, each in table order (the output's `sort` order, since
/// the window step runs after sorting). Stored flat: partition `p` holds positions `bounds[p]..<bounds[p + 1]`,
/// and position `i` is table row `rows[i]` — or `i` itself when there is one partition in table order (no
/// `windowBy`), which saves a million-entry index on a long series.
struct WindowPartitions: Sendable {
    private var rows: [Int]
    private var isIdentity: Bool
    var bounds: [Int]

    private init(rows: [Int], bounds: [Int], isIdentity: Bool) {
        self.rows = rows
        self.bounds = bounds
        self.isIdentity = isIdentity
    }

    var count: Int { bounds.count - 1 }

    var rowCount: Int { bounds.last ?? 0 }

    /// The table row at a position.
    @inline(__always) func row(_ position: Int) -> Int { isIdentity ? position : rows[position] }

    func range(_ partition: Int) -> Range<Int> { bounds[partition]..<bounds[partition + 1] }

    /// One partition per distinct combination of the `keys` columns (null is a value of its own, as in SQL's
    /// `PARTITION BY`); with no keys the whole table is one partition. Partitions come in order of first
    /// appearance; a counting sort keeps each one's rows in table order, in linear time.
    static func build(keys: [Column], rowCount: Int) -> WindowPartitions {
        guard !keys.isEmpty else { return WindowPartitions(rows: [], bounds: [0, rowCount], isIdentity: true) }
        let index = GroupIndex.build(keys: keys, rowCount: rowCount)
        var bounds = [Int](repeating: 0, count: index.groupCount + 1)
        for group in index.groupOfRow { bounds[group + 1] += 1 }
        for group in 0..<index.groupCount { bounds[group + 1] += bounds[group] }
        var next = Array(bounds.dropLast())
        var rows = [Int](repeating: 0, count: rowCount)
        for (row, group) in index.groupOfRow.enumerated() {
            rows[next[group]] = row
            next[group] += 1
        }
        return WindowPartitions(rows: rows, bounds: bounds, isIdentity: false)
    }
}
