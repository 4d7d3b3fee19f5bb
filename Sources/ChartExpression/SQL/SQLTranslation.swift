import ChartData
import ChartFormat
import ChartValues

/// One value in SQL: its text (a parenthesized expression, a quoted column, a `$n` parameter), the chartc type it
/// holds (SQL types `float8`, `text`, `timestamptz`, `bool`), and — for weekday and month names — the natural
/// order chartc's column would carry, so the pipeline can give the result column the same order.
public struct SQLValue: Sendable, Equatable {
    public var text: String
    /// Nil only for the constant null.
    public var type: DataType?
    public var naturalOrder: [String]?
    /// A condition whose SQL null stands for chartc's false (`a < b` with a null side): fine in a `WHERE`, under
    /// `AND`/`OR` and as a `CASE WHEN`, but made two-valued (`COALESCE(…, FALSE)`) anywhere it is a value.
    public var nullMeansFalse: Bool
    /// For a field made by one `bin` call (SPEC §13): its step, which chartc's column would remember
    /// (`Column.binStep`); set by the SQL compiler, not by the translation.
    public var binStep: Double?

    public init(text: String, type: DataType?, naturalOrder: [String]? = nil, nullMeansFalse: Bool = false) {
        self.text = text
        self.type = type
        self.naturalOrder = naturalOrder
        self.nullMeansFalse = nullMeansFalse
    }

    /// As a value: a condition's null becomes false, as chartc's comparisons never give null.
    var asValue: SQLValue {
        guard nullMeansFalse else { return self }
        return SQLValue(text: "COALESCE(\(text), FALSE)", type: type)
    }
}

/// The `$1`, `$2`… parameters of one statement, as text (nil is NULL). Every constant of a spec reaches SQL as
/// one of these, never as SQL text; equal constants share a parameter.
public struct SQLParameters: Sendable, Equatable {
    public private(set) var values: [String?] = []

    public init() {}

    /// Parameters that continue a statement's: the next one added is `$(values.count + 1)`.
    public init(continuing values: [String?]) {
        self.values = values
        keys = values.indices.map { "\u{1}\($0)" }
    }

    /// `$n::cast` for `text`, reusing an earlier parameter with the same text and cast.
    public mutating func add(_ text: String, cast: String) -> String {
        let key = cast + "\u{0}" + text
        if let index = keys.firstIndex(of: key) { return "$\(index + 1)::\(cast)" }
        keys.append(key)
        values.append(text)
        return "$\(values.count)::\(cast)"
    }

    private var keys: [String] = []
}

/// The translation of chartc's expression language (SPEC §4, `ExpressionLanguage`) to SQL that gives the same
/// value on every row — or nothing, when there is no such SQL: the pipeline then computes that part itself.
///
/// What makes it exact:
/// - chartc's two-valued logic: a comparison with null is false. SQL's comparison gives null there, which acts
///   as false in a `WHERE`, under `AND`/`OR` (three-valued logic gives null exactly where two-valued gives false)
///   and in `CASE WHEN`; anywhere else — under `NOT`, as a value — it becomes `COALESCE(…, FALSE)`.
///   `x in (a, null)` is `x = a OR x IS NULL`;
/// - non-finite results are null: `a / NULLIF(b, 0)`, `sqrt` of a negative number is null; an overflow (which
///   SQL reports as an error, class 22) makes the pipeline fall back to running the step itself;
/// - strings compare by code points (`COLLATE "C"`), dates in UTC (the session's `TimeZone` is `UTC`);
/// - `round(x)` half away from zero, built from `floor` (SQL's `round(float8)` rounds half to even);
/// - `month`/`weekday` give the spec locale's names through a `CASE` on `EXTRACT(MONTH|ISODOW …)`.
///
/// Left to chartc (no exact SQL form, or one whose result depends on the engine's maths library or collation):
/// `%`, `log log10 exp pow`, `round(x, digits)`, row `min`/`max`, the string functions (Unicode case mapping and
/// white space, grapheme counts), `number`, `string`, `date`, `format`, `+` joining a non-string, and any string
/// result that mixes weekday or month names with other text.
public enum SQLTranslation {
    /// How each field reads in SQL: data columns as quoted (and cast) column references, calculated fields as
    /// their own translation.
    public typealias Scope = [String: SQLValue]
}

