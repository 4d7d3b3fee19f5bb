/// Which date format reads a column of text written as dates in a common pattern (SPEC §19.10): `Jan 1 2000`,
/// `1 January 2000`, `01/31/2015`, `31.01.2015`, `2015-1-31`, `2015/01/31 10:00`. Lint suggests the format as a
/// `parse` fix-it for a text column, and a failing `parse` says which format would read its cells.
///
/// Each value's shape (runs of digits, month and weekday names, separators) gives the formats that could write
/// it; a format must read every value given. Day and month in `01/02/2015` are told apart by the data (a first
/// number above 12 is a day) or else by the locale (`en-US` writes the month first), and the result says which.
public enum DatePatternDetection {
    /// A format found for a column, and how its order of day and month was decided when the shape allows both.
    public struct Detection: Sendable, Equatable {
        /// The `parse` format (`"%b %d %Y"`).
        public var pattern: String
        /// Why this order of day and month, when the values alone allow both; nil when they allow one.
        public var order: Order?
    }

    /// How the order of day and month was chosen.
    public enum Order: Sendable, Equatable {
        /// A value whose day cannot be a month (`31/01/2015`).
        case data(example: String)
        /// No value decides: the locale's usual order (`en-US` month first, others day first).
        case locale(String)

        /// `"'31/01/2015' has a day above 12"`, `"no value has a number above 12, so en-US's order"`.
        public var explanation: String {
            switch self {
            case .data(let example): "the day comes first: '\(example)' has a first number above 12"
            case .locale(let identifier):
                identifier == "en-US"
                    ? "no value has a number above 12 to tell day from month; read month first, as en-US writes dates (set \"locale\" to change)"
                    : "no value has a number above 12 to tell day from month; read day first, as \(identifier) writes dates"
            }
        }
    }

    /// How many values the shape is guessed from before every value is checked.
    public static let sampleSize = 32

    /// The format that reads every one of `values` (empty ones skipped), or nil when no common pattern does or
    /// there is no value. `values` should be the distinct ones (a column's dictionary): each is parsed once.
    public static func detect(_ values: [String], locale: ChartLocale) -> Detection? {
        let nonEmpty = values.filter { !$0.allSatisfy { $0 == " " || $0 == "\t" } }
        guard let first = nonEmpty.first else { return nil }
        // Candidates from the first value's shape, kept while they read the sample.
        var candidates = shapes(first.trimmed, locale: locale)
        guard !candidates.isEmpty else { return nil }
        let sample = nonEmpty.prefix(sampleSize)
        var formats: [(pattern: String, format: DateFormat)] = candidates.compactMap { pattern in
            (try? DateFormat(parsing: pattern)).map { (pattern, $0) }
        }
        formats = formats.filter { format in sample.allSatisfy { format.format.parse($0, locale: locale) != nil } }
        // Then every value.
        formats = formats.filter { format in nonEmpty.dropFirst(sample.count).allSatisfy { format.format.parse($0, locale: locale) != nil } }
        candidates = formats.map(\.pattern)
        guard let chosen = candidates.first else { return nil }
        guard let swapped = dayMonthSwapped(chosen) else { return Detection(pattern: chosen, order: nil) }
        if candidates.contains(swapped) {
            let pattern = dayFirstLocale(locale) ? (chosen.dayFirst ? chosen : swapped) : (chosen.dayFirst ? swapped : chosen)
            return Detection(pattern: pattern, order: .locale(locale.identifier))
        }
        // Only one order reads every value: the first value the other order cannot read decides.
        let otherFormat = try? DateFormat(parsing: swapped)
        let example = nonEmpty.first { otherFormat?.parse($0, locale: locale) == nil } ?? first
        return Detection(pattern: chosen, order: chosen.dayFirst ? .data(example: example) : nil)
    }

    /// Whether the locale writes the day before the month in numeric dates (every one but `en-US`).
    static func dayFirstLocale(_ locale: ChartLocale) -> Bool { locale.identifier != "en-US" }

    /// The same pattern with `%m` and `%d` exchanged, when both are there.
    static func dayMonthSwapped(_ pattern: String) -> String? {
        guard pattern.contains("%m"), pattern.contains("%d") else { return nil }
        var out = ""
        var index = pattern.startIndex
        while index < pattern.endIndex {
            if pattern[index] == "%", let next = pattern.index(index, offsetBy: 1, limitedBy: pattern.endIndex), next < pattern.endIndex {
                let directive = pattern[next]
                out += directive == "m" ? "%d" : directive == "d" ? "%m" : "%\(directive)"
                index = pattern.index(after: next)
            } else {
                out.append(pattern[index])
                index = pattern.index(after: index)
            }
        }
        return out
    }

