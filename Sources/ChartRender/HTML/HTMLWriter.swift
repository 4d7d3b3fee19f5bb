import ChartColor
import ChartLayout
import ChartSystem

/// Writes a chart as one self-contained HTML page (`chartc build --format html`): the SVG that `--format svg`
/// writes, inlined and scaled to its container, with a button per legend entry that shows or hides its series,
/// tooltips on hover and keyboard focus, the data as a table and a "Get the data" CSV link, and light and dark
/// color schemes. It loads nothing: no fonts, images or libraries, and a Content-Security-Policy that allows
/// only the page's own inline script and stylesheet (by hash), so the page cannot make a request of any kind.
/// Every string from the spec or its data is escaped for where it lands. The same inputs give the same bytes.
///
/// It takes only scenes and the page's model (`ChartLayoutEngine.page` lays them out): the scenes should come from
/// a layout that keeps hidden series (marked `data-hidden="true"`) and tags each mark with `data-row` (its row in
/// the model's tooltips): `ChartLayoutEngine`'s interactive options.
public enum HTMLWriter {
    /// The chart name of a spec file: `sales` for `charts/sales.chart.json`.
    public static func chartName(of path: String) -> String {
        var name = path.split(separator: "/").last.map(String.init) ?? path
        for suffix in [".chart.json", ".json"] where name.hasSuffix(suffix) && name.count > suffix.count {
            name.removeLast(suffix.count)
            break
        }
        return name.isEmpty ? "chart" : name
    }