extension CompiledExpression {
    /// This expression in SQL over `scope`, its constants added to `parameters`; nil when some part has no exact
    /// SQL form (`SQLTranslation`).
    public func sql(in scope: SQLTranslation.Scope, parameters: inout SQLParameters) -> SQLValue? {
        var translator = SQLTranslator(scope: scope, locale: environment.locale, parameters: parameters)
        guard let value = translator.translate(root) else { return nil }
        parameters = translator.parameters
        return value.asValue
    }

    /// As a filter: SQL that is true exactly on the rows this expression keeps (never null).
    public func sqlCondition(in scope: SQLTranslation.Scope, parameters: inout SQLParameters) -> String? {
        var translator = SQLTranslator(scope: scope, locale: environment.locale, parameters: parameters)
        guard let value = translator.translate(root), value.type == .boolean || value.type == nil else { return nil }
        parameters = translator.parameters
        return value.text.replacingNullType("bool") // a WHERE keeps only true rows: null is false there
    }
}

private struct SQLTranslator {
    let scope: SQLTranslation.Scope
    let locale: ChartLocale
    var parameters: SQLParameters

    init(scope: SQLTranslation.Scope, locale: ChartLocale, parameters: SQLParameters) {
        self.scope = scope
        self.locale = locale
        self.parameters = parameters
    }

    static func sqlType(_ type: DataType?) -> String {
        switch type {
        case .number, nil: "float8"
        case .string: "text"
        case .date: "timestamptz"
        case .boolean: "bool"
        }
    }

    mutating func constant(_ value: Value) -> SQLValue? {
        switch value {
        case .null: return SQLValue(text: "NULL::float8", type: nil)
        case .number(let number):
            guard number.isFinite else { return nil }
            return SQLValue(text: parameters.add(Self.numberText(number), cast: "float8"), type: .number)
        case .string(let text):
            guard !text.unicodeScalars.contains("\u{0}") else { return nil } // PostgreSQL text cannot hold NUL
            return SQLValue(text: parameters.add(text, cast: "text"), type: .string)
        case .boolean(let flag): return SQLValue(text: flag ? "TRUE" : "FALSE", type: .boolean)
        case .date(let milliseconds):
            guard let text = Self.dateText(milliseconds) else { return nil }
            return SQLValue(text: parameters.add(text, cast: "timestamptz"), type: .date)
        }
    }

    /// A number as text PostgreSQL's `float8in` reads back to the same double (Swift's shortest round-trip form).
    static func numberText(_ number: Double) -> String {
        SQLTranslation.numberText(number)
    }

    /// Milliseconds since 1970 as ISO 8601 in UTC, which `timestamptz` reads exactly; nil outside years 1–9999.
    static func dateText(_ milliseconds: Int64) -> String? {
        let c = CivilDate.components(milliseconds)
        guard c.year >= 1 && c.year <= 9999 else { return nil }
        func pad(_ n: Int64, _ width: Int) -> String {
            var text = String(n)
            while text.count < width { text = "0" + text }
            return text
        }
        return
            "\(pad(c.year, 4))-\(pad(c.month, 2))-\(pad(c.day, 2))T\(pad(c.hour, 2)):\(pad(c.minute, 2)):\(pad(c.second, 2)).\(pad(c.millisecond, 3))Z"
    }

    /// Does a (non-call) node combine weekday/month names into a string result? Then chartc's order rules
    /// (`mergedOrder`) apply, which this translation does not model.
    static func mixesNaturalOrder(_ parts: [SQLValue?]) -> Bool {
        parts.contains { $0?.naturalOrder != nil }
    }

    /// A node as a value (`SQLValue.asValue`).
    mutating func value(_ node: TypedNode) -> SQLValue? {
        translate(node)?.asValue
    }

    /// A node as a condition: SQL null where chartc has false is fine.
    mutating func condition(_ node: TypedNode) -> SQLValue? {
        guard let value = translate(node), value.type == .boolean || value.type == nil else { return nil }
        return SQLValue(text: value.text.replacingNullType("bool"), type: .boolean, nullMeansFalse: true)
    }