    // MARK: - Shapes

    enum Token: Equatable {
        case digits(Int) // how many
        case month(full: Bool)
        case weekday(full: Bool)
        case meridiem
        case letterT
        case separator(Character) // one of - / . , :
        case space
    }

    /// The formats (most likely first) that write a value of this shape; empty when it is no date shape.
    static func shapes(_ text: String, locale: ChartLocale) -> [String] {
        guard let tokens = tokenize(text, locale: locale) else { return [] }
        // A time starts at the digits before the first ':'.
        var dateTokens = tokens
        var timeTokens: [Token] = []
        if let colon = tokens.firstIndex(of: .separator(":")) {
            guard colon >= 1, case .digits = tokens[colon - 1] else { return [] }
            var start = colon - 1
            // The space or 'T' between date and time.
            guard start >= 1, tokens[start - 1] == .space || tokens[start - 1] == .letterT else { return [] }
            start -= 1
            dateTokens = Array(tokens[..<start])
            timeTokens = Array(tokens[start...])
        }
        guard let time = timePattern(timeTokens) else { return [] }
        return datePatterns(dateTokens).map { $0 + time }
    }

    /// ` %H:%M`, `T%H:%M:%S`, ` %I:%M %p`; "" for no time; nil for a shape that is no time.
    static func timePattern(_ tokens: [Token]) -> String? {
        guard let first = tokens.first else { return "" }
        var out = first == .letterT ? "T" : " "
        var rest = tokens.dropFirst()
        let twelveHour = rest.last == .meridiem
        if twelveHour {
            rest = rest.dropLast()
            if rest.last == .space { rest = rest.dropLast() }
        }
        let parts = Array(rest)
        let hour = twelveHour ? "%I" : "%H"
        switch parts.count {
        case 3:
            guard case .digits(let h) = parts[0], h <= 2, parts[1] == .separator(":"), parts[2] == .digits(2) else { return nil }
            out += "\(hour):%M"
        case 5:
            guard case .digits(let h) = parts[0], h <= 2, parts[1] == .separator(":"), parts[2] == .digits(2), parts[3] == .separator(":"),
                parts[4] == .digits(2)
            else { return nil }
            out += "\(hour):%M:%S"
        default:
            return nil
        }
        return twelveHour ? out + " %p" : out
    }

