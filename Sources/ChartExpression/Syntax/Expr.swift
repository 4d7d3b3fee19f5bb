/// The syntax tree of one expression, as written: what the parser produces and the checker reads. Every node
/// keeps the UTF-8 byte range of its text in `ExpressionSource.text`, so any diagnostic can point at the exact
/// token (`ExpressionSource.span(for:)` maps it to the spec file).
public struct Expr: Sendable, Equatable {
    public indirect enum Kind: Sendable, Equatable {
        case number(Double)
        case string(String)
        case boolean(Bool)
        case null
        /// A bare or backticked field name (backticks removed).
        case field(String)
        case unary(UnaryOperator, Expr)
        case binary(BinaryOperator, Expr, Expr)
        /// `value in (a, b, …)`.
        case membership(Expr, [Expr])
        /// `condition ? then : else`.
        case conditional(Expr, Expr, Expr)
        /// `name(arguments…)`; the name as written (it may not be a known function).
        case call(String, [Expr])
    }

    public var kind: Kind
    /// The whole node. A parenthesized expression's range includes its parentheses.
    public var range: Range<Int>
    /// The token that names the node: the operator of a unary or binary node, `in`, the `?` of a conditional, a
    /// function's name, a field's name (with its backticks) or a literal.
    public var tokenRange: Range<Int>
    /// Levels of nesting below and including this node; the parser caps it so that recursive passes over the
    /// tree stay shallow.
    let height: Int

    public init(_ kind: Kind, range: Range<Int>, tokenRange: Range<Int>) {
        self.kind = kind
        self.range = range
        self.tokenRange = tokenRange
        var childHeight = 0
        for child in Self.children(of: kind) { childHeight = max(childHeight, child.height) }
        self.height = childHeight + 1
    }

    /// The direct subexpressions, left to right.
    public var children: [Expr] { Self.children(of: kind) }

    private static func children(of kind: Kind) -> [Expr] {
        switch kind {
        case .number, .string, .boolean, .null, .field: return []
        case .unary(_, let operand): return [operand]
        case .binary(_, let left, let right): return [left, right]
        case .membership(let value, let list): return [value] + list
        case .conditional(let condition, let then, let otherwise): return [condition, then, otherwise]
        case .call(_, let arguments): return arguments
        }
    }

    /// Shortest decimal text of a number literal, for messages (`12`, not `12.0`).
    static func numberText(_ value: Double) -> String {
        if abs(value) < 1e15, let whole = Int64(exactly: value) { return String(whole) }
        return String(value)
    }
}

/// `!` and unary `-`.
public enum UnaryOperator: String, Sendable, Equatable {
    case not = "!"
    case negate = "-"
}

/// The infix operators, spelled as written.
public enum BinaryOperator: String, Sendable, Equatable, CaseIterable {
    case multiply = "*"
    case divide = "/"
    case remainder = "%"
    case add = "+"
    case subtract = "-"
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case equal = "=="
    case notEqual = "!="
    case and = "&&"
    case or = "||"

    /// Binding strength, SPEC §4 order (higher binds tighter). `in` sits at 3, between `== !=` and `&&`.
    var precedence: Int {
        switch self {
        case .or: 1
        case .and: 2
        case .equal, .notEqual: 4
        case .less, .lessOrEqual, .greater, .greaterOrEqual: 5
        case .add, .subtract: 6
        case .multiply, .divide, .remainder: 7
        }
    }

    init?(_ punctuation: Punctuation) {
        switch punctuation {
        case .star: self = .multiply
        case .slash: self = .divide
        case .percent: self = .remainder
        case .plus: self = .add
        case .minus: self = .subtract
        case .less: self = .less
        case .lessEqual: self = .lessOrEqual
        case .greater: self = .greater
        case .greaterEqual: self = .greaterOrEqual
        case .equalEqual: self = .equal
        case .bangEqual: self = .notEqual
        case .andAnd: self = .and
        case .orOr: self = .or
        default: return nil
        }
    }
}
