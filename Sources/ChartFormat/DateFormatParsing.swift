/// Reading dates back with a `DateFormat` (SPEC §3 `parse`: `{ "Date": "%b %d %Y" }` reads `Jan 1 2000`), as
/// strptime reads them: a space in the format matches any run of spaces and tabs (none included), numbers may
/// have fewer digits than they are written with (`1` for `%d`), names are matched in the chart's locale or in
/// English, ignoring ASCII case, and fields that are absent default to 1900-01-01 00:00:00.000 UTC. It works on
/// the cell's bytes and builds no strings, so a column of dates reads at about the speed of a column of numbers.
extension DateFormat {
    /// Why this format cannot read dates (a directive with nothing to read back: `%q`), pointing at its `%`;
    /// nil when every directive can be read.
    public var parsingProblem: FormatError? {
        let bytes = Array(pattern.utf8)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "%") else {
                index += 1
                continue
            }
            let percent = index
            index += 1
            if index < bytes.count, [UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "0")].contains(bytes[index]) { index += 1 }
            if index < bytes.count, bytes[index] == UInt8(ascii: "q") {
                return FormatError(
                    message: "'%q' (the quarter) cannot be read back into a date; read the year and month instead (%Y-%m)", offset: percent)
            }
            index += 1
        }
        return nil
    }

    /// The date `bytes` hold in this format, in milliseconds since 1970-01-01T00:00:00Z; nil when they do not
    /// match it or name a date that does not exist (`Feb 30`).
    public func parse(_ bytes: UnsafeBufferPointer<UInt8>, locale: ChartLocale) -> Int64? {
        readFields(bytes, locale: locale)?.milliseconds()
    }

    /// The fields `bytes` hold in this format, unchecked; nil when they do not match it.
    func readFields(_ bytes: UnsafeBufferPointer<UInt8>, locale: ChartLocale) -> DateFields? {
        var reader = DateTextReader(bytes: bytes)
        var fields = DateFields()
        for piece in pieces {
            switch piece {
            case .literal(let literal):
                for byte in literal.utf8 {
                    if byte == 0x20 || byte == 0x09 {
                        reader.skipSpaces()
                    } else if !reader.take(byte) {
                        return nil
                    }
                }
            case .directive(let directive, _):
                guard reader.read(directive, into: &fields, locale: locale) else { return nil }
            }
        }
        reader.skipSpaces()
        guard reader.atEnd else { return nil }
        return fields
    }

    /// `parse` over the UTF-8 of a string (tests, JSON values).
    public func parse(_ text: String, locale: ChartLocale) -> Int64? {
        var text = text
        return text.withUTF8 { parse($0, locale: locale) }
    }
}

/// The parts of a date read so far; `milliseconds()` checks them and puts them together.
struct DateFields {
    var year: Int64 = 1900
    var month: Int64?
    var day: Int64?
    var dayOfYear: Int64?
    var hour: Int64 = 0
    var pm: Bool?
    var minute: Int64 = 0
    var second: Int64 = 0
    var millisecond: Int64 = 0

    func milliseconds() -> Int64? {
        var hour = hour
        if let pm {
            guard hour >= 1 && hour <= 12 else { return nil }
            hour = hour % 12 + (pm ? 12 : 0)
        }
        guard hour <= 23, minute <= 59, second <= 59 else { return nil }
        let days: Int64
        if month == nil && day == nil, let dayOfYear {
            guard dayOfYear >= 1 && dayOfYear <= (CivilDate.isLeapYear(year) ? 366 : 365) else { return nil }
            days = CivilDate.days(year: year, month: 1, day: 1) + dayOfYear - 1
        } else {
            let month = month ?? 1, day = day ?? 1
            guard month >= 1 && month <= 12, day >= 1 && day <= CivilDate.daysInMonth(year: year, month: month) else { return nil }
            days = CivilDate.days(year: year, month: month, day: day)
        }
        return days * CivilDate.millisecondsPerDay + ((hour * 60 + minute) * 60 + second) * 1000 + millisecond
    }
}

