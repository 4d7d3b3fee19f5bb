import ChartDiagnostics
import ChartFormat

/// Writes a pipeline result the way `chartc data` prints it (SPEC §9), byte for byte the same on every machine.
///
/// Cells: numbers in their shortest exact form (`2012`, `0.1`), non-finite numbers as null; dates as ISO 8601
/// (`2012-01-17`, with a time only when it is not midnight UTC); booleans `true`/`false`; null as an empty CSV
/// cell or JSON `null`.
public enum TableWriter {
    /// RFC 4180 CSV: a header row of field names, then one line per row, LF line endings (after the last row
    /// too). A field is quoted only when it must be — it contains a comma, a double quote, CR or LF — with `""`
    /// for a quote inside; an empty string is written `""` so it stays distinct from null (an empty cell).
    public static func csv(_ table: Table) -> String {
        let table = table.withBinEnds()
        var out = ""
        out += table.columns.map { csvField($0.name) }.joined(separator: ",")
        out += "\n"
        let cells = table.columns.map(CellText.init)
        for row in 0..<table.rowCount {
            var first = true
            for cell in cells {
                if !first { out += "," }
                first = false
                if let text = cell.text(row) {
                    out += cell.isString ? csvField(text) : text
                }
            }
            out += "\n"
        }
        return out
    }

    /// A JSON array with one object per row, keys in column order:
    /// `[\n  {"year": 2012, "party": "Democrats"},\n  …\n]\n`; `[]\n` when there are no rows.
    public static func json(_ table: Table) -> String {
        let table = table.withBinEnds()
        guard table.rowCount > 0 else { return "[]\n" }
        let keys = table.columns.map { JSONText.quote($0.name) + ": " }
        let cells = table.columns.map(CellText.init)
        var out = "[\n"
        for row in 0..<table.rowCount {
            out += "  {"
            for (index, cell) in cells.enumerated() {
                if index > 0 { out += ", " }
                out += keys[index]
                if let text = cell.text(row) {
                    out += cell.isString || cell.isDate ? JSONText.quote(text) : text
                } else {
                    out += "null"
                }
            }
            out += row + 1 < table.rowCount ? "},\n" : "}\n"
        }
        out += "]\n"
        return out
    }

    static func csvField(_ text: String) -> String {
        if text.isEmpty { return "\"\"" }
        var needsQuotes = false
        for byte in text.utf8 where byte == 0x2C || byte == 0x22 || byte == 0x0A || byte == 0x0D {
            needsQuotes = true
            break
        }
        guard needsQuotes else { return text }
        return "\"" + text.replacingAll("\"", with: "\"\"") + "\""
    }
}

extension TableWriter {
    /// One cell as `chartc data` writes it (before CSV quoting), nil for null: shared by every view of the table,
    /// such as the HTML page's data table, so they all show the same text.
    public static func cellText(_ column: Column, _ row: Int) -> String? {
        CellText(column).text(row)
    }
}

/// The text of each cell of one column, with string dictionaries and formatting done once per column.
private struct CellText {
    let column: Column
    let isString: Bool
    let isDate: Bool

    init(_ column: Column) {
        self.column = column
        self.isString = column.type == .string
        self.isDate = column.type == .date
    }

    /// Nil for null.
    func text(_ row: Int) -> String? {
        guard column.valid[row] else { return nil }
        switch column.storage {
        case .number(let values):
            let value = values[row]
            return value.isFinite ? NumberText.shortest(value) : nil
        case .string(let codes, let dictionary):
            let code = Int(codes[row])
            return code < dictionary.count ? dictionary[code] : nil
        case .date(let values):
            return ISODate.format(values[row])
        case .boolean(let values):
            return values[row] ? "true" : "false"
        }
    }
}

extension Table {
    /// The table as `chartc data` shows it (SPEC §13): after each `bin` field (a column with a `binStep`) its
    /// interval's end, `NAME_end` (the next interval's start, in decimal: 5.9, not 5.8999999999999995), unless the table already has a field of that name.
    public func withBinEnds() -> Table {
        guard columns.contains(where: { $0.binStep != nil }) else { return self }
        var result: [Column] = []
        let names = Set(columnNames)
        for column in columns {
            result.append(column)
            guard let step = column.binStep, case .number(let starts) = column.storage, !names.contains(column.name + "_end") else { continue }
            var ends = starts
            let bins = DecimalBinStep(step)
            for row in ends.indices { ends[row] = bins.end(ofStart: starts[row]) }
            result.append(Column(name: column.name + "_end", storage: .number(ends), valid: column.valid))
        }
        return Table(columns: result, rowCount: rowCount)
    }
}
