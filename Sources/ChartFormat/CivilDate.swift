/// Calendar arithmetic on the proleptic Gregorian calendar in UTC, without Foundation's time zones, so dates
/// mean the same on every machine. Dates are milliseconds since 1970-01-01T00:00:00Z (`Int64`).
public enum CivilDate {
    public static let millisecondsPerDay: Int64 = 86_400_000

    /// Days since 1970-01-01 of a civil date (month 1...12, day 1...31). Valid for any year.
    public static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let shiftedMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The civil date of a day number (days since 1970-01-01).
    public static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    public static func isLeapYear(_ year: Int64) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    public static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The parts of a timestamp, in UTC. `weekday` is 0 for Sunday … 6 for Saturday.
    public struct Components: Sendable, Equatable {
        public var year: Int64
        public var month: Int64
        public var day: Int64
        public var hour: Int64
        public var minute: Int64
        public var second: Int64
        public var millisecond: Int64
        public var weekday: Int64
        /// 1-based day of the year.
        public var dayOfYear: Int64
    }

    public static func components(_ milliseconds: Int64) -> Components {
        let days = floorDivide(milliseconds, millisecondsPerDay)
        var rest = milliseconds - days * millisecondsPerDay
        let hour = rest / 3_600_000
        rest -= hour * 3_600_000
        let minute = rest / 60_000
        rest -= minute * 60_000
        let second = rest / 1000
        let millisecond = rest - second * 1000
        let (year, month, day) = civil(fromDays: days)
        let weekday = floorModulo(days + 4, 7) // 1970-01-01 was a Thursday
        let dayOfYear = days - Self.days(year: year, month: 1, day: 1) + 1
        return Components(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second, millisecond: millisecond, weekday: weekday,
            dayOfYear: dayOfYear)
    }

    /// Milliseconds of a UTC civil date and time.
    public static func milliseconds(
        year: Int64, month: Int64 = 1, day: Int64 = 1, hour: Int64 = 0, minute: Int64 = 0, second: Int64 = 0, millisecond: Int64 = 0
    ) -> Int64 {
        days(year: year, month: month, day: day) * millisecondsPerDay + hour * 3_600_000 + minute * 60_000 + second * 1000 + millisecond
    }

    public static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    public static func floorModulo(_ a: Int64, _ b: Int64) -> Int64 {
        a - floorDivide(a, b) * b
    }
}
