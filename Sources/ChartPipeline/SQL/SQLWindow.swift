import ChartData
import ChartExpression
import ChartValues

/// `window` fields as SQL window functions whose value is the one `WindowKernels` computes, row for row:
///
/// | chartc | SQL |
/// |---|---|
/// | `row_number()`, `cumcount()` | `row_number() OVER w` |
/// | `rank(x)`, `dense_rank(x)` | `rank()`/`dense_rank() OVER (PARTITION BY … ORDER BY x ASC NULLS LAST)`: ties share the lowest rank, nulls last and peers |
/// | `lag(x, n)`, `lead(x, n)` | `lag`/`lead(x, n) OVER w`: null past the partition's ends |
/// | `change(x)`, `pct_change(x)` | `x - lag(x) OVER w`, and that `/ NULLIF(lag(x) OVER w, 0)`: null when either is null or the one before is 0 |
/// | `rolling_min(x, n)`, `rolling_max(x, n)` | `min`/`max(x) OVER (w ROWS BETWEEN n − 1 PRECEDING AND CURRENT ROW)`, null while `row_number()` is below n |
/// | `count()`, `count(x)`, `min(x)`, `max(x)` | the aggregate `OVER (PARTITION BY …)` (strings `COLLATE "C"`) |
/// | `first(x)`, `last(x)` | `first_value`/`last_value(x) OVER (PARTITION BY … ORDER BY (x IS NULL) or (x IS NOT NULL), the output order ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)`: the nulls sorted to the far end |
///
/// where `w` is `(PARTITION BY windowBy ORDER BY the output order, ctid)`. Left to chartc: the sums and means
/// (`cumsum`, `rolling_sum`, `rolling_mean`, `sum`, `mean`: chartc adds with compensated summation, SQL's `sum`
/// does not), `median`, `q1`, `q3`, min/max of weekday or month names, and any field that is not one call
/// (`100 * x / first(x)`) or reads another window field.
extension SQLCompiler {
    /// Per field: its name, the SQL value and the chartc type; nil when any field has no exact form.
    static func windowColumnsSQL(
        _ window: WindowStep, scope: SQLTranslation.Scope, rowOrder: String, taken: Set<String>, parameters: inout SQLParameters
    ) -> [(name: String, text: String, type: DataType)]? {
        var partitions: [String] = []
        for field in window.partitionBy {
            guard let value = scope[field] else { return nil }
            partitions.append(value.text)
        }
        let partitionBy = partitions.isEmpty ? "" : "PARTITION BY " + partitions.joined(separator: ", ")
        let ordered = "(" + (partitionBy.isEmpty ? "" : partitionBy + " ") + "ORDER BY " + rowOrder + ")"
        let whole = "(" + partitionBy + ")"

        var columns: [(name: String, text: String, type: DataType)] = []
        for field in window.fields {
            guard !taken.contains(field.name), let single = field.window.singleCall, field.window.calls.count == 1 else { return nil }
            let call = field.window.calls[single]
            var argument: SQLValue?
            if let expression = call.argument {
                guard let value = expression.sql(in: scope, parameters: &parameters), value.type != nil else { return nil }
                argument = value
            }
            let text: String
            var type: DataType = .number
            switch (call.function, argument) {
            case (.rowNumber, _), (.cumcount, _):
                text = "row_number() OVER \(ordered)"
            case (.rank, let argument?), (.denseRank, let argument?):
                guard let terms = orderTerms(argument, descending: false, parameters: &parameters) else { return nil }
                let function = call.function == .rank ? "rank()" : "dense_rank()"
                text = "\(function) OVER (" + (partitionBy.isEmpty ? "" : partitionBy + " ") + "ORDER BY " + terms.joined(separator: ", ") + ")"
            case (.lag, let argument?), (.lead, let argument?):
                guard let argumentType = argument.type else { return nil }
                let offset = parameters.add(String(call.size), cast: "int4")
                text = "\(call.function == .lag ? "lag" : "lead")(\(argument.text), \(offset)) OVER \(ordered)"
                type = argumentType
            case (.change, let argument?), (.pctChange, let argument?):
                guard argument.type == .number else { return nil }
                let before = "lag(\(argument.text)) OVER \(ordered)"
                text = call.function == .change ? "(\(argument.text) - \(before))" : "((\(argument.text) - \(before)) / NULLIF(\(before), 0))"
            case (.rollingMin, let argument?), (.rollingMax, let argument?):
                guard argument.type == .number, call.size >= 1 else { return nil }
                let size = parameters.add(String(call.size), cast: "int8")
                let preceding = parameters.add(String(call.size - 1), cast: "int8")
                let frame =
                    "(" + (partitionBy.isEmpty ? "" : partitionBy + " ") + "ORDER BY " + rowOrder
                    + " ROWS BETWEEN \(preceding) PRECEDING AND CURRENT ROW)"
                let function = call.function == .rollingMin ? "min" : "max"
                text = "(CASE WHEN row_number() OVER \(ordered) >= \(size) THEN \(function)(\(argument.text)) OVER \(frame) END)"
            case (.first, let argument?), (.last, let argument?):
                // The first (last) non-null value in partition order: the nulls sorted to the other end.
                guard let argumentType = argument.type else { return nil }
                let nullsAway = call.function == .first ? "(\(argument.text) IS NULL)" : "(\(argument.text) IS NOT NULL)"
                let function = call.function == .first ? "first_value" : "last_value"
                text =
                    "\(function)(\(argument.text)) OVER (" + (partitionBy.isEmpty ? "" : partitionBy + " ") + "ORDER BY \(nullsAway), " + rowOrder
                    + " ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)"
                type = argumentType
            case (.count, nil):
                text = "count(*) OVER \(whole)"
            case (.count, let argument?):
                text = "count(\(argument.text)) OVER \(whole)"
            case (.min, let argument?), (.max, let argument?):
                guard let argumentType = argument.type, argument.naturalOrder == nil else { return nil }
                let function = call.function == .min ? "min" : "max"
                switch argumentType {
                case .number, .date: text = "\(function)(\(argument.text)) OVER \(whole)"
                case .string: text = "\(function)(\(argument.text) COLLATE \"C\") OVER \(whole)"
                case .boolean: return nil
                }
                type = argumentType
            default:
                return nil
            }
            columns.append((field.name, text, type))
        }
        return columns
    }
}
