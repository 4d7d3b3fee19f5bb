import ChartColor
import ChartLayout
import ChartSystem

/// Writes a table spec (SPEC §24) as one self-contained HTML page: a real `<table>` whose caption holds the
/// title, subtitle, heat legends and search box; headers (`<th scope="col">`) that sort on click and from the
/// keyboard (buttons, with `aria-sort`); a search box that filters rows as you type; pages of `rows` rows with
/// previous/next buttons; a header that sticks while the table scrolls; and below 560 px each row as a card of
/// label: value pairs. Bars and sparklines are inline SVG, heat colors classes of the page's own stylesheet, so
/// the Content-Security-Policy allows nothing but the page's script and stylesheet, as for every chart.
enum TableHTML {
    static func write(_ table: TablePage, name: String, locale: String, fontFamily: String?) -> String {
        let id = "chartc-" + XMLText.nameFragment(name)
        var style = base
        if let fontFamily { style += "#" + id + " { font-family: " + fontFamily + "; }\n" }
        // The theme's colors (normalized by the color parser: nothing from a theme file reaches the stylesheet raw).
        style += "#" + id + " .chartc-bar, #" + id + " .chartc-sparkline circle { fill: " + table.markColor + "; }\n"
        style += "#" + id + " .chartc-sparkline path { stroke: " + table.markColor + "; }\n"
        style += "@media (prefers-color-scheme: light) {\n  #" + id + " thead th { border-bottom-color: " + table.ruleColor + "; }\n"
        style += "  #" + id + " td { border-bottom-color: " + table.gridColor + "; }\n}\n"
        // Each heat color once, as a class.
        var heatClasses: [String: String] = [:]
        var heatOrder: [(String, String, String)] = []
        for row in table.rows {
            for cell in row {
                guard let heat = cell.heat else { continue }
                let key = heat.background + heat.ink
                if heatClasses[key] == nil {
                    let name = "chartc-h" + String(heatOrder.count)
                    heatClasses[key] = name
                    heatOrder.append((name, heat.background, heat.ink))
                }
            }
        }
        for (name, background, ink) in heatOrder {
            style += "#" + id + " td." + name + " { background: " + background + "; color: " + ink + "; }\n"
        }
        for (index, legend) in table.legends.enumerated() {
            style +=
                "#" + id + " .chartc-ramp-" + String(index) + " { background: linear-gradient(to right, " + legend.stops.joined(separator: ", ")
                + "); }\n"
        }
        let policy =
            "default-src 'none'; script-src " + ContentSecurityPolicy.source(for: script) + "; style-src "
            + ContentSecurityPolicy.source(for: style) + "; img-src https: http: data:; base-uri 'none'; form-action 'none'"
        let title = table.title ?? name

        var out = "<!DOCTYPE html>\n"
        out += "<html lang=\"" + XMLText.escapeAttribute(locale) + "\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta http-equiv=\"Content-Security-Policy\" content=\"" + XMLText.escapeAttribute(policy) + "\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        out += "<meta name=\"color-scheme\" content=\"light dark\">\n<meta name=\"generator\" content=\"chartc\">\n"
        out += "<title>" + XMLText.escapeText(title) + "</title>\n<style>" + style + "</style>\n</head>\n<body>\n"
        out += "<figure class=\"chartc-tablepage\" id=\"" + id + "\" data-rows=\"" + String(table.pageSize) + "\">\n"
        out += "<table>\n<caption>\n"
        if let text = table.title { out += "<span class=\"chartc-title\">" + XMLText.escapeText(text) + "</span>\n" }
        if let text = table.subtitle { out += "<span class=\"chartc-subtitle\">" + XMLText.escapeText(text) + "</span>\n" }
        if !table.legends.isEmpty {
            out += "<span class=\"chartc-legends\">\n"
            for (index, legend) in table.legends.enumerated() {
                out += "<span class=\"chartc-legend\"><span class=\"chartc-legend-title\">" + XMLText.escapeText(legend.heading) + "</span>"
                out += "<span class=\"chartc-ramp chartc-ramp-" + String(index) + "\" aria-hidden=\"true\"></span>"
                out += "<span class=\"chartc-ramp-values\"><span>" + XMLText.escapeText(legend.low) + "</span><span>"
                out += XMLText.escapeText(legend.high) + "</span></span></span>\n"
            }
            out += "</span>\n"
        }
        if table.search {
            out += "<label class=\"chartc-search\"><span>Search</span> <input type=\"search\" autocomplete=\"off\" aria-controls=\"" + id
            out += "-body\"></label>\n"
        }
        out += "</caption>\n<thead>\n<tr>\n"
        for (index, column) in table.columns.enumerated() {
            out += "<th scope=\"col\" class=\"chartc-align-" + column.align + " chartc-display-" + column.display + "\""
            if let sorted = column.sorted { out += " aria-sort=\"" + sorted + "\"" }
            out += " data-numeric=\"" + (column.numeric ? "true" : "false") + "\">"
            out += "<button type=\"button\" data-column=\"" + String(index) + "\">" + XMLText.escapeText(column.heading)
            out += "<span class=\"chartc-sort-mark\" aria-hidden=\"true\"></span></button></th>\n"
        }
        out += "</tr>\n</thead>\n<tbody id=\"" + id + "-body\">\n"
        for (position, row) in table.rows.enumerated() {
            out += "<tr" + (position >= table.pageSize ? " hidden" : "") + ">\n"
            for (column, cell) in zip(table.columns, row) {
                out += cellMarkup(cell, column: column, heatClass: cell.heat.flatMap { heatClasses[$0.background + $0.ink] })
            }
            out += "</tr>\n"
        }
        out += "</tbody>\n</table>\n"
        let more = table.rows.count > table.pageSize
        out += "<nav class=\"chartc-pager\" aria-label=\"Pages of the table\"" + (more ? "" : " hidden") + ">"
        out += "<button type=\"button\" class=\"chartc-prev\" disabled>Previous</button>"
        out +=
            "<span class=\"chartc-status\" aria-live=\"polite\">" + statusText(shown: min(table.pageSize, table.rows.count), total: table.rows.count)
            + "</span>"
        out += "<button type=\"button\" class=\"chartc-next\">Next</button></nav>\n"
        out += "<footer>\n"
        if !table.notes.isEmpty {
            for note in table.notes { out += "<p class=\"chartc-notes\">" + XMLText.escapeText(note) + "</p>\n" }
        }
        if !table.sources.isEmpty {
            out += "<p class=\"chartc-sources\">" + (table.sources.count == 1 ? "Source: " : "Sources: ")
            for (index, source) in table.sources.enumerated() {
                if index > 0 { out += "; " }
                if let url = source.url, url.hasPrefix("https://") || url.hasPrefix("http://") {
                    out +=
                        "<a href=\"" + XMLText.escapeAttribute(url) + "\">" + XMLText.escapeText(source.title.isEmpty ? url : source.title) + "</a>"
                } else {
                    out += XMLText.escapeText(source.title)
                }
            }
            out += "</p>\n"
        }
        if let byline = table.byline { out += "<p class=\"chartc-byline\">" + XMLText.escapeText(byline) + "</p>\n" }
        out += "</footer>\n</figure>\n<script>" + script + "</script>\n</body>\n</html>\n"
        return out
    }

