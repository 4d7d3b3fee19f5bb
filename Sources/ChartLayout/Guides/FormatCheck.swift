import ChartDiagnostics
import ChartFormat
import ChartSpec

/// Checks every `format` a chart will print with — a channel's `format`, its `axis.format`, `mark.labels.format`
/// — against the kind of values it formats (a `%`-pattern for dates, d3-format for numbers), so a typo is an
/// `invalid-format` error pointing at the bad character inside the spec string instead of a silent fallback.
enum FormatCheck {
    static let id = "invalid-format"

    static func diagnostics(model: PlotModel) -> [Diagnostic] {
        var result: [Diagnostic] = []
        let channels = [model.x, model.y, model.x2, model.y2, model.color, model.offset, model.size, model.text].compactMap { $0 }
        for channel in channels {
            // Text and true/false print as they are; a format on them has nothing to do.
            guard channel.column.type == .number || channel.column.type == .date else { continue }
            for pattern in [channel.definition.format, channel.definition.axis?.format].compactMap({ $0 }) {
                if let diagnostic = check(pattern, dates: channel.holdsDates, what: "the \(channel.channel.rawValue) channel's format") {
                    result.append(diagnostic)
                }
            }
        }
        if let pattern = model.mark.labels?.format {
            let dates = ValueLabelContent.source(model)?.holdsDates ?? false
            if let diagnostic = check(pattern, dates: dates, what: "mark.labels.format") { result.append(diagnostic) }
        }
        return result
    }

    /// The diagnostic for one pattern, or nil when it parses.
    static func check(_ pattern: Located<String>, dates: Bool, what: String) -> Diagnostic? {
        let error: FormatError
        if dates {
            do { _ = try DateFormat(parsing: pattern.value); return nil } catch let caught { error = caught }
        } else {
            do { _ = try NumberFormat(parsing: pattern.value); return nil } catch let caught { error = caught }
        }
        let kind = dates ? "a date format such as \"%b %Y\"" : "a number format such as \",.0f\" or \".1%\""
        return .error(id, "\(what) \"\(pattern.value)\" is not valid: \(error.message); expected \(kind)", at: span(of: pattern, offset: error.offset))
    }

    /// The span of the pattern character at UTF-8 `offset`, inside the JSON string literal. When the literal holds
    /// escapes, byte positions no longer line up, so the whole literal is pointed at instead.
    static func span(of pattern: Located<String>, offset: Int) -> SourceSpan? {
        guard let literal = pattern.span else { return nil }
        let length = pattern.value.utf8.count
        guard literal.range.count == length + 2 else { return literal }
        let position = literal.range.lowerBound + 1 + min(max(0, offset), length)
        let end = min(position + 1, literal.range.upperBound - 1)
        return SourceSpan(file: literal.file, range: position..<max(position, end))
    }
}
