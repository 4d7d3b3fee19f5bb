import ChartValues

/// One aggregate function applied to one argument (SPEC §5), as the aggregation engine runs it. The expression
/// compiler's `AggregateCall` maps onto this; keeping the engine's own enum lets it be tested on hand-built
/// columns and keeps the null and type rules in one place (`Reducer`).
public enum Reduction: Sendable, Equatable, CustomStringConvertible {
    /// `count()`: rows in the group, nulls included.
    case count
    /// `count(x)`: non-null values.
    case countValues
    /// `distinct(x)`: distinct non-null values.
    case distinct
    case sum
    case mean
    /// `quantile(x, p)`; `median` is 0.5, `q1` 0.25, `q3` 0.75.
    case quantile(Double)
    /// `lower_whisker(x, k)` (`upper: false`) and `upper_whisker(x, k)`: the least value at or above Q1 − k·IQR,
    /// or the greatest at or below Q3 + k·IQR.
    case whisker(Double, upper: Bool)
    case min
    case max
    /// Sample standard deviation (n − 1).
    case stdev
    /// Sample variance (n − 1).
    case variance
    /// The first non-null value in input order.
    case first
    /// The last non-null value in input order.
    case last

    public var description: String {
        switch self {
        case .count: "count"
        case .countValues: "count"
        case .distinct: "distinct"
        case .sum: "sum"
        case .mean: "mean"
        case .quantile(let p): "quantile(\(p))"
        case .whisker(let k, let upper): "\(upper ? "upper" : "lower")_whisker(\(k))"
        case .min: "min"
        case .max: "max"
        case .stdev: "stdev"
        case .variance: "variance"
        case .first: "first"
        case .last: "last"
        }
    }

    /// Whether the reduction of an empty group is 0 rather than null. SPEC §2 `complete`: "count and sum become 0"
    /// in filled rows. (A real group whose values are all null still sums to null, as in SQL.)
    public var isZeroWhenEmpty: Bool {
        switch self {
        case .count, .countValues, .distinct, .sum: true
        default: false
        }
    }
}

extension Reduction {
    /// The reduction SPEC §5's `function` names: `count()` without an argument counts rows, `count(x)` values;
    /// `median`, `q1` and `q3` are quantiles, and `quantile` takes its `parameter` (the median without one).
    public init(_ function: AggregateFunction, hasArgument: Bool, parameter: Double?) {
        switch function {
        case .count: self = hasArgument ? .countValues : .count
        case .distinct: self = .distinct
        case .sum: self = .sum
        case .mean: self = .mean
        case .median: self = .quantile(0.5)
        case .q1: self = .quantile(0.25)
        case .q3: self = .quantile(0.75)
        case .quantile: self = .quantile(parameter ?? 0.5)
        case .lowerWhisker: self = .whisker(parameter ?? 1.5, upper: false)
        case .upperWhisker: self = .whisker(parameter ?? 1.5, upper: true)
        case .min: self = .min
        case .max: self = .max
        case .stdev: self = .stdev
        case .variance: self = .variance
        case .first: self = .first
        case .last: self = .last
        }
    }
}
