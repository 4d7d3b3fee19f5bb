import ChartData
import ChartDiagnostics
import ChartFormat
import ChartValues

/// Resolves names and types in a parsed expression and turns it into a `TypedNode` tree, reporting every
/// unknown field or function, wrong argument count and certain type error with the position of the token at
/// fault. It keeps going after an error (a failed subtree yields nil and its parents stay quiet), so one lint
/// run shows every independent mistake.
struct TypeChecker {
    /// Where the expression is used, which decides what names mean.
    enum Context {
        /// `filter`, `calculate`: row functions only.
        case row
        /// The argument of an aggregate call: a row expression, where another aggregate would be nested.
        case aggregateArgument(String)
        /// An `aggregate` value: aggregate calls, group fields and row functions that combine them.
        case aggregateOuter(groupFields: [String])
        /// A `window` value (SPEC §14): the output row's fields, row functions and window calls.
        case windowOuter
        /// The argument of a window call: a row expression, where another window call would be nested.
        case windowArgument(String)
    }

    let source: ExpressionSource
    let schema: ExpressionSchema
    let environment: ExpressionEnvironment
    let context: Context
    private let bytes: [UInt8]
    private(set) var diagnostics: [Diagnostic] = []
    /// Fields read, in first-use order (in `aggregateOuter`: group fields and call columns).
    private(set) var fieldsUsed: [String] = []
    /// The aggregate calls found (in `aggregateOuter`), in source order.
    private(set) var calls: [AggregateCall] = []
    /// The window calls found (in `windowOuter`), in source order.
    private(set) var windowCalls: [WindowCall] = []
    /// The range of the one expression that may be `bin(x)` without a step: a whole `calculate` field (the
    /// planner chooses the step from the data). Nil: every `bin` needs its step.
    var autoBinRange: Range<Int>?

    init(source: ExpressionSource, schema: ExpressionSchema, environment: ExpressionEnvironment, context: Context) {
        self.source = source
        self.schema = schema
        self.environment = environment
        self.context = context
        self.bytes = Array(source.text.utf8)
    }

    // MARK: reporting

    private mutating func report(_ message: ExpressionDiagnostic, at range: Range<Int>, notes: [DiagnosticNote] = [], fixIt: String? = nil) {
        let span = source.span(for: range)
        diagnostics.append(Diagnostic(message, at: span, notes: notes, fixIt: fixIt.map { FixIt(span: span, replacement: $0) }))
    }

    private func text(_ range: Range<Int>) -> String {
        let lower = min(max(range.lowerBound, 0), bytes.count)
        let upper = min(max(range.upperBound, lower), bytes.count)
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }

    /// How an operand reads in a message: `'congress'`, `'abc'`, `12`, `'lower(name)'`, or "this value".
    private func describe(_ expr: Expr) -> String {
        if case .field(let name) = expr.kind { return "'\(name)'" }
        let written = text(expr.range)
        if written.utf8.count > 40 { return "this value" }
        if written.hasPrefix("'") || written.hasPrefix("\"") { return written }
        if case .number = expr.kind { return written }
        return "'\(written)'"
    }

    static func typeName(_ type: DataType?) -> String { ExpressionDiagnostic.typeName(type) }

    // MARK: folding

    /// Replaces a node whose inputs are all constants by its value; a node that is always null becomes the
    /// constant null. `month()`/`weekday()` are left alone so their result keeps its natural order.
    private func fold(_ node: TypedNode) -> TypedNode {
        if node.type == nil { return .constant(.null, range: node.range) }
        if node.isConstant { return node }
        if case .field = node.operation { return node }
        if case .call(let function, _) = node.operation, function == .month || function == .weekday { return node }
        guard node.children.allSatisfy(\.isConstant) else { return node }
        guard let value = Evaluator.constantValue(of: node, locale: environment.locale, source: source) else { return node }
        return .constant(value, range: node.range)
    }

    // MARK: expressions

