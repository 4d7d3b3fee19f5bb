import ChartData
import ChartDiagnostics
import ChartLayout
import ChartSpec
import ChartValues
import Foundation
import Testing

@testable import ChartRender
@testable import chartc_devtools

/// SPEC §24's HTML table in a real headless Chromium: headers sort on click and from the keyboard with
/// `aria-sort`, the search box filters as you type, pages of `rows` rows, a sticky header, and at 375 px each row
/// a card with no horizontal scroll.
@Suite(
    .serialized,
    .enabled(
        if: BrowserAvailability.chromium || BrowserAvailability.required,
        "chromium is not installed (apt-get install chromium fonts-liberation); skipping the browser tests"))
struct TableBrowserTests {
    static let names = ["Japan", "Chad", "Peru", "Norway", "Kenya", "Chile", "Spain", "India", "Mali", "Cuba", "Iran", "Laos"]

    static func page(rows: Int = 5, search: Bool = true) throws -> String {
        let text = """
            {"title": "Countries", "subtitle": "Life and income", "data": {"url": "d.csv"},
             "table": {"columns": [{"field": "country", "title": "Country"}, {"field": "life", "title": "Life", "format": ".1f"},
                                   {"field": "gdp", "title": "GDP", "display": "bar"}, {"field": "change", "display": "heat"}],
                       "sort": "-life", "rows": \(rows), "search": \(search)},
             "sources": [{"title": "Gapminder"}]}
            """
        let parsed = SpecParser.parse(SourceFile(path: "countries.chart.json", text: text))
        let spec = try #require(parsed.spec)
        let count = names.count
        let table = Table(columns: [
            Column(name: "country", type: .string, values: names.map { .string($0) }),
            Column(name: "life", type: .number, values: (0..<count).map { .number(50 + Double(($0 * 7) % count) * 2.5) }),
            Column(name: "gdp", type: .number, values: (0..<count).map { .number(Double(1000 + $0 * 900)) }),
            Column(name: "change", type: .number, values: (0..<count).map { .number(Double($0 % 5) - 2) })
        ])
        let chart = try ChartLayoutEngine.check(spec, table: table)
        return HTMLWriter.write(try ChartLayoutEngine.page(chart: chart, table: table, name: "countries"))
    }

    func open(_ html: String, width: Int = 1000, height: Int = 800) throws -> (HeadlessChromium, BrowserPage) {
        let folder = NSTemporaryDirectory() + "chartc-table-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = folder + "/table.html"
        try html.write(toFile: file, atomically: true, encoding: .utf8)
        let browser = try HeadlessChromium()
        let page = try browser.openPage(width: width, height: height)
        try page.load(file)
        return (browser, page)
    }

    static let visibleCountries =
        "Array.from(document.querySelectorAll('tbody tr'), r => r.hidden ? null : r.cells[0].textContent).filter(x => x).join(',')"

    @Test func aRealTableWithACaptionAndColumnHeaders() throws {
        let (_, page) = try open(try Self.page())
        #expect(page.problems == [])
        #expect(try page.string("document.querySelector('table caption .chartc-title').textContent") == "Countries")
        #expect(try page.number("document.querySelectorAll('thead th[scope=col]').length") == 4)
        #expect(try page.string("document.querySelectorAll('thead th')[1].getAttribute('aria-sort')") == "descending")
        // The first page: the five longest lives, highest first.
        #expect(try page.number("document.querySelectorAll('tbody tr:not([hidden])').length") == 5)
        #expect(try page.string("document.querySelector('.chartc-status').textContent") == "Rows 1–5 of 12")
        // The header sticks.
        #expect(try page.string("getComputedStyle(document.querySelector('thead th')).position") == "sticky")
    }

    @Test func headersSortOnClickAndFromTheKeyboard() throws {
        let (_, page) = try open(try Self.page(rows: 20))
        let country = try #require(try page.center("thead th:nth-child(1) button"))
        try page.click(x: country.x, y: country.y)
        #expect(try page.string("document.querySelectorAll('thead th')[0].getAttribute('aria-sort')") == "ascending")
        #expect(try page.string("document.querySelectorAll('thead th')[1].getAttribute('aria-sort')") == nil)
        #expect(try page.string(Self.visibleCountries) == Self.names.sorted().joined(separator: ","))
        try page.click(x: country.x, y: country.y)
        #expect(try page.string("document.querySelectorAll('thead th')[0].getAttribute('aria-sort')") == "descending")
        #expect(try page.string(Self.visibleCountries) == Self.names.sorted().reversed().joined(separator: ","))
        // The keyboard: focus the GDP header's button and press Enter: highest first; Space flips it.
        _ = try page.evaluate("document.querySelectorAll('thead th button')[2].focus()")
        try page.press("Enter")
        try page.nextFrame()
        #expect(try page.string("document.querySelectorAll('thead th')[2].getAttribute('aria-sort')") == "descending")
        #expect(try page.string("document.querySelector('tbody tr:not([hidden])').cells[0].textContent") == "Laos")
        try page.press(" ")
        try page.nextFrame()
        #expect(try page.string("document.querySelectorAll('thead th')[2].getAttribute('aria-sort')") == "ascending")
        #expect(try page.string("document.querySelector('tbody tr:not([hidden])').cells[0].textContent") == "Japan")
        #expect(page.problems == [])
    }

    @Test func theSearchBoxFiltersAsYouType() throws {
        let (_, page) = try open(try Self.page())
        _ = try page.evaluate("document.querySelector('.chartc-search input').focus()")
        try page.insertText("ch")
        try page.nextFrame()
        #expect(Set((try page.string(Self.visibleCountries) ?? "").split(separator: ",").map(String.init)) == ["Chad", "Chile"])
        try page.insertText("a")
        try page.nextFrame()
        #expect(try page.string(Self.visibleCountries) == "Chad")
        _ = try page.evaluate(
            "(function(){ var i = document.querySelector('.chartc-search input'); i.value = ''; i.dispatchEvent(new Event('input')); return true; })()"
        )
        #expect(try page.number("document.querySelectorAll('tbody tr:not([hidden])').length") == 5)
    }

    @Test func pagesPastRows() throws {
        let (_, page) = try open(try Self.page(rows: 5))
        let first = try page.string(Self.visibleCountries)
        let next = try #require(try page.center(".chartc-next"))
        try page.click(x: next.x, y: next.y)
        #expect(try page.string("document.querySelector('.chartc-status').textContent") == "Rows 6–10 of 12")
        #expect(try page.string(Self.visibleCountries) != first)
        let again = try #require(try page.center(".chartc-next"))
        try page.click(x: again.x, y: again.y)
        #expect(try page.string("document.querySelector('.chartc-status').textContent") == "Rows 11–12 of 12")
        #expect(try page.bool("document.querySelector('.chartc-next').disabled") == true)
        // The pager moves with the table's height: find the button before each click.
        for _ in 0..<2 {
            let previous = try #require(try page.center(".chartc-prev"))
            try page.click(x: previous.x, y: previous.y)
        }
        #expect(try page.string(Self.visibleCountries) == first)
    }

    @Test func aNarrowScreenShowsCardsWithoutSidewaysScrolling() throws {
        let (_, page) = try open(try Self.page(), width: 375, height: 800)
        #expect(try page.number("document.documentElement.scrollWidth") ?? 9999 <= 375)
        #expect(try page.string("getComputedStyle(document.querySelector('tbody tr')).display") == "block")
        // Each value is labelled by its column.
        #expect(try page.string("getComputedStyle(document.querySelector('tbody td'), '::before').content") == "\"Country\"")
        #expect(page.problems == [])
    }
}