    static func statusText(shown: Int, total: Int) -> String {
        "Rows 1–" + String(shown) + " of " + String(total)
    }

    static func cellMarkup(_ cell: TablePage.Cell, column: TablePage.Column, heatClass: String?) -> String {
        var classes = ["chartc-align-" + column.align, "chartc-display-" + column.display]
        if let heatClass { classes.append(heatClass) }
        var out = "<td class=\"" + classes.joined(separator: " ") + "\" data-label=\"" + XMLText.escapeAttribute(column.heading) + "\""
        out += " data-sort=\"" + XMLText.escapeAttribute(cell.sortKey) + "\">"
        if let bar = cell.bar {
            out += "<svg class=\"chartc-bar\" viewBox=\"0 0 100 10\" preserveAspectRatio=\"none\" aria-hidden=\"true\">"
            out += "<rect x=\"" + SceneNumber.format(bar.start) + "\" y=\"0\" width=\"" + SceneNumber.format(bar.length) + "\" height=\"10\"/>"
            out += "</svg>"
        }
        if let line = cell.sparkline {
            let size = TablePage.sparklineSize
            out += "<svg class=\"chartc-sparkline\" width=\"" + SceneNumber.format(size.width) + "\" height=\"" + SceneNumber.format(size.height)
            out += "\" viewBox=\"0 0 " + SceneNumber.format(size.width) + " " + SceneNumber.format(size.height) + "\" aria-hidden=\"true\">"
            out += "<path d=\"" + line.path + "\"/><circle cx=\"" + SceneNumber.format(line.endX) + "\" cy=\"" + SceneNumber.format(line.endY)
            out += "\" r=\"2.5\"/></svg>"
        }
        if let image = cell.image, image.hasPrefix("https://") || image.hasPrefix("http://") || !image.contains(":") {
            out += "<img src=\"" + XMLText.escapeAttribute(image) + "\" alt=\"\" loading=\"lazy\">"
        } else if cell.text.isEmpty {
            out += "<span class=\"chartc-missing\" aria-label=\"missing\">–</span>"
        } else {
            out += "<span class=\"chartc-value\">" + XMLText.escapeText(cell.text) + "</span>"
        }
        return out + "</td>\n"
    }

