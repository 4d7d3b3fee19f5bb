import ChartData
import ChartDiagnostics
import ChartFormat
import ChartValues

/// What one evaluation runs over: the table, the rows (all of them, or a selection), and the locale.
struct EvaluationContext {
    let table: Table
    /// Nil: every row of `table`, in order.
    let rows: [Int]?
    /// Rows produced: `rows?.count ?? table.rowCount`.
    let count: Int
    let locale: ChartLocale
    let source: ExpressionSource
}

/// Runs a `TypedNode` tree column at a time: each node turns its children's vectors into its own with one tight
/// loop, so the cost per row is a few array reads rather than a tree walk.
enum Evaluator {
    static func evaluate(_ node: TypedNode, _ context: EvaluationContext) throws(DiagnosticError) -> Vector {
        let count = context.count
        switch node.operation {
        case .constant(let value):
            return .constant(value)
        case .field(let name):
            return try readField(name, node, context)
        case .negate(let operand):
            let value = try evaluate(operand, context)
            return Vector(numbers: mapOperand(value.numbers, count: count) { -$0 })
        case .arithmetic(let op, let left, let right):
            let a = try evaluate(left, context)
            let b = try evaluate(right, context)
            return arithmetic(op, a.numbers, b.numbers, count: count)
        case .concat(let left, let right):
            let a = try evaluate(left, context)
            let b = try evaluate(right, context)
            return StringKernels.concat(
                StringKernels.stringify(a, type: left.type, count: count),
                StringKernels.stringify(b, type: right.type, count: count),
                count: count
            )
        case .compare(let op, let left, let right):
            let a = try evaluate(left, context)
            let b = try evaluate(right, context)
            return ComparisonKernels.compare(op, a, b, type: left.type ?? right.type ?? .number, count: count)
        case .isNull(let operand, let negated):
            let value = try evaluate(operand, context)
            return ComparisonKernels.isNull(value, negated: negated, count: count)
        case .membership(let value, let items):
            let a = try evaluate(value, context)
            var vectors: [Vector] = []
            for item in items { vectors.append(try evaluate(item, context)) }
            return ComparisonKernels.membership(a, vectors, type: value.type ?? .number, count: count)
        case .not(let operand):
            let value = try evaluate(operand, context)
            return Vector(booleans: mapOperand(value.booleans, count: count) { $0 == 1 ? 0 : 1 })
        case .and(let left, let right):
            let a = try evaluate(left, context)
            if case .scalar(let x) = a.booleans, x != 1 { return .constant(.boolean(false)) }
            let b = try evaluate(right, context)
            return Vector(booleans: zipOperands(a.booleans, b.booleans, count: count) { $0 == 1 && $1 == 1 ? 1 : 0 })
        case .or(let left, let right):
            let a = try evaluate(left, context)
            if case .scalar(let x) = a.booleans, x == 1 { return .constant(.boolean(true)) }
            let b = try evaluate(right, context)
            return Vector(booleans: zipOperands(a.booleans, b.booleans, count: count) { $0 == 1 || $1 == 1 ? 1 : 0 })
        case .conditional(let condition, let then, let otherwise):
            let c = try evaluate(condition, context)
            if case .scalar(let x) = c.booleans {
                return try evaluate(x == 1 ? then : otherwise, context)
            }
            let a = try evaluate(then, context)
            let b = try evaluate(otherwise, context)
            return conditional(c.booleans, a, b, type: node.type, count: count)
        case .call(let function, let arguments):
            var vectors: [Vector] = []
            for argument in arguments { vectors.append(try evaluate(argument, context)) }
            return FunctionKernels.apply(function, vectors, resultType: node.type, context: context)
        case .format(let operand, let formatter):
            let value = try evaluate(operand, context)
            return FunctionKernels.format(value, type: operand.type, formatter: formatter, context: context)
        }
    }

    /// The value of a node whose children are all constants (for folding while checking).
    static func constantValue(of node: TypedNode, locale: ChartLocale, source: ExpressionSource) -> Value? {
        let context = EvaluationContext(table: Table(columns: [], rowCount: 1), rows: nil, count: 1, locale: locale, source: source)
        guard let vector = try? evaluate(node, context) else { return nil }
        return vector.value(at: 0)
    }

    // MARK: fields