    mutating func translate(_ node: TypedNode) -> SQLValue? {
        switch node.operation {
        case .constant(let value):
            return constant(value)
        case .field(let name):
            return scope[name]
        case .negate(let inner):
            guard let x = value(inner), x.type == .number else { return nil }
            return SQLValue(text: "(- \(x.text))", type: .number)
        case .arithmetic(let op, let left, let right):
            guard let a = value(left), let b = value(right), a.type != .string, b.type != .string,
                a.type == .number || a.type == nil, b.type == .number || b.type == nil
            else { return nil }
            let (x, y) = (a.text, b.text)
            switch op {
            case .add: return SQLValue(text: "(\(x) + \(y))", type: .number)
            case .subtract: return SQLValue(text: "(\(x) - \(y))", type: .number)
            case .multiply: return SQLValue(text: "(\(x) * \(y))", type: .number)
            case .divide: return SQLValue(text: "(\(x) / NULLIF(\(y), 0::float8))", type: .number)
            case .remainder: return nil
            }
        case .concat(let left, let right):
            guard let a = value(left), let b = value(right),
                a.type == .string || a.type == nil, b.type == .string || b.type == nil,
                !Self.mixesNaturalOrder([a, b])
            else { return nil }
            return SQLValue(text: "(\(a.text.replacingNullType("text")) || \(b.text.replacingNullType("text")))", type: .string)
        case .compare(let op, let left, let right):
            guard let a = value(left), let b = value(right), let type = a.type ?? b.type else { return nil }
            guard a.type == nil || b.type == nil || a.type == b.type else { return nil }
            if type == .boolean && op != .equal && op != .notEqual { return nil }
            let symbol: String
            switch op {
            case .less: symbol = "<"
            case .lessOrEqual: symbol = "<="
            case .greater: symbol = ">"
            case .greaterOrEqual: symbol = ">="
            case .equal: symbol = "="
            case .notEqual: symbol = "<>"
            }
            if type == .string, a.naturalOrder != nil || b.naturalOrder != nil, op != .equal && op != .notEqual { return nil }
            let collate = type == .string && op != .equal && op != .notEqual ? " COLLATE \"C\"" : ""
            let x = a.text.replacingNullType(Self.sqlType(type))
            let y = b.text.replacingNullType(Self.sqlType(type))
            return SQLValue(text: "(\(x)\(collate) \(symbol) \(y))", type: .boolean, nullMeansFalse: true)
        case .isNull(let inner, let negated):
            guard let x = value(inner) else { return nil }
            return SQLValue(text: "(\(x.text) IS \(negated ? "NOT " : "")NULL)", type: .boolean)
        case .membership(let value, let list):
            guard let x = self.value(value) else { return nil }
            var parts: [String] = []
            for item in list {
                guard let y = self.value(item) else { return nil }
                if y.type == nil {
                    parts.append("(\(x.text) IS NULL)")
                } else {
                    guard x.type == nil || x.type == y.type else { return nil }
                    parts.append("\(x.text.replacingNullType(Self.sqlType(y.type))) = \(y.text)")
                }
            }
            return SQLValue(text: parts.isEmpty ? "FALSE" : "(" + parts.joined(separator: " OR ") + ")", type: .boolean, nullMeansFalse: true)
        case .not(let inner):
            guard let x = condition(inner) else { return nil }
            return SQLValue(text: "(NOT COALESCE(\(x.text), FALSE))", type: .boolean)
        case .and(let left, let right), .or(let left, let right):
            // Three-valued AND/OR give null only where chartc's two-valued ones give false.
            guard let a = condition(left), let b = condition(right) else { return nil }
            let word: String
            if case .and = node.operation { word = "AND" } else { word = "OR" }
            return SQLValue(text: "(\(a.text) \(word) \(b.text))", type: .boolean, nullMeansFalse: true)
        case .conditional(let condition, let whenTrue, let whenFalse):
            guard let c = self.condition(condition), let a = value(whenTrue), let b = value(whenFalse) else { return nil }
            let type = a.type ?? b.type
            guard a.type == nil || b.type == nil || a.type == b.type, type == node.type || node.type == nil else { return nil }
            // Weekday/month order survives `?:` only when both branches carry the same order or null.
            var order: [String]?
            if a.naturalOrder != nil || b.naturalOrder != nil {
                let orders = [a, b].filter { $0.type != nil }.map(\.naturalOrder)
                guard let first = orders.first, let firstOrder = first, orders.allSatisfy({ $0 == firstOrder }) else { return nil }
                order = firstOrder
            }
            let sqlType = Self.sqlType(type)
            return SQLValue(
                text: "(CASE WHEN \(c.text) THEN \(a.text.replacingNullType(sqlType)) ELSE \(b.text.replacingNullType(sqlType)) END)",
                type: type, naturalOrder: order)
        case .call(let function, let arguments):
            return call(function, arguments)
        case .format:
            return nil
        }
    }

