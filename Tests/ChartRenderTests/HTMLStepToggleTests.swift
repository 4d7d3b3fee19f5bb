import ChartLayout
import ChartTestSupport
import Foundation
import Testing

@testable import ChartRender
@testable import chartc_devtools

/// SPEC §22 in the HTML page: a stepped color legend's swatches are buttons; pressing one (pointer, or Tab then
/// Space/Enter) fades the marks of the other steps, pressing it again shows them all. Pages without a stepped
/// legend keep their script and style byte for byte.
@Suite struct HTMLStepToggleTests {
    static func steps() throws -> HTMLSpecs.Built {
        try HTMLSpecs.build(
            """
            {
              "title": "Rain by month",
              "data": { "values": [
                { "month": "Jan", "rain": 10 }, { "month": "Feb", "rain": 30 }, { "month": "Mar", "rain": 55 },
                { "month": "Apr", "rain": 80 }, { "month": "May", "rain": 20 }, { "month": "Jun", "rain": 95 }
              ] },
              "mark": "bar",
              "encoding": {
                "x": { "field": "month", "title": null },
                "y": { "field": "rain", "title": "Rain (mm)" },
                "color": { "field": "rain", "title": "Rain (mm)", "scale": { "type": "threshold", "domain": [25, 50, 75] } }
              }
            }
            """, name: "steps")
    }

    @Test func aButtonPerStepAndTheStepScriptOnlyWhereNeeded() throws {
        let html = try Self.steps().page()
        #expect(html.contains("aria-label=\"Highlight steps\""))
        #expect(
            html.contains(
                "<button type=\"button\" class=\"chartc-toggle chartc-step-toggle\" id=\"chartc-steps-w-toggle-0\" data-step=\"0\" aria-pressed=\"false\"><span class=\"chartc-sr-only\">10 to 25</span></button>"
            ))
        #expect(html.contains("<span class=\"chartc-sr-only\">75 to 95</span>"))
        // Each bar carries the step of its value: Jan 10 → 0, Mar 55 → 2, Jun 95 → 3.
        #expect(html.contains("data-row=\"0\" data-step=\"0\"") || html.contains("data-step=\"0\""))
        #expect(html.contains(PageScript.stepSource(PageScript.source)))
        #expect(html.contains(PageStyle.steps))
        // A page without steps has neither.
        let plain = try HTMLSpecs.weekdays().page()
        #expect(!plain.contains("chartc-step-toggle"))
        #expect(!plain.contains(PageStyle.steps))
    }

    @Test(
        .enabled(
            if: BrowserAvailability.chromium || BrowserAvailability.required,
            "chromium is not installed (apt-get install chromium fonts-liberation); skipping the browser tests"))
    func pressingAStepFadesTheOtherSteps() throws {
        let folder = NSTemporaryDirectory() + "chartc-steps-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/chart.html"
        try Self.steps().page().write(toFile: file, atomically: true, encoding: .utf8)
        let browser = try HeadlessChromium()
        let page = try browser.openPage(width: 1000, height: 800)
        try page.load(file)
        let opacity = { (row: Int) throws -> String? in
            try page.string("getComputedStyle(document.querySelector('.chartc-view-wide [data-row=\"\(row)\"]')).opacity")
        }
        #expect(try opacity(0) == "1")
        // Keyboard: the first Tab reaches the lowest step's button; Space highlights it.
        try page.press("Tab")
        #expect(try page.string("document.activeElement.getAttribute('data-step')") == "0")
        try page.press(" ")
        #expect(try page.string("document.activeElement.getAttribute('aria-pressed')") == "true")
        #expect(try opacity(0) == "1") // Jan, 10 mm: in the step
        #expect(try opacity(2) == "0.15") // Mar, 55 mm: faded
        #expect(
            try page.string("getComputedStyle(document.querySelector('.chartc-view-wide rect.chartc-legend-step[data-step=\"3\"]')).opacity") == "0.3"
        )
        // A click on the top step's swatch adds it; pressing both again shows every mark.
        let top = try #require(try page.center(".chartc-view-wide rect.chartc-legend-step[data-step=\"3\"]"))
        try page.click(x: top.x, y: top.y)
        #expect(try opacity(5) == "1") // Jun, 95 mm
        #expect(try opacity(2) == "0.15")
        try page.click(x: top.x, y: top.y)
        #expect(try page.string("document.activeElement.getAttribute('aria-pressed')") == "false")
        #expect(try opacity(5) == "0.15")
        // Enter on the focused button (step 3) highlights it again; a click on step 0 and on step 3 shows all.
        try page.press("Enter")
        #expect(try opacity(5) == "1")
        let bottom = try #require(try page.center(".chartc-view-wide rect.chartc-legend-step[data-step=\"0\"]"))
        try page.click(x: bottom.x, y: bottom.y)
        try page.click(x: top.x, y: top.y)
        #expect(try opacity(2) == "1")
        #expect(try opacity(0) == "1")
        #expect(page.problems == [])
    }
}
