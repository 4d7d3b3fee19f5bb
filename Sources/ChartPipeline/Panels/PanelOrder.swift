import ChartData
import ChartDiagnostics
import ChartExpression
import ChartFormat
import ChartSpec
import ChartValues

/// The order of small multiples (SPEC §13, `facet.sort`): an aggregate expression over each panel's rows,
/// computed by the pipeline's own aggregation (one group per facet value: the same reducers and type-7 quantiles
/// as `aggregate`) once the output rows are known, and handed to layout as the panels' keys in order
/// (`FacetSpec.order`). Panels go in ascending order of the result (`-median(yield)`: highest first), nulls
/// last, ties in output order (first appearance in the table). Layout only reads the order.
public enum PanelOrder {
    /// `spec` with `facet.order` set from `table` (the pipeline's output) when the spec has a `facet.sort`.
    /// Throws the expression's errors, at their place inside the string.
    public static func resolve(_ spec: ChartSpec, table: Table) throws(DiagnosticError) -> ChartSpec {
        guard let facet = spec.facet, let sort = facet.sort, let column = table.column(named: facet.field.value) else { return spec }
        let field = facet.field.value
        let environment = ExpressionEnvironment(locale: ChartLocale.named(spec.locale.value) ?? .enUS)
        let (compiled, diagnostics) = ExpressionCompiler.compileAggregate(
            sort, schema: ExpressionSchema(table: table), groupFields: [field], environment: environment)
        guard let compiled, !diagnostics.hasErrors else { throw DiagnosticError(diagnostics.filter { $0.severity == .error }) }
        let name = field == "order" ? "order_" : "order"
        let step = AggregateStep(
            groupBy: [field], fields: [AggregateOutput(name: name, aggregate: compiled, source: sort.text)], totals: [], complete: nil)
        let result = try Aggregation.run(step, on: table)
        var keyByPanel: [String: Value] = [:]
        if let panels = result.column(named: field), let keys = result.column(named: name) {
            for row in 0..<result.rowCount { keyByPanel[panels[row].text ?? ""] = keys[row] }
        }
        // The panels in output order, as layout names them (`Value.text`).
        var panels: [String] = []
        var seen = Set<String>()
        for row in 0..<table.rowCount {
            let key = column[row].text ?? ""
            if seen.insert(key).inserted { panels.append(key) }
        }
        let keys = panels.map { panel -> Value? in
            guard let value = keyByPanel[panel], !value.isNull else { return nil }
            return value
        }
        let order = panels.indices.sorted { a, b in
            switch (keys[a], keys[b]) {
            case (nil, nil): return a < b
            case (nil, _): return false
            case (_, nil): return true
            case (let x?, let y?): return x != y ? before(x, y) : a < b
            }
        }
        var resolved = spec
        resolved.facet?.order = order.map { panels[$0] }
        return resolved
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
