import ChartColor
import ChartLayout
import Testing
@testable import ChartRender

@Suite struct DarkPaletteTests {
    let canvas = DarkPalette.background

    @Test func neutralsMirrorTheirLightness() throws {
        let white = try #require(DarkPalette.darkVersion(of: "#ffffff", contrast: 1))
        #expect(white.contrastRatio(with: canvas) < 1.05)
        let title = try #require(DarkPalette.darkVersion(of: "#1a1a1a", contrast: 4.5, isText: true))
        let footnote = try #require(DarkPalette.darkVersion(of: "#666666", contrast: 4.5, isText: true))
        let grid = try #require(DarkPalette.darkVersion(of: "#e3e3e3", contrast: 1))
        // Order is kept: the title is lighter than footnotes, which are lighter than gridlines.
        #expect(title.relativeLuminance > footnote.relativeLuminance)
        #expect(footnote.relativeLuminance > grid.relativeLuminance)
        #expect(grid.relativeLuminance > canvas.relativeLuminance)
        // Text is readable, gridlines stay quiet.
        #expect(footnote.contrastRatio(with: canvas) >= 4.5)
        #expect(grid.contrastRatio(with: canvas) < 1.4)
        #expect(grid.contrastRatio(with: canvas) > 1.1)
        #expect(title.contrastRatio(with: canvas) > 10)
    }

    @Test func seriesColorsKeepTheirHueAndGetEnoughContrast() throws {
        let navy = try #require(Color(css: "#1f5fbf"))
        #expect(navy.contrastRatio(with: canvas) < 3)
        let lighter = try #require(DarkPalette.darkVersion(of: "#1f5fbf", contrast: 3.5))
        #expect(lighter.contrastRatio(with: canvas) >= 3.5)
        #expect(lighter.contrastRatio(with: canvas) < 3.8)
        // Still blue: blue is the largest channel.
        #expect(lighter.blue > lighter.red && lighter.blue > lighter.green)
        // A color that already stands out is left alone.
        let orange = try #require(DarkPalette.darkVersion(of: "#ff7f0e", contrast: 3.5))
        #expect(orange.hex == "#ff7f0e")
    }

    @Test func rulesCoverEveryColorOnce() {
        let palette = DarkPalette(scenes: [HTMLFixture.scene(), HTMLFixture.scene(width: 320)])
        let fills = palette.rules.filter { $0.attribute == "fill" && !$0.textOnly }.map(\.original)
        // Background first, then the point fills in paint order; each once.
        #expect(fills == ["#ffffff", "#1f5fbf", "#d62728", "#8c8c8c"])
        #expect(palette.rules.first { $0.original == "#ffffff" }?.replacement == canvas.hex)
        #expect(palette.css.hasPrefix("@media (prefers-color-scheme: dark) {\n"))
        #expect(palette.css.contains(".chartc-figure svg [stroke=\"#e3e3e3\"] { stroke: #"))
        #expect(palette.css.contains(".chartc-figure svg text[fill=\"#1a1a1a\"], .chartc-figure svg tspan[fill=\"#1a1a1a\"] { fill: #"))
    }

    @Test func unknownColorsAreLeftAlone() {
        #expect(DarkPalette.darkVersion(of: "not a color", contrast: 3) == nil)
    }
}
