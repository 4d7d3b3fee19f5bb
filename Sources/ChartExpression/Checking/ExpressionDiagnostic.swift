import ChartDiagnostics
import ChartValues

/// The catalogue of what the expression language reports (each id listed in `specs/diagnostics.md`): each case
/// carries what its sentence quotes (the operand as written, its type, the function), `message` holds its one
/// wording and `kind` its id. An unknown field carries the name, so a caller can ask which field a diagnostic is
/// about (the planner does not report a field twice when its own calculation failed) and the checker and the
/// planner word it the same way. Only the lexer's and parser's syntax errors are composed where they are found
/// (`ExpressionSyntaxDiagnostic`), from the bytes around the problem.
public enum ExpressionDiagnostic: KindedDiagnosticMessage, Equatable {
    /// `unknown <role> '<name>'` with a hint: the field is not in the data or not calculated before its use.
    case unknownField(String, role: String = "field", hint: UnknownFieldHint = .none)
    /// A bare name with an operator in it that exists as a field (`a-b`): it is read as `a - b`.
    case operatorInFieldName(String, left: String, operator: String, right: String)
    /// A `sort` field that is a data field but not one of the aggregated output's fields.
    case droppedByAggregation(String, outputs: [String])
    /// A field the plan was checked against is missing when the step runs (a chartc bug, not a spec mistake).
    case missingAtExecution(String, role: String, from: String)

    // type
    /// An operand of the wrong type (`operand`: how it reads, `'congress'`; `found`: its type, nil for null).
    case wrongOperand(Operand, operand: String, found: DataType?, advice: TypeAdvice = .none)
    /// The two branches of `?:` with different types.
    case branchTypes(then: String, thenType: DataType?, otherwise: String, otherwiseType: DataType?)
    /// `<`, `>`, … between booleans.
    case orderedBooleans(operator: String)
    /// A comparison of two types that can never be equal (`==`, `!=`, `in`) or ordered (the others).
    case comparedTypes(operator: String, other: String, otherType: DataType, blamed: String, blamedType: DataType, advice: TypeAdvice)
    /// A constant string compared with a date that is not an ISO date.
    case notADate(String)
    /// A constant string compared with a date, written as one that cannot exist (`reason`: "February has no 30th (2008-02-30)").
    case impossibleDateConstant(String, reason: String)
    /// `date(…)` (`function`, as written) of constants that name no date (SPEC §19.10).
    case impossibleDate(function: String, reason: String)
    /// `bin(x, step)` whose step is not a positive constant (`field`: x as written).
    case binStep(field: String)
    /// `format(x, null)`.
    case formatPatternNull
    /// `format(x, pattern)` whose pattern is not a string literal.
    case formatPatternNotLiteral
    /// A filter whose expression (`source`) gives a value of `type`, not a boolean.
    case filterNotBoolean(source: String, type: DataType)
    // arguments
    /// A call with a number of arguments outside `arity`; `usage` is how the function is written.
    case arity(function: String, arity: ClosedRange<Int>, given: Int, usage: String)
    /// `bin(x)` without a step inside a larger expression.
    case binWithoutStep
    // unknown functions
    /// A name that is an operator in this language (`and`): `replacement` is how it is written.
    case operatorAsFunction(String, replacement: String)
    /// A name that is no function; `suggestion` a close one, `place` where the suggestion belongs.
    case unknownFunction(String, suggestion: String?, place: FunctionPlace = .here)
    // aggregates
    /// A field that is not a `groupBy` field, bare in an `aggregate` value (`reference`: how it is written).
    case notGrouped(String, reference: String)
    /// An aggregate in a row expression (`comparesValues`: `min`/`max`, which also compare values in a row).
    case aggregateInRow(String, comparesValues: Bool)
    /// An aggregate inside another.
    case nestedAggregate(String, outer: String)
    /// `quantile`'s probability that is not a constant in [0, 1].
    case quantileProbability
    /// A whisker function's `k` that is not a constant number, 0 or more.
    case whiskerRange(String)
    // window functions
    /// A window function inside another.
    case nestedWindow(String, outer: String)
    /// A window-only function outside `window`.
    case windowOnly(String)
    /// An aggregate that `window` does not compute over a partition.
    case notAWindowAggregate(String)
    /// An aggregate in `window` that cannot be used there.
    case notUsableHere(String)
    /// The row count of `rolling_*`, `lag` or `lead` that is not a positive whole constant.
    case windowSize(function: String)
    // format
    /// A number format that does not parse (`reason`: the format parser's); `dateOperand` names the number
    /// operand when the pattern looks like a date pattern.
    case invalidNumberFormat(pattern: String, reason: String, dateOperand: String?)
    /// A date format that does not parse.
    case invalidDateFormat(pattern: String, reason: String)
    /// A date pattern without a directive.
    case noDateDirectives(pattern: String)
    // data mismatch (a caller's bug)
    /// The table has no column the expression was checked against.
    case fieldNotInData(String)
    /// The column has another type than the one the expression was checked with.
    case fieldTypeInData(String, data: DataType, checked: DataType?)
    /// The column is shorter than the table.
    case fieldTooShort(String)
    /// A row index past the table.
    case rowOutsideTable(row: Int, rows: Int)

