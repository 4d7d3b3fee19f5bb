extension ChartLocale {
    /// How the locale writes a date in running text (`November 27, 2026`, `27. November 2026`), as newsrooms in
    /// it date a byline; SPEC §23's `{updated}` is written in it, in UTC like every date chartc writes.
    public var dateFormat: DateFormat {
        (try? DateFormat(parsing: datePattern))
            ?? DateFormat(trusted: "%Y-%m-%d", [.directive(.year, nil), .literal("-"), .directive(.month, nil), .literal("-"), .directive(.day, nil)])
    }

    /// The pattern of `dateFormat` (`specs/reference.md` lists them).
    public var datePattern: String {
        switch identifier {
        case "en-US": "%B %-d, %Y"
        case "de-DE": "%-d. %B %Y"
        case "es-ES": "%-d de %B de %Y"
        default: "%-d %B %Y"
        }
    }
}
