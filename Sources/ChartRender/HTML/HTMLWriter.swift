import ChartColor
import ChartData
import ChartDiagnostics
import ChartFormat
import ChartLayout
import ChartSemantics
import ChartSpec

/// Writes a chart as one self-contained HTML page (`chartc build --format html`): the SVG that `--format svg`
/// writes, inlined and scaled to its container, with a button per legend entry that shows or hides its series,
/// tooltips on hover and keyboard focus, the data as a table and a "Get the data" CSV link, and light and dark
/// color schemes. It loads nothing: no fonts, images or libraries, and a Content-Security-Policy that allows
/// only the page's own inline script and stylesheet (by hash), so the page cannot make a request of any kind.
/// Every string from the spec or its data is escaped for where it lands. The same inputs give the same bytes.
///
/// The scenes should come from a layout that keeps hidden series (marked `data-hidden="true"`) and tags each
/// mark with `data-row` (its row in `table`): `ChartLayoutEngine`'s interactive options.
public enum HTMLWriter {
    /// What the page is built from besides the scenes.
    public struct Page: Sendable {
        /// The chart's name (`sales` for `sales.chart.json`): element ids and the CSV's file name.
        public var name: String
        /// The scene laid out for narrow screens, shown instead of the main one when the figure is narrower
        /// than `narrowBelow` px. Nil: the main scene just scales down.
        public var narrowScene: Scene?
        public var narrowBelow: Double
        /// The chart laid out again with the theme's `dark` variant (and its narrow layout), shown instead of the
        /// light scenes when the reader's system asks for a dark color scheme. Nil: the page derives dark colors
        /// from the light scenes (`DarkPalette`) on a `darkBackground` canvas.
        public var darkScene: Scene?
        public var darkNarrowScene: Scene?
        /// The canvas of the derived dark mode (the theme's `dark.background`).
        public var darkBackground: String?

        public init(
            name: String, narrowScene: Scene? = nil, narrowBelow: Double? = nil, darkScene: Scene? = nil, darkNarrowScene: Scene? = nil,
            darkBackground: String? = nil
        ) {
            self.name = name
            self.narrowScene = narrowScene
            self.narrowBelow = narrowBelow ?? 0
            self.darkScene = darkScene
            self.darkNarrowScene = darkNarrowScene
            self.darkBackground = darkBackground
        }
    }

    /// The page for a checked chart drawn from `table` (the pipeline's output), with the scenes
    /// `ChartLayoutEngine.pageLayouts` chooses (the chart's own width, and a phone layout when it is wide). What
    /// `chartc build --format html` calls.
    public static func render(chart: CheckedChart, table: Table, name: String, theme: ChartTheme = .standard) throws(DiagnosticError) -> String {
        let drawn = PageLimits.drawnRows(chart.context)
        if drawn > PageLimits.rows {
            throw DiagnosticError(
                Diagnostic(
                    SemanticDiagnostic.Kind.htmlMarkLimit,
                    "the chart draws \(CountText.grouped(drawn)) rows; an HTML page draws at most \(CountText.grouped(PageLimits.rows)) (specs/limits.md): its marks would cover each other and the page would weigh hundreds of megabytes. Aggregate or bin the rows, or build SVG or PDF",
                    at: PageLimits.markSpan(chart.spec)))
        }
        let scenes = try ChartLayoutEngine.pageLayouts(chart: chart, table: table, theme: theme)
        var page = Page(name: name, narrowScene: scenes.narrow, darkBackground: theme.darkBackground)
        if let dark = try theme.loadDark() {
            // The dark variant is laid out like the light theme (its fonts and sizes may differ), at the page's
            // one width: layout decides every position, the page only shows one set of scenes or the other.
            let darkScenes = try ChartLayoutEngine.pageLayouts(chart: chart, table: table, theme: dark)
            page.darkScene = darkScenes.wide
            page.darkNarrowScene = scenes.narrow == nil ? nil : darkScenes.narrow
        }
        var tooltips: TooltipData?
        if chart.spec.isLayered {
            // SPEC §11: the marks' `data-row` counts every layer's rows, one layer after the other.
            tooltips = TooltipData(layers: chart.context.layers.map { ($0.spec, $0.table ?? Table(columns: [], rowCount: 0)) })
        }
        return write(scene: scenes.wide, spec: chart.spec, table: table, page: page, tooltips: tooltips)
    }