    /// What needs an operand of a type, in a `wrongOperand` sentence.
    public enum Operand: Sendable, Equatable {
        /// `!x`
        case not
        /// `-x`
        case negate
        /// the condition of `?:`
        case condition
        /// `and`, `or`
        case booleans(String)
        /// `+` (numbers or strings), `-`, `*`, `/`, `%`
        case numbers(String)
        /// an argument of a function
        case argument(function: String, types: [DataType])
    }

    /// What a type error adds after "… is a string": how to write what was probably meant.
    public enum TypeAdvice: Sendable, Equatable {
        case none
        /// A date used as a number.
        case useDateFunction
        /// A number written in quotes: the number as it should be written.
        case withoutQuotes(String)
        /// A string written without quotes: the text.
        case inQuotes(String)
        /// A date compared with a number: the field, the operator and the number.
        case compareYears(field: String, operator: String, value: String)
        /// A string compared with a date.
        case convertStringWithDate
        /// A string or number where a date is needed.
        case convertWithDate
        /// A number or date where a string is needed.
        case convertWithString
        /// `min`/`max` over values of different types.
        case oneType(function: String)
        /// `date(year, month, day)` given something else than numbers.
        case dateTakesNumbers
        /// `year(x)` on a number.
        case yearsAsIs
        /// Another date function on a number.
        case needsDateField
        /// `bin(date)`.
        case binNumber
    }

    /// Where a suggested function belongs.
    public enum FunctionPlace: Sendable, Equatable {
        case here
        case window
        case aggregate
    }

    /// What follows `unknown field 'x'`.
    public enum UnknownFieldHint: Sendable, Equatable {
        case none
        /// A close name: `; did you mean 'y'?`
        case didYouMean(String)
        /// The name is a function: `; 'sum' is a function, called like sum(…)`
        case isFunction
        /// No close name: `; the fields here are: a, b`
        case fieldsHere([String])
    }

    /// The ids (the lexer's and parser's `expr-syntax` is `ExpressionSyntaxDiagnostic`'s).
    public enum Kind: String, DiagnosticKind {
        /// A field name that is not in the data (or not yet calculated).
        case unknownField = "unknown-field"
        /// A function name the language does not have.
        case unknownFunction = "unknown-function"
        /// A function called with too few or too many arguments.
        case arguments = "expr-arguments"
        /// A type error that is certain before reading data: `'abc' * 2`, `year(congress)` on a number.
        case type = "expr-type"
        /// An aggregate function where it cannot be used: in a row expression, nested, or a bare non-group field
        /// in an `aggregate` value; or a bad `quantile` probability.
        case aggregate = "expr-aggregate"
        /// A `format(x, "fmt")` pattern that is not a valid number or date format.
        case format = "expr-format"
        /// The table an expression runs on does not have a field it was checked against, or has it with another
        /// type (a bug in the caller rather than in the spec, reported instead of crashing).
        case dataMismatch = "expr-data-mismatch"
        /// A window function (SPEC §14) where it cannot be used: in `calculate`, `filter` or `aggregate`, nested in
        /// another one, or an aggregate that `window` does not offer over a partition.
        case window = "expr-window"
        /// The row count `n` of `rolling_*(x, n)`, `lag` or `lead` that is not a positive whole number constant.
        case windowSize = "expr-window-size"

        public static let domain = "ChartExpression"
        public var severity: Severity { .error }
    }

    public var kind: Kind {
        switch self {
        case .unknownField, .operatorInFieldName, .droppedByAggregation, .missingAtExecution: .unknownField
        case .wrongOperand, .branchTypes, .orderedBooleans, .comparedTypes, .notADate, .impossibleDateConstant, .impossibleDate, .binStep,
            .formatPatternNull, .formatPatternNotLiteral,
            .filterNotBoolean:
            .type
        case .arity, .binWithoutStep: .arguments
        case .operatorAsFunction, .unknownFunction: .unknownFunction
        case .notGrouped, .aggregateInRow, .nestedAggregate, .quantileProbability, .whiskerRange: .aggregate
        case .nestedWindow, .windowOnly, .notAWindowAggregate, .notUsableHere: .window
        case .windowSize: .windowSize
        case .invalidNumberFormat, .invalidDateFormat, .noDateDirectives: .format
        case .fieldNotInData, .fieldTypeInData, .fieldTooShort, .rowOutsideTable: .dataMismatch
        }
    }