    mutating func check(_ expr: Expr) -> TypedNode? {
        switch expr.kind {
        case .number(let value):
            return .constant(.number(value), range: expr.range)
        case .string(let value):
            return .constant(.string(value), range: expr.range)
        case .boolean(let value):
            return .constant(.boolean(value), range: expr.range)
        case .null:
            return .constant(.null, range: expr.range)
        case .field(let name):
            return resolveField(name, expr)
        case .unary(let op, let operandExpr):
            guard let operand = check(operandExpr) else { return nil }
            switch op {
            case .not:
                guard operand.type == .boolean || operand.type == nil else {
                    report(.wrongOperand(.not, operand: describe(operandExpr), found: operand.type), at: operandExpr.range)
                    return nil
                }
                return fold(TypedNode(.not(operand), type: .boolean, range: expr.range))
            case .negate:
                guard operand.type == .number || operand.type == nil else {
                    report(.wrongOperand(.negate, operand: describe(operandExpr), found: operand.type), at: operandExpr.range)
                    return nil
                }
                return fold(TypedNode(.negate(operand), type: operand.type, range: expr.range))
            }
        case .binary(let op, let leftExpr, let rightExpr):
            if let field = unquotedFieldName(expr) {
                report(
                    .operatorInFieldName(
                        field, left: leftExpr.kind == .field(field) ? field : text(leftExpr.range), operator: op.rawValue,
                        right: text(rightExpr.range)),
                    at: expr.range,
                    fixIt: Self.fieldReference(field)
                )
                return nil
            }
            let left = check(leftExpr)
            let right = check(rightExpr)
            guard let left, let right else { return nil }
            return checkBinary(op, left, right, leftExpr, rightExpr, expr)
        case .membership(let valueExpr, let itemExprs):
            let value = check(valueExpr)
            var items: [TypedNode?] = []
            for itemExpr in itemExprs { items.append(check(itemExpr)) }
            guard let value else { return nil }
            var checkedItems: [TypedNode] = []
            for item in items {
                guard let item else { return nil }
                checkedItems.append(item)
            }
            return checkMembership(value, checkedItems, valueExpr, itemExprs, expr)
        case .conditional(let conditionExpr, let thenExpr, let otherwiseExpr):
            let condition = check(conditionExpr)
            let then = check(thenExpr)
            let otherwise = check(otherwiseExpr)
            guard let condition, let then, let otherwise else { return nil }
            var failed = false
            if condition.type != .boolean && condition.type != nil {
                report(.wrongOperand(.condition, operand: describe(conditionExpr), found: condition.type), at: conditionExpr.range)
                failed = true
            }
            if let a = then.type, let b = otherwise.type, a != b {
                report(
                    .branchTypes(then: describe(thenExpr), thenType: a, otherwise: describe(otherwiseExpr), otherwiseType: b), at: otherwiseExpr.range
                )
                failed = true
            }
            if failed { return nil }
            return fold(TypedNode(.conditional(condition, then, otherwise), type: then.type ?? otherwise.type, range: expr.range))
        case .call(let name, let argumentExprs):
            return checkCall(name, argumentExprs, expr)
        }
    }

    // MARK: fields

    private mutating func use(_ name: String) {
        if !fieldsUsed.contains(name) { fieldsUsed.append(name) }
    }

    /// `nominate-dim1` or `a/b` written bare: the whole text of a binary node is a field's name.
    private func unquotedFieldName(_ expr: Expr) -> String? {
        let written = text(expr.range)
        guard written.utf8.count <= 200, schema.contains(written) else { return nil }
        if case .aggregateOuter(let groupFields) = context, !groupFields.contains(written) { return nil }
        return written
    }

    private mutating func resolveField(_ name: String, _ expr: Expr) -> TypedNode? {
        if case .aggregateOuter(let groupFields) = context {
            if groupFields.contains(name), let type = schema.type(of: name) {
                use(name)
                return TypedNode(.field(name), type: type, range: expr.range)
            }
            if schema.contains(name) {
                report(.notGrouped(name, reference: Self.fieldReference(name)), at: expr.tokenRange)
                return nil
            }
        } else if let type = schema.type(of: name) {
            use(name)
            return TypedNode(.field(name), type: type, range: expr.range)
        }
        reportUnknownField(name, expr)
        return nil
    }

    private mutating func reportUnknownField(_ name: String, _ expr: Expr) {
        var hint = ExpressionDiagnostic.UnknownFieldHint.none
        var fixIt: String?
        var notes: [DiagnosticNote] = []
        let lowered = name.lowercased()
        if ["true", "false", "null"].contains(lowered) {
            hint = .didYouMean(lowered)
            fixIt = lowered
        } else if let match = Suggestions.closest(to: name, in: schema.names) {
            hint = .didYouMean(match)
            fixIt = Self.fieldReference(match)
        } else if BuiltinFunction(rawValue: name) != nil || AggregateFunction(rawValue: name) != nil {
            hint = .isFunction
        }
        if fixIt == nil, !schema.names.isEmpty {
            notes.append(DiagnosticNote("available fields: " + QuotedText.list(schema.names, quote: false)))
        }
        report(.unknownField(name, hint: hint), at: expr.tokenRange, notes: notes, fixIt: fixIt)
    }

