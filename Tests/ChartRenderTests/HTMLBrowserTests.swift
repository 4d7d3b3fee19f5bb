import Testing
import ChartTestSupport
import ChartLayout
import Foundation
@testable import ChartRender
// The DevTools-protocol driver of `chartc-devtools review`: one driver for the tests and the review tool.
@testable import chartc_devtools

/// Whether browser tests can run here. CI installs Chromium (`.ci/run`), so there a missing browser is a
/// failure, not a skip.
enum BrowserAvailability {
    static var chromium: Bool { HeadlessChromium.executable != nil }
    static var required: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }
}

/// The HTML page in a real headless Chromium: it loads without errors or requests, the legend buttons work
/// with a mouse and a keyboard, tooltips show formatted values on hover and focus, the table and CSV link are
/// there, and injected markup stays text.
@Suite(
    .serialized,
    .enabled(
        if: BrowserAvailability.chromium || BrowserAvailability.required,
        "chromium is not installed (apt-get install chromium fonts-liberation); skipping the browser tests"))
struct HTMLBrowserTests {
    /// Writes `html` to a temporary file and opens it at `width` px.
    func open(_ html: String, width: Int = 1000, height: Int = 800, dark: Bool = false) throws -> (HeadlessChromium, BrowserPage, String) {
        let folder = NSTemporaryDirectory() + "chartc-html-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = folder + "/chart.html"
        try html.write(toFile: file, atomically: true, encoding: .utf8)
        let browser = try HeadlessChromium()
        let page = try browser.openPage(width: width, height: height, dark: dark)
        try page.load(file)
        return (browser, page, file)
    }

    func fixturePage(title: String = "Ideology in Congress", parties: [String] = HTMLFixture.parties) -> String {
        HTMLWriter.write(
            PageLayout(
                wide: HTMLFixture.scene(title: title, partyNames: parties),
                narrow: HTMLFixture.scene(width: 320, title: title, partyNames: parties),
                model: PageModel(spec: HTMLFixture.spec(title: title), table: HTMLFixture.table(partyNames: parties), name: "congress")))
    }

    /// The center of the first element matching `selector` in the visible layout, in viewport px.
    func center(_ page: BrowserPage, _ selector: String) throws -> (x: Double, y: Double) {
        try #require(try page.center(selector), "nothing visible matches \(selector)")
    }

    @Test func loadsWithoutErrorsAndRequestsNothing() throws {
        let (_, page, file) = try open(fixturePage())
        #expect(page.problems == [])
        #expect(page.requests == [URL(fileURLWithPath: file).absoluteString])
        // The script ran: the marks are focusable.
        #expect(try page.string("document.querySelector('.chartc-view-wide .chartc-marks').getAttribute('tabindex')") == "0")
    }

    @Test func legendButtonsFlipTheirSeries() throws {
        let (_, page, _) = try open(fixturePage())
        let display = { (series: String) throws -> String? in
            try page.string("getComputedStyle(document.querySelector('.chartc-view-wide .chartc-series[data-series=\"\(series)\"]')).display")
        }
        let pressed = { (series: String) throws -> String? in
            try page.string("document.querySelector('.chartc-view-wide button[data-series=\"\(series)\"]').getAttribute('aria-pressed')")
        }
        // The hidden series starts hidden, its entry dimmed, its button not pressed.
        #expect(try display("Congress") == "none")
        #expect(try pressed("Congress") == "false")
        #expect(
            try page.string("getComputedStyle(document.querySelector('.chartc-view-wide .chartc-legend-item[data-series=\"Congress\"]')).opacity")
                == "0.35")
        #expect(try display("Democrats") == "inline")

