#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A bin step (SPEC §13, §19.6) with its decimal worked out once: the one definition of an interval's start and
/// end, computed in decimal. x and the step are read as the decimals of 15 significant digits they print as
/// (`0.6`, not 0.59999999999999997…), the start is ⌊x / step⌋ × step exactly, and the result is the double nearest
/// that decimal: `bin(0.6, 0.2)` is 0.6, `bin(5.8, 0.1)` is 5.8, and a value on an edge falls in the interval
/// that starts there. PostgreSQL's `float8::numeric` reads a double the same way (15 digits), so the SQL of a
/// bin (`SQLTranslation.binStart`) gives the same bits. Most values take a fast path: whole numbers by integer
/// arithmetic, values away from an edge by the double quotient (which then has the decimal's floor).
public struct DecimalBinStep: Sendable {
    public let value: Double
    let decimal: Decimal15?
    /// The step when it is a whole number of at most 15 digits.
    let whole: Int64?

    public init(_ value: Double) {
        self.value = value
        decimal = value > 0 ? Decimal15(value) : nil
        whole = value >= 1 && value < 1e15 ? Int64(exactly: value) : nil
    }

    /// The start of the interval that holds x.
    public func start(_ x: Double) -> Double {
        let width = value
        guard x.isFinite, width > 0, width.isFinite else { return (x / width).rounded(.down) * width }
        if let whole, abs(x) < 1e15, let xi = Int64(exactly: x) {
            let k = xi >= 0 ? xi / whole : -((-xi + whole - 1) / whole)
            return Double(k * whole)
        }
        let quotient = x / width
        let floor = quotient.rounded(.down)
        // x and the step differ from their decimals by ~1e-15 relative, so their quotients by ~1e-14.
        let margin = 1e-9 * Swift.max(1, abs(quotient))
        if let decimal, quotient - floor > margin, quotient - floor < 1 - margin, abs(floor) < 9e15, let k = Int64(exactly: floor) {
            return decimal.times(k)
        }
        guard let decimal, let xd = Decimal15(x) else { return floor * width }
        if let k = decimal.floorQuotient(of: xd) { return decimal.times(k) }
        return decimal.start(ofFar: xd) ?? floor * width
    }

    /// The start of interval number k (k × step, the double nearest the decimal).
    public func edge(_ k: Int64) -> Double {
        decimal?.times(k) ?? Double(k) * value
    }

    /// The end of the interval that starts at `start` (the next interval's start, so neighbours share an edge).
    public func end(ofStart start: Double) -> Double {
        let width = value
        guard start.isFinite, width > 0, width.isFinite else { return start + width }
        if let whole, abs(start) < 1e15, let si = Int64(exactly: start) { return Double(si + whole) }
        let k = (start / width).rounded()
        guard let decimal, abs(k) < 9e15, let index = Int64(exactly: k) else { return start + width }
        return decimal.times(index + 1)
    }
}

/// A double as the decimal of 15 significant digits it prints as (`%.14e`, the digits PostgreSQL's
/// `float8::numeric` keeps): mantissa × 10^exponent, |mantissa| < 10^15.
public struct Decimal15: Sendable, Equatable {
    public var mantissa: Int64
    public var exponent: Int

    public init(mantissa: Int64, exponent: Int) {
        self.mantissa = mantissa
        self.exponent = exponent
    }

    public init?(_ x: Double) {
        guard x.isFinite else { return nil }
        if x == 0 {
            self.init(mantissa: 0, exponent: 0)
            return
        }
        var buffer = [CChar](repeating: 0, count: 40)
        let written = buffer.withUnsafeMutableBufferPointer { pointer in
            withVaList([x]) { vsnprintf(pointer.baseAddress, 40, "%.14e", $0) }
        }
        guard written > 0, written < 40 else { return nil }
        var mantissa: Int64 = 0
        var negative = false
        var exponent = 0
        var exponentNegative = false
        var inExponent = false
        for byte in buffer.prefix(Int(written)).map({ UInt8(bitPattern: $0) }) {
            switch byte {
            case UInt8(ascii: "-"):
                if inExponent { exponentNegative = true } else { negative = true }
            case UInt8(ascii: "e"): inExponent = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let digit = Int64(byte - UInt8(ascii: "0"))
                if inExponent { exponent = exponent * 10 + Int(digit) } else { mantissa = mantissa * 10 + digit }
            default: break
            }
        }
        self.init(mantissa: negative ? -mantissa : mantissa, exponent: (exponentNegative ? -exponent : exponent) - 14)
    }

