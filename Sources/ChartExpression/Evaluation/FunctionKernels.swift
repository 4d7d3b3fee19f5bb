import ChartData
import ChartFormat
import ChartValues

/// Runs a row function over vectors: dedicated loops for the numeric and date functions, one evaluation per
/// dictionary entry for functions of one string column, and `ScalarFunctions` row by row for the rest.
enum FunctionKernels {
    static func apply(_ function: BuiltinFunction, _ arguments: [Vector], resultType: DataType?, context: EvaluationContext) -> Vector {
        let count = context.count
        switch function {
        case .abs, .floor, .ceil, .sqrt, .log, .log10, .exp:
            guard let f = Math.unary(function) else { break }
            return Vector(numbers: mapOperand(arguments[0].numbers, count: count, f))
        case .round:
            if arguments.count == 2 {
                return Vector(numbers: zipOperands(arguments[0].numbers, arguments[1].numbers, count: count) { Math.round($0, digits: $1) })
            }
            return Vector(numbers: mapOperand(arguments[0].numbers, count: count) { Math.round($0) })
        case .pow:
            return Vector(numbers: zipOperands(arguments[0].numbers, arguments[1].numbers, count: count) { Math.pow($0, $1) })
        case .quantileT:
            return Vector(
                numbers: zipOperands(arguments[0].numbers, arguments[1].numbers, count: count) { StudentT.quantile($0, degreesOfFreedom: $1) })
        case .quantileNormal where arguments.count == 1:
            return Vector(numbers: mapOperand(arguments[0].numbers, count: count) { NormalDistribution.quantile($0) })
        case .bin:
            // `bin(x)` alone is computed by the planner's bin step; evaluated by itself it is x.
            guard arguments.count == 2 else { return arguments[0] }
            return Vector(numbers: zipOperands(arguments[0].numbers, arguments[1].numbers, count: count) { Math.bin($0, step: $1) })
        case .min, .max:
            return extremum(smallest: function == .min, arguments, type: resultType, count: count)
        case .year, .quarter, .day, .dayofyear, .hour, .minutes, .seconds, .milliseconds:
            return datePart(function, arguments[0].dates, count: count)
        case .month:
            let names = context.locale.shortMonths
            let codes = mapOperand(arguments[0].dates, count: count) { milliseconds -> UInt32 in
                milliseconds == Vector.nullDate ? StringVector.nullCode : UInt32(CivilDate.components(milliseconds).month - 1)
            }
            return .string(StringVector(codes: broadcast(codes, count: count), dictionary: names, naturalOrder: names))
        case .weekday:
            let locale = context.locale
            let names = locale.orderedShortWeekdays
            let codes = mapOperand(arguments[0].dates, count: count) { milliseconds -> UInt32 in
                guard milliseconds != Vector.nullDate else { return StringVector.nullCode }
                let days = CivilDate.floorDivide(milliseconds, CivilDate.millisecondsPerDay)
                let weekday = Int(CivilDate.floorModulo(days + 4, 7)) // 1970-01-01 was a Thursday
                return UInt32(locale.weekdayOrder(weekday))
            }
            return .string(StringVector(codes: broadcast(codes, count: count), dictionary: names, naturalOrder: names))
        case .isValid:
            return ComparisonKernels.isNull(arguments[0], negated: true, count: count)
        case .string:
            switch StringKernels.stringify(arguments[0], type: nil, count: count) {
            case .vector(let strings): return .string(StringVector(codes: strings.codes, dictionary: strings.dictionary))
            case .scalar(let value): return .constant(value.map(Value.string) ?? .null)
            }
        case .number:
            switch arguments[0] {
            case .number: return arguments[0]
            case .date(let values): return .number(makeArray(count) { values[$0] == Vector.nullDate ? .nan : Double(values[$0]) })
            default: break
            }
        case .date:
            if arguments.count == 1, case .date = arguments[0] { return arguments[0] }
        default:
            break
        }
        return general(function, arguments, resultType: resultType, context: context)
    }

    private static func broadcast(_ codes: Operand<UInt32>, count: Int) -> [UInt32] {
        switch codes {
        case .array(let values): values
        case .scalar(let value): [UInt32](repeating: value, count: count)
        }
    }

    /// `year quarter day dayofyear hour minutes seconds milliseconds` as numbers, in UTC.
    private static func datePart(_ function: BuiltinFunction, _ dates: Operand<Int64>, count: Int) -> Vector {
        let part: (Int64) -> Double
        switch function {
        case .year: part = { Double(CivilDate.civil(fromDays: CivilDate.floorDivide($0, CivilDate.millisecondsPerDay)).year) }
        case .quarter: part = { Double((CivilDate.civil(fromDays: CivilDate.floorDivide($0, CivilDate.millisecondsPerDay)).month - 1) / 3 + 1) }
        case .day: part = { Double(CivilDate.civil(fromDays: CivilDate.floorDivide($0, CivilDate.millisecondsPerDay)).day) }
        case .dayofyear: part = { Double(CivilDate.components($0).dayOfYear) }
        case .minutes: part = { Double(CivilDate.floorModulo($0, 3_600_000) / 60_000) }
        case .seconds: part = { Double(CivilDate.floorModulo($0, 60_000) / 1000) }
        case .milliseconds: part = { Double(CivilDate.floorModulo($0, 1000)) }
        default: part = { Double(CivilDate.floorModulo($0, CivilDate.millisecondsPerDay) / 3_600_000) }
        }
        return Vector(numbers: mapOperand(dates, count: count) { $0 == Vector.nullDate ? .nan : part($0) })
    }

