/// Reading and writing ISO 8601 timestamps (SPEC §3, §9).
public enum ISODate {
    /// Parses `YYYY-MM-DD`, optionally followed by `T` or a space and `HH:MM`, `HH:MM:SS` or `HH:MM:SS.fff…`,
    /// optionally followed by `Z` or an offset `±HH:MM` / `±HHMM`. A timestamp without an offset is UTC.
    /// Returns milliseconds since the epoch, or nil if the text is not exactly such a timestamp or names an
    /// impossible date (February 30th).
    public static func parse<C: Collection>(_ bytes: C) -> Int64? where C.Element == UInt8 {
        if let result = bytes.withContiguousStorageIfAvailable({ parse(buffer: $0) }) { return result }
        return Array(bytes).withUnsafeBufferPointer { parse(buffer: $0) }
    }

    /// `parse` over bytes in place, without copying them (the CSV reader's hot path).
    public static func parse(buffer: UnsafeBufferPointer<UInt8>) -> Int64? {
        var cursor = Cursor(bytes: buffer)
        return cursor.parseTimestamp(allowSlashes: false)
    }

    /// `parseLenient` over bytes in place.
    public static func parseLenient(buffer: UnsafeBufferPointer<UInt8>) -> Int64? {
        var cursor = Cursor(bytes: buffer)
        return cursor.parseTimestamp(allowSlashes: true)
    }

    public static func parse(_ text: String) -> Int64? {
        var copy = text
        return copy.withUTF8 { parse($0) }
    }

    /// Like `parse`, but also accepts the common `YYYY/MM/DD` spelling (used when a field is declared
    /// `"date"` in `parse`, where the user has told us it is a date).
    public static func parseLenient(_ text: String) -> Int64? {
        Array(text.utf8).withUnsafeBufferPointer { parseLenient(buffer: $0) }
    }

    /// `2012-01-17` for midnight UTC, else `2012-01-17T08:30:00Z` (with `.sss` only when there are milliseconds).
    public static func format(_ milliseconds: Int64) -> String {
        let c = CivilDate.components(milliseconds)
        var out = yearText(c.year) + "-" + pad2(c.month) + "-" + pad2(c.day)
        if c.hour != 0 || c.minute != 0 || c.second != 0 || c.millisecond != 0 {
            out += "T" + pad2(c.hour) + ":" + pad2(c.minute) + ":" + pad2(c.second)
            if c.millisecond != 0 {
                let ms = String(c.millisecond)
                out += "." + String(repeating: "0", count: 3 - ms.count) + ms
            }
            out += "Z"
        }
        return out
    }

    private static func pad2(_ value: Int64) -> String {
        value < 10 ? "0" + String(value) : String(value)
    }

    private static func yearText(_ year: Int64) -> String {
        if year >= 0 && year <= 9999 {
            let text = String(year)
            return String(repeating: "0", count: 4 - text.count) + text
        }
        return year < 0 ? "-" + String(-year) : "+" + String(year)
    }

    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func digits(_ count: Int) -> Int64? {
            guard index + count <= bytes.count else { return nil }
            var value: Int64 = 0
            for offset in 0..<count {
                let byte = bytes[index + offset]
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            index += count
            return value
        }

        mutating func take(_ byte: UInt8) -> Bool {
            if index < bytes.count && bytes[index] == byte {
                index += 1
                return true
            }
            return false
        }

        mutating func parseTimestamp(allowSlashes: Bool) -> Int64? {
            guard let year = digits(4) else { return nil }
            let separator: UInt8
            if take(0x2D) {
                separator = 0x2D
            } else if allowSlashes && take(0x2F) {
                separator = 0x2F
            } else {
                return nil
            }
            guard let month = digits(2), take(separator), let day = digits(2) else { return nil }
            guard month >= 1 && month <= 12 && day >= 1 && day <= CivilDate.daysInMonth(year: year, month: month) else { return nil }
            var milliseconds = CivilDate.days(year: year, month: month, day: day) * CivilDate.millisecondsPerDay
            if index == bytes.count { return milliseconds }
            guard take(0x54) || take(0x74) || take(0x20) else { return nil }
            guard let hour = digits(2), take(0x3A), let minute = digits(2), hour <= 23, minute <= 59 else { return nil }
            var second: Int64 = 0
            var fraction: Int64 = 0
            if take(0x3A) {
                guard let s = digits(2), s <= 59 else { return nil }
                second = s
                if take(0x2E) || take(0x2C) {
                    var scale: Int64 = 100
                    var any = false
                    while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                        fraction += Int64(bytes[index] - 0x30) * scale
                        scale /= 10
                        index += 1
                        any = true
                    }
                    guard any else { return nil }
                }
            }
            milliseconds += hour * 3_600_000 + minute * 60_000 + second * 1000 + fraction
            if index == bytes.count { return milliseconds }
            if take(0x5A) || take(0x7A) { return index == bytes.count ? milliseconds : nil }
            let sign: Int64
            if take(0x2B) { sign = 1 } else if take(0x2D) { sign = -1 } else { return nil }
            guard let offsetHour = digits(2), offsetHour <= 23 else { return nil }
            _ = take(0x3A)
            guard let offsetMinute = digits(2), offsetMinute <= 59, index == bytes.count else { return nil }
            return milliseconds - sign * (offsetHour * 3_600_000 + offsetMinute * 60_000)
        }
    }
}
