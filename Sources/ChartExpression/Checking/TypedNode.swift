import ChartData
import ChartValues

/// A checked expression: every node knows its result type, constants are folded, and operators are resolved to
/// what they do on those types (`+` on strings is `concat`, `== null` is `isNull`). The evaluator runs it
/// column at a time.
struct TypedNode: Sendable {
    indirect enum Operation: Sendable {
        case constant(Value)
        case field(String)
        case negate(TypedNode)
        case arithmetic(ArithmeticOperator, TypedNode, TypedNode)
        /// `+` with a string on either side; the other side is written as `string()` would.
        case concat(TypedNode, TypedNode)
        /// Both sides have the same non-null type (date literals already converted).
        case compare(ComparisonOperator, TypedNode, TypedNode)
        case isNull(TypedNode, negated: Bool)
        case membership(TypedNode, [TypedNode])
        case not(TypedNode)
        case and(TypedNode, TypedNode)
        case or(TypedNode, TypedNode)
        case conditional(TypedNode, TypedNode, TypedNode)
        case call(BuiltinFunction, [TypedNode])
        case format(TypedNode, ValueFormatter)
    }

    var operation: Operation
    /// Nil only for the constant null.
    var type: DataType?
    /// The source text range, for errors found while running (a field missing from the table).
    var range: Range<Int>

    init(_ operation: Operation, type: DataType?, range: Range<Int>) {
        self.operation = operation
        self.type = type
        self.range = range
    }

    static func constant(_ value: Value, range: Range<Int>) -> TypedNode {
        TypedNode(.constant(value), type: value.type, range: range)
    }

    var constantValue: Value? {
        if case .constant(let value) = operation { return value }
        return nil
    }

    var isConstant: Bool { constantValue != nil }

    var children: [TypedNode] {
        switch operation {
        case .constant, .field: []
        case .negate(let x), .not(let x), .isNull(let x, _), .format(let x, _): [x]
        case .arithmetic(_, let a, let b), .concat(let a, let b), .compare(_, let a, let b), .and(let a, let b), .or(let a, let b): [a, b]
        case .membership(let x, let list): [x] + list
        case .conditional(let c, let a, let b): [c, a, b]
        case .call(_, let arguments): arguments
        }
    }
}

enum ArithmeticOperator: Sendable {
    case add, subtract, multiply, divide, remainder
}

enum ComparisonOperator: Sendable {
    case less, lessOrEqual, greater, greaterOrEqual, equal, notEqual

    /// The operator with its operands swapped (`3 < x` is `x > 3`).
    var flipped: ComparisonOperator {
        switch self {
        case .less: .greater
        case .lessOrEqual: .greaterOrEqual
        case .greater: .less
        case .greaterOrEqual: .lessOrEqual
        case .equal, .notEqual: self
        }
    }

    /// Whether `a op b` holds given `a` compared with `b` (-1, 0, 1).
    @inline(__always)
    func holds(_ order: Int) -> Bool {
        switch self {
        case .less: order < 0
        case .lessOrEqual: order <= 0
        case .greater: order > 0
        case .greaterOrEqual: order >= 0
        case .equal: order == 0
        case .notEqual: order != 0
        }
    }
}
