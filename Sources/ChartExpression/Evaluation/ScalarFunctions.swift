#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ChartData
import ChartFormat
import ChartValues

/// Every row function on single values: the definition of what each one means. Column kernels use these
/// directly for constants, once per dictionary entry for string columns, and row by row for rare
/// combinations; the fast numeric and date kernels share the `Math` closures so both paths agree.
enum ScalarFunctions {
    static func apply(_ function: BuiltinFunction, _ arguments: [Value], locale: ChartLocale) -> Value {
        switch function {
        case .isValid:
            return .boolean(!(arguments.first ?? .null).isNull)
        case .string:
            return text(of: arguments.first ?? .null).map(Value.string) ?? .null
        default:
            break
        }
        // Every other function is null when an argument is null.
        if arguments.contains(where: \.isNull) { return .null }
        switch function {
        case .abs, .floor, .ceil, .sqrt, .log, .log10, .exp:
            guard let x = arguments.first?.numberValue, let f = Math.unary(function) else { return .null }
            return number(f(x))
        case .round:
            guard let x = arguments.first?.numberValue else { return .null }
            if arguments.count == 2, let digits = arguments[1].numberValue { return number(Math.round(x, digits: digits)) }
            return number(Math.round(x))
        case .pow:
            guard arguments.count == 2, let x = arguments[0].numberValue, let y = arguments[1].numberValue else { return .null }
            return number(Math.pow(x, y))
        case .quantileT:
            guard arguments.count == 2, let p = arguments[0].numberValue, let df = arguments[1].numberValue else { return .null }
            return number(StudentT.quantile(p, degreesOfFreedom: df))
        case .quantileNormal:
            guard let p = arguments[0].numberValue else { return .null }
            return number(normalQuantile(p, arguments.count == 3 ? arguments[1].numberValue : 0, arguments.count == 3 ? arguments[2].numberValue : 1))
        case .bin:
            guard let x = arguments.first?.numberValue else { return .null }
            guard arguments.count == 2, let step = arguments[1].numberValue else { return number(x) }
            return number(Math.bin(x, step: step))
        case .min, .max:
            let pickSmaller = function == .min
            if let numbers = allNumbers(arguments) {
                guard var best = numbers.first else { return .null }
                for value in numbers.dropFirst() where pickSmaller ? value < best : value > best { best = value }
                return .number(best)
            }
            let dates = arguments.compactMap(\.dateValue)
            guard dates.count == arguments.count, var best = dates.first else { return .null }
            for value in dates.dropFirst() where pickSmaller ? value < best : value > best { best = value }
            return .date(best)
        case .lower:
            return stringArgument(arguments, 0).map { .string($0.lowercased()) } ?? .null
        case .upper:
            return stringArgument(arguments, 0).map { .string($0.uppercased()) } ?? .null
        case .trim:
            return stringArgument(arguments, 0).map { .string(trimmed($0)) } ?? .null
        case .length:
            return stringArgument(arguments, 0).map { .number(Double($0.count)) } ?? .null
        case .contains:
            guard let text = stringArgument(arguments, 0), let part = stringArgument(arguments, 1) else { return .null }
            return .boolean(ByteSearch.firstIndex(of: Array(part.utf8), in: Array(text.utf8)) != nil)
        case .startsWith:
            guard let text = stringArgument(arguments, 0), let part = stringArgument(arguments, 1) else { return .null }
            return .boolean(text.utf8.starts(with: part.utf8))
        case .endsWith:
            guard let text = stringArgument(arguments, 0), let part = stringArgument(arguments, 1) else { return .null }
            return .boolean(text.utf8.reversed().starts(with: part.utf8.reversed()))
        case .replace:
            guard let text = stringArgument(arguments, 0), let find = stringArgument(arguments, 1), let replacement = stringArgument(arguments, 2)
            else { return .null }
            return .string(ByteSearch.replacingAll(Array(find.utf8), with: Array(replacement.utf8), in: text))
        case .substring:
            guard let text = stringArgument(arguments, 0), let start = arguments[1].numberValue else { return .null }
            let end = arguments.count == 3 ? arguments[2].numberValue : nil
            if arguments.count == 3 && end == nil { return .null }
            return .string(TextPositions.substring(text, start: start, end: end))
        case .indexof:
            guard let text = stringArgument(arguments, 0), let part = stringArgument(arguments, 1) else { return .null }
            return .number(TextPositions.indexOf(part, in: text))
        case .number:
            switch arguments[0] {
            case .number(let x): return .number(x)
            case .string(let text): return TypeChecker.parseNumber(text).map(Value.number) ?? .null
            case .boolean(let flag): return .number(flag ? 1 : 0)
            case .date(let milliseconds): return .number(Double(milliseconds))
            case .null: return .null
            }
        case .date:
            return makeDate(arguments)
        case .year, .quarter, .month, .day, .weekday, .dayofyear, .hour, .minutes, .seconds, .milliseconds:
            guard case .date(let milliseconds) = arguments[0] else { return .null }
            let components = CivilDate.components(milliseconds)
            switch function {
            case .year: return .number(Double(components.year))
            case .quarter: return .number(Double((components.month - 1) / 3 + 1))
            case .month: return .string(locale.shortMonths[Int(components.month - 1)])
            case .day: return .number(Double(components.day))
            case .weekday: return .string(locale.shortWeekdays[Int(components.weekday)])
            case .dayofyear: return .number(Double(components.dayOfYear))
            case .minutes: return .number(Double(components.minute))
            case .seconds: return .number(Double(components.second))
            case .milliseconds: return .number(Double(components.millisecond))
            default: return .number(Double(components.hour))
            }
        case .format, .isValid, .string:
            return .null
        }
    }

