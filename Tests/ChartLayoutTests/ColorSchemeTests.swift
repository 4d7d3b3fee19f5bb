@testable import ChartColor
import ChartData
import ChartDiagnostics
import Testing
@testable import ChartLayout

/// Contrast, palettes, interpolators, named schemes and color scales.
struct ColorSchemeTests {
    @Test func contrastRatios() {
        #expect(Color.black.contrastRatio(with: .white) == 21)
        #expect(Color.white.contrastRatio(with: .black) == 21)
        #expect(Color.white.contrastRatio(with: .white) == 1)
        // #767676 is the lightest grey that passes WCAG AA (4.5) on white; #777777 just fails.
        #expect(abs(Color(rgb: 0x767676).contrastRatio(with: .white) - 4.54) < 0.01)
        #expect(abs(Color(rgb: 0x777777).contrastRatio(with: .white) - 4.48) < 0.01)
        #expect(Color.black.relativeLuminance == 0)
        #expect(Color.white.relativeLuminance == 1)
        // A translucent color is judged as it shows: half black on white is 50% grey.
        #expect(
            abs(
                Color(red: 0, green: 0, blue: 0, alpha: 0.5).contrastRatio(with: .white)
                    - Color(red: 0.5, green: 0.5, blue: 0.5).contrastRatio(with: .white)) < 1e-12)
    }

    @Test func readableText() {
        #expect(Color.readableText(on: .black) == .white)
        #expect(Color.readableText(on: .white) == Color.darkText)
        #expect(Color.readableText(on: Color(rgb: 0x2160b8)) == .white)
        #expect(Color.readableText(on: Color(rgb: 0xfde725)) == Color.darkText)
        #expect(Color.readableText(on: Color(rgb: 0x08306b)) == .white)
        #expect(Color.readableText(on: Color(rgb: 0xc6dbef)) == Color.darkText)
        #expect(Color.readableText(on: .black, dark: .black, light: Color(rgb: 0xeeeeee)) == Color(rgb: 0xeeeeee))
    }

    @Test func categoricalPalettes() {
        #expect(
            ColorScheme.category10.colors.map(\.hex) == [
                "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"
            ])
        #expect(
            ColorScheme.tableau10.colors.map(\.hex) == [
                "#4e79a7", "#f28e2c", "#e15759", "#76b7b2", "#59a14f", "#edc949", "#af7aa1", "#ff9da7", "#9c755f", "#bab0ab"
            ])
        #expect(ColorScheme.set2.colors.count == 8)
        #expect(ColorScheme.dark2.colors.first?.hex == "#1b9e77")
        #expect(ColorScheme.paired.colors.count == 12)
    }

    @Test func housePaletteIsReadableOnWhite() {
        let house = ColorScheme.chartc.colors
        #expect(house.count == 10)
        #expect(Set(house.map(\.hex)).count == 10)
        for color in house.prefix(6) {
            #expect(color.contrastRatio(with: .white) >= 3, "\(color.hex)")
        }
        #expect(ColorScheme.named("default")?.name == "chartc")
    }

    @Test func interpolatorEndpointsAndStops() {
        let viridis = ColorScheme.viridis.interpolator
        #expect(viridis(0).hex == "#440154")
        #expect(viridis(0.5).hex == "#21918c")
        #expect(viridis(1).hex == "#fde725")
        #expect(viridis(-3).hex == "#440154")
        #expect(viridis(7).hex == "#fde725")
        #expect(viridis(.nan).hex == "#440154")
        #expect(ColorScheme.blues.color(at: 0.5).hex == "#6baed6")
        #expect(ColorScheme.redBlue.color(at: 0).hex == "#67001f")
        #expect(ColorScheme.redBlue.color(at: 0.5).hex == "#f7f7f7")
        #expect(ColorScheme.redBlue.color(at: 1).hex == "#053061")
        #expect(ColorScheme.temperature.color(at: 0).hex == "#053061")
        #expect(ColorScheme.temperature.color(at: 1).hex == "#67001f")
        #expect(ColorScheme.blueOrange.color(at: 0.5).hex == "#f7f7f7")
        #expect(ColorScheme.magma.color(at: 0).hex == "#000004")
        #expect(ColorScheme.greys.color(at: 1).hex == "#000000")
    }

    @Test func interpolatesInOklab() {
        // Halfway from black to white in Oklab is L = 0.5: linear light 0.5³ = 0.125, sRGB 0.3888 → 99 = 0x63.
        let grey = ColorInterpolator([.black, .white])
        #expect(grey(0.5).hex == "#636363")
        #expect(ColorInterpolator([]).callAsFunction(0.3).hex == "#808080")
        #expect(ColorInterpolator([Color(rgb: 0x123456)])(0.7).hex == "#123456")
        // Lightness rises steadily along viridis.
        let lightness = (0...100).map { OKLab(ColorScheme.viridis.color(at: Double($0) / 100)).l }
        #expect(zip(lightness, lightness.dropFirst()).allSatisfy { $0 < $1 })
        // Round trip through Oklab keeps 8-bit colors.
        for rgb: UInt32 in [0x1f77b4, 0xff7f0e, 0x000000, 0xffffff, 0x67001f, 0xfde725] {
            #expect(OKLab(Color(rgb: rgb)).color.hex == Color(rgb: rgb).hex)
        }
    }

    @Test func namedSchemes() {
        #expect(ColorScheme.named("Viridis")?.name == "viridis")
        #expect(ColorScheme.named("red-blue")?.name == "redblue")
        #expect(ColorScheme.named("RdBu")?.name == "redblue")
        #expect(ColorScheme.named("grays")?.name == "greys")
        #expect(ColorScheme.named("viridys") == nil)
        #expect(Suggestions.closest(to: "viridys", in: ColorScheme.names) == "viridis")
        for name in ["blues", "greens", "greys", "oranges", "purples", "reds", "viridis", "magma", "inferno", "plasma", "cividis", "turbo"] {
            #expect(ColorScheme.named(name)?.kind == .sequential, "\(name)")
        }
        for name in ["redblue", "blueorange", "redyellowblue", "purplegreen", "brownbluegreen", "spectral", "temperature"] {
            #expect(ColorScheme.named(name)?.kind == .diverging, "\(name)")
        }
        for name in ["chartc", "category10", "tableau10", "set2", "dark2", "paired"] {
            #expect(ColorScheme.named(name)?.kind == .categorical, "\(name)")
        }
        #expect(Set(ColorScheme.names).count == ColorScheme.all.count)
    }

    @Test func sampling() {
        let cycled = ColorScheme.category10.sample(count: 12)
        #expect(cycled.count == 12)
        #expect(cycled[10].hex == "#1f77b4")
        #expect(ColorScheme.blues.sample(count: 4).map(\.hex) == ["#c6dbef", "#6baed6", "#2171b5", "#08306b"])
        #expect(ColorScheme.redBlue.sample(count: 3).map(\.hex) == ["#67001f", "#f7f7f7", "#053061"])
        #expect(ColorScheme.viridis.sample(count: 1).map(\.hex) == ["#21918c"])
        #expect(ColorScheme.viridis.sample(count: 0).isEmpty)
        #expect(ColorScheme.blues.reversed().sample(count: 4).map(\.hex) == ["#08306b", "#2171b5", "#6baed6", "#c6dbef"])
    }

    @Test func categoricalScale() {
        let parties = CategoricalColorScale(
            domain: ["Democrats", "Republicans", "Congress"],
            colors: ["#1f5fbf", "#d62728", "#8c8c8c"].compactMap { Color(css: $0) },
            unknownValues: ["Republicans", "Independent"]
        )
        #expect(parties.domain == ["Democrats", "Republicans", "Congress", "Independent"])
        #expect(parties.color(for: "Congress")?.hex == "#8c8c8c")
        #expect(parties.color(for: "Independent")?.hex == "#1f5fbf")
        #expect(parties.color(for: "Whig") == nil)
        #expect(parties.cycles)
        #expect(parties.entries.map(\.key) == parties.domain)

        let palette = CategoricalColorScale(domain: ["a", "b"], scheme: .category10)
        #expect(palette.color(for: "b")?.hex == "#ff7f0e")
        #expect(!palette.cycles)
        let reversed = CategoricalColorScale(domain: ["a", "b"], scheme: .category10, reverse: true)
        #expect(reversed.color(for: "a")?.hex == "#ff7f0e")
        #expect(reversed.color(for: "b")?.hex == "#1f77b4")
        let ordinal = CategoricalColorScale(domain: ["low", "mid", "high"], scheme: .blues)
        #expect(["low", "mid", "high"].compactMap { ordinal.color(for: $0)?.hex } == ["#c6dbef", "#4292c6", "#08306b"])
        let fallback = CategoricalColorScale(domain: ["x"], colors: [])
        #expect(fallback.color(for: "x")?.hex == "#2160b8")
    }

    @Test func continuousScale() {
        let heat = ContinuousColorScale(domain: ScaleInterval(0, 100), scheme: .viridis)
        #expect(heat.color(for: 50)?.hex == "#21918c")
        #expect(heat.color(for: 150)?.hex == "#fde725")
        #expect(heat.color(for: .nan) == nil)
        let anomaly = ContinuousColorScale(domain: ScaleInterval(-10, 30), scheme: .redBlue, mid: 0)
        #expect(anomaly.position(of: -10) == 0)
        #expect(anomaly.position(of: -5) == 0.25)
        #expect(anomaly.position(of: 0) == 0.5)
        #expect(anomaly.position(of: 15) == 0.75)
        #expect(anomaly.position(of: 30) == 1)
        #expect(anomaly.color(for: 0)?.hex == "#f7f7f7")
        let reversed = ContinuousColorScale(domain: ScaleInterval(0, 100), scheme: .redBlue, reverse: true)
        #expect(reversed.color(for: 0)?.hex == "#053061")
        let flat = ContinuousColorScale(domain: ScaleInterval(5, 5), scheme: .viridis)
        #expect(flat.color(for: 5)?.hex == "#21918c")
        let downward = ContinuousColorScale(domain: ScaleInterval(30, -10), scheme: .redBlue, mid: 0)
        #expect(downward.position(of: 15) == 0.25)
        #expect(downward.position(of: -5) == 0.75)
    }

    @Test func colorScaleOverValues() {
        let categorical = ColorScale.categorical(CategoricalColorScale(domain: ["2012", "true"], scheme: .category10))
        #expect(categorical.color(for: .number(2012))?.hex == "#1f77b4")
        #expect(categorical.color(for: .boolean(true))?.hex == "#ff7f0e")
        #expect(categorical.color(for: .null) == nil)
        let continuous = ColorScale.continuous(ContinuousColorScale(domain: ScaleInterval(0, 100), scheme: .viridis))
        #expect(continuous.color(for: .number(100))?.hex == "#fde725")
        #expect(continuous.color(for: .string("x")) == nil)
        #expect(ColorScale.categoricalKey(.date(0)) != nil)
    }
}
