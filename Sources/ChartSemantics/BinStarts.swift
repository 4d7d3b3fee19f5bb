import ChartData

/// The extent of a binned column's interval starts (SPEC §13), which the checking stage's `bin-interval-limit`
/// and lint's `bin-too-many-intervals` both count intervals over.
public enum BinStarts {
    /// The most intervals a `bin` field may span (specs/limits.md).
    public static let intervalLimit = 10_000.0

    /// The smallest and largest finite bin start of a binned column (nil when it has none): what the bin checks
    /// and lint's `bin-too-many-intervals` count intervals over.
    public static func startExtent(_ column: Column) -> (lower: Double, upper: Double)? {
        guard case .number(let starts) = column.storage else { return nil }
        var lower = Double.infinity, upper = -Double.infinity
        for row in starts.indices where column.valid[row] && starts[row].isFinite {
            lower = min(lower, starts[row])
            upper = max(upper, starts[row])
        }
        return lower <= upper ? (lower, upper) : nil
    }

    /// How many intervals of `step` run from the column's smallest bin start to its largest (nil when none).
    public static func intervalCount(_ column: Column, step: Double) -> Double? {
        guard let extent = startExtent(column) else { return nil }
        // Divided before subtracting, so ±1e308 does not overflow.
        return (extent.upper / step).rounded(.down) - (extent.lower / step).rounded(.down) + 1
    }
}
