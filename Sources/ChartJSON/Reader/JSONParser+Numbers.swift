import ChartDiagnostics

/// Numbers per RFC 8259 §6: `-? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)?`, validated on the bytes and
/// converted without a round trip through text when that is exact (see `exactValue`), by the standard library
/// otherwise.
extension JSONParser {
    /// Powers of ten that a `Double` holds exactly.
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
        1e20, 1e21, 1e22
    ]

    mutating func parseNumber() throws(DiagnosticError) -> JSONValue {
        let start = index
        var i = start
        var negative = false
        if bytes[i] == ASCII.minus {
            negative = true
            i += 1
            guard i < count, ASCII.isDigit(bytes[i]) else { throw malformedNumber(start: start) }
        }
        // The digits as one integer (`significand`), counting the significant ones, and how many came after the
        // decimal point: 12.50 is 1250 × 10^-2.
        var significand: UInt64 = 0
        var significantDigits = 0
        var fractionDigits = 0
        if bytes[i] == ASCII.zero {
            i += 1
            if i < count && ASCII.isDigit(bytes[i]) { throw malformedNumber(start: start) }
        } else {
            while i < count && ASCII.isDigit(bytes[i]) {
                Self.accumulate(bytes[i], into: &significand, digits: &significantDigits)
                i += 1
            }
        }
        if i < count && bytes[i] == ASCII.dot {
            i += 1
            guard i < count, ASCII.isDigit(bytes[i]) else { throw malformedNumber(start: start) }
            while i < count && ASCII.isDigit(bytes[i]) {
                Self.accumulate(bytes[i], into: &significand, digits: &significantDigits)
                fractionDigits += 1
                i += 1
            }
        }
        var exponent = 0
        if i < count && (bytes[i] | 0x20) == UInt8(ascii: "e") {
            i += 1
            var exponentNegative = false
            if i < count && (bytes[i] == ASCII.plus || bytes[i] == ASCII.minus) {
                exponentNegative = bytes[i] == ASCII.minus
                i += 1
            }
            guard i < count, ASCII.isDigit(bytes[i]) else { throw malformedNumber(start: start) }
            while i < count && ASCII.isDigit(bytes[i]) {
                // Saturate: anything this large is out of range (or zero) whatever the digits.
                if exponent < 100_000 { exponent = exponent * 10 + Int(bytes[i] &- ASCII.zero) }
                i += 1
            }
            if exponentNegative { exponent = -exponent }
        }
        if i < count && ASCII.isWordByte(bytes[i]) {
            throw malformedNumber(start: start)
        }
        index = i
        let lexeme = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        let value: Double
        if let exact = Self.exactValue(significand, digits: significantDigits, exponent: exponent - fractionDigits) {
            value = negative ? -exact : exact
        } else {
            guard let parsed = Double(lexeme), parsed.isFinite else {
                throw failure(
                    JSONDiagnostic.Kind.numberOutOfRange,
                    "the number \(lexeme) is too large: numbers must fit a 64-bit float (at most about 1.8e308 in size)",
                    start..<i
                )
            }
            value = parsed
        }
        return JSONValue(kind: .number(value, lexeme: lexeme), span: span(start..<i))
    }

    /// Adds one decimal digit to the significand; leading zeros are not significant, and digits past 19 are
    /// only counted (the value then takes the slow path).
    @inline(__always)
    private static func accumulate(_ digit: UInt8, into significand: inout UInt64, digits: inout Int) {
        if digits == 0 && digit == ASCII.zero { return }
        digits += 1
        if digits <= 19 { significand = significand &* 10 &+ UInt64(digit &- ASCII.zero) }
    }

    /// `significand × 10^exponent` when it can be computed with one correctly rounded operation: the
    /// significand has at most 15 digits (so it is exact as a `Double`) and the power of ten is exact (|e| ≤ 22).
    /// One IEEE multiplication or division of exact operands rounds correctly, so this equals what `strtod` gives.
    @inline(__always)
    private static func exactValue(_ significand: UInt64, digits: Int, exponent: Int) -> Double? {
        if digits == 0 { return 0 }
        guard digits <= 15 else { return nil }
        if exponent == 0 { return Double(significand) }
        if exponent > 0 && exponent <= 22 { return Double(significand) * exactPowersOfTen[exponent] }
        if exponent < 0 && exponent >= -22 { return Double(significand) / exactPowersOfTen[-exponent] }
        return nil
    }

    /// The error for a number-like run of bytes starting at `start` that is not a JSON number, naming the rule
    /// it breaks. Also used for `+1` and `.5`, which cannot start a value at all.
    func malformedNumber(start: Int) -> DiagnosticError {
        var end = start
        while end < count && (ASCII.isWordByte(bytes[end])) { end += 1 }
        if end == start { end = start + 1 }
        let word = Array(bytes[start..<end])
        let text = String(decoding: word, as: UTF8.self)
        var body = word[...]
        var sign = ""
        if body.first == ASCII.minus {
            body = body.dropFirst()
            sign = "-"
        }
        let invalid = JSONDiagnostic.Kind.invalidNumber

        if let first = body.first, ASCII.isLetter(first) {
            // `-Infinity`, `-NaN`, `-foo`.
            let lowered = String(decoding: body, as: UTF8.self).lowercased()
            if lowered == "infinity" || lowered == "inf" || lowered == "nan" {
                return failure(JSONDiagnostic.Kind.invalidLiteral, "JSON has no '\(text)': write null, or a finite number", start..<end)
            }
            return failure(invalid, "'\(text)' is not a number: '-' must be followed by a digit", start..<end)
        }
        if body.isEmpty {
            return failure(invalid, "'-' must be followed by a digit", start..<(start + 1))
        }
        if body.first == ASCII.plus {
            let rest = String(decoding: body.dropFirst(), as: UTF8.self)
            return failure(
                invalid, "JSON numbers cannot start with '+': write '\(rest)'", start..<end,
                fixIt: FixIt(span: span(start..<(start + 1)), replacement: "")
            )
        }
        if body.first == ASCII.dot {
            let fixed = sign + "0" + String(decoding: body, as: UTF8.self)
            return failure(
                invalid, "a JSON number must have a digit before the decimal point: write '\(fixed)'", start..<end,
                fixIt: FixIt(span: span(start..<end), replacement: fixed)
            )
        }
        if body.count >= 2 && body[body.startIndex] == ASCII.zero && (body[body.startIndex + 1] | 0x20) == UInt8(ascii: "x") {
            return failure(invalid, "'\(text)' is hexadecimal, which JSON does not allow: write the number in decimal", start..<end)
        }
        if body.count >= 2 && body[body.startIndex] == ASCII.zero && ASCII.isDigit(body[body.startIndex + 1]) {
            var digits = body
            while digits.count > 1 && digits.first == ASCII.zero && digits.dropFirst().first.map(ASCII.isDigit) == true {
                digits = digits.dropFirst()
            }
            let fixed = sign + String(decoding: digits, as: UTF8.self)
            return failure(
                invalid,
                "leading zeros are not allowed in JSON numbers: write '\(fixed)' (or a string, \"\(text)\", if the zeros matter)",
                start..<end,
                fixIt: FixIt(span: span(start..<end), replacement: fixed)
            )
        }
        if let dot = body.firstIndex(of: ASCII.dot), dot + 1 == body.endIndex || !ASCII.isDigit(body[dot + 1]) {
            return failure(invalid, "'\(text)' is not a number: a decimal point must be followed by a digit", start..<end)
        }
        if let e = body.firstIndex(where: { ($0 | 0x20) == UInt8(ascii: "e") }),
            body[body.startIndex..<e].allSatisfy({ ASCII.isDigit($0) || $0 == ASCII.dot })
        {
            var afterE = body[(e + 1)...]
            if afterE.first == ASCII.plus || afterE.first == ASCII.minus { afterE = afterE.dropFirst() }
            if afterE.isEmpty || !afterE.allSatisfy(ASCII.isDigit) {
                return failure(invalid, "'\(text)' is not a number: an exponent needs digits after the 'e'", start..<end)
            }
        }
        return failure(invalid, "'\(text)' is not a valid JSON number", start..<end)
    }
}