/// A cursor over a cell's bytes for `DateFormat.parse`.
struct DateTextReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    var atEnd: Bool { index >= bytes.count }

    mutating func skipSpaces() {
        while index < bytes.count && (bytes[index] == 0x20 || bytes[index] == 0x09) { index += 1 }
    }

    /// Consumes `byte` (ASCII letters in either case) if it is next.
    mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, Self.folded(bytes[index]) == Self.folded(byte) else { return false }
        index += 1
        return true
    }

    @inline(__always)
    static func folded(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// Up to `maximum` digits (at least one), after optional spaces, as strptime reads numbers.
    mutating func number(maximum: Int) -> Int64? {
        skipSpaces()
        var value: Int64 = 0
        var digits = 0
        while digits < maximum && index < bytes.count && bytes[index] >= 0x30 && bytes[index] <= 0x39 {
            value = value * 10 + Int64(bytes[index] - 0x30)
            index += 1
            digits += 1
        }
        return digits > 0 ? value : nil
    }

    /// The index in `lists` (each twelve months or seven weekdays) of the longest name that comes next.
    mutating func name(_ lists: [[String]]) -> Int64? {
        skipSpaces()
        var best: (index: Int, length: Int)?
        for list in lists {
            for (position, name) in list.enumerated() {
                let length = name.utf8.count
                guard length > (best?.length ?? 0), index + length <= bytes.count else { continue }
                var matches = true
                var offset = index
                for byte in name.utf8 {
                    if Self.folded(bytes[offset]) != Self.folded(byte) {
                        matches = false
                        break
                    }
                    offset += 1
                }
                if matches { best = (position, length) }
            }
        }
        guard let best else { return nil }
        index += best.length
        return Int64(best.index)
    }

    mutating func read(_ directive: DateFormat.Directive, into fields: inout DateFields, locale: ChartLocale) -> Bool {
        switch directive {
        case .year:
            skipSpaces()
            let negative = take(UInt8(ascii: "-"))
            guard let year = number(maximum: 4) else { return false }
            fields.year = negative ? -year : year
        case .shortYear:
            // POSIX: 69–99 are 1969–1999, 00–68 are 2000–2068.
            guard let year = number(maximum: 2) else { return false }
            fields.year = year < 69 ? 2000 + year : 1900 + year
        case .month:
            guard let month = number(maximum: 2) else { return false }
            fields.month = month
        case .day, .spacePaddedDay:
            guard let day = number(maximum: 2) else { return false }
            fields.day = day
        case .shortMonthName, .monthName:
            guard let month = name([locale.months, locale.shortMonths, ChartLocale.enUS.months, ChartLocale.enUS.shortMonths]) else { return false }
            fields.month = month + 1
        case .shortWeekdayName, .weekdayName:
            // Read and checked as a name; the date comes from the other fields (as strptime does).
            guard name([locale.weekdays, locale.shortWeekdays, ChartLocale.enUS.weekdays, ChartLocale.enUS.shortWeekdays]) != nil else {
                return false
            }
        case .hour24, .hour12:
            guard let hour = number(maximum: 2) else { return false }
            fields.hour = hour
        case .amPm:
            skipSpaces()
            if take(UInt8(ascii: "a")) {
                fields.pm = false
            } else if take(UInt8(ascii: "p")) {
                fields.pm = true
            } else {
                return false
            }
            guard take(UInt8(ascii: "m")) else { return false }
        case .minute:
            guard let minute = number(maximum: 2) else { return false }
            fields.minute = minute
        case .second:
            guard let second = number(maximum: 2) else { return false }
            fields.second = second
        case .millisecond:
            guard let millisecond = number(maximum: 3) else { return false }
            fields.millisecond = millisecond
        case .dayOfYear:
            guard let day = number(maximum: 3) else { return false }
            fields.dayOfYear = day
        case .mondayWeekday, .sundayWeekday:
            guard let weekday = number(maximum: 1), weekday <= 7 else { return false }
        case .quarter:
            return false
        case .percent:
            return take(UInt8(ascii: "%"))
        }
        return true
    }
}
