import ChartFormat

/// The calendar precision of a time axis's values: dates written without a time of day (all at midnight) are
/// whole days, monthly figures (all on the 1st) whole months, yearly ones whole years. A time axis never ticks
/// finer than its data: three daily values get "Mar 1, Mar 2, Mar 3", not a "12:00" between each pair (SPEC §19.7,
/// what a reader sees is what the data says).
public enum TimePrecision {
    /// The coarsest calendar unit every value lies on (`.day`, `.month` or `.year`), or nil when some value has a
    /// time of day (or there are none), so any interval may tick it.
    public static func unit(of values: [Double]) -> TimeTickInterval.Unit? {
        var unit = TimeTickInterval.Unit.year
        var any = false
        for value in values {
            guard value.isFinite, let time = Int64(exactly: value.rounded()), Double(time) == value else { return nil }
            any = true
            let midnight = TimeTickInterval(.day).floor(time)
            guard midnight == time else { return nil }
            if unit == .day { continue }
            let parts = CivilDate.components(time)
            if parts.day != 1 {
                unit = .day
            } else if unit == .year, parts.month != 1 {
                unit = .month
            }
        }
        return any ? unit : nil
    }
}
