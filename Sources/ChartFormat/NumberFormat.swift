/// A number format in the d3-format language (SPEC §7: `",.2f"`, `".0%"`, `"$,.0f"`, `"~s"`), written out in a
/// chart's locale: axis ticks, labels on marks, legends and tooltips all go through it.
///
/// The pattern is `[[fill]align][sign][$][0][width][,][.precision][~][type]`:
///
/// | part | meaning |
/// |---|---|
/// | fill, align | `<` left, `>` right (default), `^` centre, `=` pad between sign and digits; any fill character (default space) |
/// | sign | `-` minus only (default), `+` plus or minus, `(` parentheses around negatives, ` ` space or minus |
/// | `$` | the locale's currency prefix/suffix (`$1.50`, `1,50 €`) |
/// | `0` | pad with zeros after the sign (the same as fill `0` and align `=`) |
/// | width | minimum width in characters |
/// | `,` | group thousands with the locale's separator |
/// | `.precision` | digits after the point (`f`, `%`) or significant digits (`e` counts after the point; `g r s p`) |
/// | `~` | drop insignificant trailing zeros (`1.50k` → `1.5k`, `2.0` → `2`) |
/// | type | `f` fixed, `d` integer, `e` exponent, `%` percent, `p` percent to significant digits, `s` SI prefix (`1.5k`, `20µ`), `S` the locale's short scale (`2.8B`, `2,8 Mrd.`), `r` significant digits in decimal notation, `g` fixed or exponent, none: like `~g` with precision 12 |
///
/// Precision defaults to 6 (12 for no type) and is clamped like d3: 1...21 for `g r s S p`, 0...20 otherwise.
/// `S` (SPEC §19.14, not in d3) counts significant digits like `s` (`.2S` of 2,834,000,000 is `2.8B`, of 3e9
/// `3.0B`, `.2~S` `3B`), but scales by thousand, million, billion, trillion in the locale's words
/// (`ChartLocale.shortScale`) and never by a prefix below one: values under 1,000 carry no word, values under 1
/// are written in decimal notation (`0.25`). Without a precision `S` writes the shortest exact text (`2.834B`,
/// `600M`).
/// Values are rounded exactly, half away from zero (see `DecimalDigits`): `.2f` of 0.125 is `0.13`, of 1.005 is
/// `1.00`. Differences from d3, on purpose: negatives (also in exponents: `1e−7`) use a real minus sign U+2212
/// (SPEC §7; d3 ≥ 2 does too for the sign); infinity is `∞`; the types `b o x X c n` and the `#` flag are not
/// supported.
public struct NumberFormat: Sendable, Equatable {
    public enum Alignment: Character, Sendable, Equatable {
        case left = "<", right = ">", center = "^", afterSign = "="
    }

    public enum Sign: Character, Sendable, Equatable {
        case negativeOnly = "-", always = "+", parentheses = "(", space = " "
    }

    public enum Kind: String, Sendable, Equatable, CaseIterable {
        case fixed = "f", integer = "d", exponent = "e", percent = "%", percentSignificant = "p"
        case siPrefix = "s", shortScale = "S", significant = "r", general = "g", automatic = ""
    }

    public var fill: Character = " "
    public var alignment: Alignment = .right
    public var sign: Sign = .negativeOnly
    public var currency = false
    public var zeroPadding = false
    /// Minimum width in characters; 0 for none.
    public var width = 0
    public var grouping = false
    /// Nil: the type's default (6, or 12 for `.automatic`).
    public var precision: Int?
    public var trimZeros = false
    public var kind: Kind = .automatic

    public init(kind: Kind = .automatic, precision: Int? = nil, grouping: Bool = false, trimZeros: Bool = false) {
        self.kind = kind
        self.precision = precision
        self.grouping = grouping
        self.trimZeros = trimZeros
    }

    /// Years (numbers on a temporal channel): whole numbers with no thousands separator (`2012`, SPEC §7).
    public static let year = NumberFormat(kind: .integer)

    /// The pattern this format was (or could have been) parsed from, in canonical form.
    public var specifier: String {
        var text = ""
        if fill != " " || alignment != .right {
            if fill != " " { text.append(fill) }
            text.append(alignment.rawValue)
        }
        if sign != .negativeOnly { text.append(sign.rawValue) }
        if currency { text += "$" }
        if zeroPadding { text += "0" }
        if width > 0 { text += String(width) }
        if grouping { text += "," }
        if let precision { text += "." + String(precision) }
        if trimZeros { text += "~" }
        return text + kind.rawValue
    }

    // MARK: Formatting

    private static let minus = "\u{2212}"
    /// SI prefixes from yocto (10⁻²⁴) to yotta (10²⁴), three powers of ten apart.
    private static let siPrefixes = ["y", "z", "a", "f", "p", "n", "µ", "m", "", "k", "M", "G", "T", "P", "E", "Z", "Y"]