    /// The page of `page`'s scenes and model, ending with a newline. What `chartc build --format html` writes.
    public static func write(_ page: PageLayout) -> String {
        let model = page.model
        if let table = page.table {
            let family = page.wide.fontFamily
            return TableHTML.write(
                table, name: model.name, locale: model.locale,
                fontFamily: family != TextMeasurer.fontFamily && family.unicodeScalars.allSatisfy(isFontStackCharacter) ? family : nil)
        }
        let scene = page.wide
        let id = "chartc-" + XMLText.nameFragment(model.name)
        let title = model.title ?? scene.title ?? model.name
        let narrow = page.narrow

        var views: [(scene: Scene, kind: String, prefix: String)] = [(scene, "wide", id + "-w")]
        if let narrow { views.append((narrow, "narrow", id + "-n")) }
        // With the theme's dark variant, a second set of views, shown in dark mode instead of the first.
        var darkViews: [(scene: Scene, kind: String, prefix: String)] = []
        if let dark = page.dark {
            darkViews.append((dark, "wide", id + "-dw"))
            if narrow != nil, let darkNarrow = page.darkNarrow { darkViews.append((darkNarrow, "narrow", id + "-dn")) }
        }

        // The stylesheet: shared rules, then this chart's sizes, button positions and dark colors.
        var style = PageStyle.base
        style += "#" + id + " { max-width: " + SceneNumber.format(scene.width) + "px; }\n"
        // A theme's font stack (its measured face first, SPEC §19.12) for the page's own text too: the tooltips,
        // the table. Only names of letters, digits, spaces, quotes, commas and hyphens reach the stylesheet.
        if scene.fontFamily != TextMeasurer.fontFamily, scene.fontFamily.unicodeScalars.allSatisfy(Self.isFontStackCharacter) {
            style += "#" + id + " { font-family: " + scene.fontFamily + "; }\n"
        }
        if let narrow {
            let breakpoint = page.narrowBelow > 0 ? page.narrowBelow : (scene.width * 0.8).rounded()
            style += "@container (max-width: " + SceneNumber.format(breakpoint - 0.02) + "px) {\n"
            style += "  #" + id + " .chartc-view-wide { display: none; }\n"
            if narrow.width > ChartLayoutEngine.narrowWidth + 0.5 {
                // Categories that need more than a phone's width keep their size (SPEC §19.8): the page scrolls sideways.
                style += "  #" + id + " .chartc-view-narrow { display: block; width: " + SceneNumber.format(narrow.width) + "px; max-width: none; }\n"
            } else {
                style +=
                    "  #" + id + " .chartc-view-narrow { display: block; max-width: " + SceneNumber.format((narrow.width * 1.5).rounded())
                    + "px; margin: 0 auto; }\n"
            }
            style += "}\n"
        }
        var buttons: [String: [LegendToggles.Toggle]] = [:]
        for view in views + darkViews {
            let toggles = LegendToggles(scene: view.scene).toggles
            buttons[view.prefix] = toggles
            for (index, toggle) in toggles.enumerated() {
                let pad = 3.0
                let box = Box(x: toggle.box.x - pad, y: toggle.box.y - pad, width: toggle.box.width + pad * 2, height: toggle.box.height + pad * 2)
                style += "#" + view.prefix + "-toggle-" + String(index) + " { "
                style += "left: " + percent(box.x, of: view.scene.width) + "; top: " + percent(box.y, of: view.scene.height)
                style += "; width: " + percent(box.width, of: view.scene.width) + "; height: " + percent(box.height, of: view.scene.height) + "; }\n"
            }
        }
        if let darkScene = page.dark {
            style += ".chartc-scheme-dark { display: none; }\n"
            style += "@media (prefers-color-scheme: dark) {\n"
            style += "  .chartc-scheme-light { display: none; }\n"
            style += "  .chartc-scheme-dark { display: block; }\n"
            // Written as the color parser normalizes it: nothing from a theme file reaches the stylesheet raw.
            if let background = darkScene.background.flatMap({ Color(css: $0) }) {
                style += "  body { background: " + background.description + "; }\n"
            }
            style += "}\n"
        } else {
            let background = page.darkBackground.flatMap { Color(css: $0) } ?? DarkPalette.background
            if background != DarkPalette.background {
                style += "@media (prefers-color-scheme: dark) {\n  body { background: " + background.description + "; }\n}\n"
            }
            style += DarkPalette(scenes: views.map(\.scene), background: background).css
        }

        var script = model.isLayered ? PageScript.layeredSource : PageScript.source
        if views.contains(where: { $0.scene.children.contains { $0.containsClass("chartc-arc") } }) { script = PageScript.arcSource(script) }
        let policy =
            "default-src 'none'; script-src " + ContentSecurityPolicy.source(for: script) + "; style-src " + ContentSecurityPolicy.source(for: style)
            + "; base-uri 'none'; form-action 'none'"

        var out = "<!DOCTYPE html>\n"
        out += "<html lang=\"" + XMLText.escapeAttribute(model.locale) + "\">\n"
        out += "<head>\n"
        out += "<meta charset=\"utf-8\">\n"
        out += "<meta http-equiv=\"Content-Security-Policy\" content=\"" + XMLText.escapeAttribute(policy) + "\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        out += "<meta name=\"color-scheme\" content=\"light dark\">\n"
        out += "<meta name=\"generator\" content=\"chartc\">\n"
        out += "<title>" + XMLText.escapeText(title) + "</title>\n"
        out += "<style>" + style + "</style>\n"
        out += "</head>\n"
        out += "<body>\n"
        out += "<figure class=\"chartc-figure\" id=\"" + id + "\">\n"
        let schemes: [(views: [(scene: Scene, kind: String, prefix: String)], scheme: String?)] =
            darkViews.isEmpty ? [(views, nil)] : [(views, "light"), (darkViews, "dark")]
        for (schemeViews, scheme) in schemes {
            if let scheme { out += "<div class=\"chartc-scheme chartc-scheme-" + scheme + "\">\n" }
            for view in schemeViews {
                out += "<div class=\"chartc-view chartc-view-" + view.kind + "\">\n"
                let toggles = buttons[view.prefix] ?? []
                if !toggles.isEmpty {
                    out += "<div class=\"chartc-toggles\" role=\"group\" aria-label=\"Show or hide series\">\n"
                    for (index, toggle) in toggles.enumerated() {
                        out += "<button type=\"button\" class=\"chartc-toggle\" id=\"" + view.prefix + "-toggle-" + String(index) + "\""
                        out += " data-series=\"" + XMLText.escapeAttribute(toggle.series) + "\""
                        out += " aria-pressed=\"" + (toggle.startsHidden ? "false" : "true") + "\">"
                        out += "<span class=\"chartc-sr-only\">" + XMLText.escapeText(toggle.label) + "</span></button>\n"
                    }
                    out += "</div>\n"
                }
                out += SVGWriter.write(view.scene, options: SVGWriter.Options(idPrefix: view.prefix))
                out += "</div>\n"
            }
            if scheme != nil { out += "</div>\n" }
        }
        out += "<div class=\"chartc-tooltip\" aria-hidden=\"true\" hidden></div>\n"
        out += "<p class=\"chartc-announcer chartc-sr-only\" aria-live=\"polite\"></p>\n"
        out += "<div class=\"chartc-tools\">\n"
        out +=
            "<button type=\"button\" class=\"chartc-table-toggle\" aria-expanded=\"false\" aria-controls=\"" + id
            + "-table\">Show the data</button>\n"
        if model.viewTables.isEmpty {
            out += "<a class=\"chartc-download\" href=\"" + XMLText.escapeAttribute(PageEscaping.csvDataURI(model.table.csv))
            out += "\" download=\"" + XMLText.escapeAttribute(model.name + ".csv") + "\">Get the data (CSV)</a>\n"
        } else {
            // A graphic of several views (SPEC §20): every view's rows, one link each, named after the view.
            let names = ViewDownloads.fileNames(page: model.name, headings: model.viewTables.map(\.heading))
            for (index, view) in model.viewTables.enumerated() {
                out += "<a class=\"chartc-download\" data-view=\"" + String(index) + "\" href=\""
                out += XMLText.escapeAttribute(PageEscaping.csvDataURI(view.table.csv))
                out += "\" download=\"" + XMLText.escapeAttribute(names[index]) + "\">Get the data: "
                out += XMLText.escapeText(view.heading) + " (CSV)</a>\n"
            }
        }
        out += "</div>\n"
        out += "<div class=\"chartc-table chartc-sr-only\" id=\"" + id + "-table\">\n"
        if model.viewTables.isEmpty {
            out += DataTableMarkup.html(model.table, caption: "Data: " + title, indent: "")
        } else {
            // A graphic of several views (SPEC §20): each view's rows, under its heading.
            for view in model.viewTables {
                out += "<h2 class=\"chartc-table-heading\">" + XMLText.escapeText(view.heading) + "</h2>\n"
                out += DataTableMarkup.html(view.table, caption: "Data: " + view.heading, indent: "")
            }
        }
        out += "</div>\n"
        out += "<script type=\"application/json\" class=\"chartc-data\">" + model.tooltips.json + "</script>\n"
        out += "</figure>\n"
        out += "<script>" + script + "</script>\n"
        out += "</body>\n"
        out += "</html>\n"
        return out
    }

    /// Whether a character may stand in a CSS font stack written into the page's stylesheet.
    static func isFontStackCharacter(_ scalar: Unicode.Scalar) -> Bool {
        (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
            || scalar == " " || scalar == "'" || scalar == "," || scalar == "-"
    }

    /// `12.5%`: a length as a share of the canvas, for positions that scale with the SVG.
    private static func percent(_ value: Double, of total: Double) -> String {
        guard total > 0 else { return "0%" }
        return SceneNumber.format(value / total * 100) + "%"
    }
}