    /// A column as a vector over the context's rows, nulls turned into sentinels.
    static func readField(_ name: String, _ node: TypedNode, _ context: EvaluationContext) throws(DiagnosticError) -> Vector {
        let table = context.table
        guard let column = table.column(named: name) else {
            throw DiagnosticError(
                Diagnostic(ExpressionDiagnostic.fieldNotInData(name), at: context.source.span(for: node.range)))
        }
        guard column.type == node.type else {
            throw DiagnosticError(
                Diagnostic(
                    ExpressionDiagnostic.fieldTypeInData(name, data: column.type, checked: node.type), at: context.source.span(for: node.range)))
        }
        let count = context.count
        let rows = context.rows
        let valid = column.valid
        func storageTooShort(_ length: Int) -> Bool { length < table.rowCount || valid.count < table.rowCount }
        func tooShort() -> DiagnosticError {
            DiagnosticError(
                Diagnostic(ExpressionDiagnostic.fieldTooShort(name), at: context.source.span(for: node.range)))
        }
        switch column.storage {
        case .number(let values):
            if storageTooShort(values.count) { throw tooShort() }
            let result: [Double] = valid.withUnsafeBufferPointer { validity in
                values.withUnsafeBufferPointer { numbers in
                    if let rows {
                        return makeArray(count) {
                            let row = rows[$0]; let value = numbers[row]; return validity[row] && value.isFinite ? value : .nan
                        }
                    }
                    return makeArray(count) {
                        let value = numbers[$0]; return validity[$0] && value.isFinite ? value : .nan
                    }
                }
            }
            return .number(result)
        case .date(let values):
            if storageTooShort(values.count) { throw tooShort() }
            let result: [Int64] = valid.withUnsafeBufferPointer { validity in
                values.withUnsafeBufferPointer { dates in
                    if let rows {
                        return makeArray(count) {
                            let row = rows[$0]; return validity[row] ? dates[row] : Vector.nullDate
                        }
                    }
                    return makeArray(count) { validity[$0] ? dates[$0] : Vector.nullDate }
                }
            }
            return .date(result)
        case .boolean(let values):
            if storageTooShort(values.count) { throw tooShort() }
            let result: [UInt8] = valid.withUnsafeBufferPointer { validity in
                values.withUnsafeBufferPointer { booleans in
                    if let rows {
                        return makeArray(count) {
                            let row = rows[$0]; return validity[row] ? (booleans[row] ? 1 : 0) : Vector.nullBoolean
                        }
                    }
                    return makeArray(count) { validity[$0] ? (booleans[$0] ? 1 : 0) : Vector.nullBoolean }
                }
            }
            return .boolean(result)
        case .string(let codes, let dictionary):
            if storageTooShort(codes.count) { throw tooShort() }
            let limit = UInt32(clamping: dictionary.count)
            let result: [UInt32] = valid.withUnsafeBufferPointer { validity in
                codes.withUnsafeBufferPointer { stored in
                    if let rows {
                        return makeArray(count) {
                            let row = rows[$0]; let code = stored[row]; return validity[row] && code < limit ? code : StringVector.nullCode
                        }
                    }
                    return makeArray(count) {
                        let code = stored[$0]; return validity[$0] && code < limit ? code : StringVector.nullCode
                    }
                }
            }
            return .string(StringVector(codes: result, dictionary: dictionary, naturalOrder: column.naturalOrder))
        }
    }

    // MARK: arithmetic

    /// `+ - * / %` on numbers; a result that is not finite (division by zero, overflow) is null.
    static func arithmetic(_ op: ArithmeticOperator, _ a: Operand<Double>, _ b: Operand<Double>, count: Int) -> Vector {
        let result: Operand<Double>
        switch op {
        case .add:
            result = zipOperands(a, b, count: count) {
                let r = $0 + $1; return r.isFinite ? r : .nan
            }
        case .subtract:
            result = zipOperands(a, b, count: count) {
                let r = $0 - $1; return r.isFinite ? r : .nan
            }
        case .multiply:
            result = zipOperands(a, b, count: count) {
                let r = $0 * $1; return r.isFinite ? r : .nan
            }
        case .divide:
            result = zipOperands(a, b, count: count) {
                let r = $0 / $1; return r.isFinite ? r : .nan
            }
        case .remainder:
            result = zipOperands(a, b, count: count) {
                let r = $0.truncatingRemainder(dividingBy: $1); return r.isFinite ? r : .nan
            }
        }
        return Vector(numbers: result)
    }

    // MARK: conditional

    /// `c ? a : b` per row; a null condition picks `b`.
    static func conditional(_ condition: Operand<UInt8>, _ a: Vector, _ b: Vector, type: DataType?, count: Int) -> Vector {
        switch type {
        case .number, nil:
            return Vector(numbers: zipOperands(condition, a.numbers, b.numbers, count: count) { $0 == 1 ? $1 : $2 })
        case .date:
            return Vector(dates: zipOperands(condition, a.dates, b.dates, count: count) { $0 == 1 ? $1 : $2 })
        case .boolean:
            return Vector(booleans: zipOperands(condition, a.booleans, b.booleans, count: count) { $0 == 1 ? $1 : $2 })
        case .string:
            return StringKernels.choose(condition, a.strings, b.strings, count: count)
        }
    }
}