    /// Scalar `min`/`max` of two or more numbers or dates; null when any is null.
    private static func extremum(smallest: Bool, _ arguments: [Vector], type: DataType?, count: Int) -> Vector {
        if type == .date {
            var result = arguments[0].dates
            for argument in arguments.dropFirst() {
                result = zipOperands(result, argument.dates, count: count) { a, b in
                    if a == Vector.nullDate || b == Vector.nullDate { return Vector.nullDate }
                    return smallest ? Swift.min(a, b) : Swift.max(a, b)
                }
            }
            return Vector(dates: result)
        }
        var result = arguments[0].numbers
        for argument in arguments.dropFirst() {
            result = zipOperands(result, argument.numbers, count: count) { a, b in
                if a.isNaN || b.isNaN { return .nan }
                return smallest ? Swift.min(a, b) : Swift.max(a, b)
            }
        }
        return Vector(numbers: result)
    }

    /// Any function through `ScalarFunctions`: once for constants, once per distinct value when one string
    /// column varies, else row by row.
    static func general(_ function: BuiltinFunction, _ arguments: [Vector], resultType: DataType?, context: EvaluationContext) -> Vector {
        let count = context.count
        let locale = context.locale
        let varying = arguments.indices.filter { !arguments[$0].isConstant }
        var values = arguments.map { $0.isConstant ? $0.value(at: 0) : Value.null }
        if varying.isEmpty {
            return .constant(ScalarFunctions.apply(function, values, locale: locale))
        }
        if varying.count == 1, case .string(let strings) = arguments[varying[0]] {
            let slot = varying[0]
            var results: [Value] = []
            results.reserveCapacity(strings.dictionary.count)
            for entry in strings.dictionary {
                values[slot] = .string(entry)
                results.append(ScalarFunctions.apply(function, values, locale: locale))
            }
            values[slot] = .null
            let nullResult = ScalarFunctions.apply(function, values, locale: locale)
            return expand(results, null: nullResult, codes: strings.codes, type: resultType, count: count)
        }
        var builder = VectorBuilder(type: resultType, capacity: count)
        for row in 0..<count {
            for slot in varying { values[slot] = arguments[slot].value(at: row) }
            builder.append(ScalarFunctions.apply(function, values, locale: locale))
        }
        return builder.finish()
    }

    /// Per-dictionary-entry results spread over the rows through the codes.
    private static func expand(_ results: [Value], null: Value, codes: [UInt32], type: DataType?, count: Int) -> Vector {
        switch type {
        case .number, nil:
            let table = results.map { $0.numberValue ?? .nan }
            return .number(ComparisonKernels.lookup(codes, table, null: null.numberValue ?? .nan, count: count))
        case .date:
            let table = results.map { $0.dateValue ?? Vector.nullDate }
            return .date(ComparisonKernels.lookup(codes, table, null: null.dateValue ?? Vector.nullDate, count: count))
        case .boolean:
            func flag(_ value: Value) -> UInt8 { value.booleanValue.map { $0 ? 1 : 0 } ?? Vector.nullBoolean }
            return .boolean(ComparisonKernels.lookup(codes, results.map(flag), null: flag(null), count: count))
        case .string:
            var interner = StringInterner()
            let table = results.map { $0.stringValue.map { interner.intern($0) } ?? StringVector.nullCode }
            let nullCode = null.stringValue.map { interner.intern($0) } ?? StringVector.nullCode
            return .string(StringVector(codes: ComparisonKernels.lookup(codes, table, null: nullCode, count: count), dictionary: interner.dictionary))
        }
    }

    /// `format(x, "pattern")`, formatting each distinct number or date once.
    static func format(_ value: Vector, type: DataType?, formatter: ValueFormatter, context: EvaluationContext) -> Vector {
        let locale = context.locale
        let count = context.count
        switch value {
        case .constant(.number(let x)):
            return .constant(formatter.format(number: x, locale: locale).map(Value.string) ?? .null)
        case .constant(.date(let d)):
            return .constant(formatter.format(date: d, locale: locale).map(Value.string) ?? .null)
        case .number(let values):
            var interner = StringInterner()
            var memo: [UInt64: UInt32] = [:]
            let codes: [UInt32] = makeArray(count) { index in
                let x = values[index]
                if x.isNaN { return StringVector.nullCode }
                if let code = memo[x.bitPattern] { return code }
                let code = formatter.format(number: x, locale: locale).map { interner.intern($0) } ?? StringVector.nullCode
                memo[x.bitPattern] = code
                return code
            }
            return .string(StringVector(codes: codes, dictionary: interner.dictionary))
        case .date(let values):
            var interner = StringInterner()
            var memo: [Int64: UInt32] = [:]
            let codes: [UInt32] = makeArray(count) { index in
                let d = values[index]
                if d == Vector.nullDate { return StringVector.nullCode }
                if let code = memo[d] { return code }
                let code = formatter.format(date: d, locale: locale).map { interner.intern($0) } ?? StringVector.nullCode
                memo[d] = code
                return code
            }
            return .string(StringVector(codes: codes, dictionary: interner.dictionary))
        default:
            return .constant(.null)
        }
    }
}
