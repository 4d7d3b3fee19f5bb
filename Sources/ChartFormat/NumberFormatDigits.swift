/// The exact decimal expansion of a finite, non-negative `Double`, and rounding of it.
///
/// Every double is a whole number times a power of two, so it has a finite decimal expansion (0.1 is really
/// 0.1000000000000000055511151231257827…). Number formats round that exact value, half away from zero — the
/// same as JavaScript's `toFixed`/`toPrecision`/`toExponential`, which d3-format uses — so `0.125` with two
/// decimals is `0.13` (0.125 is exact, a true tie, rounded up), while `1.005` is `1.00` (it is really
/// 1.00499999999999989…). Rounding the shortest round-trip text instead would give different, wrong answers.
struct DecimalDigits: Equatable {
    /// Digits 0...9, most significant first, without leading or trailing zeros; empty for zero.
    var digits: [UInt8]
    /// Where the decimal point sits: the value is `0.d₁d₂d₃… × 10^pointPosition`.
    var pointPosition: Int

    static let zero = DecimalDigits(digits: [], pointPosition: 0)

    var isZero: Bool { digits.isEmpty }

    init(digits: [UInt8], pointPosition: Int) {
        self.digits = digits
        self.pointPosition = pointPosition
    }

    /// The exact digits of `value`. Negative values are taken as their magnitude; NaN and infinities give zero
    /// (callers handle them before).
    init(exactly value: Double) {
        let magnitude = value.magnitude
        guard magnitude.isFinite, magnitude > 0 else {
            self = .zero
            return
        }
        let significand = magnitude.significandBitPattern | (magnitude.isNormal ? UInt64(1) << 52 : 0)
        let binaryExponent = magnitude.isNormal ? Int(magnitude.exponent) - 52 : -1074
        var number = LargeUnsigned(significand)
        if binaryExponent >= 0 {
            number.multiply(byPowerOf: 2, exponent: binaryExponent)
            let text = number.decimalDigits()
            self.init(digits: text, pointPosition: text.count)
        } else {
            // m × 2^-k = m × 5^k / 10^k.
            number.multiply(byPowerOf: 5, exponent: -binaryExponent)
            let text = number.decimalDigits()
            self.init(digits: text, pointPosition: text.count + binaryExponent)
        }
        stripTrailingZeros()
    }

    private mutating func stripTrailingZeros() {
        while digits.last == 0 { digits.removeLast() }
        if digits.isEmpty { pointPosition = 0 }
    }

    /// The digit at `index` (0 = most significant); zero outside the stored digits.
    func digit(_ index: Int) -> UInt8 {
        index >= 0 && index < digits.count ? digits[index] : 0
    }

    /// Keeps the first `count` digits (which may be zero or negative: nothing kept), rounding half away from zero
    /// on the exact value.
    func rounded(keeping count: Int) -> DecimalDigits {
        if count >= digits.count { return self }
        if count < 0 { return .zero }
        var kept = Array(digits[0..<count])
        var position = pointPosition
        if digits[count] >= 5 {
            var index = kept.count - 1
            while index >= 0 && kept[index] == 9 {
                kept[index] = 0
                index -= 1
            }
            if index >= 0 {
                kept[index] += 1
            } else {
                kept.insert(1, at: 0)
                position += 1
            }
        }
        var result = DecimalDigits(digits: kept, pointPosition: position)
        result.stripTrailingZeros()
        return result
    }

    /// Rounded to `decimals` places after the point.
    func rounded(decimals: Int) -> DecimalDigits {
        rounded(keeping: pointPosition + decimals)
    }

    /// Rounded to `significant` digits.
    func rounded(significant: Int) -> DecimalDigits {
        isZero ? self : rounded(keeping: significant)
    }

    /// The power of ten of the leading digit (scientific notation exponent); 0 for zero.
    var exponent: Int { isZero ? 0 : pointPosition - 1 }

    // MARK: Text, with "." as the decimal point (formats swap in the locale's mark later)

    /// Fixed notation with exactly `decimals` places: JavaScript's `toFixed`.
    func fixedText(decimals: Int) -> String {
        let value = rounded(decimals: decimals)
        var text = ""
        if value.pointPosition <= 0 {
            text = "0"
        } else {
            text.reserveCapacity(value.pointPosition + decimals + 1)
            for index in 0..<value.pointPosition { text.append(Self.character(value.digit(index))) }
        }
        if decimals > 0 {
            text.append(".")
            for place in 0..<decimals { text.append(Self.character(value.digit(value.pointPosition + place))) }
        }
        return text
    }

    /// `significant` digits (padded with zeros) and the exponent of the first: the parts of `toExponential`.
    func significantParts(_ significant: Int) -> (digits: String, exponent: Int) {
        let value = rounded(significant: significant)
        var text = ""
        for index in 0..<significant { text.append(Self.character(value.digit(index))) }
        return (text, value.exponent)
    }

    static func character(_ digit: UInt8) -> Character {
        Character(Unicode.Scalar(0x30 + digit))
    }
}

/// An unsigned integer of any size, in base-10⁹ limbs (least significant first): just enough arithmetic to
/// expand a double's significand times a power of two or five into decimal digits.
struct LargeUnsigned {
    private static let base: UInt64 = 1_000_000_000
    private var limbs: [UInt64]

    init(_ value: UInt64) {
        limbs = []
        var rest = value
        repeat {
            limbs.append(rest % Self.base)
            rest /= Self.base
        } while rest > 0
    }

    /// Multiplies by `factor` (at most 2³²), so no intermediate product overflows 64 bits.
    mutating func multiply(by factor: UInt64) {
        var carry: UInt64 = 0
        for index in limbs.indices {
            let product = limbs[index] * factor + carry
            limbs[index] = product % Self.base
            carry = product / Self.base
        }
        while carry > 0 {
            limbs.append(carry % Self.base)
            carry /= Self.base
        }
    }

    /// Multiplies by `base` to the power `exponent`, for base 2 or 5, in large steps.
    mutating func multiply(byPowerOf base: UInt64, exponent: Int) {
        let (stepFactor, stepExponent): (UInt64, Int) = base == 2 ? (1 << 31, 31) : (1_220_703_125, 13) // 5¹³
        var remaining = exponent
        while remaining >= stepExponent {
            multiply(by: stepFactor)
            remaining -= stepExponent
        }
        var last: UInt64 = 1
        for _ in 0..<max(0, remaining) { last *= base }
        if last > 1 { multiply(by: last) }
    }

    /// Decimal digits, most significant first, without leading zeros ([0] for zero).
    func decimalDigits() -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(limbs.count * 9)
        for (position, limb) in limbs.enumerated().reversed() {
            var chunk = [UInt8](repeating: 0, count: 9)
            var rest = limb
            for index in stride(from: 8, through: 0, by: -1) {
                chunk[index] = UInt8(rest % 10)
                rest /= 10
            }
            if position == limbs.count - 1 {
                let firstNonZero = chunk.firstIndex { $0 != 0 } ?? 8
                result.append(contentsOf: chunk[firstNonZero...])
            } else {
                result.append(contentsOf: chunk)
            }
        }
        return result
    }
}
