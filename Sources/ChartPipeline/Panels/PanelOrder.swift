import ChartData
import ChartDiagnostics
import ChartExpression
import ChartFormat
import ChartSpec
import ChartValues

/// The order of small multiples (SPEC §13, `facet.sort`) and of an encoding's categories (SPEC §20, `sort` on `x`,
/// `y` or `color`): an aggregate expression over each panel's or category's rows, computed by the pipeline's own
/// aggregation (one group per value: the same reducers and type-7 quantiles as `aggregate`) once the output rows
/// are known, and handed to layout as the keys in order (`FacetSpec.order`, `ChannelDef.sortedKeys`). Keys go in
/// ascending order of the result (`-median(yield)`: highest first), nulls last, ties in output order (first
/// appearance in the table). An encoding's order is computed over all the drawn rows, so every panel of a facet
/// reads its categories in the same order. Layout only reads the order.
public enum PanelOrder {
    /// An encoding's `sort` written as an aggregate expression, with its channel and the channel's field.
    public struct ChannelAggregateSort: Sendable {
        public var channel: ChannelName
        public var field: String
        public var source: ExpressionSource
    }

    /// The encoding sorts of `spec` that are aggregate expressions (the planner checks them), on channels with a
    /// field.
    public static func channelSorts(_ spec: ChartSpec) -> [ChannelAggregateSort] {
        sortedChannels(spec.encoding).compactMap { channel, field, sort in
            guard case .aggregate(let source) = sort else { return nil }
            return ChannelAggregateSort(channel: channel, field: field, source: source)
        }
    }

    /// What `resolve` orders, for `chartc plan`: the panels by `facet.sort`, then each sorted channel (a layered
    /// chart's, layer by layer).
    public static func orderSteps(_ spec: ChartSpec) -> [OrderStep] {
        var steps: [OrderStep] = []
        if let facet = spec.facet, let sort = facet.sort {
            steps.append(OrderStep(target: "panels", field: facet.field.value, by: sort.text))
        }
        let charts = spec.isLayered ? spec.layerCharts : [spec]
        for (index, chart) in charts.enumerated() {
            for (name, field, sort) in sortedChannels(chart.encoding) {
                let target = spec.isLayered ? "layer \(index) \(name.rawValue)" : name.rawValue
                steps.append(OrderStep(target: target, field: field, by: description(sort, encoding: chart.encoding)))
            }
        }
        return steps
    }

    /// A sort in the spec's words, with what it means when that is not evident.
    private static func description(_ sort: ChannelSort, encoding: Encoding) -> String {
        switch sort {
        case .ascending: return "ascending"
        case .descending: return "descending"
        case .values(let values): return "[" + values.map { $0.text ?? "null" }.joined(separator: ", ") + "], then the rest in natural order"
        case .aggregate(let source): return source.text
        case .channel(let other, let descending):
            let field = encoding[other]?.field?.value ?? other.rawValue
            return (descending ? "-" : "") + "sum(\(field))"
        }
    }

    /// `spec` with `facet.order` and each sorted channel's `sortedKeys` set from `table` (the pipeline's output),
    /// and for a layered chart each layer's sorted channels from its own rows (`layers`, one table per layer).
    /// Throws the expressions' errors, at their place inside the string.
    public static func resolve(_ spec: ChartSpec, table: Table, layers: [Table] = []) throws(DiagnosticError) -> ChartSpec {
        var resolved = spec
        let environment = ExpressionEnvironment(locale: ChartLocale.named(spec.locale.value) ?? .enUS)
        if let facet = spec.facet, let sort = facet.sort, let column = table.column(named: facet.field.value) {
            let values = try aggregate(sort, field: facet.field.value, table: table, environment: environment)
            resolved.facet?.order = ordered(keys(column, nulls: true), by: values, descending: false)
        }
        if spec.isLayered {
            // A layer's channels are the top level's merged with its own (SPEC §11): each sorted one is ordered over
            // that layer's rows and kept in the layer, which then overrides the top level's with the same definition.
            for index in spec.layers.indices where layers.indices.contains(index) {
                let encoding = spec.layerChart(index).encoding
                for (name, _, _) in sortedChannels(encoding) {
                    guard var channel = encoding[name] else { continue }
                    channel.sortedKeys = try sortedKeys(channel, encoding: encoding, table: layers[index], environment: environment)
                    resolved.layers[index].encoding[name] = channel
                }
            }
        } else {
            for (name, _, _) in sortedChannels(spec.encoding) {
                guard var channel = spec.encoding[name] else { continue }
                channel.sortedKeys = try sortedKeys(channel, encoding: spec.encoding, table: table, environment: environment)
                resolved.encoding[name] = channel
            }
        }
        return resolved
    }