    static let base = """
        html { -webkit-text-size-adjust: 100%; }
        body { margin: 0; padding: 16px; background: #fff; color: #1a1a1a; font-family: "Liberation Sans", Arial, Helvetica, sans-serif; }
        .chartc-tablepage { margin: 0 auto; max-width: 960px; }
        .chartc-tablepage table { border-collapse: separate; border-spacing: 0; width: 100%; font-size: 14px; font-variant-numeric: tabular-nums; }
        .chartc-tablepage caption { text-align: left; padding-bottom: 12px; }
        .chartc-title { display: block; font-size: 21px; font-weight: bold; margin-bottom: 6px; }
        .chartc-subtitle { display: block; font-size: 15px; color: #4d4d4d; margin-bottom: 10px; }
        .chartc-legends { display: flex; flex-wrap: wrap; gap: 8px 24px; margin: 6px 0 10px; }
        .chartc-legend { display: inline-flex; flex-direction: column; font-size: 12px; color: #666; min-width: 140px; }
        .chartc-legend-title { font-weight: bold; color: #333; margin-bottom: 4px; }
        .chartc-ramp { display: block; height: 10px; }
        .chartc-ramp-values { display: flex; justify-content: space-between; margin-top: 2px; }
        .chartc-search { display: block; margin-top: 6px; font-size: 14px; }
        .chartc-search input { font: inherit; padding: 4px 8px; border: 1px solid #999; border-radius: 3px; width: 16em; max-width: 70%; }
        .chartc-tablepage thead th { position: sticky; top: 0; z-index: 1; background: #fff; border-bottom: 1.5px solid #333; vertical-align: bottom; padding: 0; }
        .chartc-tablepage th button { all: unset; box-sizing: border-box; display: block; width: 100%; padding: 6px 8px; font-weight: bold; cursor: pointer; text-align: inherit; }
        .chartc-tablepage th button:focus-visible { outline: 2px solid #2b6cb0; outline-offset: -2px; }
        .chartc-sort-mark { white-space: nowrap; }
        .chartc-sort-mark::after { content: ""; color: #666; }
        th[aria-sort="ascending"] .chartc-sort-mark::after { content: " ▲"; }
        th[aria-sort="descending"] .chartc-sort-mark::after { content: " ▼"; }
        .chartc-tablepage td { padding: 6px 8px; border-bottom: 1px solid #e3e3e3; vertical-align: top; }
        .chartc-align-left { text-align: left; }
        .chartc-align-center { text-align: center; }
        .chartc-align-right { text-align: right; }
        td.chartc-display-bar { white-space: nowrap; }
        .chartc-bar { display: inline-block; width: 100px; height: 12px; vertical-align: -1px; margin-right: 4px; fill: #2b6cb0; }
        .chartc-sparkline { vertical-align: middle; margin-right: 4px; }
        .chartc-sparkline path { fill: none; stroke: #2b6cb0; stroke-width: 1.5; stroke-linejoin: round; stroke-linecap: round; }
        .chartc-sparkline circle { fill: #2b6cb0; }
        .chartc-missing { color: #666; }
        .chartc-tablepage img { max-height: 40px; max-width: 100%; }
        .chartc-pager { display: flex; gap: 12px; align-items: center; margin-top: 10px; font-size: 14px; }
        .chartc-pager button { font: inherit; padding: 4px 10px; }
        .chartc-tablepage footer { font-size: 12px; color: #666; margin-top: 12px; }
        .chartc-tablepage footer p { margin: 4px 0; }
        .chartc-tablepage a { color: inherit; }
        @media (max-width: 560px) {
          body { padding: 12px; }
          .chartc-tablepage table, .chartc-tablepage tbody, .chartc-tablepage tr, .chartc-tablepage td, .chartc-tablepage caption { display: block; width: auto; }
          .chartc-tablepage thead { display: block; }
          .chartc-tablepage thead tr { display: flex; flex-wrap: wrap; gap: 4px; margin-bottom: 8px; }
          .chartc-tablepage thead th { position: static; border: 1px solid #ccc; border-radius: 3px; font-size: 12px; }
          .chartc-tablepage th button { padding: 3px 6px; }
          .chartc-tablepage tbody tr { border: 1px solid #e3e3e3; border-radius: 4px; margin-bottom: 8px; padding: 4px 0; }
          .chartc-tablepage tbody tr[hidden] { display: none; }
          .chartc-tablepage td { display: flex; justify-content: space-between; align-items: center; gap: 12px; border: 0; padding: 3px 8px; text-align: right; overflow-wrap: anywhere; }
          .chartc-tablepage td::before { content: attr(data-label); font-weight: bold; text-align: left; flex: 0 1 45%; }
          .chartc-bar { width: 60px; }
        }
        @media (prefers-color-scheme: dark) {
          body { background: #17181a; color: #e6e6e6; }
          .chartc-tablepage thead th { background: #17181a; border-bottom-color: #ccc; }
          .chartc-subtitle, .chartc-legend, .chartc-tablepage footer { color: #b3b3b3; }
          .chartc-legend-title { color: #e6e6e6; }
          .chartc-tablepage td { border-bottom-color: #3a3b3e; }
        }

        """

