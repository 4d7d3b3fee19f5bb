import ChartFormat

/// A `format(x, "pattern")` pattern, parsed once when the expression is checked: a d3-format pattern for
/// numbers or a strftime pattern for dates, decided by the type of `x`.
enum ValueFormatter: Sendable {
    case number(NumberFormat)
    case date(DateFormat)

    func format(number: Double, locale: ChartLocale) -> String? {
        guard case .number(let format) = self else { return nil }
        return format.format(number, locale: locale)
    }

    func format(date: Int64, locale: ChartLocale) -> String? {
        guard case .date(let format) = self else { return nil }
        return format.format(date, locale: locale)
    }
}
