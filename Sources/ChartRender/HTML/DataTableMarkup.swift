import ChartLayout

/// The data the marks are drawn from as an HTML `<table>`, for screen readers and for readers who want the
/// numbers: the page model's columns and cells (`PageTable`, the text `chartc data` prints), every string
/// escaped. A table cut at `PageTable.rowLimit` rows ends with a note; the CSV link always has them all.
enum DataTableMarkup {
    static func html(_ table: PageTable, caption: String, indent: String) -> String {
        var out = indent + "<table>\n"
        out += indent + "  <caption>" + XMLText.escapeText(caption) + "</caption>\n"
        out += indent + "  <thead><tr>"
        for column in table.columns {
            out += "<th scope=\"col\"" + (column.isNumeric ? " class=\"chartc-number\"" : "") + ">" + XMLText.escapeText(column.name) + "</th>"
        }
        out += "</tr></thead>\n"
        out += indent + "  <tbody>\n"
        for row in table.rows {
            out += indent + "    <tr>"
            for (column, cell) in zip(table.columns, row) {
                out += (column.isNumeric ? "<td class=\"chartc-number\">" : "<td>") + XMLText.escapeText(cell) + "</td>"
            }
            out += "</tr>\n"
        }
        out += indent + "  </tbody>\n"
        out += indent + "</table>\n"
        if table.rows.count < table.rowCount {
            out +=
                indent + "<p class=\"chartc-table-note\">The first " + String(table.rows.count) + " of " + String(table.rowCount)
                + " rows; the CSV has them all.</p>\n"
        }
        return out
    }
}