    static let script = """
        (function () {
          "use strict";
          document.querySelectorAll(".chartc-tablepage").forEach(function (root) {
            var body = root.querySelector("tbody");
            var rows = Array.prototype.slice.call(body.rows);
            var size = Number(root.getAttribute("data-rows")) || rows.length;
            var order = rows.slice();
            var page = 0;
            var query = "";
            var text = rows.map(function (row) { return row.textContent.toLowerCase(); });
            var headers = Array.prototype.slice.call(root.querySelectorAll("thead th"));
            var pager = root.querySelector(".chartc-pager");
            var status = root.querySelector(".chartc-status");
            var previous = root.querySelector(".chartc-prev");
            var next = root.querySelector(".chartc-next");
            var search = root.querySelector(".chartc-search input");
            function matching() {
              if (!query) return order;
              return order.filter(function (row) { return text[rows.indexOf(row)].indexOf(query) >= 0; });
            }
            function render() {
              var list = matching();
              var pages = Math.max(1, Math.ceil(list.length / size));
              page = Math.min(page, pages - 1);
              rows.forEach(function (row) { row.hidden = true; });
              list.forEach(function (row, index) {
                body.appendChild(row);
                row.hidden = index < page * size || index >= (page + 1) * size;
              });
              var first = list.length ? page * size + 1 : 0;
              var last = Math.min(list.length, (page + 1) * size);
              status.textContent = list.length ? "Rows " + first + "–" + last + " of " + list.length : "No rows match";
              previous.disabled = page === 0;
              next.disabled = page >= pages - 1;
              pager.hidden = list.length <= size && page === 0;
            }
            function key(row, column) {
              return row.cells[column].getAttribute("data-sort");
            }
            function sortBy(column, direction, numeric) {
              order = rows.slice().sort(function (a, b) {
                var x = key(a, column), y = key(b, column);
                if (x === "" || y === "") return x === y ? rows.indexOf(a) - rows.indexOf(b) : (x === "" ? 1 : -1);
                var c = numeric ? Number(x) - Number(y) : x.localeCompare(y);
                if (c === 0) return rows.indexOf(a) - rows.indexOf(b);
                return direction === "ascending" ? c : -c;
              });
              headers.forEach(function (th, index) {
                if (index === column) th.setAttribute("aria-sort", direction); else th.removeAttribute("aria-sort");
              });
              page = 0;
              render();
            }
            headers.forEach(function (th, index) {
              th.querySelector("button").addEventListener("click", function () {
                var numeric = th.getAttribute("data-numeric") === "true";
                var current = th.getAttribute("aria-sort");
                var direction = current ? (current === "ascending" ? "descending" : "ascending") : (numeric ? "descending" : "ascending");
                sortBy(index, direction, numeric);
              });
            });
            if (search) {
              search.addEventListener("input", function () {
                query = search.value.trim().toLowerCase();
                page = 0;
                render();
              });
            }
            previous.addEventListener("click", function () { page -= 1; render(); });
            next.addEventListener("click", function () { page += 1; render(); });
            render();
          });
        })();

        """
}
