import Foundation
import Testing

/// Output presets (SPEC §23) through the built binary: `--preset NAME|all` writes `NAME.PRESET.EXT`, each laid
/// out again at the preset's size (not scaled), in its variant and scale; the theme's presets under the spec's;
/// mistakes reported at their line:col, by build and by lint.
@Suite struct PresetTests {
    static let csv = """
        year,share
        2000,12
        2004,18
        2008,15
        2012,22
        2016,27
        2020,31
        2024,29

        """

    /// A line chart with a long subtitle (it wraps at 640 px, not at 1200) and the `outputs` given.
    static func spec(outputs: String = "", extra: String = "") -> String {
        """
        {
          "title": "Share of households with solar panels",
          "subtitle": "Share of detached houses in the region with solar panels on the roof, by year of the survey, in per cent of all houses surveyed that year",
          "data": { "url": "solar.csv" },
          "mark": "line",
          "encoding": { "x": { "field": "year", "type": "temporal" }, "y": { "field": "share", "title": "Share (%)" } },\(extra)
          "sources": [{ "title": "Survey" }]\(outputs.isEmpty ? "" : ",\n  \"outputs\": " + outputs)
        }
        """
    }

    /// Writes the data and `files` (name → text) into a fresh folder and runs `chartc arguments…` there.
    func run(_ arguments: [String], files: [String: String]) throws -> (ProcessResult, URL) {
        let scratch = try makeScratchDirectory()
        try Self.csv.write(to: scratch.appendingPathComponent("solar.csv"), atomically: true, encoding: .utf8)
        for (name, text) in files { try text.write(to: scratch.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return (try ChartcBinary.run(arguments, in: scratch), scratch)
    }

    func text(_ folder: URL, _ name: String) -> String? {
        FileManager.default.contents(atPath: folder.appendingPathComponent(name).path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// A PNG's pixel size from its IHDR chunk.
    func pngSize(_ folder: URL, _ name: String) -> (width: Int, height: Int)? {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path), data.count > 24 else { return nil }
        let bytes = [UInt8](data)
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    /// The card is laid out again at 1200 × 675: the subtitle takes fewer lines, the x axis more ticks than the
    /// 640 px chart's, and the picture is exactly the preset's size (a scaled copy would keep the lines and ticks).
    @Test func eachPresetIsLaidOutAgainNotScaled() throws {
        let outputs = #"{ "card": { "format": "svg", "width": 1200, "height": 675 } }"#
        let (result, folder) = try run(
            ["build", "chart.chart.json", "--preset", "web", "--preset", "card"], files: ["chart.chart.json": Self.spec(outputs: outputs)])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.output.contains("wrote chart.web.svg") && result.output.contains("wrote chart.web.html")
                && result.output.contains("wrote chart.card.svg"))
        let web = SVGMeasure(svg: try #require(text(folder, "chart.web.svg")))
        let card = SVGMeasure(svg: try #require(text(folder, "chart.card.svg")))
        #expect(web.width == 640)
        #expect(card.width == 1200 && card.height == 675)
        let subtitle = { (svg: SVGMeasure) in SVGMeasure.texts(in: svg.svg).first { $0.joined.hasPrefix("Share of detached") }?.lines.count ?? 0 }
        #expect(subtitle(web) > subtitle(card), "the subtitle is wrapped again: \(subtitle(web)) lines at 640 px, \(subtitle(card)) at 1200")
        #expect(subtitle(card) == 1)
        #expect(card.tickLabels("chartc-axis-x").count > web.tickLabels("chartc-axis-x").count, "the x axis is ticked again for 1200 px")
    }

    /// A preset too small for the chart's text (a long title at 300 × 200): the picture comes out taller, and
    /// build says so at the preset's key (`preset-size`), by batch charts too; a preset with room says nothing.
    @Test func aPresetTooSmallForTheTextIsAWarningAtThePreset() throws {
        let outputs = #"{ "card": { "format": "svg", "width": 300, "height": 200 }, "roomy": { "format": "svg", "width": 800, "height": 500 } }"#
        let (result, folder) = try run(["build", "chart.chart.json", "--preset", "all"], files: ["chart.chart.json": Self.spec(outputs: outputs)])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.error)")
        let card = SVGMeasure(svg: try #require(text(folder, "chart.card.svg")))
        #expect(card.width == 300 && card.height > 200)
        let made = "300 \u{00D7} " + String(Int(card.height))
        #expect(
            result.error.contains(
                "chart.chart.json:8:16: warning: the preset 'card' asks for 300 \u{00D7} 200 px, but the chart needs \(made) px (its text keeps every line and the plot at least 40 px): the output is \(made); give the preset more room or shorten the text [preset-size]"
            ), "\(result.error)")
        #expect(!result.error.contains("'roomy'") && !result.error.contains("'social'"), "\(result.error)")
        let roomy = SVGMeasure(svg: try #require(text(folder, "chart.roomy.svg")))
        #expect(roomy.width == 800 && roomy.height == 500)
    }

    /// `--preset all`: the built-in web, social and print and the spec's own, each `NAME.PRESET.EXT`; the social
    /// card's PNG is 1200 × 675 at `--scale` (default 2), a preset's own `scale` over it.
    @Test func allBuildsEveryPresetWithItsFileNamesAndPixels() throws {
        let outputs = #"{ "thumb": { "format": ["png", "svg"], "width": 480, "height": 400, "scale": 1 } }"#
        let (result, folder) = try run(["build", ".", "--preset", "all"], files: ["solar.chart.json": Self.spec(outputs: outputs)])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.error)")
        for name in ["solar.web.svg", "solar.web.html", "solar.social.png", "solar.print.pdf", "solar.thumb.png", "solar.thumb.svg"] {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), "\(name) was not written")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("solar.svg").path))
        let social = try #require(pngSize(folder, "solar.social.png"))
        #expect(social.width == 2400 && social.height == 1350)
        let thumb = try #require(pngSize(folder, "solar.thumb.png"))
        #expect(thumb.width == 480 && thumb.height == 400)
        #expect(text(folder, "solar.print.pdf")?.hasPrefix("%PDF") == true)
    }

    /// A theme's presets serve the chart; a spec's preset of the same name replaces the theme's; a theme's `print`
    /// preset replaces the built-in one; a preset's `variant` applies the theme's variant.
    @Test func themePresetsUnderTheSpecs() throws {
        let theme = """
            {
              "outputs": {
                "card": { "format": "svg", "width": 800, "height": 400 },
                "print": { "format": "svg", "variant": "print" },
                "wide": { "format": "svg", "width": 1000 }
              },
              "variants": { "print": { "background": "#ffeecc" } }
            }
            """
        let spec = Self.spec(outputs: #"{ "card": { "format": "svg", "width": 500, "height": 500 } }"#)
        let (result, folder) = try run(
            ["build", "solar.chart.json", "--theme", "house.theme.json", "--preset", "card,print,wide"],
            files: ["solar.chart.json": spec, "house.theme.json": theme])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.error)")
        let card = SVGMeasure(svg: try #require(text(folder, "solar.card.svg")))
        #expect(card.width == 500 && card.height == 500, "the spec's card, not the theme's")
        let print = try #require(text(folder, "solar.print.svg"), "the theme's print preset (SVG), not the built-in PDF")
        #expect(print.lowercased().contains("#ffeecc"), "the print variant's background")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("solar.print.pdf").path))
        let wide = SVGMeasure(svg: try #require(text(folder, "solar.wide.svg")))
        #expect(wide.width == 1000)
        #expect(!(text(folder, "solar.wide.svg") ?? "").lowercased().contains("#ffeecc"))
    }

    /// Along an `extends` chain the nearer theme's preset wins a name; the base's other presets still serve; the
    /// built-in `print` takes the chain's `print` variant.
    @Test func extendsChainsMergePresetsByName() throws {
        let base = """
            { "outputs": { "card": { "format": "svg", "width": 800 }, "banner": { "format": "svg", "width": 1100, "height": 300 } },
              "variants": { "print": { "background": "#ffeecc" } } }
            """
        let house = #"{ "extends": "base.theme.json", "outputs": { "card": { "format": "svg", "width": 700 } } }"#
        let (result, folder) = try run(
            ["build", "solar.chart.json", "--theme", "house.theme.json", "--preset", "all"],
            files: ["solar.chart.json": Self.spec(), "base.theme.json": base, "house.theme.json": house])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.error)")
        #expect(SVGMeasure(svg: try #require(text(folder, "solar.card.svg"))).width == 700)
        let banner = SVGMeasure(svg: try #require(text(folder, "solar.banner.svg")))
        #expect(banner.width == 1100 && banner.height == 300)
        // The print PDF is drawn in the print variant: its page background is the variant's (#ffeecc: 1 0.933 0.8).
        let pdf = try #require(FileManager.default.contents(atPath: folder.appendingPathComponent("solar.print.pdf").path))
        #expect(pdf.count > 1000)
        let plain = try ChartcBinary.run(["build", "solar.chart.json", "--theme", "house.theme.json", "--format", "pdf", "-o", "plain"], in: folder)
        #expect(plain.status == 0, "\(plain.error)")
        let unvaried = try #require(FileManager.default.contents(atPath: folder.appendingPathComponent("plain/solar.pdf").path))
        #expect(pdf != unvaried, "the print preset's PDF is the print variant's, not the plain theme's")
    }

    /// `--preset nope` names the chart's presets (with its theme's and its own) and a did-you-mean; nothing is written.
    @Test func unknownPresetNamesThePresets() throws {
        let spec = Self.spec(outputs: #"{ "card": { "format": "svg" } }"#)
        let (result, folder) = try run(["build", "solar.chart.json", "--preset", "socail"], files: ["solar.chart.json": spec])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 1)
        #expect(
            result.error.contains(
                "solar.chart.json: error: the chart has no output preset 'socail' (its presets: web, social, print, card; or 'all' for each); did you mean 'social'? [unknown-preset]"
            ), "\(result.error)")
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasPrefix("solar.") && !$0.hasSuffix(".json") && !$0.hasSuffix(".csv")
        }
        #expect(written.isEmpty)
    }

    /// Mistakes in a spec's `outputs`, at their line:col, from build and from lint alike.
    @Test func specPresetMistakesAtLineAndColumn() throws {
        let outputs = """
            {
                "card": { "formt": "png" },
                "big": { "format": "jpg", "width": 0, "scale": 1.5 },
                "all": { "format": "svg" }
              }
            """
        let spec = Self.spec(outputs: outputs)
        let (lint, folder) = try run(["lint", "solar.chart.json"], files: ["solar.chart.json": spec])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(lint.status == 1)
        let expected = [
            "solar.chart.json:9:15: error: unknown key 'formt' in 'outputs.card'; did you mean 'format'? [unknown-key]",
            "solar.chart.json:10:24: error: unknown format 'jpg' for 'outputs.big.format': expected svg, html, pdf or png [unknown-value]",
            "solar.chart.json:10:40: error: 'outputs.big.width' must be a positive number of pixels, at most 20000, found 0 [invalid-value]",
            "solar.chart.json:10:52: error: 'outputs.big.scale' must be a whole number, found 1.5 [invalid-value]",
            "solar.chart.json:11:5: error: 'outputs' must be a preset name of letters, digits, '-' and '_' (it is part of file names), not 'all', found \"all\" [invalid-value]"
        ]
        for line in expected { #expect(lint.output.contains(line), "lint: \(line)\n\(lint.output)") }
        let build = try ChartcBinary.run(["build", "solar.chart.json", "--preset", "web"], in: folder)
        #expect(build.status == 1)
        for line in expected { #expect(build.error.contains(line), "build: \(line)\n\(build.error)") }
    }

    /// A preset's `variant` the theme (here the built-in one) does not define: at the variant, from lint and build.
    @Test func unknownVariantAtItsLineAndColumn() throws {
        let spec = Self.spec(outputs: #"{ "odd": { "format": "svg", "variant": "sepia" } }"#)
        let (lint, folder) = try run(["lint", "solar.chart.json"], files: ["solar.chart.json": spec])
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = "solar.chart.json:8:53: error: the theme has no variant 'sepia' (it defines none) [theme-unknown-variant]"
        #expect(lint.status == 1)
        #expect(lint.output.contains(expected), "\(lint.output)")
        let build = try ChartcBinary.run(["build", "solar.chart.json", "--preset", "web"], in: folder)
        #expect(build.status == 1)
        #expect(build.error.contains(expected), "\(build.error)")
    }

    /// Mistakes in a theme's `outputs` are reported at the theme's line:col; a preset's variant the theme lacks
    /// gets a did-you-mean naming the theme's variants.
    @Test func themePresetMistakesAtLineAndColumn() throws {
        let theme = """
            {
              "outputs": {
                "card": { "format": "svg", "heigth": 400 },
                "paper": { "format": "pdf", "variant": "prnt" }
              },
              "variants": { "print": { "background": "#ffeecc" } }
            }
            """
        let (lint, folder) = try run(
            ["lint", "solar.chart.json", "--theme", "house.theme.json"], files: ["solar.chart.json": Self.spec(), "house.theme.json": theme])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(lint.status == 1)
        #expect(
            lint.output.contains("house.theme.json:3:32: error: unknown key 'heigth' in 'outputs.card'; did you mean 'height'? [unknown-key]"),
            "\(lint.output)")
        #expect(
            lint.output.contains("house.theme.json:4:44: error: the theme has no variant 'prnt'; did you mean 'print'? [theme-unknown-variant]"),
            "\(lint.output)")
        let build = try ChartcBinary.run(["build", "solar.chart.json", "--theme", "house.theme.json", "--preset", "card"], in: folder)
        #expect(build.status == 1)
        #expect(build.error.contains("house.theme.json:3:32: error: unknown key 'heigth'"), "\(build.error)")
    }

    /// With `-o DIR` the presets' files go into DIR; `-o FILE` and `--format` do not go with `--preset` (usage, 2).
    @Test func outputFolderAndUsageMistakes() throws {
        let (result, folder) = try run(["build", "solar.chart.json", "--preset", "web", "-o", "public"], files: ["solar.chart.json": Self.spec()])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.error)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("public/solar.web.svg").path))
        let file = try ChartcBinary.run(["build", "solar.chart.json", "--preset", "web", "-o", "chart.svg"], in: folder)
        #expect(file.status == 2)
        #expect(file.error.contains("'-o chart.svg' names one file, but --preset writes NAME.PRESET.EXT files"), "\(file.error)")
        let format = try ChartcBinary.run(["build", "solar.chart.json", "--preset", "web", "--format", "png"], in: folder)
        #expect(format.status == 2)
        #expect(format.error.contains("'--preset' and '--format' cannot be used together"), "\(format.error)")
    }

    /// A batch under a preset: `NAME-VALUE.PRESET.EXT`, each at the preset's size, listed in `NAME.PRESET.charts.json`.
    @Test func batchesWritePresetFilesAndManifest() throws {
        let csv = "city,year,share\nOslo,2000,10\nOslo,2010,20\nBergen,2000,5\nBergen,2010,15\n"
        let spec = """
            {
              "title": "Solar in {city}",
              "data": { "url": "cities.csv" },
              "each": { "field": "city" },
              "filter": "city == {city}",
              "mark": "line",
              "encoding": { "x": { "field": "year" }, "y": { "field": "share" } },
              "outputs": { "card": { "format": "svg", "width": 900, "height": 500 } }
            }
            """
        let (result, folder) = try run(["build", "cities.chart.json", "--preset", "card"], files: ["cities.chart.json": spec, "cities.csv": csv])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.error)")
        for city in ["oslo", "bergen"] {
            let svg = SVGMeasure(svg: try #require(text(folder, "cities-\(city).card.svg"), "cities-\(city).card.svg"))
            #expect(svg.width == 900 && svg.height == 500)
        }
        let manifest = try #require(text(folder, "cities.card.charts.json"))
        #expect(manifest.contains("\"file\": \"cities-oslo.card.svg\"") && manifest.contains("\"file\": \"cities-bergen.card.svg\""), "\(manifest)")
    }
}
