import ChartFormat

/// SPEC §19.10: a column read without `parse` whose cells are ISO 8601 dates but for some that name no date
/// (`2021-02-30`) is a date column with impossible cells — the same one error per column as a `parse` failure
/// (the first such cell, why it is impossible, how many) — not a text column drawn as categories. The CSV
/// readers ask this of the string columns they inferred; the JSON reader classifies its cells with `isImpossible`.
enum ImpossibleDates {
    /// Whether `text` (spaces around allowed) has the shape of an ISO 8601 date but names none.
    static func isImpossible(_ text: Substring) -> Bool {
        let trimmed = trimmed(text)
        return ISODate.parse(String(trimmed)) == nil && ISODate.impossibility(String(trimmed)) != nil
    }

    /// Whether a string column's distinct values (`dictionary`) are all dates as CSV infers them (`YYYY-MM-DD…`)
    /// or impossible ones written that way, with at least one impossible. Stops at the first value that is
    /// neither, so an ordinary text column costs one look at its first value.
    static func isDateColumnWithImpossibleCells(_ dictionary: [String]) -> Bool {
        var impossible = false
        for value in dictionary {
            let text = trimmed(Substring(value))
            guard text.utf8.count >= 10, text.utf8.dropFirst(4).first == UInt8(ascii: "-") else { return false }
            if ISODate.parse(String(text)) != nil { continue }
            guard ISODate.impossibility(String(text)) != nil else { return false }
            impossible = true
        }
        return impossible
    }

    /// `text` without the spaces and tabs around it (as CSV date inference reads a cell).
    static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