        // The keyboard: Tab reaches the buttons in legend order; Space and Enter press them.
        try page.press("Tab")
        #expect(try page.string("document.activeElement.getAttribute('data-series')") == "Democrats")
        try page.press("Tab")
        try page.press("Tab")
        #expect(try page.string("document.activeElement.getAttribute('data-series')") == "Congress")
        try page.press(" ")
        #expect(try display("Congress") == "inline")
        #expect(try pressed("Congress") == "true")
        // Both layouts follow.
        #expect(
            try page.string("document.querySelector('.chartc-view-narrow button[data-series=\"Congress\"]').getAttribute('aria-pressed')") == "true")
        try page.press("Enter")
        #expect(try display("Congress") == "none")

        // A mouse click on the legend entry hides Democrats, another shows it again.
        let democrats = try center(page, ".chartc-view-wide .chartc-legend-item[data-series=\"Democrats\"] text")
        try page.click(x: democrats.x, y: democrats.y)
        #expect(try display("Democrats") == "none")
        #expect(try pressed("Democrats") == "false")
        try page.click(x: democrats.x, y: democrats.y)
        #expect(try display("Democrats") == "inline")
        #expect(try pressed("Democrats") == "true")
        #expect(page.problems == [])
    }

    @Test func hoverAndFocusShowTheFormattedValues() throws {
        let (_, page, _) = try open(fixturePage())
        #expect(try page.bool("document.querySelector('.chartc-tooltip').hidden") == true)
        // Near the first Democrats point (row 0: median −0.38 in "+.2f", year 2019).
        let point = try center(page, ".chartc-view-wide [data-row=\"0\"]")
        try page.moveMouse(x: point.x + 5, y: point.y - 3)
        #expect(try page.bool("document.querySelector('.chartc-tooltip').hidden") == false)
        let text = try page.string(
            "Array.from(document.querySelectorAll('.chartc-tooltip-heading, .chartc-tooltip dt, .chartc-tooltip dd'), e => e.textContent).join('|')")
        #expect(text == "Democrats|median|\u{2212}0.38|year|2019")
        // The tooltip sits above the point, inside the figure.
        let tooltipBottom = try #require(try page.number("document.querySelector('.chartc-tooltip').getBoundingClientRect().bottom"))
        #expect(tooltipBottom <= point.y)
        // A null value reads as a dash.
        let missing = try center(page, ".chartc-view-wide [data-row=\"1\"]")
        try page.moveMouse(x: missing.x, y: missing.y)
        #expect(try page.string("document.querySelector('.chartc-tooltip dd').textContent") == "\u{2013}")
        // Far from every point it goes away; hidden series are never picked.
        try page.moveMouse(x: 990, y: 790)
        #expect(try page.bool("document.querySelector('.chartc-tooltip').hidden") == true)
        let hiddenPoint = try center(page, ".chartc-view-wide .chartc-legend") // anywhere else
        _ = hiddenPoint
        #expect(
            try page.number(
                "document.querySelector('.chartc-view-wide .chartc-series[data-series=\"Congress\"] [data-row]').getBoundingClientRect().width") == 0)

        // Keyboard: Tab past the three legend buttons lands on the marks and shows the first value.
        for _ in 0..<4 { try page.press("Tab") }
        #expect(try page.bool("document.activeElement.classList.contains('chartc-marks')") == true)
        #expect(try page.string("document.querySelector('.chartc-announcer').textContent") == "Democrats, median: \u{2212}0.38, year: 2019")
        try page.press("ArrowRight")
        try page.press("ArrowRight")
        #expect(try page.string("document.querySelector('.chartc-announcer').textContent") == "Democrats, median: \u{2212}0.36, year: 2023")
        // Down moves to the next visible series at the same place; the hidden one is skipped.
        try page.press("ArrowDown")
        #expect(try page.string("document.querySelector('.chartc-announcer').textContent") == "Republicans, median: +0.55, year: 2023")
        try page.press("ArrowDown")
        #expect(try page.string("document.querySelector('.chartc-announcer').textContent") == "Republicans, median: +0.55, year: 2023")
        try page.press("Escape")
        #expect(try page.bool("document.querySelector('.chartc-tooltip').hidden") == true)
        #expect(page.problems == [])
    }

    @Test func tableAndCSVLinkAreThere() throws {
        let (_, page, _) = try open(fixturePage())
        #expect(try page.number("document.querySelectorAll('.chartc-table tbody tr').length") == 9)
        #expect(try page.string("document.querySelector('.chartc-table caption').textContent") == "Data: Ideology in Congress")
        let csv = try page.string(
            "decodeURIComponent(document.querySelector('a.chartc-download').getAttribute('href').slice('data:text/csv;charset=utf-8,'.length))")
        #expect(
            csv
                == "year,party,median\n2019,Democrats,-0.38\n2021,Democrats,\n2023,Democrats,-0.36\n2019,Republicans,0.52\n2021,Republicans,0.54\n2023,Republicans,0.55\n2019,Congress,0.07\n2021,Congress,0.09\n2023,Congress,0.11\n"
        )
        #expect(try page.string("document.querySelector('a.chartc-download').getAttribute('download')") == "congress.csv")
        // The table is read out by screen readers but shown only on request.
        #expect(try page.number("document.querySelector('.chartc-table').getBoundingClientRect().height") == 1)
        let button = try center(page, ".chartc-table-toggle")
        try page.click(x: button.x, y: button.y)
        #expect(try page.number("document.querySelector('.chartc-table').getBoundingClientRect().height")! > 100)
        #expect(try page.string("document.querySelector('.chartc-table-toggle').getAttribute('aria-expanded')") == "true")
        #expect(page.problems == [])
    }

    @Test func injectedMarkupShowsAsText() throws {
        let evil = "</script><img src=x onerror=\"window.pwned=1\"><script>window.pwned=2</script>"
        let (_, page, _) = try open(fixturePage(title: evil, parties: [evil, "R\" onclick=\"window.pwned=3", "Congress"]))
        #expect(try page.number("document.querySelectorAll('img').length") == 0)
        #expect(try page.number("document.querySelectorAll('script').length") == 2)
        #expect(try page.bool("window.pwned === undefined") == true)
        #expect(try page.string("document.title") == evil)
        #expect(try page.string("document.querySelector('.chartc-view-wide svg title').textContent") == evil)
        #expect(try page.string("document.querySelector('.chartc-view-wide button.chartc-toggle').textContent") == evil)
        #expect(try page.string("document.querySelector('.chartc-table caption').textContent") == "Data: " + evil)
        // The toggles still find their series by the literal name.
        let entry = try center(page, ".chartc-view-wide .chartc-legend-item text")
        try page.click(x: entry.x, y: entry.y)
        #expect(try page.string("getComputedStyle(document.querySelector('.chartc-view-wide .chartc-series')).display") == "none")
        try page.click(x: entry.x, y: entry.y)
        let point = try center(page, ".chartc-view-wide [data-row=\"0\"]")
        try page.moveMouse(x: point.x, y: point.y)
        #expect(try page.string("document.querySelector('.chartc-tooltip-heading').textContent") == evil)
        let second = try center(page, ".chartc-view-wide [data-row=\"3\"]")
        try page.moveMouse(x: second.x, y: second.y)
        try page.click(x: second.x, y: second.y)
        #expect(try page.bool("window.pwned === undefined") == true)
        #expect(page.problems == [])
    }

    @Test func narrowScreensGetTheNarrowLayout() throws {
        let (_, page, _) = try open(fixturePage(), width: 360, height: 700)
        #expect(try page.string("getComputedStyle(document.querySelector('.chartc-view-wide')).display") == "none")
        #expect(try page.string("getComputedStyle(document.querySelector('.chartc-view-narrow')).display") == "block")
        // On a phone the page has no side padding (the chart has its own), and the 320 px layout fills the
        // screen: its 12 px labels show at 13.5 px.
        let width = try #require(try page.number("document.querySelector('.chartc-view-narrow svg').getBoundingClientRect().width"))
        #expect(width == 360)
        let entry = try center(page, ".chartc-view-narrow .chartc-legend-item[data-series=\"Republicans\"] text")
        try page.click(x: entry.x, y: entry.y)
        #expect(
            try page.string("getComputedStyle(document.querySelector('.chartc-view-narrow .chartc-series[data-series=\"Republicans\"]')).display")
                == "none")
        #expect(page.problems == [])
    }

    @Test func darkSchemeRecolorsTheCanvasAndKeepsSeriesVisible() throws {
        let (_, page, _) = try open(fixturePage(), dark: true)
        #expect(try page.string("getComputedStyle(document.body).backgroundColor") == "rgb(23, 24, 26)")
        #expect(try page.string("getComputedStyle(document.querySelector('.chartc-view-wide .chartc-background')).fill") == "rgb(23, 24, 26)")
        // The navy series is lightened, the red one kept.
        #expect(
            try page.string("getComputedStyle(document.querySelector('.chartc-view-wide .chartc-series[data-series=\"Democrats\"] path')).stroke")
                != "rgb(31, 95, 191)")
        #expect(
            try page.string("getComputedStyle(document.querySelector('.chartc-view-wide .chartc-series[data-series=\"Republicans\"] path')).stroke")
                == "rgb(214, 39, 40)")
        #expect(page.problems == [])
    }

    /// A house style with a `dark` variant: cream paper in light mode, the variant's own colors in dark mode.
    static let houseWithDark = """
        {
          "background": "#fbf8f1",
          "text": { "title": { "color": "#111111" }, "axis": { "color": "#555555" } },
          "grid": { "color": "#ddd6c8" },
          "colors": { "categorical": ["#1f4e8c", "#a8322d", "#6b6b6b"] },
          "variants": {
            "dark": {
              "background": "#1c1b19",
              "text": { "title": { "color": "#f2efe8" }, "axis": { "color": "#b9b4a8" } },
              "grid": { "color": "#3a3833" },
              "colors": { "categorical": ["#7fb0ff", "#ff8a7a", "#bdbdbd"] }
            }
          }
        }
        """

    func loadTheme(_ json: String) throws -> ChartTheme {
        let folder = NSTemporaryDirectory() + "chartc-theme-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/house.theme.json"
        try json.write(toFile: file, atomically: true, encoding: .utf8)
        return try ChartTheme.load(try ThemeResolver.resolve(file: file))
    }

    @Test func aThemesDarkVariantColorsThePageInDarkMode() throws {
        let theme = try loadTheme(Self.houseWithDark)
        let html = try HTMLSpecs.polarization(ownColors: false).page(theme: theme)
        let fill = { (page: BrowserPage, selector: String) throws -> String? in
            try page.string(
                "(function () { var all = document.querySelectorAll('\(selector)'); for (var i = 0; i < all.length; i++) { var box = all[i].getBoundingClientRect(); if (box.width > 0 || box.height > 0) { return getComputedStyle(all[i]).fill; } } return null; })()"
            )
        }
        let stroke = { (page: BrowserPage, selector: String) throws -> String? in
            try page.string(
                "(function () { var all = document.querySelectorAll('\(selector)'); for (var i = 0; i < all.length; i++) { var box = all[i].getBoundingClientRect(); if (box.width > 0 || box.height > 0) { return getComputedStyle(all[i]).stroke; } } return null; })()"
            )
        }
        let democrats = ".chartc-view-wide .chartc-series[data-series=\"Democrats\"] path"

        let (_, light, _) = try open(html)
        #expect(light.problems == [])
        #expect(try light.string("getComputedStyle(document.querySelector('.chartc-scheme-dark')).display") == "none")
        #expect(try fill(light, ".chartc-view-wide .chartc-background") == "rgb(251, 248, 241)")
        #expect(try fill(light, ".chartc-view-wide .chartc-title") == "rgb(17, 17, 17)")
        #expect(try stroke(light, democrats) == "rgb(31, 78, 140)")

        let (_, dark, _) = try open(html, dark: true)
        #expect(dark.problems == [])
        #expect(try dark.string("getComputedStyle(document.querySelector('.chartc-scheme-light')).display") == "none")
        #expect(try dark.string("getComputedStyle(document.body).backgroundColor") == "rgb(28, 27, 25)")
        // The variant's own colors, exactly: nothing derived.
        #expect(try fill(dark, ".chartc-view-wide .chartc-background") == "rgb(28, 27, 25)")
        #expect(try fill(dark, ".chartc-view-wide .chartc-title") == "rgb(242, 239, 232)")
        #expect(try stroke(dark, democrats) == "rgb(127, 176, 255)")
        #expect(try stroke(dark, ".chartc-view-wide .chartc-plot > line") == "rgb(58, 56, 51)")
        #expect(try fill(dark, ".chartc-view-wide .chartc-axis text") == "rgb(185, 180, 168)")

        // The dark view's legend buttons work, and the light view follows.
        let congress = ".chartc-scheme-dark .chartc-view-wide .chartc-series[data-series=\"Congress\"]"
        #expect(try dark.string("getComputedStyle(document.querySelector('\(congress)')).display") == "none")
        let entry = try center(dark, ".chartc-scheme-dark .chartc-view-wide .chartc-legend-item[data-series=\"Congress\"] text")
        try dark.click(x: entry.x, y: entry.y)
        #expect(try dark.string("getComputedStyle(document.querySelector('\(congress)')).display") == "inline")
        #expect(
            try dark.string(
                "document.querySelector('.chartc-scheme-light .chartc-view-wide .chartc-series[data-series=\"Congress\"]').getAttribute('data-hidden')"
            ) == "false")
        // Hovering a dark mark shows its tooltip with the dark series color.
        let point = try center(dark, ".chartc-scheme-dark .chartc-view-wide .chartc-series[data-series=\"Republicans\"] [data-row]")
        try dark.moveMouse(x: point.x, y: point.y)
        #expect(try dark.bool("!document.querySelector('.chartc-tooltip').hidden") == true)
        #expect(try dark.string("document.querySelector('.chartc-tooltip-swatch').style.backgroundColor") == "rgb(255, 138, 122)")

        if let folder = ProcessInfo.processInfo.environment["CHARTC_SCREENSHOTS"] {
            try Data(try light.screenshot()).write(to: URL(fileURLWithPath: folder + "/dark-variant-light.png"))
            try Data(try dark.screenshot()).write(to: URL(fileURLWithPath: folder + "/dark-variant-dark.png"))
        }
    }

    @Test func aThemesDarkBackgroundIsTheDerivedDarkCanvasWithoutAVariant() throws {
        let theme = try loadTheme(##"{ "dark": { "background": "#101820" } }"##)
        let html = try HTMLSpecs.polarization().page(theme: theme)
        #expect(!html.contains("chartc-scheme"))
        let (_, page, _) = try open(html, dark: true)
        #expect(try page.string("getComputedStyle(document.body).backgroundColor") == "rgb(16, 24, 32)")
        #expect(try page.string("getComputedStyle(document.querySelector('.chartc-view-wide .chartc-background')).fill") == "rgb(16, 24, 32)")
        #expect(page.problems == [])
    }

    // MARK: - Real specs through the layout engine

    @Test func realChartsLoadCleanly() throws {
        for chart in [try HTMLSpecs.polarization(), try HTMLSpecs.weekdays(), try HTMLSpecs.injection()] {
            for width in [1000, 360] {
                let (_, page, file) = try open(try chart.page(), width: width)
                #expect(page.problems == [], "\(chart.name) at \(width) px")
                #expect(page.requests == [URL(fileURLWithPath: file).absoluteString], "\(chart.name) at \(width) px")
            }
        }
    }

    @Test func polarizationTogglesTheCongressionalMedian() throws {
        let (_, page, _) = try open(try HTMLSpecs.polarization().page())
        let congress = ".chartc-view-wide .chartc-series[data-series=\"Congress\"]"
        #expect(try page.string("getComputedStyle(document.querySelector('\(congress)')).display") == "none")
        let entry = try center(page, ".chartc-view-wide .chartc-legend-item[data-series=\"Congress\"] text")
        try page.click(x: entry.x, y: entry.y)
        #expect(try page.string("getComputedStyle(document.querySelector('\(congress)')).display") == "inline")
        // Hovering the Democrats' 1949 value: the party heads the tooltip, then x with its "+.2f" format and
        // the year as a year. Row 0 is Democrats 1949 (−0.28).
        let point = try center(page, ".chartc-view-wide [data-row=\"0\"]")
        try page.moveMouse(x: point.x + 2, y: point.y + 2)
        let text = try page.string(
            "Array.from(document.querySelectorAll('.chartc-tooltip-heading, .chartc-tooltip dt, .chartc-tooltip dd'), e => e.textContent).join('|')")
        #expect(text == "Democrats|\u{2190} More liberal \u{00b7} More conservative \u{2192}|\u{2212}0.28|year|1949")
        // The point shows while it is the subject.
        #expect(try page.string("getComputedStyle(document.querySelector('.chartc-view-wide [data-row=\"0\"]')).opacity") == "1")
        #expect(page.problems == [])
    }

    @Test func hoveringABarShowsItsValue() throws {
        let (_, page, _) = try open(try HTMLSpecs.weekdays().page())
        // Row 2: Mon, rain, 112 days.
        let bar = try center(page, ".chartc-view-wide rect[data-row=\"2\"]")
        try page.moveMouse(x: bar.x, y: bar.y)
        let text = try page.string(
            "Array.from(document.querySelectorAll('.chartc-tooltip-heading, .chartc-tooltip dt, .chartc-tooltip dd'), e => e.textContent).join('|')")
        #expect(text == "rain|weekday|Mon|Days|112")
        #expect(try page.string("document.querySelector('.chartc-tooltip-swatch').style.background") != "")
        #expect(page.problems == [])
    }

    @Test func injectionSpecShowsItsStringsAsText() throws {
        let (_, page, _) = try open(try HTMLSpecs.injection().page())
        let attack = HTMLSpecs.attackText
        #expect(try page.number("document.querySelectorAll('img').length") == 0)
        #expect(try page.number("document.querySelectorAll('script').length") == 2)
        #expect(try page.number("document.querySelectorAll('svg').length") == 2)
        #expect(try page.number("document.querySelectorAll('b, i, u, a[href^=\"javascript\"]').length") == 0)
        #expect(try page.string("document.title") == attack)
        // The title wraps into lines (tspans), so compare without the breaks.
        let title = try page.string("document.querySelector('.chartc-view-wide .chartc-title').textContent")
        #expect(title?.filter { !$0.isWhitespace } == attack.filter { !$0.isWhitespace })
        #expect(try page.string("document.querySelector('.chartc-view-wide svg desc').textContent") == attack)
        #expect(try page.string("document.querySelector('.chartc-view-wide .chartc-subtitle').textContent") == "<b>bold?</b> & <i>italic?</i>")
        #expect(try page.string("document.querySelector('.chartc-view-wide button.chartc-toggle').textContent") == attack)
        #expect(try page.string("document.querySelector('.chartc-table tbody td').textContent") == attack)
        let bar = try center(page, ".chartc-view-wide rect[data-row=\"0\"]")
        try page.moveMouse(x: bar.x, y: bar.y)
        #expect(try page.string("document.querySelector('.chartc-tooltip-heading').textContent") == attack)
        let other = try center(page, ".chartc-view-wide rect[data-row=\"1\"]")
        try page.moveMouse(x: other.x, y: other.y)
        try page.click(x: other.x, y: other.y)
        let csv = try page.string(
            "decodeURIComponent(document.querySelector('a.chartc-download').getAttribute('href').slice('data:text/csv;charset=utf-8,'.length))")
        #expect(csv?.hasPrefix("name,group,value\n\"</script><img src=x onerror=\"\"window.pwned=1\"\"><script>window.pwned=2</script>\"") == true)
        #expect(try page.bool("window.pwned === undefined") == true)
        #expect(page.problems == [])
    }
}
