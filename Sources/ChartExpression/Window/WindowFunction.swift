import ChartData
import ChartValues

/// The functions of SPEC §14 that only `window` values may call: each reads many rows of a partition (the rows
/// before the current one, after it, or all of them), so it has no meaning in a row expression. The expression
/// compiler recognises the calls and checks them; the pipeline computes them per partition, in the output order.
public enum WindowFunction: String, CaseIterable, Sendable {
    case rollingMean = "rolling_mean", rollingSum = "rolling_sum", rollingMin = "rolling_min", rollingMax = "rolling_max"
    case cumsum, cumcount
    case lag, lead
    case change, pctChange = "pct_change"
    case rank, denseRank = "dense_rank", rowNumber = "row_number"
    /// Whole-partition aggregates (a share is `x / sum(x)`, an index `100 * x / first(x)`); nulls skipped as in
    /// `aggregate`, `count()` counts rows.
    case sum, mean, median, q1, q3, min, max, count, first, last

    /// The aggregates of SPEC §5 that `window` does not offer over a partition (`distinct`, `q1`, …).
    static func isAggregateOnly(_ name: String) -> Bool {
        AggregateFunction(rawValue: name) != nil && WindowFunction(rawValue: name) == nil
    }

    /// Allowed argument counts, the size `n` included.
    var arity: ClosedRange<Int> {
        switch self {
        case .rollingMean, .rollingSum, .rollingMin, .rollingMax: 2...2
        case .lag, .lead: 1...2
        case .cumcount, .rowNumber: 0...0
        case .count: 0...1
        default: 1...1
        }
    }

    /// Whether the second argument is a row count `n` (a positive whole constant).
    var takesSize: Bool {
        switch self {
        case .rollingMean, .rollingSum, .rollingMin, .rollingMax, .lag, .lead: true
        default: false
        }
    }

    /// The functions that are only window functions (not also aggregates of SPEC §5).
    var isWindowOnly: Bool { AggregateFunction(rawValue: rawValue) == nil }

    var usage: String {
        switch self {
        case .rollingMean, .rollingSum, .rollingMin, .rollingMax: "\(rawValue)(x, n) with n a whole number of rows such as 7"
        case .lag, .lead: "\(rawValue)(x) or \(rawValue)(x, n)"
        case .cumcount, .rowNumber: "\(rawValue)()"
        case .count: "count() or count(x)"
        default: "\(rawValue)(x)"
        }
    }

    /// The argument types accepted (nil: any).
    var argumentTypes: [DataType]? {
        switch self {
        case .rollingMean, .rollingSum, .rollingMin, .rollingMax, .cumsum, .change, .pctChange, .sum, .mean, .median, .q1, .q3: [.number]
        case .rank, .denseRank, .min, .max: [.number, .date, .string]
        case .lag, .lead, .first, .last, .count, .cumcount, .rowNumber: nil
        }
    }

    /// The type of the value given the argument's type.
    func resultType(argumentType: DataType?) -> DataType? {
        switch self {
        case .lag, .lead, .min, .max, .first, .last: argumentType
        default: .number
        }
    }
}
