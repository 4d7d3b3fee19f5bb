import ChartData
import ChartDatabase
import ChartExpression
import ChartValues

/// The filters PostgreSQL can apply before the rows cross the socket: each `&&`-part of a filter that runs
/// right after loading (it reads no calculated field) and has an exact SQL form becomes part of a `WHERE`. chartc
/// still runs every filter itself afterwards, so a part left out only costs bytes, never correctness: what is
/// pushed down must keep every row chartc keeps, and it does — the forms below drop exactly the rows chartc's own
/// rules drop (a comparison with null is false; `x in (a, null)` keeps nulls).
///
/// Forms: `field <op> number` (`< <= > >= == !=`, either side; the field a number column) and
/// `field in (numbers, null…)`. Numbers are compared as `float8`, as chartc reads them; constants are parameters.
/// This is the first piece of the SQL compiler (specs/databases.md, "What runs where").
enum DatabasePushDown {
    static func whereClause(filters: [CompiledExpression], schema: [(name: String, type: DataType)]) -> (sql: String, parameters: [String?])? {
        var parts: [String] = []
        var parameters: [String?] = []
        for filter in filters {
            guard let root = ExpressionParser.parse(filter.source).0 else { continue }
            for conjunct in conjuncts(root) {
                if let part = translate(conjunct, schema: schema, parameters: &parameters) { parts.append(part) }
            }
        }
        guard !parts.isEmpty else { return nil }
        return (parts.joined(separator: " AND "), parameters)
    }

    private static func conjuncts(_ expression: Expr) -> [Expr] {
        if case .binary(.and, let left, let right) = expression.kind { return conjuncts(left) + conjuncts(right) }
        return [expression]
    }

    private static func number(_ expression: Expr) -> Double? {
        switch expression.kind {
        case .number(let value): return value.isFinite ? value : nil
        case .unary(.negate, let inner):
            if case .number(let value) = inner.kind, value.isFinite { return -value }
            return nil
        default: return nil
        }
    }

    private static func numberColumn(_ expression: Expr, schema: [(name: String, type: DataType)]) -> String? {
        guard case .field(let name) = expression.kind, schema.first(where: { $0.name == name })?.type == .number else { return nil }
        return name
    }

    private static func parameter(_ value: Double, _ parameters: inout [String?]) -> String {
        parameters.append(value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value))
        return "$\(parameters.count)::float8"
    }

    private static func translate(_ expression: Expr, schema: [(name: String, type: DataType)], parameters: inout [String?]) -> String? {
        switch expression.kind {
        case .binary(let op, let left, let right):
            let sqlOperator: String
            let flipped: String
            switch op {
            case .less: (sqlOperator, flipped) = ("<", ">")
            case .lessOrEqual: (sqlOperator, flipped) = ("<=", ">=")
            case .greater: (sqlOperator, flipped) = (">", "<")
            case .greaterOrEqual: (sqlOperator, flipped) = (">=", "<=")
            case .equal: (sqlOperator, flipped) = ("=", "=")
            case .notEqual: (sqlOperator, flipped) = ("<>", "<>")
            default: return nil
            }
            if let field = numberColumn(left, schema: schema), let value = number(right) {
                return "\(SQLText.identifier(field))::float8 \(sqlOperator) \(parameter(value, &parameters))"
            }
            if let field = numberColumn(right, schema: schema), let value = number(left) {
                return "\(SQLText.identifier(field))::float8 \(flipped) \(parameter(value, &parameters))"
            }
            return nil
        case .membership(let value, let list):
            guard let field = numberColumn(value, schema: schema) else { return nil }
            var values: [Double] = []
            var keepsNull = false
            for item in list {
                if case .null = item.kind { keepsNull = true; continue }
                guard let number = number(item) else { return nil }
                values.append(number)
            }
            let column = SQLText.identifier(field)
            var alternatives: [String] = []
            if !values.isEmpty {
                alternatives.append("\(column)::float8 IN (" + values.map { parameter($0, &parameters) }.joined(separator: ", ") + ")")
            }
            if keepsNull { alternatives.append("\(column) IS NULL") }
            guard !alternatives.isEmpty else { return nil }
            return alternatives.count == 1 ? alternatives[0] : "(" + alternatives.joined(separator: " OR ") + ")"
        default:
            return nil
        }
    }
}
