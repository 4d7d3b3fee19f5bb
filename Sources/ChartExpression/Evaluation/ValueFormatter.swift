import ChartFormat

/// A `format(x, "pattern")` pattern, parsed once when the expression is checked.
enum ValueFormatter: Sendable {
    /// Placeholder until the number and date format parsers exist; the checker reports `expr-format` instead
    /// of ever building one.
    case unavailable

    func format(number: Double, locale: ChartLocale) -> String? {
        nil
    }

    func format(date: Int64, locale: ChartLocale) -> String? {
        nil
    }
}