    /// How a field name is written in an expression: bare when it can be, else in backticks.
    static func fieldReference(_ name: String) -> String {
        let bytes = Array(name.utf8)
        let keywords: Set<String> = ["true", "false", "null", "in", "and", "or", "not"]
        var bare = !bytes.isEmpty && !keywords.contains(name.lowercased())
        for (index, byte) in bytes.enumerated() where bare {
            let letter = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
            let digit = byte >= 0x30 && byte <= 0x39
            if !(letter || (digit && index > 0)) { bare = false }
        }
        if bare { return name }
        var escaped = ""
        for character in name {
            if character == "`" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return "`" + escaped + "`"
    }

    // MARK: operators

    private mutating func checkBinary(_ op: BinaryOperator, _ left: TypedNode, _ right: TypedNode, _ leftExpr: Expr, _ rightExpr: Expr, _ expr: Expr)
        -> TypedNode?
    {
        switch op {
        case .add:
            if left.type == .string || right.type == .string {
                if left.type == nil || right.type == nil { return .constant(.null, range: expr.range) }
                return fold(TypedNode(.concat(left, right), type: .string, range: expr.range))
            }
            return checkArithmetic(.add, op, left, right, leftExpr, rightExpr, expr)
        case .subtract:
            return checkArithmetic(.subtract, op, left, right, leftExpr, rightExpr, expr)
        case .multiply:
            return checkArithmetic(.multiply, op, left, right, leftExpr, rightExpr, expr)
        case .divide:
            return checkArithmetic(.divide, op, left, right, leftExpr, rightExpr, expr)
        case .remainder:
            return checkArithmetic(.remainder, op, left, right, leftExpr, rightExpr, expr)
        case .less: return checkComparison(.less, op, left, right, leftExpr, rightExpr, expr)
        case .lessOrEqual: return checkComparison(.lessOrEqual, op, left, right, leftExpr, rightExpr, expr)
        case .greater: return checkComparison(.greater, op, left, right, leftExpr, rightExpr, expr)
        case .greaterOrEqual: return checkComparison(.greaterOrEqual, op, left, right, leftExpr, rightExpr, expr)
        case .equal: return checkComparison(.equal, op, left, right, leftExpr, rightExpr, expr)
        case .notEqual: return checkComparison(.notEqual, op, left, right, leftExpr, rightExpr, expr)
        case .and, .or:
            var failed = false
            for (node, nodeExpr) in [(left, leftExpr), (right, rightExpr)] where node.type != .boolean && node.type != nil {
                report(.wrongOperand(.booleans(op.rawValue), operand: describe(nodeExpr), found: node.type), at: nodeExpr.range)
                failed = true
            }
            if failed { return nil }
            let operation: TypedNode.Operation = op == .and ? .and(left, right) : .or(left, right)
            return fold(TypedNode(operation, type: .boolean, range: expr.range))
        }
    }

    private mutating func checkArithmetic(
        _ arithmetic: ArithmeticOperator, _ op: BinaryOperator, _ left: TypedNode, _ right: TypedNode, _ leftExpr: Expr, _ rightExpr: Expr,
        _ expr: Expr
    ) -> TypedNode? {
        var failed = false
        for (node, nodeExpr) in [(left, leftExpr), (right, rightExpr)] where node.type != .number && node.type != nil {
            var advice = ExpressionDiagnostic.TypeAdvice.none
            var fixIt: String?
            if node.type == .date {
                advice = .useDateFunction
            } else if case .string(let text) = nodeExpr.kind, let number = Self.parseNumber(text) {
                advice = .withoutQuotes(Expr.numberText(number))
                fixIt = Expr.numberText(number)
            }
            report(
                .wrongOperand(.numbers(op.rawValue), operand: describe(nodeExpr), found: node.type, advice: advice), at: nodeExpr.range, fixIt: fixIt)
            failed = true
        }
        if failed { return nil }
        if left.type == nil || right.type == nil { return .constant(.null, range: expr.range) }
        return fold(TypedNode(.arithmetic(arithmetic, left, right), type: .number, range: expr.range))
    }

    private mutating func checkComparison(
        _ comparison: ComparisonOperator, _ op: BinaryOperator, _ left: TypedNode, _ right: TypedNode, _ leftExpr: Expr, _ rightExpr: Expr,
        _ expr: Expr
    ) -> TypedNode? {
        let isEquality = comparison == .equal || comparison == .notEqual
        if left.type == nil || right.type == nil {
            guard isEquality else { return .constant(.boolean(false), range: expr.range) }
            if left.type == nil && right.type == nil { return .constant(.boolean(comparison == .equal), range: expr.range) }
            let operand = left.type == nil ? right : left
            return fold(TypedNode(.isNull(operand, negated: comparison == .notEqual), type: .boolean, range: expr.range))
        }
        guard let (a, b) = unify(left, right, leftExpr, rightExpr, expr, op: op.rawValue) else { return nil }
        if a.type == .boolean && !isEquality {
            report(.orderedBooleans(operator: op.rawValue), at: expr.tokenRange)
            return nil
        }
        return fold(TypedNode(.compare(comparison, a, b), type: .boolean, range: expr.range))
    }

    /// Makes two operands of a comparison the same type, or reports why they cannot be: a date compared with a
    /// constant string reads the string as an ISO date; anything else of different types is an error.
    private mutating func unify(_ left: TypedNode, _ right: TypedNode, _ leftExpr: Expr, _ rightExpr: Expr, _ expr: Expr, op: String) -> (
        TypedNode, TypedNode
    )? {
        guard let leftType = left.type, let rightType = right.type else { return (left, right) }
        if leftType == rightType { return (left, right) }
        if leftType == .date, rightType == .string, let converted = dateConstant(right, rightExpr) { return (left, converted) }
        if leftType == .string, rightType == .date, let converted = dateConstant(left, leftExpr) { return (converted, right) }
        if (leftType == .date && rightType == .string && right.isConstant) || (leftType == .string && rightType == .date && left.isConstant) {
            return nil // dateConstant reported it
        }
        // Point at the literal side when there is one: that is usually the mistake.
        let blameRight = right.isConstant || !left.isConstant
        let blamed = blameRight ? rightExpr : leftExpr
        let other = blameRight ? leftExpr : rightExpr
        let blamedType = blameRight ? rightType : leftType
        let otherType = blameRight ? leftType : rightType
        var advice = ExpressionDiagnostic.TypeAdvice.none
        var fixIt: String?
        if otherType == .number, case .string(let text) = blamed.kind, let number = Self.parseNumber(text) {
            advice = .withoutQuotes(Expr.numberText(number))
            fixIt = Expr.numberText(number)
        } else if otherType == .string, case .number = blamed.kind {
            advice = .inQuotes(text(blamed.range))
            fixIt = "'\(text(blamed.range))'"
        } else if otherType == .date, blamedType == .number {
            advice = .compareYears(field: describe(other).trimmingQuotes(), operator: op == "in" ? "==" : op, value: text(blamed.range))
        } else if (otherType == .date && blamedType == .string) || (otherType == .string && blamedType == .date) {
            advice = .convertStringWithDate
        }
        report(
            .comparedTypes(
                operator: op, other: describe(other), otherType: otherType, blamed: describe(blamed), blamedType: blamedType, advice: advice),
            at: blamed.range, fixIt: fixIt)
        return nil
    }

    /// Why the constant arguments of `date(…)` name no date ("February has no 30th (2008-02-30)"): text written
    /// as an ISO date, or a constant year, month and day; nil when they name one or are not constants.
    private func impossibleDate(_ arguments: [TypedNode]) -> String? {
        if arguments.count == 1 {
            guard case .string(let text)? = arguments[0].constantValue, ISODate.parseLenient(text) == nil else { return nil }
            return ISODate.impossibility(text)
        }
        var numbers: [Int64] = []
        for argument in arguments {
            guard case .number(let number)? = argument.constantValue, number.isFinite, number.rounded() == number, abs(number) < 1e9,
                let whole = Int64(exactly: number)
            else { return nil }
            numbers.append(whole)
        }
        guard numbers.count >= 2 else { return nil }
        let written = numbers.map { String($0) }.joined(separator: ", ")
        return DateImpossibility.reason(
            year: numbers[0], month: numbers[1], day: numbers.count > 2 ? numbers[2] : 1, hour: numbers.count > 3 ? numbers[3] : 0,
            minute: numbers.count > 4 ? numbers[4] : 0, second: numbers.count > 5 ? numbers[5] : 0, text: written)
    }

    /// A constant string used as a date, converted; reports the string when it is not an ISO date.
    private mutating func dateConstant(_ node: TypedNode, _ expr: Expr) -> TypedNode? {
        guard case .string(let text)? = node.constantValue else { return nil }
        if ISODate.parseLenient(text) == nil, let reason = ISODate.impossibility(text) {
            report(.impossibleDateConstant(text, reason: reason), at: expr.range)
            return nil
        }
        guard let milliseconds = ISODate.parseLenient(text) else {
            report(.notADate(text), at: expr.range)
            return nil
        }
        return .constant(.date(milliseconds), range: node.range)
    }

    private mutating func checkMembership(_ value: TypedNode, _ items: [TypedNode], _ valueExpr: Expr, _ itemExprs: [Expr], _ expr: Expr)
        -> TypedNode?
    {
        if value.type == nil {
            // `null in (a, b)` is `a == null || b == null`.
            var result: TypedNode = .constant(.boolean(false), range: expr.range)
            for item in items {
                let test =
                    item.type == nil
                    ? TypedNode.constant(.boolean(true), range: item.range)
                    : TypedNode(.isNull(item, negated: false), type: .boolean, range: item.range)
                result = fold(TypedNode(.or(result, test), type: .boolean, range: expr.range))
            }
            return result
        }
        var converted: [TypedNode] = []
        var failed = false
        for (item, itemExpr) in zip(items, itemExprs) {
            if item.type == nil {
                converted.append(item)
            } else if let (_, b) = unify(value, item, valueExpr, itemExpr, expr, op: "in") {
                converted.append(b)
            } else {
                failed = true
            }
        }
        if failed { return nil }
        return fold(TypedNode(.membership(value, converted), type: .boolean, range: expr.range))
    }

    // MARK: calls

    private mutating func checkCall(_ name: String, _ argumentExprs: [Expr], _ expr: Expr) -> TypedNode? {
        let isScalarMinMax = (name == "min" || name == "max") && argumentExprs.count >= 2
        if !isScalarMinMax, let window = WindowFunction(rawValue: name) {
            switch context {
            case .windowOuter:
                return checkWindowCall(window, argumentExprs, expr)
            case .windowArgument(let outer):
                report(.nestedWindow(name, outer: outer), at: expr.tokenRange)
                return nil
            case .row, .aggregateArgument, .aggregateOuter:
                if window.isWindowOnly {
                    report(.windowOnly(name), at: expr.tokenRange)
                    return nil
                }
            }
        }
        if !isScalarMinMax, WindowFunction.isAggregateOnly(name) {
            switch context {
            case .windowOuter, .windowArgument:
                report(.notAWindowAggregate(name), at: expr.tokenRange)
                return nil
            case .row, .aggregateArgument, .aggregateOuter:
                break
            }
        }
        if let aggregate = AggregateFunction(rawValue: name), !isScalarMinMax {
            switch context {
            case .windowOuter, .windowArgument:
                report(.notUsableHere(name), at: expr.tokenRange)
                return nil
            case .row:
                report(.aggregateInRow(name, comparesValues: aggregate == .min || aggregate == .max), at: expr.tokenRange)
                return nil
            case .aggregateArgument(let outer):
                report(.nestedAggregate(name, outer: outer), at: expr.tokenRange)
                return nil
            case .aggregateOuter:
                return checkAggregateCall(aggregate, argumentExprs, expr)
            }
        }
        guard let function = BuiltinFunction(rawValue: name) else {
            reportUnknownFunction(name, expr)
            if case .aggregateOuter = context {
                // Most likely a misspelled aggregate: check its arguments as row expressions, so that its fields
                // are not also reported as missing from groupBy.
                var inner = TypeChecker(source: source, schema: schema, environment: environment, context: .aggregateArgument(name))
                for argument in argumentExprs { _ = inner.check(argument) }
                diagnostics += inner.diagnostics
            } else {
                for argument in argumentExprs { _ = check(argument) }
            }
            return nil
        }
        var arguments: [TypedNode?] = []
        for argument in argumentExprs { arguments.append(check(argument)) }
        guard checkArity(name, usage: function.usage, arity: function.arity, argumentExprs, expr) else { return nil }
        var typed: [TypedNode] = []
        for argument in arguments {
            guard let argument else { return nil }
            typed.append(argument)
        }
        return checkFunction(function, typed, argumentExprs, expr)
    }

    private mutating func reportUnknownFunction(_ name: String, _ expr: Expr) {
        let lowered = name.lowercased()
        if let (_, replacement) = FunctionAliases.operators.first(where: { $0.0 == lowered }) {
            report(.operatorAsFunction(name, replacement: replacement), at: expr.tokenRange)
            return
        }
        var candidates = BuiltinFunction.allCases.map(\.rawValue) + AggregateFunction.allCases.map(\.rawValue)
        candidates += WindowFunction.allCases.filter(\.isWindowOnly).map(\.rawValue)
        let suggestion = FunctionAliases.renamed.first(where: { $0.0 == lowered })?.1 ?? Suggestions.closest(to: name, in: candidates)
        if let suggestion {
            var place = ExpressionDiagnostic.FunctionPlace.here
            let isWindowOnly = WindowFunction(rawValue: suggestion)?.isWindowOnly ?? false
            if case .windowOuter = context {
                // Every function is usable here.
            } else if isWindowOnly {
                place = .window
            } else if case .row = context, BuiltinFunction(rawValue: suggestion) == nil {
                place = .aggregate
            }
            report(.unknownFunction(name, suggestion: suggestion, place: place), at: expr.tokenRange, fixIt: suggestion)
        } else {
            report(.unknownFunction(name, suggestion: nil), at: expr.tokenRange)
        }
    }

    private mutating func checkArity(_ name: String, usage: String, arity: ClosedRange<Int>, _ argumentExprs: [Expr], _ expr: Expr) -> Bool {
        let count = argumentExprs.count
        if arity.contains(count) { return true }
        let range: Range<Int>
        if count > arity.upperBound, let last = argumentExprs.last {
            range = argumentExprs[arity.upperBound].range.lowerBound..<last.range.upperBound
        } else {
            range = expr.range
        }
        report(.arity(function: name, arity: arity, given: count, usage: usage), at: range)
        return false
    }

    /// Reports an argument of the wrong type; true when it is fine (null always is).
    private mutating func expect(
        _ node: TypedNode, _ expr: Expr, of types: [DataType], in name: String, hint: ExpressionDiagnostic.TypeAdvice = .none
    ) -> Bool {
        guard let type = node.type, !types.contains(type) else { return true }
        report(.wrongOperand(.argument(function: name, types: types), operand: describe(expr), found: type, advice: hint), at: expr.range)
        return false
    }

    private mutating func checkFunction(_ function: BuiltinFunction, _ arguments: [TypedNode], _ argumentExprs: [Expr], _ expr: Expr) -> TypedNode? {
        let name = function.rawValue
        var ok = true
        func node(_ type: DataType?) -> TypedNode {
            if arguments.contains(where: { $0.type == nil }) { return .constant(.null, range: expr.range) }
            return fold(TypedNode(.call(function, arguments), type: type, range: expr.range))
        }
        switch function {
        case .abs, .round, .floor, .ceil, .sqrt, .log, .log10, .exp, .pow, .quantileT, .quantileNormal:
            for (argument, argumentExpr) in zip(arguments, argumentExprs) { ok = expect(argument, argumentExpr, of: [.number], in: name) && ok }
            return ok ? node(.number) : nil
        case .min, .max:
            let type = arguments.lazy.compactMap(\.type).first
            if let type, type != .number && type != .date {
                let index = arguments.firstIndex { $0.type == type } ?? 0
                _ = expect(arguments[index], argumentExprs[index], of: [.number, .date], in: name)
                return nil
            }
            for (argument, argumentExpr) in zip(arguments, argumentExprs) {
                ok = expect(argument, argumentExpr, of: [type ?? .number], in: name, hint: .oneType(function: name)) && ok
            }
            return ok ? node(type) : nil
        case .lower, .upper, .trim, .length, .contains, .startsWith, .endsWith, .replace:
            for (argument, argumentExpr) in zip(arguments, argumentExprs) {
                ok =
                    expect(
                        argument, argumentExpr, of: [.string], in: name,
                        hint: argument.type == .number || argument.type == .date ? .convertWithString : .none) && ok
            }
            guard ok else { return nil }
            switch function {
            case .length: return node(.number)
            case .contains, .startsWith, .endsWith: return node(.boolean)
            default: return node(.string)
            }
        case .substring, .indexof:
            // The text first; `substring`'s positions are numbers, `indexof`'s part is text.
            for (index, (argument, argumentExpr)) in zip(arguments, argumentExprs).enumerated() {
                let wanted: DataType = index == 0 || function == .indexof ? .string : .number
                let hint: ExpressionDiagnostic.TypeAdvice =
                    wanted == .string && (argument.type == .number || argument.type == .date) ? .convertWithString : .none
                ok = expect(argument, argumentExpr, of: [wanted], in: name, hint: hint) && ok
            }
            return ok ? node(function == .substring ? .string : .number) : nil
        case .number:
            return node(.number)
        case .string:
            return node(.string)
        case .isValid:
            return fold(TypedNode(.call(function, arguments), type: .boolean, range: expr.range))
        case .date:
            if arguments.count == 1 {
                guard expect(arguments[0], argumentExprs[0], of: [.string, .date, .number], in: name) else { return nil }
            } else {
                for (argument, argumentExpr) in zip(arguments, argumentExprs) {
                    ok = expect(argument, argumentExpr, of: [.number], in: name, hint: .dateTakesNumbers) && ok
                }
                guard ok else { return nil }
            }
            // A constant that names no date says why (SPEC §19.10), at the literal.
            if let reason = impossibleDate(arguments) {
                report(.impossibleDate(function: name, reason: reason), at: arguments.count == 1 ? argumentExprs[0].range : expr.range)
                return nil
            }
            return node(.date)
        case .year, .quarter, .month, .day, .weekday, .dayofyear, .hour, .minutes, .seconds, .milliseconds:
            var hint = ExpressionDiagnostic.TypeAdvice.none
            if arguments[0].type == .number {
                hint = function == .year ? .yearsAsIs : .needsDateField
            } else if arguments[0].type == .string {
                hint = .convertWithDate
            }
            guard expect(arguments[0], argumentExprs[0], of: [.date], in: name, hint: hint) else { return nil }
            return node(function == .month || function == .weekday ? .string : .number)
        case .format:
            return checkFormat(arguments, argumentExprs, expr)
        case .bin:
            return checkBin(arguments, argumentExprs, expr)
        }
    }

    /// `bin(x, step)`: x a number, the step a positive number written in the expression (so the planner and the
    /// layout know it before reading a row); `bin(x)` only as a whole `calculate` field.
    private mutating func checkBin(_ arguments: [TypedNode], _ argumentExprs: [Expr], _ expr: Expr) -> TypedNode? {
        let hint: ExpressionDiagnostic.TypeAdvice = arguments[0].type == .date ? .binNumber : .none
        var ok = expect(arguments[0], argumentExprs[0], of: [.number], in: "bin", hint: hint)
        if arguments.count == 2 {
            let step = arguments[1].constantValue?.numberValue
            if step == nil || !(step ?? 0).isFinite || (step ?? 0) <= 0 {
                report(.binStep(field: text(argumentExprs[0].range)), at: argumentExprs[1].range)
                ok = false
            }
            guard ok else { return nil }
            if arguments[0].type == nil { return .constant(.null, range: expr.range) }
            return fold(TypedNode(.call(.bin, arguments), type: .number, range: expr.range))
        }
        guard autoBinRange == expr.range else {
            report(.binWithoutStep, at: expr.range)
            return nil
        }
        guard ok else { return nil }
        // Not folded: the planner recognises the call at the root.
        return TypedNode(.call(.bin, arguments), type: .number, range: expr.range)
    }

    private mutating func checkFormat(_ arguments: [TypedNode], _ argumentExprs: [Expr], _ expr: Expr) -> TypedNode? {
        let valueOK = expect(arguments[0], argumentExprs[0], of: [.number, .date], in: "format")
        guard case .string(let pattern)? = arguments[1].constantValue else {
            if arguments[1].constantValue == .null {
                report(.formatPatternNull, at: argumentExprs[1].range)
            } else {
                report(.formatPatternNotLiteral, at: argumentExprs[1].range)
            }
            return nil
        }
        guard valueOK else { return nil }
        let formatter: ValueFormatter
        switch arguments[0].type {
        case .number:
            do {
                formatter = .number(try NumberFormat(parsing: pattern))
            } catch {
                report(
                    .invalidNumberFormat(
                        pattern: pattern, reason: error.message, dateOperand: pattern.contains("%") ? describe(argumentExprs[0]) : nil),
                    at: patternRange(argumentExprs[1], offset: error.offset))
                return nil
            }
        case .date:
            do {
                formatter = .date(try DateFormat(parsing: pattern))
            } catch {
                report(.invalidDateFormat(pattern: pattern, reason: error.message), at: patternRange(argumentExprs[1], offset: error.offset))
                return nil
            }
            if !pattern.contains("%") {
                report(.noDateDirectives(pattern: pattern), at: argumentExprs[1].range)
                return nil
            }
        default:
            return .constant(.null, range: expr.range)
        }
        return fold(TypedNode(.format(arguments[0], formatter), type: .string, range: expr.range))
    }

    /// The text range of byte `offset` of a string literal's decoded value (escapes make the two differ);
    /// the whole argument when it is not a plain literal.
    private func patternRange(_ expr: Expr, offset: Int) -> Range<Int> {
        guard case .string = expr.kind, expr.range.count >= 2 else { return expr.range }
        var index = expr.range.lowerBound + 1
        let end = expr.range.upperBound - 1
        var decoded = 0
        while index < end && decoded < offset {
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            decoded += 1
        }
        guard index < end else { return end..<end }
        let length = bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        return index..<min(index + length, end)
    }

    // MARK: aggregates

    /// The arguments of an aggregate or window call, each checked as a row expression in `context` (where
    /// another such call would be nested): nil when one fails, their count is wrong or the first is not of
    /// `types`. The first, the values the call reads, comes back compiled; every one comes back typed, for the
    /// constant parameters.
    private mutating func checkCallArguments(
        _ name: String, usage: String, arity: ClosedRange<Int>, types: [DataType]?, context: Context, _ argumentExprs: [Expr], _ expr: Expr
    ) -> (argument: CompiledExpression?, nodes: [TypedNode?])? {
        var inner = TypeChecker(source: source, schema: schema, environment: environment, context: context)
        var arguments: [TypedNode?] = []
        for argumentExpr in argumentExprs { arguments.append(inner.check(argumentExpr)) }
        diagnostics += inner.diagnostics
        guard checkArity(name, usage: usage, arity: arity, argumentExprs, expr) else { return nil }
        guard let first = argumentExprs.first else { return (nil, arguments) }
        guard let node = arguments[0] else { return nil }
        if let types { guard expect(node, first, of: types, in: name) else { return nil } }
        return (CompiledExpression(root: node, fieldsUsed: inner.fieldsUsed, source: source, environment: environment), arguments)
    }

    private mutating func checkAggregateCall(_ function: AggregateFunction, _ argumentExprs: [Expr], _ expr: Expr) -> TypedNode? {
        let types: [DataType]? = function.needsNumbers ? [.number] : function == .min || function == .max ? [.number, .date, .string] : nil
        guard
            let (argument, arguments) = checkCallArguments(
                function.rawValue, usage: function.usage, arity: function.arity, types: types, context: .aggregateArgument(function.rawValue),
                argumentExprs, expr
            )
        else { return nil }
        let argumentType = argument?.resultType
        var parameter: Double?
        if function == .quantile {
            guard let pNode = arguments[1] else { return nil }
            guard case .number(let p)? = pNode.constantValue, p >= 0, p <= 1 else {
                report(.quantileProbability, at: argumentExprs[1].range)
                return nil
            }
            parameter = p
        }
        if function == .lowerWhisker || function == .upperWhisker {
            guard let kNode = arguments[1] else { return nil }
            guard case .number(let k)? = kNode.constantValue, k >= 0, k.isFinite else {
                report(.whiskerRange(function.rawValue), at: argumentExprs[1].range)
                return nil
            }
            parameter = k
        }
        let resultType = function.resultType(argumentType: argumentType)
        guard resultType != nil else { return .constant(.null, range: expr.range) }
        let index = calls.count
        calls.append(
            AggregateCall(function: function, argument: argument, parameter: parameter, resultType: resultType, span: source.span(for: expr.range)))
        let column = CompiledAggregate.callColumnName(index)
        use(column)
        return TypedNode(.field(column), type: resultType, range: expr.range)
    }

    // MARK: window functions

    private mutating func checkWindowCall(_ function: WindowFunction, _ argumentExprs: [Expr], _ expr: Expr) -> TypedNode? {
        guard
            let (argument, arguments) = checkCallArguments(
                function.rawValue, usage: function.usage, arity: function.arity, types: function.argumentTypes,
                context: .windowArgument(function.rawValue), argumentExprs, expr
            )
        else { return nil }
        let argumentType = argument?.resultType
        var size = 1
        if function.takesSize, argumentExprs.count == 2 {
            guard let node = arguments[1] else { return nil }
            guard case .number(let n)? = node.constantValue, n >= 1, n <= 1e9, n == n.rounded() else {
                report(.windowSize(function: function.rawValue), at: argumentExprs[1].range)
                return nil
            }
            size = Int(n)
        }
        let resultType = function.resultType(argumentType: argumentType)
        guard resultType != nil else { return .constant(.null, range: expr.range) }
        let index = windowCalls.count
        windowCalls.append(WindowCall(function: function, argument: argument, size: size, resultType: resultType, span: source.span(for: expr.range)))
        let column = CompiledWindow.callColumnName(index)
        use(column)
        return TypedNode(.field(column), type: resultType, range: expr.range)
    }

    // MARK: helpers

    /// A decimal number written as text (`'100'`, `'-0.5'`), for "write it without quotes" hints and `number()`.
    static func parseNumber(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        guard start < end else { return nil }
        var index = start
        if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        var digits = 0
        while index < end, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1; digits += 1 }
        if index < end, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < end, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1; digits += 1 }
        }
        guard digits > 0 else { return nil }
        if index < end, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
            var exponentDigits = 0
            while index < end, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1; exponentDigits += 1 }
            guard exponentDigits > 0 else { return nil }
        }
        guard index == end, let value = Double(String(decoding: bytes[start..<end], as: UTF8.self)), value.isFinite else { return nil }
        return value
    }
}

extension String {
    fileprivate func trimmingQuotes() -> String {
        if count >= 2, first == "'", last == "'" { return String(dropFirst().dropLast()) }
        return self
    }
}
