#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Numbers as plain text for data output (SPEC §9): the shortest text that reads back as the same Double,
/// with no `.0` on whole numbers (`2012`, not `2012.0`) and no exponent for ordinary magnitudes.
public enum NumberText {
    public static func shortest(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        if value == 0 { return "0" }
        if value == value.rounded(), abs(value) < 1e21 {
            if abs(value) < 9.007_199_254_740_992e15, let whole = Int64(exactly: value) { return String(whole) }
        }
        // Swift's description is the shortest round-tripping form; expand its exponent notation for the
        // magnitudes people read as plain decimals.
        let text = value.description
        guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) else {
            return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
        }
        guard let exponent = Int(text[text.index(after: e)...]), exponent >= -7, exponent < 21 else { return text }
        var mantissa = String(text[..<e])
        let negative = mantissa.hasPrefix("-")
        if negative { mantissa.removeFirst() }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        let integerPart = String(parts[0])
        let fractionPart = parts.count > 1 ? String(parts[1]) : ""
        var digits = integerPart + fractionPart
        if digits.hasSuffix("0") && fractionPart == "0" { digits.removeLast() }
        let pointPosition = integerPart.count + exponent
        var result: String
        if pointPosition <= 0 {
            result = "0." + String(repeating: "0", count: -pointPosition) + digits
        } else if pointPosition >= digits.count {
            result = digits + String(repeating: "0", count: pointPosition - digits.count)
        } else {
            let index = digits.index(digits.startIndex, offsetBy: pointPosition)
            result = String(digits[..<index]) + "." + String(digits[index...])
        }
        return negative ? "-" + result : result
    }
}