    /// `value` written in `locale`.
    public func format(_ value: Double, locale: ChartLocale) -> String {
        var negative = value < 0 || (value == 0 && value.sign == .minus)
        var effectiveKind = kind
        var trim = trimZeros
        var digitsPrecision: Int
        if kind == .automatic {
            effectiveKind = .general
            trim = true
            digitsPrecision = Self.clamp(precision ?? 12, significant: true)
        } else if kind == .shortScale && precision == nil {
            trim = true
            digitsPrecision = 12
        } else {
            digitsPrecision = Self.clamp(
                precision ?? 6, significant: [.general, .significant, .siPrefix, .shortScale, .percentSignificant].contains(kind))
        }

        // The number itself, ASCII digits with "." as the point; the SI prefix letter separately.
        var body: String
        var siSuffix = ""
        if value.isNaN {
            body = "NaN"
            negative = false
        } else if value.isInfinite {
            body = "∞"
        } else {
            let magnitude = value.magnitude
            switch effectiveKind {
            case .fixed:
                body = DecimalDigits(exactly: magnitude).fixedText(decimals: digitsPrecision)
            case .integer:
                body = DecimalDigits(exactly: magnitude).fixedText(decimals: 0)
            case .percent:
                body = DecimalDigits(exactly: magnitude * 100).fixedText(decimals: digitsPrecision)
            case .exponent:
                body = Self.exponentText(DecimalDigits(exactly: magnitude), significant: digitsPrecision + 1)
            case .general:
                body = Self.generalText(DecimalDigits(exactly: magnitude), significant: digitsPrecision)
            case .significant:
                body = Self.significantText(DecimalDigits(exactly: magnitude), significant: digitsPrecision)
            case .percentSignificant:
                body = Self.significantText(DecimalDigits(exactly: magnitude * 100), significant: digitsPrecision)
            case .siPrefix:
                (body, siSuffix) = Self.siText(DecimalDigits(exactly: magnitude), significant: digitsPrecision)
            case .shortScale:
                let (text, unit) = Self.shortScaleText(DecimalDigits(exactly: magnitude), significant: digitsPrecision)
                body = text
                siSuffix = unit > 0 ? locale.shortScale[unit - 1] : ""
            case .automatic:
                body = "" // replaced by .general above
            }
            if trim { body = Self.trimmingInsignificantZeros(body) }
            // A negative number that rounds to zero is written as plain zero (d3 does the same), unless an explicit
            // "+" sign asks for it.
            if negative && sign != .always && !body.contains(where: { $0 >= "1" && $0 <= "9" }) { negative = false }
        }

        let prefix: String
        switch (negative, sign) {
        case (true, .parentheses): prefix = "("
        case (true, _): prefix = Self.minus
        case (false, .always): prefix = "+"
        case (false, .space): prefix = " "
        default: prefix = ""
        }
        let currencyPrefix = currency ? locale.currencyPrefix : ""
        var suffix = siSuffix
        if kind == .percent || kind == .percentSignificant { suffix += "%" }
        if currency { suffix += locale.currencySuffix }
        if negative && sign == .parentheses { suffix += ")" }

        // Split the body into leading integer digits and the rest (fraction, exponent, "NaN"), so grouping and the
        // decimal mark apply to the right parts.
        let integerEnd = body.firstIndex { !($0 >= "0" && $0 <= "9") } ?? body.endIndex
        var integerDigits = String(body[..<integerEnd])
        var rest = String(body[integerEnd...])
        if rest.hasPrefix(".") { rest = locale.decimalSeparator + rest.dropFirst() }
        rest = Self.replacingExponentMinus(rest)

        let head = prefix + currencyPrefix
        let tail = rest + suffix
        let headCount = head.count
        let tailCount = tail.count
        if grouping && !zeroPadding {
            integerDigits = Self.group(integerDigits, separator: locale.groupingSeparator, limit: nil)
        }
        let length = headCount + integerDigits.count + tailCount
        if zeroPadding {
            let padCount = max(0, width - length)
            let padded = String(repeating: "0", count: padCount) + integerDigits
            if grouping {
                let limit = padCount > 0 ? width - headCount - tailCount : nil
                return head + Self.group(padded, separator: locale.groupingSeparator, limit: limit) + tail
            }
            return head + padded + tail
        }
        let padCount = max(0, width - length)
        if padCount == 0 { return head + integerDigits + tail }
        let padding = String(repeating: fill, count: padCount)
        switch alignment {
        case .left: return head + integerDigits + tail + padding
        case .right: return padding + head + integerDigits + tail
        case .afterSign: return head + padding + integerDigits + tail
        case .center:
            let left = padCount / 2
            return String(repeating: fill, count: left) + head + integerDigits + tail + String(repeating: fill, count: padCount - left)
        }
    }

    private static func clamp(_ precision: Int, significant: Bool) -> Int {
        significant ? min(max(precision, 1), 21) : min(max(precision, 0), 20)
    }

