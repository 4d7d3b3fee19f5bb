/// A category's label on a band or point axis (SPEC §19.8): every category is named, never thinned. The label
/// wraps only at spaces, never inside a word, a number or a date (`2000`, `1900–1910` stay whole), onto at
/// most `maxLines` lines; a word wider than the room, or text left over past the last line, is shortened with
/// "…", and `fullText` then keeps the whole name (the SVG writes it as a `<title>`).
struct CategoryLabel: Sendable, Equatable {
    var lines: [TextBlockLine]
    /// The label as written when the lines shorten it; nil when they show all of it.
    var fullText: String?

    init(_ text: String, width: Double, maxLines: Int, style: TextStyle) {
        // Most names fit on one line as they are: measured once.
        if !text.contains("\n"), TextMeasurer.width(text, style: style) <= max(1, width) {
            lines = [TextBlockLine(runs: [TextRun(text, style: style)])]
            fullText = nil
            return
        }
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).map(String.init)
        let room = max(1, width)
        let limit = max(1, maxLines)
        var rows: [String] = []
        var current = ""
        var shortened = false
        for word in words {
            let joined = current.isEmpty ? word : current + " " + word
            if TextMeasurer.width(joined, style: style) <= room {
                current = joined
                continue
            }
            if !current.isEmpty { rows.append(current) }
            current = word
        }
        if !current.isEmpty || rows.isEmpty { rows.append(current) }
        if rows.count > limit {
            let rest = rows[(limit - 1)...].joined(separator: " ")
            rows = Array(rows.prefix(limit - 1)) + [rest]
            shortened = true
        }
        rows = rows.map { row in
            guard TextMeasurer.width(row, style: style) > room else { return row }
            shortened = true
            let cut = TextMeasurer.truncate(row, toWidth: room, style: style)
            return cut.isEmpty ? "\u{2026}" : cut
        }
        // A last line cut mid-text ends in an ellipsis even when it fits.
        if shortened, let last = rows.last, !last.hasSuffix("\u{2026}") {
            var trimmed = last + "\u{2026}"
            while TextMeasurer.width(trimmed, style: style) > room, trimmed.count > 1 {
                trimmed = String(trimmed.dropLast(2)) + "\u{2026}"
            }
            rows[rows.count - 1] = trimmed
        }
        lines = rows.map { TextBlockLine(runs: [TextRun($0, style: style)]) }
        fullText = shortened ? text : nil
    }

    /// The width of the longest line.
    var width: Double { lines.reduce(0) { max($0, $1.width) } }
}