    mutating func call(_ function: BuiltinFunction, _ arguments: [TypedNode]) -> SQLValue? {
        var values: [SQLValue] = []
        for argument in arguments {
            guard let value = self.value(argument) else { return nil }
            values.append(value)
        }
        guard let x = values.first else { return nil }
        switch function {
        case .abs, .floor, .ceil:
            guard values.count == 1, x.type == .number || x.type == nil else { return nil }
            let name = function == .abs ? "abs" : function == .floor ? "floor" : "ceil"
            return SQLValue(text: "\(name)(\(x.text))", type: .number)
        case .sqrt:
            guard values.count == 1, x.type == .number || x.type == nil else { return nil }
            return SQLValue(text: "sqrt(CASE WHEN \(x.text) >= 0 THEN \(x.text) END)", type: .number)
        case .round:
            // Half away from zero: the fraction of |x| is exact in binary floating point.
            guard values.count == 1, x.type == .number || x.type == nil else { return nil }
            let magnitude = "abs(\(x.text))"
            return SQLValue(
                text: "(sign(\(x.text)) * (floor(\(magnitude)) + CASE WHEN \(magnitude) - floor(\(magnitude)) >= 0.5 THEN 1 ELSE 0 END))",
                type: .number)
        case .string where x.type == .number:
            // chartc writes a whole number below 10^15 as its digits, which `::bigint::text` gives too. Any other
            // number stops the statement (an integer division by zero, SQLSTATE 22012, written so that the
            // planner cannot fold it), and chartc then runs
            // the steps itself: SQL's shortest float text differs from chartc's in its exponent form.
            return SQLValue(
                text:
                    "(CASE WHEN \(x.text) IS NULL THEN NULL WHEN \(x.text) = trunc(\(x.text)) AND abs(\(x.text)) < 1e15 THEN trunc(\(x.text))::bigint::text ELSE (1 / (\(x.text) * 0)::int)::text END)",
                type: .string)
        case .string where x.type == .string:
            return x
        case .isValid:
            return SQLValue(text: "(\(x.text) IS NOT NULL)", type: .boolean)
        case .bin:
            // `bin(x, step)`; `bin(x)` alone is the pipeline's bin step (`SQLTranslation.binStart`).
            guard values.count == 2, x.type == .number || x.type == nil, values[1].type == .number else { return nil }
            return SQLValue(text: SQLTranslation.binStart(x.text, step: values[1].text), type: .number)
        case .year, .quarter, .day, .dayofyear, .hour:
            guard x.type == .date else { return nil }
            let part =
                function == .year ? "YEAR" : function == .quarter ? "QUARTER" : function == .day ? "DAY" : function == .dayofyear ? "DOY" : "HOUR"
            return SQLValue(text: "EXTRACT(\(part) FROM \(x.text))::float8", type: .number)
        case .minutes:
            guard x.type == .date else { return nil }
            return SQLValue(text: "EXTRACT(MINUTE FROM \(x.text))::float8", type: .number)
        case .seconds, .milliseconds:
            // SECOND and MILLISECONDS carry the fraction (MILLISECONDS counts the seconds too): cut to whole
            // units as chartc's milliseconds-since-epoch dates do.
            guard x.type == .date else { return nil }
            let whole = "floor(EXTRACT(MILLISECONDS FROM \(x.text)))"
            let text = function == .seconds ? "floor(\(whole) / 1000)::float8" : "(\(whole)::bigint % 1000)::float8"
            return SQLValue(text: text, type: .number)
        case .month:
            guard x.type == .date else { return nil }
            var cases = "CASE EXTRACT(MONTH FROM \(x.text))::int"
            for (index, name) in locale.shortMonths.enumerated() {
                guard let label = constant(.string(name)) else { return nil }
                cases += " WHEN \(index + 1) THEN \(label.text)"
            }
            return SQLValue(text: "(" + cases + " END)", type: .string, naturalOrder: locale.shortMonths)
        case .weekday:
            guard x.type == .date else { return nil }
            // ISODOW: 1 = Monday … 7 = Sunday; chartc's weekday numbers: 0 = Sunday.
            var cases = "CASE EXTRACT(ISODOW FROM \(x.text))::int"
            for iso in 1...7 {
                guard let label = constant(.string(locale.shortWeekdays[iso % 7])) else { return nil }
                cases += " WHEN \(iso) THEN \(label.text)"
            }
            return SQLValue(text: "(" + cases + " END)", type: .string, naturalOrder: locale.orderedShortWeekdays)
        default:
            return nil
        }
    }
}

extension String {
    /// `NULL::float8` (an untyped null constant) as a null of `type`, so SQL sees matching types.
    fileprivate func replacingNullType(_ type: String) -> String {
        self == "NULL::float8" ? "NULL::\(type)" : self
    }
}
