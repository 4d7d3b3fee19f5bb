import ChartData

/// The data the marks are drawn from as an HTML `<table>`, for screen readers and for readers who want the
/// numbers: the columns and cells `chartc data` prints (SPEC §9: numbers in their shortest exact form, dates as
/// ISO 8601, null as an empty cell), every string escaped. Long tables stop after `rowLimit` rows with a note;
/// the CSV link always has them all.
enum DataTableMarkup {
    static let rowLimit = 1000

    static func html(_ table: Table, caption: String, indent: String) -> String {
        var out = indent + "<table>\n"
        out += indent + "  <caption>" + XMLText.escapeText(caption) + "</caption>\n"
        out += indent + "  <thead><tr>"
        for column in table.columns {
            let numeric = column.type == .number
            out += "<th scope=\"col\"" + (numeric ? " class=\"chartc-number\"" : "") + ">" + XMLText.escapeText(column.name) + "</th>"
        }
        out += "</tr></thead>\n"
        out += indent + "  <tbody>\n"
        let shown = min(table.rowCount, rowLimit)
        for row in 0..<shown {
            out += indent + "    <tr>"
            for column in table.columns {
                let numeric = column.type == .number
                out += (numeric ? "<td class=\"chartc-number\">" : "<td>") + XMLText.escapeText(TableWriter.cellText(column, row) ?? "") + "</td>"
            }
            out += "</tr>\n"
        }
        out += indent + "  </tbody>\n"
        out += indent + "</table>\n"
        if shown < table.rowCount {
            out +=
                indent + "<p class=\"chartc-table-note\">The first " + String(shown) + " of " + String(table.rowCount)
                + " rows; the CSV has them all.</p>\n"
        }
        return out
    }
}
