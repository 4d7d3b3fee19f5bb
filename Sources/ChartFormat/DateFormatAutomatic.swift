extension DateFormat {
    /// How finely a set of time ticks varies: the smallest calendar unit that is not the same on every tick.
    public enum TickGranularity: Int, Sendable, Comparable {
        case year, month, day, minute, second, millisecond

        public static func < (a: TickGranularity, b: TickGranularity) -> Bool { a.rawValue < b.rawValue }

        /// The granularity of `ticks`: `.year` when every tick is a January 1st at midnight, `.month` when every
        /// tick starts a month, `.day` when every tick is a midnight, `.minute` for whole minutes (hours
        /// included), and so on.
        public init(ticks: [Int64]) {
            var finest = TickGranularity.year
            for tick in ticks {
                let c = CivilDate.components(tick)
                let unit: TickGranularity
                if c.millisecond != 0 {
                    unit = .millisecond
                } else if c.second != 0 {
                    unit = .second
                } else if c.minute != 0 || c.hour != 0 {
                    unit = .minute
                } else if c.day != 1 {
                    unit = .day
                } else if c.month != 1 {
                    unit = .month
                } else {
                    unit = .year
                }
                finest = max(finest, unit)
            }
            self = finest
        }
    }

    /// The labels of a time axis when the spec gives no format, one per tick (in the order given): each tick says
    /// only what changed since the previous one, at the finest unit the ticks vary in.
    ///
    /// - years: `2019 2020 2021` (`%Y`)
    /// - months: `Jan 2020 Apr Jul Oct Jan 2021` (`%b`, with `%Y` on the first tick and whenever the year changes)
    /// - days: `Jan 5 12 19 26 Feb 2` (month and day on the first tick and when the month changes, else the
    ///   day; `5 Jan` in most locales, `5. Jan` in German)
    /// - hours and minutes: `%H:%M`, seconds `%H:%M:%S`, milliseconds `%H:%M:%S.%L`; a tick at midnight shows
    ///   its date instead (`Jan 6`), like a day tick.
    public static func automatic(forTicks ticks: [Int64], locale: ChartLocale) -> [String] {
        let formats = automaticFormats(forTicks: ticks, locale: locale)
        return zip(ticks, formats).map { $1.format($0, locale: locale) }
    }

    /// The formats behind `automatic(forTicks:locale:)`, one per tick, for callers that format the ticks themselves.
    public static func automaticFormats(forTicks ticks: [Int64], locale: ChartLocale) -> [DateFormat] {
        let granularity = TickGranularity(ticks: ticks)
        let patterns = DayPatterns(locale: locale)
        var result: [DateFormat] = []
        result.reserveCapacity(ticks.count)
        var previous: CivilDate.Components?
        for tick in ticks {
            let c = CivilDate.components(tick)
            let newYear = previous.map { $0.year != c.year } ?? true
            let newMonth = newYear || previous.map { $0.month != c.month } ?? true
            let format: DateFormat
            switch granularity {
            case .year:
                format = Self.yearOnly
            case .month:
                format = newYear ? Self.monthAndYear : Self.monthOnly
            case .day:
                format = newMonth ? patterns.monthAndDay : patterns.dayOnly
            case .minute, .second, .millisecond:
                let midnight = c.hour == 0 && c.minute == 0 && c.second == 0 && c.millisecond == 0
                if midnight {
                    format = patterns.monthAndDay
                } else {
                    format = granularity == .minute ? Self.hoursMinutes : granularity == .second ? Self.hoursMinutesSeconds : Self.withMilliseconds
                }
            }
            result.append(format)
            previous = c
        }
        return result
    }

    // Patterns known to parse; built without `try` on input.
    private static let yearOnly = DateFormat(trusted: "%Y", [.directive(.year, nil)])
    private static let monthOnly = DateFormat(trusted: "%b", [.directive(.shortMonthName, nil)])
    private static let monthAndYear = DateFormat(trusted: "%b %Y", [.directive(.shortMonthName, nil), .literal(" "), .directive(.year, nil)])
    private static let hoursMinutes = DateFormat(trusted: "%H:%M", [.directive(.hour24, nil), .literal(":"), .directive(.minute, nil)])
    private static let hoursMinutesSeconds = DateFormat(
        trusted: "%H:%M:%S", [.directive(.hour24, nil), .literal(":"), .directive(.minute, nil), .literal(":"), .directive(.second, nil)])
    private static let withMilliseconds = DateFormat(
        trusted: "%H:%M:%S.%L",
        [
            .directive(.hour24, nil), .literal(":"), .directive(.minute, nil), .literal(":"), .directive(.second, nil), .literal("."),
            .directive(.millisecond, nil)
        ])

    /// How a locale writes a day of the month on an axis, with and without the month name.
    private struct DayPatterns {
        let monthAndDay: DateFormat
        let dayOnly: DateFormat

        init(locale: ChartLocale) {
            let day = Piece.directive(.day, Padding.none)
            let month = Piece.directive(.shortMonthName, nil)
            switch locale.identifier {
            case "en-US":
                monthAndDay = DateFormat(trusted: "%b %-d", [month, .literal(" "), day])
                dayOnly = DateFormat(trusted: "%-d", [day])
            case "de-DE":
                monthAndDay = DateFormat(trusted: "%-d. %b", [day, .literal(". "), month])
                dayOnly = DateFormat(trusted: "%-d.", [day, .literal(".")])
            default:
                monthAndDay = DateFormat(trusted: "%-d %b", [day, .literal(" "), month])
                dayOnly = DateFormat(trusted: "%-d", [day])
            }
        }
    }
}
