/// What a BCP 47 locale tag changes in a chart: month and weekday names, the first day of the week, and the
/// decimal and grouping marks. Tables are embedded (not ICU) so output is identical on every machine.
public struct ChartLocale: Sendable, Equatable {
    public let identifier: String
    /// January first.
    public let months: [String]
    public let shortMonths: [String]
    /// Sunday first (index 0 = Sunday), whatever the first weekday is.
    public let weekdays: [String]
    public let shortWeekdays: [String]
    /// 0 = Sunday, 1 = Monday.
    public let firstWeekday: Int
    public let decimalSeparator: String
    public let groupingSeparator: String
    /// Currency prefix and suffix for the `$` format flag.
    public let currencyPrefix: String
    public let currencySuffix: String
    /// The short scale of the `S` number format and of automatic axis labels for large numbers (SPEC §19.14):
    /// the words for thousand, million, billion (10⁹) and trillion (10¹²), each with the space the locale puts
    /// before it (a no-break space, so a label never wraps between number and word). Chosen from newsroom style
    /// and CLDR's short decimal formats; `specs/reference.md` lists them.
    public let shortScale: [String]
    /// The word for a missing value (a null category, a null facet value: SPEC §19.9), as newsrooms in the
    /// locale write it in tables and charts.
    public let missingWord: String

    /// What a legend writes beside the swatch of the marks that have no value (a choropleth's regions without
    /// data, SPEC §22), as newsrooms in the locale label it on maps.
    public var noDataLabel: String {
        switch identifier.prefix(2) {
        case "de": "Keine Daten"
        case "fr": "Pas de données"
        case "es": "Sin datos"
        case "it": "Nessun dato"
        case "nl": "Geen gegevens"
        default: "No data"
        }
    }

    /// Every locale we ship, keyed by canonical tag.
    public static let all: [ChartLocale] = [.enUS, .enGB, .deDE, .frFR, .esES, .itIT, .nlNL]

    /// The locale for a tag: an exact (case-insensitive, `_` or `-`) match, else the first with the same language
    /// (`de-AT` → `de-DE`, `en` → `en-US`), else nil.
    public static func named(_ tag: String) -> ChartLocale? {
        let normalized = tag.replacingUnderscores().lowercased()
        if let exact = all.first(where: { $0.identifier.lowercased() == normalized }) { return exact }
        let language = normalized.split(separator: "-").first.map(String.init) ?? normalized
        if language == "en" && normalized != "en" {
            // English outside the US mostly starts the week on Monday and writes dates British style.
            if normalized == "en-ca" || normalized == "en-ph" { return .enUS }
            return .enGB
        }
        return all.first { $0.identifier.lowercased().hasPrefix(language + "-") }
    }

    /// Position of a weekday (0 = Sunday) in this locale's week (0 = first day).
    public func weekdayOrder(_ weekday: Int) -> Int {
        ((weekday - firstWeekday) % 7 + 7) % 7
    }

    /// The short weekday names in this locale's week order.
    public var orderedShortWeekdays: [String] {
        (0..<7).map { shortWeekdays[($0 + firstWeekday) % 7] }
    }

    public static let enUS = ChartLocale(
        identifier: "en-US",
        months: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
        shortMonths: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
        weekdays: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
        shortWeekdays: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
        firstWeekday: 0, decimalSeparator: ".", groupingSeparator: ",", currencyPrefix: "$", currencySuffix: "",
        shortScale: ["K", "M", "B", "T"], missingWord: "n/a"
    )

    public static let enGB = ChartLocale(
        identifier: "en-GB",
        months: enUS.months, shortMonths: enUS.shortMonths, weekdays: enUS.weekdays, shortWeekdays: enUS.shortWeekdays,
        firstWeekday: 1, decimalSeparator: ".", groupingSeparator: ",", currencyPrefix: "£", currencySuffix: "",
        shortScale: ["k", "m", "bn", "tn"], missingWord: "n/a"
    )

    public static let deDE = ChartLocale(
        identifier: "de-DE",
        months: ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"],
        shortMonths: ["Jan", "Feb", "Mär", "Apr", "Mai", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Dez"],
        weekdays: ["Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"],
        shortWeekdays: ["So", "Mo", "Di", "Mi", "Do", "Fr", "Sa"],
        firstWeekday: 1, decimalSeparator: ",", groupingSeparator: ".", currencyPrefix: "", currencySuffix: "\u{00A0}€",
        shortScale: ["\u{00A0}Tsd.", "\u{00A0}Mio.", "\u{00A0}Mrd.", "\u{00A0}Bio."], missingWord: "k. A."
    )

    public static let frFR = ChartLocale(
        identifier: "fr-FR",
        months: ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"],
        shortMonths: ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."],
        weekdays: ["dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"],
        shortWeekdays: ["dim.", "lun.", "mar.", "mer.", "jeu.", "ven.", "sam."],
        firstWeekday: 1, decimalSeparator: ",", groupingSeparator: "\u{202F}", currencyPrefix: "", currencySuffix: "\u{00A0}€",
        shortScale: ["\u{00A0}k", "\u{00A0}M", "\u{00A0}Md", "\u{00A0}Bn"], missingWord: "n. d."
    )

    public static let esES = ChartLocale(
        identifier: "es-ES",
        months: ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"],
        shortMonths: ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"],
        weekdays: ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"],
        shortWeekdays: ["dom", "lun", "mar", "mié", "jue", "vie", "sáb"],
        firstWeekday: 1, decimalSeparator: ",", groupingSeparator: ".", currencyPrefix: "", currencySuffix: "\u{00A0}€",
        shortScale: ["\u{00A0}mil", "\u{00A0}M", "\u{00A0}mil\u{00A0}M", "\u{00A0}B"], missingWord: "s. d."
    )

    public static let itIT = ChartLocale(
        identifier: "it-IT",
        months: ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"],
        shortMonths: ["gen", "feb", "mar", "apr", "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic"],
        weekdays: ["domenica", "lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato"],
        shortWeekdays: ["dom", "lun", "mar", "mer", "gio", "ven", "sab"],
        firstWeekday: 1, decimalSeparator: ",", groupingSeparator: ".", currencyPrefix: "", currencySuffix: "\u{00A0}€",
        shortScale: ["\u{00A0}mila", "\u{00A0}mln", "\u{00A0}mld", "\u{00A0}bln"], missingWord: "n.d."
    )

    public static let nlNL = ChartLocale(
        identifier: "nl-NL",
        months: ["januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober", "november", "december"],
        shortMonths: ["jan", "feb", "mrt", "apr", "mei", "jun", "jul", "aug", "sep", "okt", "nov", "dec"],
        weekdays: ["zondag", "maandag", "dinsdag", "woensdag", "donderdag", "vrijdag", "zaterdag"],
        shortWeekdays: ["zo", "ma", "di", "wo", "do", "vr", "za"],
        firstWeekday: 1, decimalSeparator: ",", groupingSeparator: ".", currencyPrefix: "€\u{00A0}", currencySuffix: "",
        shortScale: ["K", "\u{00A0}mln.", "\u{00A0}mld.", "\u{00A0}bln."], missingWord: "n.b."
    )
}

extension String {
    fileprivate func replacingUnderscores() -> String {
        String(map { $0 == "_" ? "-" : $0 })
    }
}
