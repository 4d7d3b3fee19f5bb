/// Checks that bytes are well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing above
/// U+10FFFF), so text from a data file can become a `String` without silently turning bad bytes into U+FFFD.
/// Written out rather than using `String(validating:)`, which needs a newer macOS than the package supports.
enum UTF8Validation {
    static func isValid(_ base: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var index = 0
        while index < count {
            // ASCII fast path, eight bytes at a time.
            while index + 8 <= count,
                UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index += 8
            }
            guard index < count else { return true }
            let lead = base[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upper = 0x9F
            case 0xF0: length = 4; lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upper = 0x8F
            default: return false
            }
            guard index + length <= count else { return false }
            let second = base[index + 1]
            guard second >= lower && second <= upper else { return false }
            var offset = 2
            while offset < length {
                guard base[index + offset] & 0xC0 == 0x80 else { return false }
                offset += 1
            }
            index += length
        }
        return true
    }

    /// The bytes as a `String`, or nil when they are not valid UTF-8.
    static func string(_ base: UnsafePointer<UInt8>, _ count: Int) -> String? {
        guard isValid(base, count) else { return nil }
        return String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
    }

    static func string(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return "" }
            return string(base, buffer.count)
        }
    }
}
