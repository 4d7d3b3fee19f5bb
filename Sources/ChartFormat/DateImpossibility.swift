/// Why a date written in a recognizable shape does not exist (SPEC §19.10): `2008-02-30` is read as year, month
/// and day, and the answer says "February has no 30th (2008-02-30)" rather than that the text is not ISO 8601.
/// The ISO cells of a date column, `parse` formats, spec values and expressions' `date('…')` all word it here.
public enum DateImpossibility {
    /// The reason these fields name no date or time, with `text` (the value as written) in parentheses; nil
    /// when they name one. `pm` is set when the hour was read on a 12-hour clock.
    public static func reason(
        year: Int64, month: Int64, day: Int64, hour: Int64 = 0, minute: Int64 = 0, second: Int64 = 0, pm: Bool? = nil, text: String
    ) -> String? {
        guard let why = reason(year: year, month: month, day: day, hour: hour, minute: minute, second: second, pm: pm) else { return nil }
        return "\(why) (\(text))"
    }

    /// The reason alone, without the text.
    static func reason(year: Int64, month: Int64, day: Int64, hour: Int64, minute: Int64, second: Int64, pm: Bool?) -> String? {
        if month < 1 || month > 12 { return "there is no month \(month); months run 1–12" }
        let name = ChartLocale.enUS.months[Int(month - 1)]
        if day < 1 { return "there is no day \(day) of a month; days start at 1" }
        let days = CivilDate.daysInMonth(year: year, month: month)
        if day > days {
            if month == 2 && day == 29 { return "February \(year) has no 29th: \(year) is not a leap year" }
            return "\(name) has no \(ordinal(day))"
        }
        if let pm {
            if hour < 1 || hour > 12 { return "there is no hour \(hour) with \(pm ? "PM" : "AM"); a 12-hour clock runs 1–12" }
        } else if hour > 23 {
            return "there is no hour \(hour); hours run 0–23"
        }
        if minute > 59 { return "there is no minute \(minute); minutes run 0–59" }
        if second > 59 { return "there is no second \(second); seconds run 0–59" }
        return nil
    }

    /// `1st`, `2nd`, `3rd`, `11th`, `30th`, `31st`.
    static func ordinal(_ number: Int64) -> String {
        let tens = number % 100
        if tens >= 11 && tens <= 13 { return "\(number)th" }
        switch number % 10 {
        case 1: return "\(number)st"
        case 2: return "\(number)nd"
        case 3: return "\(number)rd"
        default: return "\(number)th"
        }
    }
}

extension ISODate {
    /// Why `text`, written as an ISO 8601 date or timestamp (`YYYY-MM-DD` or `YYYY/MM/DD`, a time, an offset), is
    /// not one that exists: "February has no 30th (2008-02-30)"; nil when it is a date or does not have that shape.
    public static func impossibility(_ text: String) -> String? {
        var body = Substring(text)
        // An offset or `Z` changes the instant, not whether it exists: checked by `parse` alone.
        if body.hasSuffix("Z") || body.hasSuffix("z") {
            body = body.dropLast()
        } else if body.count > 16, let sign = body.dropFirst(16).lastIndex(where: { $0 == "+" || $0 == "-" }) {
            body = body[..<sign]
        }
        if let dot = body.lastIndex(where: { $0 == "." || $0 == "," }), body.distance(from: body.startIndex, to: dot) >= 19 {
            body = body[..<dot]
        }
        let candidates = [
            "%Y-%m-%d", "%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S", "%Y/%m/%d", "%Y/%m/%d %H:%M",
            "%Y/%m/%d %H:%M:%S"
        ]
        for pattern in candidates {
            guard let format = try? DateFormat(parsing: pattern) else { continue }
            if let reason = format.impossibility(String(body), locale: .enUS, quoting: text) { return reason }
        }
        return nil
    }
}

extension DateFormat {
    /// Why `text`, which this format reads field by field, names a date that does not exist ("February has no
    /// 30th (Feb 30 2008)"); nil when it does not match the format at all or is a real date. `quoting` is the
    /// text the reason quotes (default: `text`).
    public func impossibility(_ text: String, locale: ChartLocale, quoting: String? = nil) -> String? {
        var copy = text
        return copy.withUTF8 { bytes -> String? in
            guard let fields = readFields(bytes, locale: locale) else { return nil }
            return fields.impossibility(text: quoting ?? text)
        }
    }
}

extension DateFields {
    /// Why these fields name no date, quoting `text`; nil when `milliseconds()` is not nil.
    func impossibility(text: String) -> String? {
        guard milliseconds() == nil else { return nil }
        if month == nil && day == nil, let dayOfYear {
            let days = CivilDate.isLeapYear(year) ? 366 : 365
            return "\(year) has no day \(dayOfYear); its days run 1–\(days) (\(text))"
        }
        return DateImpossibility.reason(
            year: year, month: month ?? 1, day: day ?? 1, hour: hour, minute: minute, second: second, pm: pm, text: text)
    }
}
