import ChartDiagnostics
import ChartValues

/// `pivot` (SPEC §21, a reshaping step): long to wide. The rows are grouped by `groupBy`; each value of `field`
/// becomes a column holding `op` of `value` over the group's rows with that value (DuckDB's `PIVOT … ON field
/// USING op(value) GROUP BY groupBy`). It runs right after the data is read, so every later step sees the wide
/// table as the data.
public struct PivotSpec: Sendable {
    /// The field whose values name the new columns.
    public var field: Located<String>
    /// The field the new columns aggregate.
    public var value: Located<String>
    /// The fields that identify a row of the wide table (none: one row).
    public var groupBy: [Located<String>]
    /// The aggregate of each cell; `sum` unless written (as in Vega-Lite).
    public var op: Located<AggregateFunction>
    /// The whole `pivot` entry, where problems with it as a whole are reported.
    public var span: SourceSpan?

    public init(
        field: Located<String>, value: Located<String>, groupBy: [Located<String>] = [], op: Located<AggregateFunction> = Located(.sum, at: nil),
        span: SourceSpan?
    ) {
        self.field = field
        self.value = value
        self.groupBy = groupBy
        self.op = op
        self.span = span
    }

    /// The aggregates a pivot cell can be: every one of SPEC §5 that takes one field.
    public static let operations = AggregateFunction.allCases.filter { $0.arity.contains(1) && $0 != .quantile }
}
