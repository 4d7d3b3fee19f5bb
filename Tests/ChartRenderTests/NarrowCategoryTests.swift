import ChartLayout
import ChartTestSupport
import Foundation
import Testing

@testable import ChartRender
@testable import chartc_devtools

/// SPEC §19.8, "the HTML page's narrow layout follows the same rules": on a phone every category keeps its whole
/// name. A column chart whose names would not fit across 320 px turns on its side (categories down the y axis,
/// 20 px each, the page growing downwards); a chart that cannot turn keeps its categories' steps and scrolls
/// sideways. Never "…" for a name that fits wrapped at its spaces.
@Suite struct NarrowCategoryTests {
    static let states = [
        "Alabama", "Alaska", "Arizona", "Arkansas", "California", "Colorado", "Connecticut", "Delaware", "Florida", "Georgia", "Hawaii", "Idaho",
        "Illinois", "Indiana", "Iowa", "Kansas", "Kentucky", "Louisiana", "Maine", "Maryland", "Massachusetts", "Michigan", "Minnesota",
        "Mississippi", "Missouri", "Montana", "Nebraska", "Nevada", "New Hampshire", "New Jersey"
    ]

    static func rows(_ names: [String]) -> String {
        "[" + names.enumerated().map { "{\"name\": \"\($0.element)\", \"value\": \(Double($0.offset * 37 % 23) + 1.5)}" }.joined(separator: ", ")
            + "]"
    }

    static func chart(mark: String, names: [String] = states, width: String = "\"width\": 800,", extra: String = "") throws -> HTMLSpecs.Built {
        try HTMLSpecs.build(
            """
            { "title": "Many categories", \(width) "data": { "values": \(rows(names)) }, "mark": "\(mark)",
              "encoding": { "x": { "field": "name", "title": "State" }, "y": { "field": "value" } }\(extra) }
            """, name: "many")
    }

    static func narrow(_ chart: HTMLSpecs.Built) throws -> Scene {
        let page = try ChartLayoutEngine.page(chart: ChartLayoutEngine.check(chart.spec, table: chart.table), table: chart.table, name: chart.name)
        return try #require(page.narrow)
    }

    /// The tick labels of the axis with class `axis`.
    static func labels(_ scene: Scene, axis: String) -> [TextNode] {
        func walk(_ node: SceneNode, inside: Bool) -> [TextNode] {
            switch node {
            case .group(let group):
                let now = inside || group.classes.contains(axis)
                return group.children.flatMap { walk($0, inside: now) }
            case .text(let text):
                return inside && !text.classes.contains("chartc-axis-title") ? [text] : []
            default:
                return []
            }
        }
        return scene.children.flatMap { walk($0, inside: false) }
    }

