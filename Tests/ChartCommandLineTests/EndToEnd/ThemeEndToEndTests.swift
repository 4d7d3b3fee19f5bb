import ChartTestSupport
import Foundation
import Testing

/// House styles through the binary: --theme and --variant on build, the spec's theme key, `chartc theme`'s
/// origins, lint at the theme's line:col, real font metrics, the logo.
@Suite struct ThemeEndToEndTests {
    static let spec = """
        {
          "title": "Sales by region in a house style that is much wider than Arial",
          "data": { "values": [ { "region": "North", "sales": 10 }, { "region": "South", "sales": 7 } ] },
          "mark": "bar",
          "encoding": { "x": { "field": "region" }, "y": { "field": "sales" } },
          "notes": "One note.",
          "sources": [ { "title": "Ledger" } ]
        }
        """

    static let house = """
        {
          "font": { "family": ["DejaVu Sans", "sans-serif"], "files": { "regular": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "bold": "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf" } },
          "words": { "note": "Note:", "source": "Quelle :" },
          "background": "#fafafa",
          "size": { "width": 500 },
          "logo": { "file": "logo.svg" },
          "variants": { "print": { "size": { "width": 360 } } }
        }
        """

    static let logo =
        "<svg viewBox=\"0 0 40 10\" onload=\"alert(1)\"><script>alert(2)</script><rect width=\"40\" height=\"10\" fill=\"#123456\"/></svg>"

