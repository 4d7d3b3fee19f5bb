import ChartData
import ChartDiagnostics
import ChartValues

/// A checked, compiled row expression (a `filter`, a `calculate` field, an aggregate's argument): it knows its
/// result type and the fields it reads before any data is loaded, and evaluates column at a time.
public struct CompiledExpression: Sendable {
    /// The type of every value it gives; nil when it is always null.
    public let resultType: DataType?
    /// Fields read, in first-use order (the planner reads only these columns).
    public let fieldsUsed: [String]
    /// Where it came from, for diagnostics at run time.
    public let source: ExpressionSource
    let root: TypedNode
    let environment: ExpressionEnvironment

    init(root: TypedNode, fieldsUsed: [String], source: ExpressionSource, environment: ExpressionEnvironment) {
        self.root = root
        self.resultType = root.type
        self.fieldsUsed = fieldsUsed
        self.source = source
        self.environment = environment
    }

    /// The field's name when the expression is nothing but a field (`x`), so a caller can use the column itself
    /// instead of evaluating a copy of it.
    public var fieldName: String? {
        if case .field(let name) = root.operation { return name }
        return nil
    }

    /// The value when the expression does not depend on any row (`2 * 3`, `'a' + 'b'`), else nil.
    public var constantValue: Value? { root.constantValue }

    /// Evaluates over every row of `table` (or the given rows, in that order) and returns a column named `name`
    /// with one value per row. Its type is `resultType` (numbers when that is nil: a column of nulls). String
    /// results from `month()`/`weekday()` carry their `naturalOrder`.
    public func evaluate(on table: Table, rows: [Int]? = nil, name: String) throws(DiagnosticError) -> Column {
        let context = try makeContext(table, rows)
        let vector = try Evaluator.evaluate(root, context)
        return vector.column(named: name, type: resultType, count: context.count)
    }

    /// For filters: the table indices of the rows (all, or among `rows`, in their order) where the value is
    /// `true`; null and false rows are dropped. `a && b` tests `b` only on the rows that passed `a`.
    public func selectRows(of table: Table, rows: [Int]? = nil) throws(DiagnosticError) -> [Int] {
        let context = try makeContext(table, rows)
        return try select(root, context)
    }

    private func makeContext(_ table: Table, _ rows: [Int]?) throws(DiagnosticError) -> EvaluationContext {
        if let rows {
            let limit = table.rowCount
            for row in rows where row < 0 || row >= limit {
                throw DiagnosticError(
                    Diagnostic(ExpressionDiagnostic.rowOutsideTable(row: row, rows: limit), at: source.span(for: 0..<source.text.utf8.count)))
            }
        }
        return EvaluationContext(table: table, rows: rows, count: rows?.count ?? table.rowCount, locale: environment.locale, source: source)
    }

    private func select(_ node: TypedNode, _ context: EvaluationContext) throws(DiagnosticError) -> [Int] {
        if case .and(let left, let right) = node.operation {
            let passed = try select(left, context)
            if passed.isEmpty { return [] }
            let narrowed = EvaluationContext(table: context.table, rows: passed, count: passed.count, locale: context.locale, source: context.source)
            return try select(right, narrowed)
        }
        let vector = try Evaluator.evaluate(node, context)
        switch vector.booleans {
        case .scalar(let flag):
            guard flag == 1 else { return [] }
            return context.rows ?? Array(0..<context.table.rowCount)
        case .array(let flags):
            var selected: [Int] = []
            selected.reserveCapacity(flags.count / 2)
            flags.withUnsafeBufferPointer { flags in
                if let rows = context.rows {
                    for index in 0..<flags.count where flags[index] == 1 { selected.append(rows[index]) }
                } else {
                    for index in 0..<flags.count where flags[index] == 1 { selected.append(index) }
                }
            }
            return selected
        }
    }
}
