import ChartLayout
import ChartStyle
import ChartTestSupport
import Foundation
import Testing

@testable import ChartRender

/// The theme's logo in the PNG (SPEC §23, issue 28: "Logos from the sanitized shape tree"): the tree the SVG
/// serializes, drawn by the rasterizer in its viewport, pixel by pixel.
@Suite("PNG logo")
struct PNGLogoTests {
    static func draw(_ markup: String, x: Double = 100, y: Double = 50, height: Double = 24) throws -> RasterPage {
        var scene = Scene(width: 300, height: 100)
        scene.background = "#ffffff"
        scene.logo = SceneLogo(try LogoSanitizer.read(Array(markup.utf8)), x: x, y: y, height: height)
        var page = RasterPage(scene: scene, fonts: .forScene(scene), scale: 1)
        try page.draw()
        return page
    }

    static func rgb(_ page: RasterPage, _ x: Int, _ y: Int) -> [Float] {
        let pixel = page.recording.drawn().pixel(x, y)
        return [pixel.red, pixel.green, pixel.blue]
    }

    static func near(_ a: [Float], _ b: [Float], _ tolerance: Float = 0.02) -> Bool {
        zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test(
        "shapes in the viewport: colors, use, a gradient ramp, a clip path's circle, a group's opacity as one layer, text",
        .enabled(if: PDFTools.liberationInstalled))
    func shapes() throws {
        let markup =
            ##"<svg viewBox="0 0 60 12"><defs><linearGradient id="g"><stop offset="0" stop-color="#000"/><stop offset="100%" stop-color="#fff"/>"##
            + ##"</linearGradient><clipPath id="c"><circle cx="25" cy="2" r="2"/></clipPath><rect id="dot" width="2" height="2" fill="#00ff00"/></defs>"##
            + ##"<rect width="4" height="4" fill="#00ff00"/><rect x="10" width="10" height="4" fill="url(#g)"/>"##
            + ##"<rect x="22" width="6" height="4" fill="#0000ff" clip-path="url(#c)"/>"##
            + ##"<g opacity="0.5"><rect x="30" width="4" height="4" fill="#ff0000"/><rect x="32" width="4" height="4" fill="#ff0000"/></g>"##
            + ##"<use href="#dot" x="50"/><text x="40" y="11" font-size="8">H</text>"##
            + ##"<rect x="0" y="6" width="4" height="4" display="none"/><rect x="200" y="0" width="10" height="10"/></svg>"##
        // viewBox 60 × 12 at 24 px tall: 2 device px per unit, from (100, 50).
        let page = try Self.draw(markup)
        #expect(Self.near(Self.rgb(page, 104, 54), [0, 1, 0]))
        // The gradient runs black to white across its rectangle (device x 120…140).
        #expect(Self.rgb(page, 121, 54)[0] < 0.1)
        #expect(Self.rgb(page, 139, 54)[0] > 0.9)
        #expect(abs(Self.rgb(page, 130, 54)[0] - 0.5) < 0.06)
        // The clip path's circle (centre 150, 54, radius 4) cuts the blue rectangle's corners away.
        #expect(Self.near(Self.rgb(page, 150, 54), [0, 0, 1]))
        #expect(Self.near(Self.rgb(page, 145, 51), [1, 1, 1]))
        // The group at half opacity: the two rectangles' overlap is no darker than either alone.
        #expect(Self.near(Self.rgb(page, 162, 54), [1, 0.5, 0.5]))
        #expect(Self.near(Self.rgb(page, 166, 54), [1, 0.5, 0.5]))
        // `use` of the dot at x = 50: device 200…204.
        #expect(Self.near(Self.rgb(page, 202, 52), [0, 1, 0]))
        // The text's H: its left stem is ink (the glyph starts near device x 180 plus its side bearing).
        let row = 50 + 2 * 8
        #expect((180..<190).contains { Self.rgb(page, $0, row)[0] < 0.3 })
        // display="none" draws nothing; what lies outside the viewBox is cut at the viewport's edge (x = 220).
        #expect(Self.near(Self.rgb(page, 104, 66), [1, 1, 1]))
        #expect(Self.near(Self.rgb(page, 225, 55), [1, 1, 1]))
    }

    @Test("transforms place the shapes: translate, scale, rotate", .enabled(if: PDFTools.liberationInstalled))
    func transforms() throws {
        let markup =
            ##"<svg viewBox="0 0 20 20"><g transform="translate(10,10) rotate(90)"><rect width="5" height="1" fill="#000"/></g>"##
            + ##"<rect transform="scale(2)" x="0" y="0" width="1" height="1" fill="#f00"/></svg>"##
        // 20 units at 40 px: 2 px per unit from (0, 0).
        let page = try Self.draw(markup, x: 0, y: 0, height: 40)
        // The bar turned a quarter: it runs down from (10, 10) to (10, 15), its width to the left (x 9…10).
        #expect(Self.near(Self.rgb(page, 19, 26), [0, 0, 0]))
        #expect(Self.near(Self.rgb(page, 26, 21), [1, 1, 1]))
        // scale(2) doubles the unit square: 4 device px.
        #expect(Self.near(Self.rgb(page, 3, 3), [1, 0, 0]))
    }

    @Test("a hostile logo cannot blow up the PNG: use of use of use, a use loop, random bytes", .enabled(if: PDFTools.liberationInstalled))
    func hostile() throws {
        var markup = ##"<svg viewBox="0 0 10 10"><defs><rect id="g0" width="1" height="1"/>"##
        for level in 1...40 { markup += ##"<g id="g\##(level)"><use href="#g\##(level - 1)"/><use href="#g\##(level - 1)" x="1"/></g>"## }
        markup += ##"</defs><use href="#g40"/><g id="self"><use href="#self"/></g></svg>"##
        let clock = ContinuousClock()
        let start = clock.now
        _ = try Self.draw(markup, x: 0, y: 0, height: 10)
        #expect(clock.now - start < .seconds(20))
        var random = SeededRandom(seed: 23)
        let pieces = [
            "<svg viewBox='0 0 9 9'>", "<g transform='rotate(45) scale(", "<rect width='3' height='2' rx='9'/>", "<text x='1' y='5'>Ab&#x2192;",
            "</text>", "<path d='M0 0L5 5A2 2 0 1 1 3 3z'/>", "<use href='#a'/>", "<circle id='a' r='2' style='fill:url(#b);opacity:.5'/>", "</g>",
            "<clipPath id='c'><rect width='2' height='2'/></clipPath>", "<g clip-path='url(#c)' opacity='0.3'>", "<linearGradient id='b' x1='50%'>",
            "<stop offset='0.5' stop-color='red' stop-opacity='0.5'/>", "</linearGradient>", "&", "<", "\"", "'", ">", "</svg>",
            "<polygon points='1,2 3'/>", "<tspan font-style='italic'>é"
        ]
        var scene = Scene(width: 40, height: 40)
        for _ in 0..<200 {
            var text = ""
            for _ in 0..<Int(random.next() % 20) { text += pieces[Int(random.next() % UInt64(pieces.count))] }
            scene.logo = LogoSanitizer.sanitize(Array(text.utf8)).map { SceneLogo($0, x: 1, y: 1, height: 20) }
            _ = try PNGWriter.write(scene, options: .init(scale: 1))
        }
    }
}