    @Test func manyColumnsTurnOnTheirSideOnAPhoneEveryNameWhole() throws {
        for width in ["\"width\": 800,", ""] {
            let scene = try Self.narrow(try Self.chart(mark: "bar", width: width))
            #expect(scene.width == ChartLayoutEngine.narrowWidth)
            let names = Self.labels(scene, axis: "chartc-axis-y")
            #expect(names.map(\.text) == Self.states)
            #expect(names.allSatisfy { $0.fullText == nil && $0.rotation == 0 })
            // 20 px a category at least, so the labels never overlap.
            for (a, b) in zip(names, names.dropFirst()) { #expect(b.box.minY >= a.box.maxY) }
            #expect(scene.height > 30 * 20)
            // The values run along x now.
            #expect(Self.labels(scene, axis: "chartc-axis-x").allSatisfy { Double($0.text) != nil })
        }
    }

    @Test func fewColumnsStayUpright() throws {
        let scene = try Self.narrow(try Self.chart(mark: "bar", names: ["Apples", "Pears", "Kiwis", "Plums"], width: "\"width\": 700,"))
        #expect(Self.labels(scene, axis: "chartc-axis-x").map(\.text) == ["Apples", "Pears", "Kiwis", "Plums"])
        #expect(scene.width == ChartLayoutEngine.narrowWidth)
    }

    @Test func longNamesWrapAtSpacesBeforeBeingShortened() throws {
        let names = [
            "Agriculture", "Business services", "Construction", "Education and Health", "Finance", "Government", "Information",
            "Leisure and hospitality", "Manufacturing", "Mining and Extraction", "Other", "Self-employed", "Transportation",
            "Wholesale and Retail Trade"
        ]
        let scene = try Self.narrow(try Self.chart(mark: "bar", names: names))
        let labels = Self.labels(scene, axis: "chartc-axis-y")
        #expect(labels.map { $0.block.lines.map(\.text).joined(separator: " ") } == names)
        #expect(labels.allSatisfy { $0.fullText == nil })
        #expect(labels.contains { $0.block.lines.count == 2 })
        for (a, b) in zip(labels, labels.dropFirst()) { #expect(b.box.minY >= a.box.maxY) }
        // The same on a wide horizontal bar chart without a height: its plot grows so two-line names fit.
        let wide = try HTMLSpecs.build(
            """
            { "title": "Wide", "width": 400, "data": { "values": \(Self.rows(names)) }, "mark": "bar",
              "encoding": { "y": { "field": "name" }, "x": { "field": "value" } } }
            """, name: "wide")
        let wideScene = try ChartLayoutEngine.layout(spec: wide.spec, table: wide.table)
        let wideLabels = Self.labels(wideScene, axis: "chartc-axis-y")
        #expect(wideLabels.allSatisfy { $0.fullText == nil })
        for (a, b) in zip(wideLabels, wideLabels.dropFirst()) { #expect(b.box.minY >= a.box.maxY) }
    }

    @Test func aLineOverManyCategoriesKeepsItsStepsAndScrollsSideways() throws {
        let chart = try Self.chart(mark: "line")
        let scene = try Self.narrow(chart)
        #expect(scene.width >= 30 * 20)
        let names = Self.labels(scene, axis: "chartc-axis-x")
        #expect(names.map(\.text) == Self.states)
        #expect(names.allSatisfy { $0.fullText == nil })
        let page = try chart.page()
        #expect(page.contains(".chartc-view-narrow { display: block; width: \(SceneNumber.format(scene.width))px; max-width: none; }"))
    }
}

/// The same in a real browser on a 360 px screen: the turned chart fills the screen and its names are apart; the
/// line keeps its size and the page scrolls.
@Suite(
    .serialized,
    .enabled(
        if: BrowserAvailability.chromium || BrowserAvailability.required,
        "chromium is not installed (apt-get install chromium fonts-liberation); skipping the browser tests"))
struct NarrowCategoryBrowserTests {
    func open(_ html: String) throws -> (HeadlessChromium, BrowserPage) {
        let folder = NSTemporaryDirectory() + "chartc-narrow-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = folder + "/chart.html"
        try html.write(toFile: file, atomically: true, encoding: .utf8)
        let browser = try HeadlessChromium()
        let page = try browser.openPage(width: 360, height: 700, dark: false)
        try page.load(file)
        return (browser, page)
    }

    @Test func thirtyColumnsReadOnAPhone() throws {
        let (_, page) = try open(try NarrowCategoryTests.chart(mark: "bar").page())
        #expect(try page.string("getComputedStyle(document.querySelector('.chartc-view-narrow')).display") == "block")
        #expect(try page.number("document.querySelector('.chartc-view-narrow svg').getBoundingClientRect().width") == 360)
        // Every name is drawn, apart from its neighbours, at least at its 12 px size.
        let script = """
            (() => { const t = [...document.querySelectorAll('.chartc-view-narrow .chartc-axis-y text')].filter(e => !e.closest('.chartc-axis-title') && !e.classList.contains('chartc-axis-title')).map(e => e.getBoundingClientRect());
              let ok = t.length === 30; for (let i = 1; i < t.length; i++) { if (t[i].top < t[i - 1].bottom - 0.5 || t[i].height < 12) ok = false; } return ok; })()
            """
        #expect(try page.bool(script) == true)
        #expect(page.problems == [])
    }

    @Test func aLineOverThirtyCategoriesScrollsSideways() throws {
        let (_, page) = try open(try NarrowCategoryTests.chart(mark: "line").page())
        let width = try #require(try page.number("document.querySelector('.chartc-view-narrow svg').getBoundingClientRect().width"))
        #expect(width >= 600)
        #expect(try page.bool("document.scrollingElement.scrollWidth > 360") == true)
        #expect(page.problems == [])
    }
}
