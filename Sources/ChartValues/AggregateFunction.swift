/// The aggregate functions of SPEC §5: their names, argument counts and result types, the one table the expression
/// compiler (which recognises the calls and checks their arguments) and the checking stage (the type of an
/// aggregated field when the data is not at hand) read. The pipeline implements the reductions.
public enum AggregateFunction: String, CaseIterable, Sendable {
    case count, distinct, sum, mean, median, min, max, q1, q3, quantile, stdev, variance, first, last
    /// `lower_whisker(x, k)` and `upper_whisker(x, k)` (SPEC §21's `boxplot`): the least value at or above
    /// Q1 − k·IQR and the greatest at or below Q3 + k·IQR (type-7 quartiles), Tukey's whisker ends for k = 1.5.
    case lowerWhisker = "lower_whisker", upperWhisker = "upper_whisker"

    /// Allowed argument counts.
    public var arity: ClosedRange<Int> {
        switch self {
        case .count: 0...1
        case .quantile, .lowerWhisker, .upperWhisker: 2...2
        default: 1...1
        }
    }

    /// How a call is written, for messages.
    public var usage: String {
        switch self {
        case .count: "count() or count(x)"
        case .quantile: "quantile(x, p) with p between 0 and 1"
        case .lowerWhisker, .upperWhisker: "\(rawValue)(x, k) with k a number of interquartile ranges, 0 or more, such as 1.5"
        default: "\(rawValue)(x)"
        }
    }

    /// Whether the argument must be a number (the statistics); the others take any type (`min`/`max`: any
    /// ordered type).
    public var needsNumbers: Bool {
        switch self {
        case .sum, .mean, .median, .q1, .q3, .quantile, .stdev, .variance, .lowerWhisker, .upperWhisker: true
        case .count, .distinct, .min, .max, .first, .last: false
        }
    }

    /// The type of the aggregated value given the argument's type (nil: the argument is always null).
    public func resultType(argumentType: DataType?) -> DataType? {
        switch self {
        case .count, .distinct: .number
        case .sum, .mean, .median, .q1, .q3, .quantile, .stdev, .variance, .lowerWhisker, .upperWhisker: .number
        case .min, .max, .first, .last: argumentType
        }
    }
}