    /// The channels of `encoding` with a `sort` and a field.
    private static func sortedChannels(_ encoding: Encoding) -> [(ChannelName, String, ChannelSort)] {
        [ChannelName.x, .y, .color].compactMap { name in
            guard let channel = encoding[name], let field = channel.field?.value, let sort = channel.sort?.value else { return nil }
            return (name, field, sort)
        }
    }

    /// A sorted channel's keys in order over `table`; nil when its field is not in the rows.
    static func sortedKeys(_ channel: ChannelDef, encoding: Encoding, table: Table, environment: ExpressionEnvironment) throws(DiagnosticError)
        -> [String]?
    {
        guard let field = channel.field?.value, let sort = channel.sort?.value, let column = table.column(named: field) else { return nil }
        let present = keys(column)
        switch sort {
        case .ascending, .descending:
            var values: [String: Value] = [:]
            for row in 0..<column.count where column.valid[row] { values[column[row].text ?? ""] = column[row] }
            return ordered(present, by: values, descending: sort.isDescending)
        case .values(let listed):
            let first = unique(listed.compactMap(\.text)).filter(Set(present).contains)
            let rest = present.filter { !first.contains($0) }
            if let natural = column.naturalOrder {
                return first + natural.filter(rest.contains) + rest.filter { !natural.contains($0) }
            }
            var values: [String: Value] = [:]
            for row in 0..<column.count where column.valid[row] { values[column[row].text ?? ""] = column[row] }
            return first + ordered(rest, by: values, descending: false)
        case .aggregate(let source):
            return ordered(present, by: try aggregate(source, field: field, table: table, environment: environment), descending: false)
        case .channel(let other, let descending):
            // The other channel's value summed per category: a stack's total, a single bar's value.
            guard let otherField = encoding[other]?.field?.value, table.column(named: otherField) != nil, !otherField.contains("`") else {
                return nil
            }
            let source = ExpressionSource(standalone: "sum(`\(otherField)`)")
            return ordered(present, by: try aggregate(source, field: field, table: table, environment: environment), descending: descending)
        }
    }

    /// `sort`'s value per value of `field` (keyed by `Value.text`): the pipeline's aggregation with one group per
    /// value.
    static func aggregate(_ sort: ExpressionSource, field: String, table: Table, environment: ExpressionEnvironment) throws(DiagnosticError)
        -> [String: Value]
    {
        let (compiled, diagnostics) = ExpressionCompiler.compileAggregate(
            sort, schema: ExpressionSchema(table: table), groupFields: [field], environment: environment)
        guard let compiled, !diagnostics.hasErrors else { throw DiagnosticError(diagnostics.filter { $0.severity == .error }) }
        let name = field == "order" ? "order_" : "order"
        let step = AggregateStep(
            groupBy: [field], fields: [AggregateOutput(name: name, aggregate: compiled, source: sort.text)], totals: [], complete: nil)
        let result = try Aggregation.run(step, on: table)
        var values: [String: Value] = [:]
        if let groups = result.column(named: field), let keys = result.column(named: name) {
            for row in 0..<result.rowCount { values[groups[row].text ?? ""] = keys[row] }
        }
        return values
    }

    /// The distinct keys of a column in output order (as layout names them, `Value.text`); nulls left out (a
    /// category layout places last) or, for panels, keyed as "".
    static func keys(_ column: Column, nulls: Bool = false) -> [String] {
        var keys: [String] = []
        var seen = Set<String>()
        for row in 0..<column.count where nulls || column.valid[row] {
            let key = column[row].text ?? ""
            if seen.insert(key).inserted { keys.append(key) }
        }
        return keys
    }

    /// `keys` in ascending (or descending) order of their `values`, keys without one (or a null) last, ties in the
    /// given order.
    static func ordered(_ keys: [String], by values: [String: Value], descending: Bool) -> [String] {
        let ranks = keys.map { key -> Value? in
            guard let value = values[key], !value.isNull else { return nil }
            return value
        }
        return keys.indices.sorted { a, b in
            switch (ranks[a], ranks[b]) {
            case (nil, nil): return a < b
            case (nil, _): return false
            case (_, nil): return true
            case (let x?, let y?): return x != y ? (descending ? before(y, x) : before(x, y)) : a < b
            }
        }.map { keys[$0] }
    }

    private static func unique(_ keys: [String]) -> [String] {
        var seen = Set<String>()
        return keys.filter { seen.insert($0).inserted }
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
}

extension ChannelSort {
    /// `"descending"`, or the other channel highest first (`"-x"`).
    var isDescending: Bool {
        switch self {
        case .descending: true
        case .channel(_, let descending): descending
        default: false
        }
    }
}
