import ChartDiagnostics

/// UTF-8 checking at the exact byte: JSON text must be UTF-8 (RFC 8259 §8.1), and a file saved as Latin-1 or
/// Windows-1252 is a common mistake worth naming precisely.
extension JSONParser {
    /// The offset after the well-formed UTF-8 sequence whose lead byte (≥ 0x80) is at `start`, or an
    /// `json-invalid-utf8` error that starts at that byte.
    func endOfUTF8Sequence(at start: Int) throws(DiagnosticError) -> Int {
        let lead = bytes[start]
        let length: Int
        var secondLow: UInt8 = 0x80
        var secondHigh: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF:
            length = 2
        case 0xE0:
            length = 3
            secondLow = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF:
            length = 3
        case 0xED:
            length = 3
            secondHigh = 0x9F
        case 0xF0:
            length = 4
            secondLow = 0x90
        case 0xF1...0xF3:
            length = 4
        case 0xF4:
            length = 4
            secondHigh = 0x8F
        case 0x80...0xBF:
            throw invalidUTF8(start..<(start + 1), "byte 0x\(Self.hex2(lead)) is a UTF-8 continuation byte with no lead byte before it")
        default:
            throw invalidUTF8(start..<(start + 1), "byte 0x\(Self.hex2(lead)) never appears in UTF-8 text")
        }
        for k in 1..<length {
            let position = start + k
            guard position < count else {
                throw invalidUTF8(start..<position, "the file ends in the middle of a \(length)-byte UTF-8 sequence")
            }
            let byte = bytes[position]
            let low = k == 1 ? secondLow : 0x80
            let high = k == 1 ? secondHigh : 0xBF
            if byte < low || byte > high {
                if k == 1 && byte >= 0x80 && byte <= 0xBF {
                    let reason: String
                    switch lead {
                    case 0xE0, 0xF0: reason = "an overlong encoding"
                    case 0xED: reason = "an encoded UTF-16 surrogate"
                    default: reason = "beyond U+10FFFF"
                    }
                    throw invalidUTF8(start..<(position + 1), "bytes 0x\(Self.hex2(lead)) 0x\(Self.hex2(byte)) are \(reason), which UTF-8 forbids")
                }
                throw invalidUTF8(
                    start..<position,
                    "byte 0x\(Self.hex2(lead)) starts a \(length)-byte UTF-8 sequence, but byte 0x\(Self.hex2(byte)) after it is not a continuation byte"
                )
            }
        }
        return start + length
    }

    private func invalidUTF8(_ range: Range<Int>, _ reason: String) -> DiagnosticError {
        failure(
            JSONDiagnostic.Kind.invalidUTF8,
            "invalid UTF-8: \(reason); the file must be saved as UTF-8 (it may be Latin-1 or Windows-1252)",
            range
        )
    }

    static func hex2(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }
}
