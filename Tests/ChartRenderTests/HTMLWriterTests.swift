import ChartData
import ChartLayout
import ChartPipeline
import ChartSystem
import Foundation
import Testing
@testable import ChartRender

@Suite struct HTMLWriterTests {
    func page(title: String = "Ideology in Congress", parties: [String] = HTMLFixture.parties, narrow: Bool = true) -> String {
        let spec = HTMLFixture.spec(title: title)
        let table = HTMLFixture.table(partyNames: parties)
        let scene = HTMLFixture.scene(title: title, partyNames: parties)
        let narrowScene = narrow ? HTMLFixture.scene(width: 320, title: title, partyNames: parties) : nil
        return HTMLWriter.write(PageLayout(wide: scene, narrow: narrowScene, model: PageModel(spec: spec, table: table, name: "congress")))
    }

    /// The text between the first `open` and the next `close` after it.
    func between(_ text: String, _ open: String, _ close: String) -> String? {
        guard let start = text.range(of: open), let end = text.range(of: close, range: start.upperBound..<text.endIndex) else { return nil }
        return String(text[start.upperBound..<end.lowerBound])
    }

    func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test func sameInputSameBytes() {
        #expect(page() == page())
    }

    @Test func policyAllowsOnlyThePagesOwnScriptAndStyle() throws {
        let html = page()
        let style = try #require(between(html, "<style>", "</style>"))
        let script = try #require(between(html, "<script>", "</script>"))
        let policy = try #require(between(html, "<meta http-equiv=\"Content-Security-Policy\" content=\"", "\">"))
        #expect(
            policy.replacingOccurrences(of: "&apos;", with: "'") == "default-src 'none'; script-src " + ContentSecurityPolicy.source(for: script)
                + "; style-src " + ContentSecurityPolicy.source(for: style)
                + "; base-uri 'none'; form-action 'none'")
        #expect(script == PageScript.source)
        // The policy comes before anything it governs.
        let policyAt = try #require(html.range(of: "Content-Security-Policy")).lowerBound
        #expect(policyAt < (try #require(html.range(of: "<style>")).lowerBound))
        // Nothing refers outside the page: the only URLs are the SVG namespace names.
        #expect(count("http:", in: html) + count("https:", in: html) == count("xmlns=\"http://www.w3.org/2000/svg\"", in: html))
        for reference in ["url(", "@import", "@font-face"] {
            #expect(!style.contains(reference), "found \(reference)")
        }
        #expect(!html.contains("src="))
    }

    @Test func embedsTheSVGOfEachLayoutUnchanged() {
        let html = page()
        let wide = SVGWriter.write(HTMLFixture.scene(), options: SVGWriter.Options(idPrefix: "chartc-congress-w"))
        let narrow = SVGWriter.write(HTMLFixture.scene(width: 320), options: SVGWriter.Options(idPrefix: "chartc-congress-n"))
        #expect(html.contains("<div class=\"chartc-view chartc-view-wide\">\n"))
        #expect(html.contains(wide))
        #expect(html.contains(narrow))
        #expect(html.contains("#chartc-congress { max-width: 640px; }\n"))
        #expect(html.contains("@container (max-width: 511.98px) {\n"))
    }

    @Test func aButtonPerLegendEntryOverTheEntry() throws {
        let html = page(narrow: false)
        #expect(count("<button type=\"button\" class=\"chartc-toggle\"", in: html) == 3)
        #expect(
            html.contains(
                "<button type=\"button\" class=\"chartc-toggle\" id=\"chartc-congress-w-toggle-0\" data-series=\"Democrats\" aria-pressed=\"true\"><span class=\"chartc-sr-only\">Democrats</span></button>"
            ))
        #expect(html.contains("id=\"chartc-congress-w-toggle-2\" data-series=\"Congress\" aria-pressed=\"false\">"))
        // The first entry: legend at (20, 56); a line symbol 18 px wide, 3 px thick, centered on the label's
        // x-height; padded by 3 px on every side.
        let legend = Legend(entries: [LegendEntry(series: "Democrats", color: "#1f5fbf")], title: nil, symbol: .line, direction: .rows, maxWidth: 600)
        let toggles = LegendToggles(scene: Scene(width: 640, height: 400, children: [legend.node(x: 20, y: 56)])).toggles
        let box = try #require(toggles.first?.box)
        #expect(box.minX == 20 - 1.5)
        #expect(box.minY == 56)
        let rule = try #require(between(html, "#chartc-congress-w-toggle-0 { ", " }"))
        let expected = "left: " + SceneNumber.format((box.minX - 3) / 6.4) + "%; top: " + SceneNumber.format((box.minY - 3) / 4) + "%"
        #expect(rule.hasPrefix(expected))
    }

    @Test func legendButtonsFollowTheNodesRolesNotTheirClassNames() throws {
        let entry = [SceneNode.text(TextNode(block: .single("East", style: TextStyle(size: 12)), x: 10, top: 10, fill: "#000"))]
        // A group that only looks like a legend entry (its class names) is none; roles need no class names.
        let styled = SceneNode.group(
            GroupNode(
                classes: ["chartc-legend"],
                children: [.group(GroupNode(classes: ["chartc-legend-item"], data: [DataAttribute("series", "West")], children: entry))]))
        let typed = SceneNode.group(
            GroupNode(role: .legend, children: [.group(GroupNode(role: .legendEntry(series: "East", startsHidden: true), children: entry))]))
        #expect(LegendToggles(scene: Scene(width: 100, height: 100, children: [styled])).toggles.isEmpty)
        let toggles = LegendToggles(scene: Scene(width: 100, height: 100, children: [typed])).toggles
        #expect(toggles.map(\.series) == ["East"])
        #expect(toggles.map(\.startsHidden) == [true])
        #expect(toggles.map(\.label) == ["East"])
    }

    @Test func tableAndCSVHoldTheData() throws {
        let html = page()
        let table = HTMLFixture.table()
        #expect(html.contains("<caption>Data: Ideology in Congress</caption>"))
        #expect(
            html.contains(
                "<thead><tr><th scope=\"col\" class=\"chartc-number\">year</th><th scope=\"col\">party</th><th scope=\"col\" class=\"chartc-number\">median</th></tr></thead>"
            ))
        #expect(count("    <tr>", in: html) == 9)
        #expect(html.contains("<tr><td class=\"chartc-number\">2021</td><td>Democrats</td><td class=\"chartc-number\"></td></tr>"))
        #expect(html.contains("<tr><td class=\"chartc-number\">2019</td><td>Democrats</td><td class=\"chartc-number\">-0.38</td></tr>"))
        let href = try #require(between(html, "<a class=\"chartc-download\" href=\"", "\""))
        #expect(href.hasPrefix("data:text/csv;charset=utf-8,"))
        let csv = String(href.dropFirst("data:text/csv;charset=utf-8,".count)).removingPercentEncoding
        #expect(csv == TableWriter.csv(table))
        #expect(html.contains("download=\"congress.csv\">Get the data (CSV)</a>"))
    }

    @Test func injectedStringsLandAsText() throws {
        let evil = HTMLFixture.injection
        let html = page(title: evil, parties: [evil, "B\" onclick=\"alert(2)", "C"])
        // The only elements are ours: no <img>, two <script> elements, one </script> each.
        #expect(!html.contains("<img"))
        #expect(count("<script", in: html) == 2)
        #expect(count("</script>", in: html) == 2)
        #expect(!html.contains("onclick=\"alert"))
        #expect(html.contains("<title>&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;</title>"))
        #expect(html.contains("data-series=\"B&quot; onclick=&quot;alert(2)\""))
        let href = try #require(between(html, "<a class=\"chartc-download\" href=\"", "\""))
        #expect(!href.contains("<") && !href.contains("\"") && !href.contains(" "))
    }

    @Test func aChartWithoutLegendOrNarrowLayoutStillHasTableAndLink() {
        let spec = HTMLFixture.spec(hidden: [])
        let scene = Scene(width: 400, height: 300, title: "Plain", children: [])
        let html = HTMLWriter.write(PageLayout(wide: scene, model: PageModel(spec: spec, table: HTMLFixture.table(), name: "plain")))
        #expect(!html.contains("chartc-toggles"))
        #expect(!html.contains("@container"))
        #expect(!html.contains("chartc-view-narrow\">"))
        #expect(html.contains("<table>"))
        #expect(html.contains("download=\"plain.csv\""))
    }
}