    /// The chart name of a spec file: `sales` for `charts/sales.chart.json`.
    public static func chartName(of path: String) -> String {
        var name = path.split(separator: "/").last.map(String.init) ?? path
        for suffix in [".chart.json", ".json"] where name.hasSuffix(suffix) && name.count > suffix.count {
            name.removeLast(suffix.count)
            break
        }
        return name.isEmpty ? "chart" : name
    }

    /// The page for `scene` (and the table it was drawn from), ending with a newline.
    public static func write(scene: Scene, spec: ChartSpec, table: Table, page: Page) -> String {
        write(scene: scene, spec: spec, table: table, page: page, tooltips: nil)
    }

    /// `write(scene:spec:table:page:)` with the tooltips of a layered chart (nil: from `table`).
    static func write(scene: Scene, spec: ChartSpec, table: Table, page: Page, tooltips: TooltipData?) -> String {
        let id = "chartc-" + XMLText.nameFragment(page.name)
        let title = spec.title?.value ?? scene.title ?? page.name
        let narrow = page.narrowScene

        var views: [(scene: Scene, kind: String, prefix: String)] = [(scene, "wide", id + "-w")]
        if let narrow { views.append((narrow, "narrow", id + "-n")) }
        // With the theme's dark variant, a second set of views, shown in dark mode instead of the first.
        var darkViews: [(scene: Scene, kind: String, prefix: String)] = []
        if let dark = page.darkScene {
            darkViews.append((dark, "wide", id + "-dw"))
            if narrow != nil, let darkNarrow = page.darkNarrowScene { darkViews.append((darkNarrow, "narrow", id + "-dn")) }
        }

        // The stylesheet: shared rules, then this chart's sizes, button positions and dark colors.
        var style = PageStyle.base
        style += "#" + id + " { max-width: " + SceneNumber.format(scene.width) + "px; }\n"
        if let narrow {
            let breakpoint = page.narrowBelow > 0 ? page.narrowBelow : (scene.width * 0.8).rounded()
            style += "@container (max-width: " + SceneNumber.format(breakpoint - 0.02) + "px) {\n"
            style += "  #" + id + " .chartc-view-wide { display: none; }\n"
            style +=
                "  #" + id + " .chartc-view-narrow { display: block; max-width: " + SceneNumber.format((narrow.width * 1.5).rounded())
                + "px; margin: 0 auto; }\n"
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
        if let darkScene = page.darkScene {
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

        let script = tooltips == nil ? PageScript.source : PageScript.layeredSource
        let policy =
            "default-src 'none'; script-src " + ContentSecurityPolicy.source(for: script) + "; style-src " + ContentSecurityPolicy.source(for: style)
            + "; base-uri 'none'; form-action 'none'"

        var out = "<!DOCTYPE html>\n"
        out += "<html lang=\"" + XMLText.escapeAttribute(spec.locale.value) + "\">\n"
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
        out += "<a class=\"chartc-download\" href=\"" + XMLText.escapeAttribute(PageEscaping.csvDataURI(TableWriter.csv(table)))
        out += "\" download=\"" + XMLText.escapeAttribute(page.name + ".csv") + "\">Get the data (CSV)</a>\n"
        out += "</div>\n"
        out += "<div class=\"chartc-table chartc-sr-only\" id=\"" + id + "-table\">\n"
        out += DataTableMarkup.html(table, caption: "Data: " + title, indent: "")
        out += "</div>\n"
        out += "<script type=\"application/json\" class=\"chartc-data\">" + (tooltips ?? TooltipData(spec: spec, table: table)).json + "</script>\n"
        out += "</figure>\n"
        out += "<script>" + script + "</script>\n"
        out += "</body>\n"
        out += "</html>\n"
        return out
    }

    /// `12.5%`: a length as a share of the canvas, for positions that scale with the SVG.
    private static func percent(_ value: Double, of total: Double) -> String {
        guard total > 0 else { return "0%" }
        return SceneNumber.format(value / total * 100) + "%"
    }
}