    /// The field an unknown-field diagnostic is about; nil for the others.
    public var field: String? {
        switch self {
        case .unknownField(let name, _, _), .operatorInFieldName(let name, _, _, _), .droppedByAggregation(let name, _),
            .missingAtExecution(let name, _, _):
            name
        default: nil
        }
    }

    public var message: String {
        switch self {
        case .unknownField(let name, let role, let hint):
            let head = "unknown \(role) '\(name)'"
            switch hint {
            case .none: return head
            case .didYouMean(let suggestion): return head + "; did you mean '\(suggestion)'?"
            case .isFunction: return head + "; '\(name)' is a function, called like \(name)(…)"
            case .fieldsHere(let names): return head + "; the fields here are: " + QuotedText.list(names, quote: false)
            }
        case .operatorInFieldName(let name, let left, let op, let right):
            return "'\(name)' is read as '\(left)' \(op) '\(right)'; a field name with '\(op)' in it is written in backticks"
        case .droppedByAggregation(let name, let outputs):
            return "sort can only use fields of the output (\(QuotedText.list(outputs, quote: false))); '\(name)' is dropped by the aggregation."
        case .missingAtExecution(let name, let role, let from):
            return "The \(role) '\(name)' is missing from the \(from)."
        case .wrongOperand(let needs, let operand, let found, let advice):
            return "\(Self.wording(needs)), but \(operand) is \(Self.typeName(found))\(Self.wording(advice))"
        case .branchTypes(let then, let thenType, let otherwise, let otherwiseType):
            return
                "the two branches of '?' must have the same type, but \(then) is \(Self.typeName(thenType)) and \(otherwise) is \(Self.typeName(otherwiseType))"
        case .orderedBooleans(let op):
            return "'\(op)' cannot order booleans; compare them with == or !="
        case .comparedTypes(let op, let other, let otherType, let blamed, let blamedType, let advice):
            let head =
                op == "==" || op == "!=" || op == "in"
                ? "'\(op)' compares \(other), \(Self.typeName(otherType)), with \(blamed), \(Self.typeName(blamedType)); they can never be equal"
                : "'\(op)' cannot compare \(other), \(Self.typeName(otherType)), with \(blamed), \(Self.typeName(blamedType))"
            return head + Self.wording(advice)
        case .impossibleDateConstant(let text, let reason):
            return "'\(text)' is compared with a date but names none that exists: \(reason)"
        case .impossibleDate(let function, let reason):
            return "\(function)(…) names a date that does not exist: \(reason)"
        case .notADate(let text):
            return "'\(text)' is compared with a date but is not one; write dates as 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:MM:SSZ'"
        case .binStep(let field):
            return "the step of 'bin' must be a positive number written here, such as bin(\(field), 5)"
        case .formatPatternNull:
            return "the pattern of 'format' cannot be null; write one such as \",.0f\" or \"%Y\""
        case .formatPatternNotLiteral:
            return "the pattern of 'format' must be a string literal such as \",.0f\" or \"%Y\""
        case .filterNotBoolean(let source, let type):
            let head = "a filter must be true or false for each row, but this expression gives \(Self.typeName(type))"
            switch type {
            case .number: return head + "; compare it, e.g. `\(source) != 0`"
            case .string: return head + "; compare it, e.g. `\(source) == 'value'`"
            case .date: return head + "; compare it, e.g. `\(source) >= '2020-01-01'`"
            case .boolean: return head
            }
        case .arity(let function, let arity, let given, let usage):
            let expected: String
            if arity.upperBound == Int.max {
                expected = "at least \(arity.lowerBound) argument\(arity.lowerBound == 1 ? "" : "s")"
            } else if arity.lowerBound == arity.upperBound {
                expected = "\(arity.lowerBound) argument\(arity.lowerBound == 1 ? "" : "s")"
            } else {
                expected = "\(arity.lowerBound) to \(arity.upperBound) arguments"
            }
            return "'\(function)' takes \(expected) but is given \(given); write \(usage)"
        case .binWithoutStep:
            return
                "bin(x) without a step chooses it from the rows after filter, so it must be a whole calculate field (\"bins\": \"bin(x)\"); inside an expression write bin(x, step)"
        case .operatorAsFunction(let name, let replacement):
            return "there is no function '\(name)'; write \(replacement)"
        case .unknownFunction(let name, nil, _):
            return "unknown function '\(name)'"
        case .unknownFunction(let name, let suggestion?, let place):
            let head = "unknown function '\(name)'; did you mean '\(suggestion)'?"
            switch place {
            case .here: return head
            case .window: return head + " It is a window function, so it belongs in `window`"
            case .aggregate: return head + " It is an aggregate, so it belongs in `aggregate`"
            }
        case .notGrouped(let name, let reference):
            return
                "'\(name)' is not a groupBy field, so a group has many values of it; aggregate it (e.g. first(\(reference)) or median(\(reference))) or add it to groupBy"
        case .aggregateInRow(let name, let comparesValues):
            return "'\(name)' is an aggregate; use it in `aggregate`"
                + (comparesValues ? ", or give \(name) two or more values to compare within a row" : "")
        case .nestedAggregate(let name, let outer):
            return "aggregates cannot be nested: '\(name)' is inside '\(outer)'"
        case .quantileProbability:
            return "the probability of 'quantile' must be a constant number between 0 and 1, such as 0.9"
        case .whiskerRange(let name):
            return "the k of '\(name)' (how many interquartile ranges beyond the quartiles) must be a constant number, 0 or more, such as 1.5"
        case .nestedWindow(let name, let outer):
            return
                "window functions cannot be nested: '\(name)' is inside '\(outer)'; compute it as an earlier `window` field and use that field here"
        case .windowOnly(let name):
            return "'\(name)' is a window function: it reads other rows of the output, so it belongs in `window` (SPEC §14)"
        case .notAWindowAggregate(let name):
            return
                "'\(name)' is an aggregate that `window` does not compute over a partition (it offers sum, mean, median, q1, q3, min, max, count, first and last); compute it in `aggregate`"
        case .notUsableHere(let name):
            return "'\(name)' cannot be used here"
        case .windowSize(let function):
            let what = function == "lag" ? "rows to look back" : function == "lead" ? "rows to look ahead" : "rows in the window"
            return "the number of \(what) of '\(function)' must be a positive whole number written as a constant, such as 7"
        case .invalidNumberFormat(let pattern, let reason, let dateOperand):
            return "invalid number format \"\(pattern)\": \(reason)"
                + (dateOperand.map { "; date patterns such as %Y need a date, but \($0) is a number" } ?? "")
        case .invalidDateFormat(let pattern, let reason):
            return "invalid date format \"\(pattern)\": \(reason)"
        case .noDateDirectives(let pattern):
            return
                "\"\(pattern)\" has no date directives, so every date would print as that text; write directives such as %Y, %b %Y or %Y-%m-%d"
        case .fieldNotInData(let name):
            return "the data has no field '\(name)'"
        case .fieldTypeInData(let name, let data, let checked):
            return "field '\(name)' holds \(Self.typeName(data)) in the data, but the expression was checked with \(Self.typeName(checked))"
        case .fieldTooShort(let name):
            return "field '\(name)' has fewer values than the table has rows"
        case .rowOutsideTable(let row, let rows):
            return "row \(row) is outside the table (\(rows) rows)"
        }
    }