    /// `quantile_normal(p, mean, stdev)`: NaN (null) outside 0 < p < 1 or for a standard deviation that is not
    /// positive.
    static func normalQuantile(_ p: Double, _ mean: Double?, _ stdev: Double?) -> Double {
        guard let mean, let stdev, stdev > 0, stdev.isFinite, mean.isFinite else { return .nan }
        return mean + stdev * NormalDistribution.quantile(p)
    }

    /// A finite number, or null.
    private static func number(_ value: Double) -> Value {
        value.isFinite ? .number(value) : .null
    }

    private static func allNumbers(_ arguments: [Value]) -> [Double]? {
        let numbers = arguments.compactMap(\.numberValue)
        return numbers.count == arguments.count ? numbers : nil
    }

    private static func stringArgument(_ arguments: [Value], _ index: Int) -> String? {
        index < arguments.count ? arguments[index].stringValue : nil
    }

    /// `string(x)`: numbers in their shortest exact form, dates as ISO 8601, booleans as `true`/`false`.
    static func text(of value: Value) -> String? { value.text }

    /// Without leading and trailing white space (any Unicode white space).
    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }

    /// `date(text)` (ISO 8601, or `YYYY/MM/DD`), `date(date)`, `date(year)`, `date(year, month)`,
    /// `date(year, month, day)`; null for anything that is not a real date.
    static func makeDate(_ arguments: [Value]) -> Value {
        if arguments.count == 1 {
            switch arguments[0] {
            case .date(let milliseconds): return .date(milliseconds)
            case .string(let text): return ISODate.parseLenient(text).map(Value.date) ?? .null
            case .number: break
            default: return .null
            }
        }
        var parts: [Int64] = []
        for argument in arguments {
            guard case .number(let x) = argument, Swift.abs(x) <= 1_000_000, let whole = Int64(exactly: x) else { return .null }
            parts.append(whole)
        }
        let year = parts[0]
        let month = parts.count > 1 ? parts[1] : 1
        let day = parts.count > 2 ? parts[2] : 1
        guard (1...12).contains(month), day >= 1, day <= CivilDate.daysInMonth(year: year, month: month) else { return .null }
        return .date(CivilDate.milliseconds(year: year, month: month, day: day))
    }
}

/// The numeric functions, as closures that return NaN (null) for results that are not finite numbers.
enum Math {
    static func unary(_ function: BuiltinFunction) -> ((Double) -> Double)? {
        switch function {
        case .abs: return { Swift.abs($0) }
        case .floor: return { $0.rounded(.down) }
        case .ceil: return { $0.rounded(.up) }
        case .round: return { round($0) }
        case .sqrt: return { $0 >= 0 ? $0.squareRoot() : .nan }
        case .log: return { $0 > 0 ? finite(Glibc_log($0)) : .nan }
        case .log10: return { $0 > 0 ? finite(Glibc_log10($0)) : .nan }
        case .exp: return { finite(Glibc_exp($0)) }
        default: return nil
        }
    }

    /// Half away from zero: `round(2.5)` is 3, `round(-2.5)` is -3.
    static func round(_ x: Double) -> Double {
        x.rounded(.toNearestOrAwayFromZero)
    }

    /// Rounded to `digits` decimals (negative: tens, hundreds, …).
    static func round(_ x: Double, digits: Double) -> Double {
        guard x.isFinite, digits.isFinite else { return .nan }
        let places = digits.rounded()
        if places > 15 { return x }
        if places < -308 { return 0 }
        let scale = Glibc_pow(10, Swift.abs(places))
        let result = places >= 0 ? (x * scale).rounded(.toNearestOrAwayFromZero) / scale : (x / scale).rounded(.toNearestOrAwayFromZero) * scale
        return finite(result)
    }

    static func bin(_ x: Double, step: Double) -> Double {
        finite(Binning.start(x, step: step))
    }

    static func pow(_ x: Double, _ y: Double) -> Double {
        finite(Glibc_pow(x, y))
    }

    @inline(__always)
    static func finite(_ x: Double) -> Double { x.isFinite ? x : .nan }
}

// The C library's functions under names that do not clash with ours.
@inline(__always) private func Glibc_log(_ x: Double) -> Double { log(x) }
@inline(__always) private func Glibc_log10(_ x: Double) -> Double { log10(x) }
@inline(__always) private func Glibc_exp(_ x: Double) -> Double { exp(x) }
@inline(__always) private func Glibc_pow(_ x: Double, _ y: Double) -> Double { pow(x, y) }

/// Substring search and replacement on UTF-8 bytes (exact, case-sensitive, no regular expressions).
enum ByteSearch {
    static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int = 0) -> Int? {
        if needle.isEmpty { return start <= haystack.count ? start : nil }
        guard haystack.count >= needle.count else { return nil }
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0] {
                var offset = 1
                while offset < needle.count && haystack[index + offset] == needle[offset] { offset += 1 }
                if offset == needle.count { return index }
            }
            index += 1
        }
        return nil
    }

    /// Every occurrence of `find` replaced, left to right without overlaps; an empty `find` changes nothing.
    static func replacingAll(_ find: [UInt8], with replacement: [UInt8], in text: String) -> String {
        let bytes = Array(text.utf8)
        guard !find.isEmpty else { return text }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var position = 0
        while let match = firstIndex(of: find, in: bytes, from: position) {
            result.append(contentsOf: bytes[position..<match])
            result.append(contentsOf: replacement)
            position = match + find.count
        }
        result.append(contentsOf: bytes[position...])
        return String(decoding: result, as: UTF8.self)
    }
}
