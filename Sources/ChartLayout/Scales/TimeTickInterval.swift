import ChartFormat

/// A calendar step between time ticks (every 15 minutes, every month, every 10 years), aligned to UTC calendar
/// boundaries: hours start at :00, months on the 1st, decades on years divisible by 10, weeks on the locale's
/// first weekday. The axis reads `unit` to choose a label format (`%H:%M` for minutes, `%b` for months, `%Y`).
public struct TimeTickInterval: Sendable, Hashable, CustomStringConvertible {
    /// The calendar field a tick interval counts in.
    public enum Unit: String, Sendable, Hashable, CaseIterable {
        case millisecond, second, minute, hour, day, week, month, year
    }

    public let unit: Unit
    /// How many units between ticks (15 for every 15 minutes).
    public let step: Int64

    public init(_ unit: Unit, _ step: Int64 = 1) {
        self.unit = unit
        self.step = Swift.max(1, step)
    }

    static let msPerSecond: Int64 = 1000
    static let msPerMinute: Int64 = 60_000
    static let msPerHour: Int64 = 3_600_000
    static let msPerDay: Int64 = 86_400_000

    /// The typical length of one interval in milliseconds (months count 30.44 days, years 365.2425), used to pick
    /// an interval for a tick count.
    public var approximateMilliseconds: Double {
        let unitLength: Double =
            switch unit {
            case .millisecond: 1
            case .second: 1000
            case .minute: 60_000
            case .hour: 3_600_000
            case .day: 86_400_000
            case .week: 604_800_000
            case .month: 2_629_746_000
            case .year: 31_556_952_000
            }
        return unitLength * Double(step)
    }

    /// The latest tick boundary at or before `time` (milliseconds since the epoch, UTC).
    /// - Parameter firstWeekday: 0 = Sunday, 1 = Monday (`ChartLocale.firstWeekday`), for weeks.
    public func floor(_ time: Int64, firstWeekday: Int = 0) -> Int64 {
        switch unit {
        case .millisecond: return fixedFloor(time, length: step)
        case .second: return fixedFloor(time, length: step * Self.msPerSecond)
        case .minute: return fixedFloor(time, length: step * Self.msPerMinute)
        case .hour: return fixedFloor(time, length: step * Self.msPerHour)
        case .day:
            let midnight = fixedFloor(time, length: Self.msPerDay)
            guard step > 1 else { return midnight }
            // Every other day counts days of the month, 1, 3, …, 29, restarting on the 1st (so labels read
            // "Jan 1, Jan 3 …"); the 31st is skipped so no two ticks are a single day apart.
            let parts = CivilDate.components(midnight)
            var day = parts.day
            day = Swift.min(day, lastDayInMonthCycle(year: parts.year, month: parts.month))
            day -= (day - 1) % step
            return CivilDate.milliseconds(year: parts.year, month: parts.month, day: day)
        case .week:
            let midnight = fixedFloor(time, length: Self.msPerDay)
            let weekday = CivilDate.components(midnight).weekday
            let back = CivilDate.floorModulo(weekday - Int64(firstWeekday), 7)
            return midnight - back * Self.msPerDay
        case .month:
            let parts = CivilDate.components(time)
            let month = parts.month - (parts.month - 1) % step
            return CivilDate.milliseconds(year: parts.year, month: month)
        case .year:
            let parts = CivilDate.components(time)
            let year = parts.year - CivilDate.floorModulo(parts.year, step)
            return CivilDate.milliseconds(year: year)
        }
    }

    /// The tick after `boundary`, which must itself be a boundary (a result of `floor`).
    public func next(after boundary: Int64) -> Int64 {
        switch unit {
        case .millisecond: return boundary + step
        case .second: return boundary + step * Self.msPerSecond
        case .minute: return boundary + step * Self.msPerMinute
        case .hour: return boundary + step * Self.msPerHour
        case .day:
            guard step > 1 else { return boundary + Self.msPerDay }
            let parts = CivilDate.components(boundary)
            let day = parts.day + step
            if day <= lastDayInMonthCycle(year: parts.year, month: parts.month) {
                return CivilDate.milliseconds(year: parts.year, month: parts.month, day: day)
            }
            return parts.month == 12
                ? CivilDate.milliseconds(year: parts.year + 1, month: 1)
                : CivilDate.milliseconds(year: parts.year, month: parts.month + 1)
        case .week: return boundary + 7 * Self.msPerDay
        case .month:
            let parts = CivilDate.components(boundary)
            let index = parts.year * 12 + (parts.month - 1) + step
            return CivilDate.milliseconds(year: CivilDate.floorDivide(index, 12), month: CivilDate.floorModulo(index, 12) + 1)
        case .year:
            let parts = CivilDate.components(boundary)
            return CivilDate.milliseconds(year: parts.year + step)
        }
    }

    /// The boundaries inside `[start, end]`, ascending, at most `limit` of them.
    public func boundaries(from start: Int64, through end: Int64, firstWeekday: Int = 0, limit: Int = 1000) -> [Int64] {
        guard start <= end else { return [] }
        var time = floor(start, firstWeekday: firstWeekday)
        if time < start { time = next(after: time) }
        var result: [Int64] = []
        while time <= end && result.count < limit {
            result.append(time)
            let following = next(after: time)
            guard following > time else { break }
            time = following
        }
        return result
    }

    /// The earliest tick boundary at or after `time`.
    public func ceil(_ time: Int64, firstWeekday: Int = 0) -> Int64 {
        let down = floor(time, firstWeekday: firstWeekday)
        return down == time ? time : next(after: down)
    }

    private func fixedFloor(_ time: Int64, length: Int64) -> Int64 {
        CivilDate.floorDivide(time, length) * length
    }

    /// The last day an every-`step`-days tick may fall on: the 29th at most (see `floor`).
    private func lastDayInMonthCycle(year: Int64, month: Int64) -> Int64 {
        Swift.min(29, CivilDate.daysInMonth(year: year, month: month))
    }

    public var description: String { step == 1 ? unit.rawValue : "\(step) \(unit.rawValue)s" }

    /// The candidates between a second and a year, shortest first. Below a second, and from a year up, steps are
    /// 1, 2, 5 × 10ⁿ milliseconds or years.
    public static let standard: [TimeTickInterval] = [
        TimeTickInterval(.second, 1), TimeTickInterval(.second, 2), TimeTickInterval(.second, 5),
        TimeTickInterval(.second, 10), TimeTickInterval(.second, 15), TimeTickInterval(.second, 30),
        TimeTickInterval(.minute, 1), TimeTickInterval(.minute, 2), TimeTickInterval(.minute, 5),
        TimeTickInterval(.minute, 10), TimeTickInterval(.minute, 15), TimeTickInterval(.minute, 30),
        TimeTickInterval(.hour, 1), TimeTickInterval(.hour, 3), TimeTickInterval(.hour, 6), TimeTickInterval(.hour, 12),
        TimeTickInterval(.day, 1), TimeTickInterval(.day, 2), TimeTickInterval(.week, 1),
        TimeTickInterval(.month, 1), TimeTickInterval(.month, 3), TimeTickInterval(.month, 6)
    ]
}
