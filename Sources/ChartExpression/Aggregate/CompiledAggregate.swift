import ChartData
import ChartDiagnostics
import ChartValues

/// One aggregate call inside an `aggregate` value, e.g. `median(nominate_dim1)` or `quantile(x, 0.9)`. The
/// pipeline computes it per group; the outer expression then reads the result as a column.
public struct AggregateCall: Sendable {
    public let function: AggregateFunction
    /// The row expression aggregated; nil for `count()`.
    public let argument: CompiledExpression?
    /// The probability of `quantile(x, p)` (0...1); nil for the others.
    public let parameter: Double?
    /// The type of the aggregated value (number for counts and statistics, the argument's type for
    /// `min max first last`).
    public let resultType: DataType?
    /// The whole call, for diagnostics.
    public let span: SourceSpan

    public init(function: AggregateFunction, argument: CompiledExpression?, parameter: Double?, resultType: DataType?, span: SourceSpan) {
        self.function = function
        self.argument = argument
        self.parameter = parameter
        self.resultType = resultType
        self.span = span
    }
}

/// A compiled `aggregate` value: the aggregate calls it contains, and the expression that combines their
/// per-group results (`sum(sales) / sum(visits)` is two calls and an outer division).
public struct CompiledAggregate: Sendable {
    public let calls: [AggregateCall]
    /// Evaluated over a table with one row per group, whose columns are the group fields plus the call results
    /// named `CompiledAggregate.callColumnName(i)`. For a plain `median(x)` it just reads that column.
    public let outer: CompiledExpression

    public var resultType: DataType? { outer.resultType }

    init(calls: [AggregateCall], outer: CompiledExpression) {
        self.calls = calls
        self.outer = outer
    }

    /// The column holding call `index`'s per-group results in the table `outer` reads. Starts with `$`, which no
    /// bare field name can, so it never shadows a group field.
    public static func callColumnName(_ index: Int) -> String { "$agg\(index)" }

    /// The index of the call the outer expression simply returns (`"median(x)"`, not `"median(x) * 2"`), so the
    /// pipeline can skip evaluating the outer expression.
    public var singleCall: Int? {
        guard case .field(let name) = outer.root.operation else { return nil }
        return calls.indices.first { Self.callColumnName($0) == name }
    }
}
