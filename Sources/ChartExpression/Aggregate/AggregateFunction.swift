import ChartData
import ChartValues

/// The aggregate functions of SPEC §5. The pipeline implements the reductions; the expression compiler
/// recognises the calls, checks their arguments and knows their result types.
public enum AggregateFunction: String, CaseIterable, Sendable {
    case count, distinct, sum, mean, median, min, max, q1, q3, quantile, stdev, variance, first, last

    /// Allowed argument counts.
    var arity: ClosedRange<Int> {
        switch self {
        case .count: 0...1
        case .quantile: 2...2
        default: 1...1
        }
    }

    var usage: String {
        switch self {
        case .count: "count() or count(x)"
        case .quantile: "quantile(x, p) with p between 0 and 1"
        default: "\(rawValue)(x)"
        }
    }

    /// Whether the argument must be a number (the statistics); the others take any type (`min`/`max`: any
    /// ordered type).
    var needsNumbers: Bool {
        switch self {
        case .sum, .mean, .median, .q1, .q3, .quantile, .stdev, .variance: true
        case .count, .distinct, .min, .max, .first, .last: false
        }
    }

    /// The type of the aggregated value given the argument's type (nil: the argument is always null).
    public func resultType(argumentType: DataType?) -> DataType? {
        switch self {
        case .count, .distinct: .number
        case .sum, .mean, .median, .q1, .q3, .quantile, .stdev, .variance: .number
        case .min, .max, .first, .last: argumentType
        }
    }
}
