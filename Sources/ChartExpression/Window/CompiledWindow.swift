import ChartData
import ChartDiagnostics
import ChartValues

/// One window function call inside a `window` value, e.g. `rolling_mean(high, 7)` or `sum(rain)`. The pipeline
/// computes it over each partition in output order; the outer expression then reads the result as a column.
public struct WindowCall: Sendable {
    public let function: WindowFunction
    /// The row expression the function reads; nil for `cumcount()`, `row_number()` and `count()`.
    public let argument: CompiledExpression?
    /// `n` of `rolling_*(x, n)`, `lag(x, n)`, `lead(x, n)` (1 when not written); 1 for the others.
    public let size: Int
    public let resultType: DataType?
    /// The whole call, for diagnostics.
    public let span: SourceSpan

    public init(function: WindowFunction, argument: CompiledExpression?, size: Int, resultType: DataType?, span: SourceSpan) {
        self.function = function
        self.argument = argument
        self.size = size
        self.resultType = resultType
        self.span = span
    }
}

/// A compiled `window` value: the window calls it contains, and the row expression that combines their
/// results with the row's own fields (`100 * rolling_mean(x, 7) / first(x)` is two calls and an outer
/// expression).
public struct CompiledWindow: Sendable {
    public let calls: [WindowCall]
    /// Evaluated over the output table with the call results added as columns named
    /// `CompiledWindow.callColumnName(i)`.
    public let outer: CompiledExpression

    public var resultType: DataType? { outer.resultType }

    init(calls: [WindowCall], outer: CompiledExpression) {
        self.calls = calls
        self.outer = outer
    }

    /// The column holding call `index`'s results. Starts with `$`, which no bare field name can.
    public static func callColumnName(_ index: Int) -> String { "$win\(index)" }

    /// The fields of the table the value reads: the outer expression's own fields and the calls' arguments',
    /// without the call columns.
    public var fieldsUsed: [String] {
        var names: [String] = []
        for name in outer.fieldsUsed where !name.hasPrefix("$") && !names.contains(name) { names.append(name) }
        for call in calls {
            for name in call.argument?.fieldsUsed ?? [] where !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// The index of the call the outer expression simply returns (`"cumsum(x)"`), so the pipeline can skip
    /// evaluating the outer expression.
    public var singleCall: Int? {
        guard case .field(let name) = outer.root.operation else { return nil }
        return calls.indices.first { Self.callColumnName($0) == name }
    }
}