    func workspace(_ files: [String: String]) throws -> URL {
        let root = try makeScratchDirectory()
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    static let hasDejaVu = FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")

    @Test(.enabled(if: hasDejaVu, "needs fonts-dejavu-core (CI installs it)"))
    func buildWithAThemeUsesItsSizeWordsFontAndSanitizedLogo() throws {
        let root = try workspace(["a.chart.json": Self.spec, "house.theme.json": Self.house, "logo.svg": Self.logo])
        defer { try? FileManager.default.removeItem(at: root) }
        let plain = try ChartcBinary.run(["build", "a.chart.json", "-o", "plain"], in: root)
        #expect(plain.status == 0)
        let themed = try ChartcBinary.run(["build", "a.chart.json", "--theme", "house.theme.json", "-o", "themed"], in: root)
        #expect(themed.status == 0, "\(themed.error)")
        #expect(themed.error.contains("theme-logo-unsafe"))
        let svg = try String(contentsOf: root.appendingPathComponent("themed/a.svg"), encoding: .utf8)
        #expect(svg.contains("width=\"500\""))
        #expect(svg.contains("Quelle :"))
        #expect(svg.contains("Note:"))
        #expect(svg.contains("font-family=\"&apos;DejaVu Sans&apos;, sans-serif\""))
        #expect(svg.contains("fill=\"#fafafa\""))
        #expect(svg.contains("chartc-logo") && svg.contains("#123456"))
        #expect(!svg.contains("alert"))
        let plainSVG = try String(contentsOf: root.appendingPathComponent("plain/a.svg"), encoding: .utf8)
        #expect(plainSVG.contains("width=\"640\"") && plainSVG.contains("Sources:"))

        let print = try ChartcBinary.run(["build", "a.chart.json", "--theme", "house.theme.json", "--variant", "print", "-o", "print"], in: root)
        #expect(print.status == 0)
        let printSVG = try String(contentsOf: root.appendingPathComponent("print/a.svg"), encoding: .utf8)
        #expect(printSVG.contains("width=\"360\""))
        // The wider face wraps the title onto more lines than the built-in metrics do at the same width.
        #expect(printSVG.components(separatedBy: "<tspan").count > plainSVG.components(separatedBy: "<tspan").count)
    }

    /// Issue 30 item 5: a logo whose references hide URLs from a text filter, with a raw `&`, an unknown entity,
    /// an Inkscape `xlink:href` and elements left open. The chart SVG (and the HTML page) must parse as XML and
    /// name no outside address; the link keeps its words; a logo nested past the limit is refused by name.
    static let hostileLogo = """
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 60 10">
          <defs><path id="a" d="M0 0H5V5Z"/></defs>
          <use xlink:href="#a"/>
          <rect x="6" width="4" height="4" fill="u&#114;l(https://evil.example/t.svg#a)"/>
          <rect x="12" width="4" height="4" style="fill: u\\72 l(https://evil.example/t.svg#a)"/>
          <a href="javascript:alert(1)"><text x="20" y="8" font-family="Smith & Sons &nbsp;">Gazette &copy;</text></a>
          <g><g><rect x="50" width="4" height="4"
        """

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs python3 for its XML parser"))
    func aHostileLogoLeavesTheChartWellFormedAndLocal() throws {
        let theme = #"{ "logo": { "file": "logo.svg", "height": 20 } }"#
        let deep = "<svg viewBox='0 0 1 1'>" + String(repeating: "<g>", count: 200_000) + "</svg>"
        let root = try workspace([
            "a.chart.json": Self.spec, "house.theme.json": theme, "logo.svg": Self.hostileLogo,
            "deep.theme.json": theme.replacingOccurrences(of: "logo.svg", with: "deep.svg"),
            "deep.svg": deep
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try ChartcBinary.run(["build", "a.chart.json", "--theme", "house.theme.json", "--format", "svg,html", "-o", "out"], in: root)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.contains("theme-logo-unsafe"), "\(result.error)")
        let svg = try String(contentsOf: root.appendingPathComponent("out/a.svg"), encoding: .utf8)
        let check = try ToolProcess.run(
            "/usr/bin/python3",
            ["-c", "import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1]); print('ok')", root.appendingPathComponent("out/a.svg").path])
        #expect(check.output == "ok\n", "\(check.output)")
        #expect(!svg.contains("evil.example") && !svg.contains("javascript"))
        #expect(svg.contains(#"xmlns:xlink="http://www.w3.org/1999/xlink""#) && svg.contains(##"<use xlink:href="#a"/>"##))
        #expect(svg.contains(">Gazette </text></a>") && svg.contains("Smith &amp; Sons"))
        let html = try String(contentsOf: root.appendingPathComponent("out/a.html"), encoding: .utf8)
        #expect(!html.contains("evil.example") && !html.contains("javascript:"))

        let clock = ContinuousClock()
        let start = clock.now
        let refused = try ChartcBinary.run(["build", "a.chart.json", "--theme", "deep.theme.json", "-o", "deep"], in: root)
        #expect(clock.now - start < .seconds(10))
        #expect(refused.status != 0)
        #expect(
            refused.error.contains("cannot use the logo") && refused.error.contains("more than 64 levels deep, the limit for a logo")
                && refused.error.contains("[theme-logo-too-large]"), "\(refused.error)")
    }

    @Test func theSpecsThemeKeyAndTheFoldersThemeApplyAndThemeShowsOrigins() throws {
        let root = try workspace([
            ".git/HEAD": "ref: refs/heads/main\n",
            "chartc.theme.json": "{ \"background\": \"#eeeeee\" }",
            "charts/a.chart.json": Self.spec,
            "charts/b.chart.json": Self.spec.replacingOccurrences(of: "{\n  \"title\"", with: "{\n  \"theme\": \"own.theme.json\",\n  \"title\""),
            "charts/own.theme.json": "{\n  \"background\": \"#dddddd\"\n}"
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let a = try ChartcBinary.run(["theme", "charts/a.chart.json"], in: root)
        #expect(a.status == 0)
        #expect(a.output.contains("chartc.theme.json:1:17  background = \"#eeeeee\""))
        let b = try ChartcBinary.run(["theme", "charts/b.chart.json"], in: root)
        #expect(b.output.contains("charts/own.theme.json:2:17  background = \"#dddddd\""))
        #expect(b.output.contains("built-in"))
    }

    @Test func lintReportsThemeErrorsAtTheThemesLineAndColumn() throws {
        let root = try workspace([
            "a.chart.json": Self.spec,
            "bad.theme.json":
                "{\n  \"backgrund\": \"#fff\",\n  \"text\": { \"title\": { \"color\": \"#111\" } },\n  \"grid\": { \"color\": \"#fffffe\" }\n}"
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let lint = try ChartcBinary.run(["lint", "a.chart.json", "--theme", "bad.theme.json"], in: root)
        #expect(lint.status == 1)
        #expect(lint.output.contains("bad.theme.json:2:3: error: unknown key 'backgrund' at the top level of the theme; did you mean 'background'?"))
        let dark = try workspace([
            "a.chart.json": Self.spec, "dark.theme.json": "{ \"background\": \"#161616\", \"text\": { \"title\": { \"color\": \"#333333\" } } }"
        ])
        defer { try? FileManager.default.removeItem(at: dark) }
        let contrast = try ChartcBinary.run(["lint", "a.chart.json", "--theme", "dark.theme.json"], in: dark)
        #expect(
            contrast.output.contains(
                "dark.theme.json:1:58: warning: the theme's 'text.title.color' (the headline) \"#333333\" has a contrast of 1.4:1"))
        #expect(
            contrast.output.contains("dark.theme.json:1:17: warning: the theme's 'text.notes.color' (the notes) \"#666666\", the built-in value,"))
        let variant = try ChartcBinary.run(["build", "a.chart.json", "--theme", "dark.theme.json", "--variant", "night"], in: dark)
        #expect(variant.status == 1)
        #expect(variant.error.contains("no variant 'night'"))
    }

    /// The dark variant (the HTML page's dark mode) is checked too: a color it sets at its line:col, a light
    /// theme's color it leaves on its dark background at that background.
    @Test func lintChecksTheDarkVariantsContrast() throws {
        let theme =
            "{\n  \"variants\": { \"dark\": {\n    \"background\": \"#161616\",\n    \"text\": { \"title\": { \"color\": \"#2a2a2a\" }, \"subtitle\": { \"color\": \"#dddddd\" }, \"notes\": { \"color\": \"#dddddd\" }, \"sources\": { \"color\": \"#dddddd\" }, \"byline\": { \"color\": \"#dddddd\" }, \"axis\": { \"color\": \"#dddddd\" }, \"axisTitle\": { \"color\": \"#dddddd\" }, \"legend\": { \"color\": \"#dddddd\" }, \"legendTitle\": { \"color\": \"#dddddd\" }, \"label\": { \"color\": \"#dddddd\" }, \"directLabel\": { \"color\": \"#dddddd\" }, \"annotation\": { \"color\": \"#dddddd\" } }\n  } }\n}"
        let root = try workspace(["a.chart.json": Self.spec, "house.theme.json": theme])
        defer { try? FileManager.default.removeItem(at: root) }
        let lint = try ChartcBinary.run(["lint", "a.chart.json", "--theme", "house.theme.json"], in: root)
        #expect(
            lint.output.contains(
                "house.theme.json:4:35: warning: the theme's dark variant's 'text.title.color' (the headline) \"#2a2a2a\" has a contrast of 1.2:1 with the dark variant's #161616 background (the HTML page in dark mode)"
            ), "\(lint.output)")
        // The panel color is not set by the variant: the built-in near-black, reported at the dark background.
        #expect(
            lint.output.contains(
                "house.theme.json:3:19: warning: the theme's dark variant's 'text.panel.color' (panel titles of small multiples) \"#1a1a1a\", not set by the dark variant, has a contrast of"
            ), "\(lint.output)")
        #expect(!lint.output.contains("'text.subtitle.color'"))
        #expect(!lint.output.contains("the theme's 'text"), "the light theme is fine")
    }

    /// Issue 24: lint's contrast check reads the colors a theme draws marks in — its categorical palette and its
    /// mark color — and reports each faint one at its line:col in the theme file; a built-in color that the theme's
    /// background makes faint, at that background. A color the spec writes is still reported in the spec.
    @Test func lintChecksTheThemesPaletteAndMarkColorAgainstItsBackground() throws {
        let lines = """
            { "title": "Three series", "alt": "Lines", "sources": [ { "title": "Ledger" } ],
              "data": { "values": [ { "k": "a", "x": 1, "v": 1 }, { "k": "b", "x": 1, "v": 2 }, { "k": "c", "x": 1, "v": 3 },
                                    { "k": "a", "x": 2, "v": 2 }, { "k": "b", "x": 2, "v": 3 }, { "k": "c", "x": 2, "v": 1 } ] },
              "mark": "line", "encoding": { "x": { "field": "x" }, "y": { "field": "v" }, "color": { "field": "k" } } }
            """
        let bars = """
            { "title": "Bars", "alt": "Bars", "sources": [ { "title": "Ledger" } ],
              "data": { "values": [ { "k": "a", "v": 1 }, { "k": "b", "v": 2 } ] },
              "mark": "bar", "encoding": { "x": { "field": "k" }, "y": { "field": "v" } } }
            """
        let spelled = """
            { "title": "Bars", "alt": "Bars", "sources": [ { "title": "Ledger" } ],
              "data": { "values": [ { "k": "a", "v": 1 }, { "k": "b", "v": 2 } ] },
              "mark": { "type": "bar", "color": "#f4f4f4" }, "encoding": { "x": { "field": "k" }, "y": { "field": "v" } } }
            """
        let palette =
            "{\n  \"colors\": {\n    \"categorical\": [\"#1f5fbf\", \"#ffee88\", \"#d62728\", \"#fff7cc\"],\n    \"mark\": \"#f2f2f2\"\n  }\n}"
        let dark = "{\n  \"background\": \"#2b6cb0\"\n}"
        let root = try workspace([
            "lines.chart.json": lines, "bars.chart.json": bars, "spelled.chart.json": spelled, "palette.theme.json": palette, "dark.theme.json": dark
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let lint = try ChartcBinary.run(["lint", "lines.chart.json", "bars.chart.json", "--theme", "palette.theme.json"], in: root)
        // Three series take the first three colors: the light yellow is reported at its place, the fourth is unused.
        #expect(
            lint.output.contains(
                "palette.theme.json:3:32: warning: the theme's 'colors.categorical' color \"#ffee88\" has a contrast of 1.1:1 with the #ffffff background"
            ), "\(lint.output)")
        #expect(!lint.output.contains("color \"#fff7cc\"") && !lint.output.contains("color \"#1f5fbf\""), "\(lint.output)")
        #expect(
            lint.output.contains("palette.theme.json:4:13: warning: the theme's 'colors.mark' color \"#f2f2f2\" has a contrast of 1.1:1"),
            "\(lint.output)")
        #expect(lint.output.contains("fills such as bars and areas need at least 1.5:1"), "\(lint.output)")
        // The spec's own color is reported in the spec, and the theme's mark color (not drawn) is not.
        let own = try ChartcBinary.run(["lint", "spelled.chart.json", "--theme", "palette.theme.json"], in: root)
        #expect(own.output.contains("spelled.chart.json:3:37: warning: the color \"#f4f4f4\""), "\(own.output)")
        #expect(!own.output.contains("colors.mark"), "\(own.output)")
        // A blue background under the built-in palette and mark color: its blue and the mark color are faint,
        // reported at the background that made them so.
        let onDark = try ChartcBinary.run(["lint", "lines.chart.json", "bars.chart.json", "--theme", "dark.theme.json"], in: root)
        #expect(onDark.output.contains("dark.theme.json:2:17: warning: the theme's 'colors.categorical' color"), "\(onDark.output)")
        #expect(onDark.output.contains("dark.theme.json:2:17: warning: the theme's 'colors.mark' color"), "\(onDark.output)")
        // Without a theme, the built-in look is not re-checked.
        let plain = try ChartcBinary.run(["lint", "lines.chart.json", "bars.chart.json"], in: root)
        #expect(!plain.output.contains("low-contrast"), "\(plain.output)")
    }

    @Test func theThemesPaletteColorsSeriesWithoutASchemeAndABadSchemeNameIsAnError() throws {
        let spec = """
            { "title": "Two series", "data": { "values": [ { "k": "a", "v": 1 }, { "k": "b", "v": 2 } ] },
              "mark": "bar", "encoding": { "x": { "field": "k" }, "y": { "field": "v" }, "color": { "field": "k" } } }
            """
        let root = try workspace([
            "a.chart.json": spec,
            "good.theme.json": "{ \"colors\": { \"categorical\": [\"#112233\", \"#445566\"] } }",
            "bad.theme.json": "{ \"colors\": { \"sequential\": \"bluez\" } }"
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let good = try ChartcBinary.run(["build", "a.chart.json", "--theme", "good.theme.json", "-o", "out"], in: root)
        #expect(good.status == 0)
        let svg = try String(contentsOf: root.appendingPathComponent("out/a.svg"), encoding: .utf8)
        #expect(svg.contains("#112233") && svg.contains("#445566"))
        let bad = try ChartcBinary.run(["build", "a.chart.json", "--theme", "bad.theme.json"], in: root)
        #expect(bad.status == 1)
        #expect(bad.error.contains("bad.theme.json:1:29: error: 'colors.sequential' names no color scheme: 'bluez'; did you mean 'blues'?"))
    }
}