    /// `d.ddde+N` (JavaScript's `toExponential`), with `significant` digits in all.
    static func exponentText(_ value: DecimalDigits, significant: Int) -> String {
        let (digits, exponent) = value.significantParts(significant)
        var text = String(digits.prefix(1))
        if digits.count > 1 { text += "." + digits.dropFirst() }
        return text + (exponent < 0 ? "e-" : "e+") + String(exponent.magnitude)
    }

    /// JavaScript's `toPrecision`: decimal notation unless the exponent is below −6 or at least the precision.
    static func generalText(_ value: DecimalDigits, significant: Int) -> String {
        let exponent = value.rounded(significant: significant).exponent
        if exponent < -6 || exponent >= significant { return exponentText(value, significant: significant) }
        return value.fixedText(decimals: max(0, significant - 1 - exponent))
    }

    /// Decimal notation rounded to significant digits, never an exponent (d3's `r`): `.2r` of 1234 is `1200`.
    static func significantText(_ value: DecimalDigits, significant: Int) -> String {
        let (digits, exponent) = value.significantParts(significant)
        if exponent < 0 { return "0." + String(repeating: "0", count: -exponent - 1) + digits }
        if digits.count > exponent + 1 {
            let split = digits.index(digits.startIndex, offsetBy: exponent + 1)
            return String(digits[..<split]) + "." + digits[split...]
        }
        return digits + String(repeating: "0", count: exponent + 1 - digits.count)
    }

    /// Significant digits scaled by the nearest SI prefix at or below the value: 1500 → (`1.50000`, `k`).
    static func siText(_ value: DecimalDigits, significant: Int) -> (String, String) {
        let (digits, exponent) = value.significantParts(significant)
        let prefixExponent = max(-8, min(8, floorDivide(exponent, 3))) * 3
        let symbol = siPrefixes[8 + prefixExponent / 3]
        let integerCount = exponent - prefixExponent + 1
        if integerCount == digits.count { return (digits, symbol) }
        if integerCount > digits.count { return (digits + String(repeating: "0", count: integerCount - digits.count), symbol) }
        if integerCount > 0 {
            let split = digits.index(digits.startIndex, offsetBy: integerCount)
            return (String(digits[..<split]) + "." + digits[split...], symbol)
        }
        // Below the smallest prefix (under 0.1y): fixed digits after "0.".
        let tail = value.significantParts(max(1, significant + integerCount - 1)).digits
        return ("0." + String(repeating: "0", count: -integerCount) + tail, symbol)
    }

    /// Significant digits scaled by the largest short-scale unit at or below the value (0 none, 1 thousand,
    /// 2 million, 3 billion, 4 trillion; a value from 10¹⁵ stays in trillions): 2,834,000,000 to 2 digits →
    /// (`2.8`, 3). The unit is chosen after rounding, so 999,960,000 to 3 digits is (`1.00`, 3), not `1000M`.
    static func shortScaleText(_ value: DecimalDigits, significant: Int) -> (String, Int) {
        let (digits, exponent) = value.significantParts(significant)
        guard exponent >= 0 else { return (significantText(value, significant: significant), 0) }
        let unit = min(4, exponent / 3)
        let integerCount = exponent - 3 * unit + 1
        if integerCount >= digits.count { return (digits + String(repeating: "0", count: integerCount - digits.count), unit) }
        let split = digits.index(digits.startIndex, offsetBy: integerCount)
        return (String(digits[..<split]) + "." + digits[split...], unit)
    }

    private static func floorDivide(_ a: Int, _ b: Int) -> Int {
        let quotient = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient
    }

    /// Drops zeros at the end of the fraction, and the point when nothing is left after it: `1.500` → `1.5`,
    /// `2.000e+3` → `2e+3`.
    static func trimmingInsignificantZeros(_ text: String) -> String {
        guard let point = text.firstIndex(of: ".") else { return text }
        let numberEnd = text[point...].dropFirst().firstIndex { !($0 >= "0" && $0 <= "9") } ?? text.endIndex
        var number = text[..<numberEnd]
        while number.last == "0" { number.removeLast() }
        if number.last == "." { number.removeLast() }
        return String(number) + text[numberEnd...]
    }

    private static func replacingExponentMinus(_ text: String) -> String {
        guard let e = text.firstIndex(of: "e") else { return text }
        let after = text.index(after: e)
        guard after < text.endIndex, text[after] == "-" else { return text }
        return String(text[...e]) + minus + text[text.index(after: after)...]
    }

    /// Groups digits by thousands from the right. With a `limit` (zero padding), stops once the grouped text is
    /// `limit` characters long, cutting the last group short, so zero-padded numbers keep their width.
    static func group(_ digits: String, separator: String, limit: Int?) -> String {
        let characters = Array(digits)
        var groups: [String] = []
        var end = characters.count
        var length = 0
        while end > 0 {
            var size = 3
            if let limit, length + size + 1 > limit { size = max(1, limit - length) }
            let start = max(0, end - size)
            groups.append(String(characters[start..<end]))
            end = start
            length += size + 1
            if let limit, length > limit { break }
        }
        return groups.reversed().joined(separator: separator)
    }
}
