/// Reads a plain decimal number straight from bytes, for CSV cells and JSON strings declared `"number"`.
///
/// Accepted (the numbers people write in data files, as DuckDB's and pandas' readers take them):
/// an optional `+` or `-`, digits with an optional `.` and fraction (`12`, `-0.5`, `.5`, `5.`), an optional
/// exponent (`1e3`, `2.5E-4`), and spaces or tabs around it (`" 42"` — common after a `, `).
/// Rejected, so that such a column stays text: `NaN`, `inf`, hex (`0x1F`), thousands separators (`1,000`),
/// underscores, a lone sign or dot, and values too large for a Double (`1e400`).
///
/// Results are correctly rounded: mantissas of up to 19 significant digits with a power of ten the Double can
/// hold exactly are computed directly (exact by Clinger's fast path); anything else goes to the standard
/// library's correctly rounded `Double(String)`.
public enum DecimalParser {
    /// The number in `bytes`, or nil when the bytes are not exactly one plain decimal number.
    @inlinable
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let base = bytes.baseAddress else { return nil }
        return parse(base, 0, bytes.count)
    }

    public static func parse(_ text: String) -> Double? {
        var copy = text
        return copy.withUTF8 { parse($0) }
    }

    /// The number in `base[start..<end]`, or nil.
    @inlinable
    public static func parse(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
        var lower = start
        var upper = end
        while lower < upper && (base[lower] == 0x20 || base[lower] == 0x09) { lower += 1 }
        while upper > lower && (base[upper - 1] == 0x20 || base[upper - 1] == 0x09) { upper -= 1 }
        guard lower < upper else { return nil }

        var index = lower
        var negative = false
        if base[index] == 0x2D {
            negative = true
            index += 1
        } else if base[index] == 0x2B {
            index += 1
        }

        var mantissa: UInt64 = 0
        var significantDigits = 0
        var anyDigit = false
        var exponent = 0
        var truncated = false

        // Integer part.
        while index < upper {
            let digit = base[index] &- 0x30
            guard digit < 10 else { break }
            anyDigit = true
            if significantDigits < 19 {
                if mantissa != 0 || digit != 0 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    significantDigits += 1
                }
            } else {
                exponent += 1
                if digit != 0 { truncated = true }
            }
            index += 1
        }
        // Fraction.
        if index < upper && base[index] == 0x2E {
            index += 1
            while index < upper {
                let digit = base[index] &- 0x30
                guard digit < 10 else { break }
                anyDigit = true
                if significantDigits < 19 {
                    if mantissa != 0 || digit != 0 {
                        mantissa = mantissa &* 10 &+ UInt64(digit)
                        significantDigits += 1
                    }
                    exponent -= 1
                } else if digit != 0 {
                    truncated = true
                }
                index += 1
            }
        }
        guard anyDigit else { return nil }
        // Exponent.
        if index < upper && (base[index] == 0x65 || base[index] == 0x45) {
            index += 1
            var exponentNegative = false
            if index < upper && (base[index] == 0x2D || base[index] == 0x2B) {
                exponentNegative = base[index] == 0x2D
                index += 1
            }
            var written = 0
            var anyExponentDigit = false
            while index < upper {
                let digit = base[index] &- 0x30
                guard digit < 10 else { break }
                anyExponentDigit = true
                if written < 100_000 { written = written * 10 + Int(digit) }
                index += 1
            }
            guard anyExponentDigit else { return nil }
            exponent += exponentNegative ? -written : written
        }
        guard index == upper else { return nil }

        if mantissa == 0 { return negative ? -0.0 : 0.0 }
        if !truncated && mantissa <= 9_007_199_254_740_992 && exponent >= -22 && exponent <= 22 {
            var value = Double(mantissa)
            if exponent < 0 {
                value /= powersOfTen[-exponent]
            } else {
                value *= powersOfTen[exponent]
            }
            return negative ? -value : value
        }
        return slowParse(base, lower, upper)
    }

    /// Exact powers of ten a Double holds without rounding.
    @usableFromInline
    static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22
    ]

    /// Long mantissas and large exponents: the standard library rounds correctly. The bytes were checked
    /// against the grammar above, so `Double(String)` sees nothing it would read differently.
    @usableFromInline
    static func slowParse(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
        let text = String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }
}