    /// A type as a message names it: `a number`, `null`.
    static func typeName(_ type: DataType?) -> String {
        switch type {
        case .number: "a number"
        case .string: "a string"
        case .date: "a date"
        case .boolean: "a boolean"
        case nil: "null"
        }
    }

    private static func wording(_ needs: Operand) -> String {
        switch needs {
        case .not: "'!' needs a boolean"
        case .negate: "'-' needs a number"
        case .condition: "the condition before '?' must be a boolean"
        case .booleans(let op): "'\(op)' needs booleans"
        case .numbers(let op): op == "+" ? "'+' adds numbers or joins strings" : "'\(op)' needs numbers"
        case .argument(let function, let types): "'\(function)' needs \(types.map { typeName($0) }.joined(separator: " or "))"
        }
    }

    private static func wording(_ advice: TypeAdvice) -> String {
        switch advice {
        case .none: ""
        case .useDateFunction: "; use year(…), number(…) (milliseconds) or another date function"
        case .withoutQuotes(let number): "; write \(number) without quotes"
        case .inQuotes(let text): "; write '\(text)' in quotes"
        case .compareYears(let field, let op, let value): "; to compare years write year(\(field)) \(op) \(value)"
        case .convertStringWithDate: "; convert the string with date(…)"
        case .convertWithDate: "; convert it with date(…)"
        case .convertWithString: "; convert it with string(…)"
        case .oneType(let function): "; all values of '\(function)' must have one type"
        case .dateTakesNumbers: " (date(year, month, day) takes numbers)"
        case .yearsAsIs: "; a number that holds years can be used as it is"
        case .needsDateField: "; date functions need a date field (declare it with \"parse\": {\"field\": \"date\"}) or date(…)"
        case .binNumber: "; bin a number such as year(date) or dayofyear(date)"
        }
    }
}
