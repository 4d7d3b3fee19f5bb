/// A date format in the strftime/d3-time-format language (SPEC §7: `"%Y"`, `"%b %Y"`), written out in UTC in a
/// chart's locale: time axis ticks, labels and tooltips go through it.
///
/// | directive | meaning | example |
/// |---|---|---|
/// | `%Y` `%y` | year (at least four digits), year of the century | `2015`, `15` |
/// | `%m` `%d` `%e` | month 01–12, day 01–31, day space-padded | `01`, `07`, ` 7` |
/// | `%b` `%B` | abbreviated and full month name | `Jan`, `January` |
/// | `%a` `%A` | abbreviated and full weekday name | `Mon`, `Monday` |
/// | `%H` `%I` `%p` | hour 00–23, hour 01–12, AM/PM | `14`, `02`, `PM` |
/// | `%M` `%S` `%L` | minute, second, millisecond 000–999 | `05`, `09`, `250` |
/// | `%j` `%q` | day of the year 001–366, quarter 1–4 | `032`, `1` |
/// | `%u` `%w` | weekday 1–7 from Monday, 0–6 from Sunday | `1`, `1` |
/// | `%%` | a percent sign | `%` |
///
/// After the `%`, `-` drops the padding (`%-d` → `7`), `_` pads with spaces and `0` with zeros. Anything else
/// is copied as is. Names come from the locale (`%b` is `Mär` in `de-DE`); times are always UTC.
public struct DateFormat: Sendable, Equatable {
    /// The pattern this format was parsed from.
    public let pattern: String
    let pieces: [Piece]

    enum Padding: Character, Sendable, Equatable {
        case none = "-", space = "_", zero = "0"
    }

    enum Directive: Character, Sendable, Equatable, CaseIterable {
        case year = "Y", shortYear = "y", month = "m", day = "d", spacePaddedDay = "e"
        case shortMonthName = "b", monthName = "B", shortWeekdayName = "a", weekdayName = "A"
        case hour24 = "H", hour12 = "I", minute = "M", second = "S", millisecond = "L", amPm = "p"
        case dayOfYear = "j", quarter = "q", mondayWeekday = "u", sundayWeekday = "w", percent = "%"

        /// The padding and minimum width when the pattern does not say.
        var defaultPadding: (Padding, Int) {
            switch self {
            case .year: (.zero, 4)
            case .shortYear, .month, .day, .hour24, .hour12, .minute, .second: (.zero, 2)
            case .spacePaddedDay: (.space, 2)
            case .millisecond, .dayOfYear: (.zero, 3)
            default: (.none, 0)
            }
        }
    }

    enum Piece: Sendable, Equatable {
        case literal(String)
        case directive(Directive, Padding?)
    }

    /// Parses a pattern; an unknown directive or a lone `%` at the end is an error pointing at the `%`.
    public init(parsing pattern: String) throws(FormatError) {
        var pieces: [Piece] = []
        var literal = ""
        var scanner = PatternScanner(pattern)
        while let character = scanner.peek(0) {
            guard character == "%" else {
                literal.append(character)
                scanner.advance(1)
                continue
            }
            let percentOffset = scanner.offset
            scanner.advance(1)
            var padding: Padding?
            if let flag = scanner.peek(0), let value = Padding(rawValue: flag), scanner.peek(1) != nil {
                padding = value
                scanner.advance(1)
            }
            guard let letter = scanner.peek(0) else {
                throw FormatError(message: "date format ends in a lone '%'; write '%%' for a percent sign", offset: percentOffset)
            }
            guard let directive = Directive(rawValue: letter) else {
                let supported = Directive.allCases.map { "%" + String($0.rawValue) }.joined(separator: " ")
                throw FormatError(message: "unknown date directive '%\(letter)'; supported: \(supported)", offset: percentOffset)
            }
            scanner.advance(1)
            if directive == .percent {
                literal += "%"
                continue
            }
            if !literal.isEmpty {
                pieces.append(.literal(literal))
                literal = ""
            }
            pieces.append(.directive(directive, padding))
        }
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        self.pattern = pattern
        self.pieces = pieces
    }

    /// A format whose pieces are already known (the built-in automatic formats); tests check it equals parsing.
    init(trusted pattern: String, _ pieces: [Piece]) {
        self.pattern = pattern
        self.pieces = pieces
    }

    /// `milliseconds` since 1970-01-01T00:00:00Z, written in `locale`.
    public func format(_ milliseconds: Int64, locale: ChartLocale) -> String {
        let c = CivilDate.components(milliseconds)
        var text = ""
        for piece in pieces {
            switch piece {
            case .literal(let literal):
                text += literal
            case .directive(let directive, let padding):
                text += Self.text(of: directive, padding: padding, components: c, locale: locale)
            }
        }
        return text
    }

    private static func text(of directive: Directive, padding: Padding?, components c: CivilDate.Components, locale: ChartLocale) -> String {
        let number: Int64
        switch directive {
        case .shortMonthName: return name(locale.shortMonths, c.month - 1)
        case .monthName: return name(locale.months, c.month - 1)
        case .shortWeekdayName: return name(locale.shortWeekdays, c.weekday)
        case .weekdayName: return name(locale.weekdays, c.weekday)
        case .amPm: return c.hour < 12 ? "AM" : "PM"
        case .percent: return "%"
        case .year:
            if c.year < 0 { return "\u{2212}" + padded(-c.year, directive: directive, padding: padding) }
            number = c.year
        case .shortYear: number = CivilDate.floorModulo(c.year, 100)
        case .month: number = c.month
        case .day, .spacePaddedDay: number = c.day
        case .hour24: number = c.hour
        case .hour12: number = c.hour % 12 == 0 ? 12 : c.hour % 12
        case .minute: number = c.minute
        case .second: number = c.second
        case .millisecond: number = c.millisecond
        case .dayOfYear: number = c.dayOfYear
        case .quarter: number = (c.month - 1) / 3 + 1
        case .mondayWeekday: number = c.weekday == 0 ? 7 : c.weekday
        case .sundayWeekday: number = c.weekday
        }
        return padded(number, directive: directive, padding: padding)
    }

    private static func name(_ names: [String], _ index: Int64) -> String {
        index >= 0 && index < names.count ? names[Int(index)] : ""
    }

    private static func padded(_ number: Int64, directive: Directive, padding: Padding?) -> String {
        let digits = String(number)
        let (defaultPadding, width) = directive.defaultPadding
        let fill: Character
        switch padding ?? defaultPadding {
        case .none: return digits
        case .space: fill = " "
        case .zero: fill = "0"
        }
        let minimum = width == 0 ? 2 : width // an explicit `_` or `0` on %q/%u/%w pads to two
        return digits.count >= minimum ? digits : String(repeating: fill, count: minimum - digits.count) + digits
    }
}
