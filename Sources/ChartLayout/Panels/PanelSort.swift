import ChartData
import ChartExpression
import ChartFormat
import ChartSpec
import ChartValues

/// `facet.sort` (SPEC §13): an aggregate expression (§5) evaluated over each panel's rows with ChartExpression,
/// panels in ascending order of the result (`-median(yield)`: highest first), nulls last, ties in output order.
/// The planner has compiled the same expression against the output fields and reported any mistake; here it is
/// compiled again and run. The reductions are the few lines each that §5 defines (the pipeline's column-at-a-time
/// reducers live in ChartPipeline, which layout must not depend on).
enum PanelSort {
    static func order(_ panels: [PanelRows], facet: FacetSpec, table: Table, locale: ChartLocale) -> [PanelRows] {
        guard let sort = facet.sort else { return panels }
        let schema = ExpressionSchema(table: table)
        let (compiled, _) = ExpressionCompiler.compileAggregate(
            sort, schema: schema, groupFields: [facet.field.value], environment: ExpressionEnvironment(locale: locale))
        guard let compiled else { return panels }
        let keys = panels.map { key(compiled, rows: $0.rows, field: facet.field.value, table: table) }
        let order = panels.indices.sorted { a, b in
            switch (keys[a], keys[b]) {
            case (nil, nil): return a < b
            case (nil, _): return false
            case (_, nil): return true
            case (let x?, let y?): return x != y ? before(x, y) : a < b
            }
        }
        return order.map { panels[$0] }
    }

    /// The aggregate's value over `rows`, nil when null.
    static func key(_ aggregate: CompiledAggregate, rows: [Int], field: String, table: Table) -> Value? {
        var columns: [Column] = []
        if let column = table.column(named: field), let first = rows.first { columns.append(column.gathering([first])) }
        for (index, call) in aggregate.calls.enumerated() {
            var values: [Value] = []
            if let argument = call.argument {
                guard let column = try? argument.evaluate(on: table, rows: rows, name: "arg") else { return nil }
                values = (0..<column.count).map { column[$0] }
            }
            let reduced = reduce(call, values: values, rowCount: rows.count)
            columns.append(Column(name: CompiledAggregate.callColumnName(index), type: reduced.type ?? .number, values: [reduced]))
        }
        let one = Table(columns: columns, rowCount: 1)
        guard let result = try? aggregate.outer.evaluate(on: one, rows: nil, name: "key"), result.count == 1 else { return nil }
        let value = result[0]
        return value.isNull ? nil : value
    }

    static func reduce(_ call: AggregateCall, values: [Value], rowCount: Int) -> Value {
        let present = values.filter { !$0.isNull }
        let numbers = present.compactMap(\.numberValue).filter(\.isFinite)
        switch call.function {
        case .count: return .number(Double(call.argument == nil ? rowCount : present.count))
        case .distinct: return .number(Double(Set(present).count))
        case .sum: return .number(numbers.reduce(0, +))
        case .mean: return numbers.isEmpty ? .null : .number(numbers.reduce(0, +) / Double(numbers.count))
        case .median: return quantile(numbers, 0.5)
        case .q1: return quantile(numbers, 0.25)
        case .q3: return quantile(numbers, 0.75)
        case .quantile: return quantile(numbers, call.parameter ?? 0.5)
        case .min: return present.min { before($0, $1) } ?? .null
        case .max: return present.max { before($0, $1) } ?? .null
        case .first: return present.first ?? .null
        case .last: return present.last ?? .null
        case .stdev, .variance:
            guard numbers.count > 1 else { return .null }
            let mean = numbers.reduce(0, +) / Double(numbers.count)
            let variance = numbers.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(numbers.count - 1)
            return .number(call.function == .variance ? variance : variance.squareRoot())
        }
    }

    /// Numbers, dates and booleans by value, strings by Unicode code points (SPEC §9); mixed types by kind.
    static func before(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)): return x < y
        case (.date(let x), .date(let y)): return x < y
        case (.boolean(let x), .boolean(let y)): return !x && y
        case (.string(let x), .string(let y)): return x.unicodeScalars.lexicographicallyPrecedes(y.unicodeScalars)
        default: return rank(a) < rank(b)
        }
    }

    private static func rank(_ value: Value) -> Int {
        switch value {
        case .number: 0
        case .date: 1
        case .string: 2
        case .boolean: 3
        default: 4
        }
    }

    /// Type 7: linear between closest ranks.
    static func quantile(_ numbers: [Double], _ p: Double) -> Value {
        guard !numbers.isEmpty else { return .null }
        let sorted = numbers.sorted()
        let h = Double(sorted.count - 1) * min(1, max(0, p))
        let low = NumberConversion.clamped(h, rounding: .down)
        let high = min(sorted.count - 1, low + 1)
        return .number(sorted[low] + (h - Double(low)) * (sorted[high] - sorted[low]))
    }
}