    static func power(_ n: Int) -> Int128 {
        var result: Int128 = 1
        for _ in 0..<n { result *= 10 }
        return result
    }

    /// ⌊x / self⌋ exactly (self > 0), or nil when it lies beyond what 128 bits hold.
    public func floorQuotient(of x: Decimal15) -> Int64? {
        if x.mantissa == 0 { return 0 }
        let shift = x.exponent - exponent
        let numerator: Int128, denominator: Int128
        if shift >= 0 {
            guard shift <= 22 else { return nil }
            numerator = Int128(x.mantissa) * Self.power(shift)
            denominator = Int128(mantissa)
        } else {
            // |x| < 10^15 ≤ the step's digits × 10^23: the quotient is 0 or −1.
            guard -shift <= 22 else { return x.mantissa > 0 ? 0 : -1 }
            numerator = Int128(x.mantissa)
            denominator = Int128(mantissa) * Self.power(-shift)
        }
        var quotient = numerator / denominator
        if numerator % denominator != 0 && numerator < 0 { quotient -= 1 }
        return Int64(exactly: quotient)
    }

    /// ⌊x / self⌋ × self for an x whose last digit lies more than 22 places above the step's (1.7e308 in steps
    /// of 0.1): x - (x mod self) in decimal digits, the remainder by modular arithmetic (so nothing overflows),
    /// read back as the nearest double. Nil when x is not that far above the step.
    func start(ofFar x: Decimal15) -> Double? {
        let shift = x.exponent - exponent
        guard shift > 22, mantissa > 0 else { return nil }
        let step = Int128(mantissa)
        let magnitude = Int128(x.mantissa.magnitude)
        // (|x digits| × 10^shift) mod step, by repeated squaring of 10 modulo the step.
        var power: Int128 = 1, base: Int128 = 10 % step, exponentLeft = shift
        while exponentLeft > 0 {
            if exponentLeft & 1 == 1 { power = power * base % step }
            base = base * base % step
            exponentLeft >>= 1
        }
        let remainder = magnitude % step * power % step
        // Digits of |x| in units of the step's last place, then minus the remainder (x ≥ 0) or plus what is
        // left to the next edge (x < 0, off an edge): a change in the last 16 digits only.
        var digits = Array(String(magnitude).utf8).map { $0 - UInt8(ascii: "0") } + [UInt8](repeating: 0, count: shift)
        let adjustment = x.mantissa >= 0 ? -remainder : (remainder == 0 ? 0 : step - remainder)
        var carry = adjustment
        var index = digits.count - 1
        while carry != 0 && index >= 0 {
            var digit = Int128(digits[index]) + carry % 10
            carry /= 10
            if digit < 0 {
                digit += 10
                carry -= 1
            } else if digit > 9 {
                digit -= 10
                carry += 1
            }
            digits[index] = UInt8(truncatingIfNeeded: digit)
            index -= 1
        }
        guard carry == 0 else { return nil }
        let text = (x.mantissa < 0 ? "-" : "") + String(decoding: digits.map { $0 + UInt8(ascii: "0") }, as: UTF8.self) + "e\(exponent)"
        return Double(text)
    }

    /// The double nearest k × self.
    public func times(_ k: Int64) -> Double {
        let product = Int128(k) * Int128(mantissa)
        if product.magnitude < (1 << 53), abs(exponent) <= 22 {
            // Both exact: one correctly rounded multiplication or division.
            let whole = Double(Int64(product))
            let scale = Double(Self.power(abs(exponent)))
            return exponent >= 0 ? whole * scale : whole / scale
        }
        return Double("\(product)e\(exponent)") ?? Double(k) * Double(mantissa) * pow(10, Double(exponent))
    }
}
