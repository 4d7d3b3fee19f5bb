import ChartData
import ChartExpression
import ChartValues

/// A compiled aggregation's finished values in SQL, for the steps after it that run in the statement.
extension SQLCompiler {
    /// Adds to `scope` the aggregate fields among `wanted` whose finished value SQL computes with chartc's
    /// arithmetic: a value the server computed whole; a mean as `sum / count` (null for no value); a type-7
    /// quantile from the two closest ranks with `Reducer.interpolate`'s operations in its order
    /// (`lower · (1 − d) + upper · d`, float8 being IEEE doubles); an outer expression (`sum(a) / sum(b)`)
    /// through `SQLTranslation` over those. chartc still finishes the fields it outputs; these values order,
    /// partition and filter the groups and feed window fields, and are the same bits.
    static func addFields(
        _ wanted: Set<String>, of aggregate: AggregateStep, _ reduced: ReducedAggregate, names: [String], types: [String: DataType],
        keys: SQLTranslation.Scope, to scope: inout SQLTranslation.Scope, _ parameters: inout SQLParameters
    ) {
        func column(_ name: String) -> String? { names.firstIndex(of: name).map { "\"chartc_\($0)\"" } }
        var offset = 0
        for field in aggregate.fields {
            defer { offset += field.aggregate.calls.count }
            guard wanted.contains(field.name), scope[field.name] == nil, offset + field.aggregate.calls.count <= reduced.calls.count else { continue }
            var calls = keys
            for index in field.aggregate.calls.indices {
                let name = CompiledAggregate.callColumnName(index)
                switch reduced.calls[offset + index] {
                case .value(let value, _):
                    guard let text = column(value) else { continue }
                    let type = field.aggregate.singleCall == index ? types[field.name] : nil
                    calls[name] = SQLValue(text: text, type: type ?? field.aggregate.calls[index].resultType)
                case .mean(let sum, let count):
                    guard let sum = column(sum), let count = column(count) else { continue }
                    calls[name] = SQLValue(text: "(\(sum) / NULLIF(\(count), 0)::float8)", type: .number)
                case .quantile(let low, let high, let count, let p):
                    guard let lower = column(low), let upper = column(high), let n = column(count) else { continue }
                    let parameter = parameters.add(p == p.rounded() ? String(Int(p)) : String(p), cast: "float8")
                    let position = "((\(n) - 1)::float8 * \(parameter))"
                    let fraction = "(\(position) - floor(\(position)))"
                    calls[name] = SQLValue(
                        text: "(CASE WHEN \(n) > 0 THEN (CASE WHEN floor(\(position)) = ceil(\(position)) OR \(lower) = \(upper) THEN \(lower)"
                            + " ELSE \(lower) * (1::float8 - \(fraction)) + \(upper) * \(fraction) END) END)",
                        type: .number)
                }
            }
            if let single = field.aggregate.singleCall {
                if let value = calls[CompiledAggregate.callColumnName(single)] { scope[field.name] = value }
            } else {
                var scratch = parameters
                if let value = field.aggregate.outer.sql(in: calls, parameters: &scratch), value.type != nil, !value.nullMeansFalse {
                    scope[field.name] = value
                    parameters = scratch
                }
            }
        }
    }
}