    /// The date formats for the date part's tokens.
    static func datePatterns(_ tokens: [Token]) -> [String] {
        var prefix = ""
        var tokens = tokens[...]
        // A leading weekday name: `Mon, Jan 3 2000`, `Monday 3 January 2000`.
        if case .weekday(let full) = tokens.first {
            prefix = full ? "%A" : "%a"
            tokens = tokens.dropFirst()
            if tokens.first == .separator(",") {
                prefix += ","
                tokens = tokens.dropFirst()
            }
            guard tokens.first == .space else { return [] }
            prefix += " "
            tokens = tokens.dropFirst()
        }
        let parts = Array(tokens)
        let digitRuns = parts.compactMap { token -> Int? in
            if case .digits(let count) = token { return count }
            return nil
        }
        let months = parts.filter { if case .month = $0 { return true } else { return false } }
        guard months.count <= 1, digitRuns.allSatisfy({ $0 <= 2 || $0 == 4 }) else { return [] }
        guard parts.allSatisfy({ $0 != .meridiem && $0 != .letterT && $0 != .separator(":") }) else { return [] }
        // Every other token is a separator or space: they are copied as they are.
        func literal(_ token: Token) -> String? {
            switch token {
            case .separator(let character): String(character)
            case .space: " "
            default: nil
            }
        }
        if case .month(let full)? = months.first {
            // Names: `Jan 1 2000`, `January 1, 2000`, `1 January 2000`, `1-Jan-15`, `1. Januar 2000`, `Jan 2000`.
            let name = full ? "%B" : "%b"
            // Which run is which: a four-digit run is the year and the other (at most one) the day; with no
            // four-digit run, a day and then a two-digit year (`1-Jan-15`).
            var roles: [String]
            switch digitRuns.count {
            case 1 where digitRuns[0] == 4: roles = ["%Y"]
            case 2 where digitRuns[0] == 4 && digitRuns[1] <= 2: roles = ["%Y", "%d"]
            case 2 where digitRuns[0] <= 2 && digitRuns[1] == 4: roles = ["%d", "%Y"]
            case 2 where digitRuns[0] <= 2 && digitRuns[1] == 2: roles = ["%d", "%y"]
            default: return []
            }
            var pattern = prefix
            for token in parts {
                switch token {
                case .month: pattern += name
                case .digits: pattern += roles.removeFirst()
                default:
                    guard let text = literal(token) else { return [] }
                    pattern += text
                }
            }
            return [pattern]
        }
        // Numbers only: three runs (year, month, day in some order) or two (year and month).
        let separators = parts.compactMap { token -> String? in
            if case .digits = token { return nil }
            return literal(token)
        }
        guard separators.count == digitRuns.count - 1, separators.allSatisfy({ $0 == separators.first }), let separator = separators.first
        else { return [] }
        guard ["-", "/", "."].contains(separator) else { return [] }
        let s = separator
        switch digitRuns.count {
        case 3:
            if digitRuns[0] == 4 && digitRuns[1] <= 2 && digitRuns[2] <= 2 { return [prefix + "%Y\(s)%m\(s)%d"] }
            if digitRuns[0] <= 2 && digitRuns[1] <= 2 && (digitRuns[2] == 4 || digitRuns[2] == 2) {
                let year = digitRuns[2] == 4 ? "%Y" : "%y"
                if s == "." { return [prefix + "%d.%m.\(year)"] }
                return [prefix + "%m\(s)%d\(s)\(year)", prefix + "%d\(s)%m\(s)\(year)"]
            }
            return []
        case 2:
            if digitRuns[0] == 4 && digitRuns[1] <= 2 && s != "." { return [prefix + "%Y\(s)%m"] }
            if digitRuns[0] <= 2 && digitRuns[1] == 4 && s != "." { return [prefix + "%m\(s)%Y"] }
            return []
        default:
            return []
        }
    }

    /// The tokens of a value; nil when it holds anything but digits, names, the separators and spaces.
    static func tokenize(_ text: String, locale: ChartLocale) -> [Token]? {
        var tokens: [Token] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar.value >= 0x30 && scalar.value <= 0x39 {
                var end = index
                while end < scalars.count && scalars[end].value >= 0x30 && scalars[end].value <= 0x39 { end += 1 }
                tokens.append(.digits(end - index))
                index = end
            } else if scalar == " " || scalar == "\t" {
                while index < scalars.count && (scalars[index] == " " || scalars[index] == "\t") { index += 1 }
                tokens.append(.space)
            } else if "-/.,:".unicodeScalars.contains(scalar) {
                tokens.append(.separator(Character(scalar)))
                index += 1
            } else if scalar.properties.isAlphabetic {
                var end = index
                while end < scalars.count && scalars[end].properties.isAlphabetic { end += 1 }
                var word = ""
                word.unicodeScalars.append(contentsOf: scalars[index..<end])
                guard let token = nameToken(word, locale: locale) else { return nil }
                tokens.append(token)
                index = end
            } else {
                return nil
            }
        }
        return tokens
    }

    /// A month or weekday name (the locale's or English), `AM`/`PM`, or the `T` of a timestamp.
    static func nameToken(_ word: String, locale: ChartLocale) -> Token? {
        let lower = word.lowercased()
        if lower == "t" { return .letterT }
        if lower == "am" || lower == "pm" { return .meridiem }
        for names in [locale, ChartLocale.enUS] {
            if names.shortMonths.contains(where: { $0.lowercased() == lower }) { return .month(full: false) }
            if names.months.contains(where: { $0.lowercased() == lower }) { return .month(full: true) }
            if names.shortWeekdays.contains(where: { $0.lowercased() == lower }) { return .weekday(full: false) }
            if names.weekdays.contains(where: { $0.lowercased() == lower }) { return .weekday(full: true) }
        }
        return nil
    }
}

extension String {
    fileprivate var trimmed: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars = scalars.dropFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars = scalars.dropLast() }
        return String(scalars)
    }

    /// Whether `%d` comes before `%m` in this pattern.
    fileprivate var dayFirst: Bool {
        guard let day = firstRange(of: "%d"), let month = firstRange(of: "%m") else { return false }
        return day.lowerBound < month.lowerBound
    }
}
