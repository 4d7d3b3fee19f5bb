import ChartTestSupport
import Foundation
import Testing

/// SPEC §19.12 through the binary: a theme's `["Georgia", "serif"]` on a machine without Georgia is measured with
/// the face `serif` stands for (fontconfig's choice, asked of `fc-match` here), the SVG and the HTML page name that
/// face first, the PDF embeds it, and headless Chromium draws no text cut at the edge (`svg-text-check`). The same
/// for `monospace` and `sans-serif`. And a stack nothing installed stands for is a lint warning naming it.
@Suite(.serialized)
struct GenericFontFamilyEndToEndTests {
    static let spec = """
        {
          "title": "Seattle's daily highs, measured in the face the browser draws",
          "subtitle": "Daily high temperature in °C, as a 7-day average (each day and the six before it), in a house style whose first family is missing.",
          "data": { "values": [ { "month": "Jan", "high": 8.1 }, { "month": "Feb", "high": 10.4 }, { "month": "Mar", "high": 12.9 },
                                { "month": "Apr", "high": 16.0 }, { "month": "May", "high": 19.9 }, { "month": "Jun", "high": 22.9 } ] },
          "mark": "bar",
          "encoding": { "x": { "field": "month" }, "y": { "field": "high", "title": "Mean daily high (°C)" } },
          "notes": "Each bar is one month's mean of the daily highs; the notes are set in the same face, italic where a style asks.",
          "sources": [ { "title": "Climate Data Online", "site": "NOAA" } ]
        }
        """

    /// `../shared/tools/svg-text-check` beside the worktree, when this checkout has it.
    static let textCheck: String? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let tool = root.appendingPathComponent("shared/tools/svg-text-check").path
        return FileManager.default.isExecutableFile(atPath: tool) ? tool : nil
    }()

    func workspace(theme: String) throws -> URL {
        let root = try makeScratchDirectory()
        try Data(Self.spec.utf8).write(to: root.appendingPathComponent("a.chart.json"))
        try Data(theme.utf8).write(to: root.appendingPathComponent("chartc.theme.json"))
        return root
    }

    @Test(
        .enabled(
            if: FontconfigMatch.available && PDFChecks.tool("pdffonts") != nil,
            "needs fontconfig (fc-match), poppler-utils, fonts-dejavu-core and fonts-liberation"),
        arguments: [["Georgia", "serif"], ["Consolas Nobody Has", "monospace"], ["Segoe Nobody Has", "sans-serif"]])
    func aGenericFamilyIsMeasuredNamedFirstAndEmbedded(families: [String]) throws {
        let list = families.map { "\"\($0)\"" }.joined(separator: ", ")
        let root = try workspace(theme: "{ \"font\": { \"family\": [\(list)] }, \"size\": { \"width\": 420 } }")
        defer { try? FileManager.default.removeItem(at: root) }
        let generic = try #require(families.last)
        let face = try #require(FontconfigMatch.family(generic))
        let result = try ChartcBinary.run(["build", "a.chart.json", "--format", "svg,html,pdf", "-o", "out"], in: root)
        #expect(result.status == 0, "\(result.error)")
        #expect(!result.error.contains("font-not-found"), "\(result.error)")
        let stack = "&apos;\(face)&apos;, " + families.dropLast().map { "&apos;\($0)&apos;" }.joined(separator: ", ")
        let svg = try String(contentsOf: root.appendingPathComponent("out/a.svg"), encoding: .utf8)
        #expect(
            svg.contains(" font-family=\"" + stack.replacingOccurrences(of: "&apos;Georgia&apos;", with: "Georgia") + ", " + generic + "\""),
            "\(stack)")
        let html = try String(contentsOf: root.appendingPathComponent("out/a.html"), encoding: .utf8)
        let css = stack.replacingOccurrences(of: "&apos;", with: "'").replacingOccurrences(of: "'Georgia'", with: "Georgia")
        #expect(html.contains("{ font-family: " + css + ", " + generic + "; }"), "\(css)")
        // The PDF embeds the face fontconfig chose, regular and bold (title), and no Liberation Sans.
        let fonts = try ToolProcess.run(try #require(PDFChecks.tool("pdffonts")), [root.appendingPathComponent("out/a.pdf").path]).output
        let embedded = fonts.split(separator: "\n").dropFirst(2).filter { $0.contains(" yes ") }.map {
            String($0.split(separator: " ")[0].split(separator: "+").last ?? "")
        }
        for pattern in [generic, generic + ":bold"] {
            let name = try #require(FontconfigMatch.postScriptName(pattern))
            #expect(embedded.contains(name), "\(pattern): \(name) not in \(embedded)")
        }
        if face != "Liberation Sans" { #expect(!embedded.contains("LiberationSans"), "\(embedded)") }
        if let check = Self.textCheck, ToolProcess.find("chromium") != nil {
            let text = try ToolProcess.run(check, [root.appendingPathComponent("out/a.svg").path])
            #expect(text.status == 0 && text.output.contains(" 0 problem(s)"), "\(text.output)")
        }
    }

    @Test("a stack nothing installed stands for: lint warns naming it, the built-in metrics' faces are named first")
    func aStackWithoutAnInstalledFamilyWarns() throws {
        let root = try workspace(theme: #"{ "font": { "family": ["Georgia Nobody Has", "Gill Nobody Has"] } }"#)
        defer { try? FileManager.default.removeItem(at: root) }
        let lint = try ChartcBinary.run(["lint", "a.chart.json"], in: root)
        #expect(lint.output.contains("'Georgia Nobody Has', 'Gill Nobody Has'") || lint.error.contains("'Georgia Nobody Has', 'Gill Nobody Has'"))
        #expect(
            (lint.output + lint.error).contains("the SVG names Helvetica, Arial, 'Liberation Sans' first [theme-font-not-found]"), "\(lint.output)")
        let build = try ChartcBinary.run(["build", "a.chart.json", "-o", "out"], in: root)
        #expect(build.status == 0, "\(build.error)")
        let svg = try String(contentsOf: root.appendingPathComponent("out/a.svg"), encoding: .utf8)
        #expect(
            svg.contains(
                "font-family=\"Helvetica, Arial, &apos;Liberation Sans&apos;, &apos;Nimbus Sans&apos;, &apos;Georgia Nobody Has&apos;, &apos;Gill Nobody Has&apos;, sans-serif\""
            ), "\(svg.prefix(600))")
    }
}
