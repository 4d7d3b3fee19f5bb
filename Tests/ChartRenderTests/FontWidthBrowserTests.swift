import Foundation
import Testing
import ChartLayout
import ChartTestSupport
@testable import chartc_devtools

/// Where Debian's `fonts-dejavu-core` puts its files.
enum DejaVuFiles {
    static let folder = "/usr/share/fonts/truetype/dejavu/"
    static var present: Bool { FileManager.default.fileExists(atPath: folder + "DejaVuSans.ttf") }
}

/// The widths layout measures with a theme's font files equal what Chromium draws with the same installed face
/// (kerning on, as in the page and the SVG), within 1%: the measurement every wrap, label and collision rests on.
@Suite(
    .serialized,
    .enabled(if: (BrowserAvailability.chromium || BrowserAvailability.required) && DejaVuFiles.present, "needs chromium and fonts-dejavu-core"))
struct FontWidthBrowserTests {
    static let dejaVu = DejaVuFiles.folder

    static let texts = [
        "Political ideology in Congress, 1948-2025",
        "Resident population at each census, 1790–2020",
        "−0.60 +0.40 1,234,567 50M 200M",
        "Quelle : Décennie — 5 mm or more; Jan Feb Mar",
        "Wettest months each year (WMY), ÉTÉ, Œuvre"
    ]

    /// A theme measuring with the four faces of `family`.
    func theme(family: String, files: [String]) throws -> ChartTheme {
        let folder = NSTemporaryDirectory() + "chartc-widths-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let keys = ["regular", "bold", "italic", "boldItalic"]
        let list = zip(keys, files).map { "\"\($0)\": \"\(Self.dejaVu + $1)\"" }.joined(separator: ", ")
        let file = folder + "/house.theme.json"
        try "{ \"font\": { \"family\": [\"\(family)\"], \"files\": { \(list) } } }".write(toFile: file, atomically: true, encoding: .utf8)
        return try ChartTheme.load(try ThemeResolver.resolve(file: file))
    }

    @Test(arguments: [
        ("DejaVu Sans", ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf", "DejaVuSans-BoldOblique.ttf"]),
        ("DejaVu Serif", ["DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf", "DejaVuSerif-Italic.ttf", "DejaVuSerif-BoldItalic.ttf"])
    ])
    func widthsEqualChromiumsWithinOnePercent(family: String, files: [String]) throws {
        let theme = try theme(family: family, files: files)
        var spans = ""
        var expected: [Double] = []
        for (weight, italic) in [(TextStyle.Weight.regular, false), (.bold, false), (.regular, true), (.bold, true)] {
            for size in [12.0, 21.0] {
                var style = theme.titleStyle
                style.size = size
                style.weight = weight
                style.italic = italic
                for text in Self.texts {
                    expected.append(TextMeasurer.width(text, style: style))
                    let css =
                        "font-family: '\(family)'; font-size: \(Int(size))px; font-weight: \(weight == .bold ? "bold" : "normal"); font-style: \(italic ? "italic" : "normal")"
                    spans += "<span style=\"\(css)\">\(text)</span><br>\n"
                }
            }
        }
        let folder = NSTemporaryDirectory() + "chartc-widths-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/widths.html"
        try "<!DOCTYPE html><meta charset=\"utf-8\"><body style=\"white-space: pre\">\n\(spans)</body>".write(
            toFile: file, atomically: true, encoding: .utf8)
        let browser = try HeadlessChromium()
        let page = try browser.openPage(width: 1600, height: 1200)
        try page.load(file)
        let measured = try #require(
            try page.string(
                "Array.prototype.map.call(document.querySelectorAll('span'), function (s) { return s.getBoundingClientRect().width; }).join(',')")
        )
        .split(separator: ",").compactMap { Double($0) }
        try #require(measured.count == expected.count)
        var worst = 0.0
        for (ours, chromium) in zip(expected, measured) {
            let difference = abs(ours - chromium) / chromium
            worst = max(worst, difference)
            #expect(difference <= 0.01, "\(family): \(ours) px measured, Chromium draws \(chromium) px")
        }
        #expect(worst > 0 || measured.allSatisfy { $0 > 0 })
    }

    /// A theme naming `families` only (no files): the faces come from the system folders.
    func theme(families: [String]) throws -> ChartTheme {
        let folder = NSTemporaryDirectory() + "chartc-widths-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/house.theme.json"
        let list = families.map { "\"\($0)\"" }.joined(separator: ", ")
        try "{ \"font\": { \"family\": [\(list)] } }".write(toFile: file, atomically: true, encoding: .utf8)
        return try ChartTheme.load(try ThemeResolver.resolve(file: file))
    }

    /// SPEC §19.12: a theme's `["Georgia", "serif"]` without Georgia measures with the face `serif` stands for
    /// (what `fc-match serif` gives), names it first in the font stack, and Chromium, given that stack, draws text
    /// as wide as measured in every style. The same for `monospace` and `sans-serif`.
    @Test(
        .enabled(if: FontconfigMatch.available, "needs fontconfig's fc-match"),
        arguments: [["Georgia", "serif"], ["Consolas Nobody Has", "monospace"], ["Segoe Nobody Has", "sans-serif"]])
    func genericFamilyWidthsEqualChromiums(families: [String]) throws {
        let theme = try theme(families: families)
        let generic = try #require(families.last)
        let expectedFamily = try #require(FontconfigMatch.family(generic))
        #expect(theme.fontFamily.hasPrefix("'" + expectedFamily + "', ") || theme.fontFamily.hasPrefix(expectedFamily + ", "), "\(theme.fontFamily)")
        #expect(theme.fontFamily.hasSuffix(generic), "\(theme.fontFamily)")
        #expect(theme.warnings.isEmpty)
        var spans = ""
        var expected: [Double] = []
        for (weight, italic) in [(TextStyle.Weight.regular, false), (.bold, false), (.regular, true), (.bold, true)] {
            var style = theme.subtitleStyle
            style.size = 15
            style.weight = weight
            style.italic = italic
            for text in Self.texts {
                expected.append(TextMeasurer.width(text, style: style))
                let css =
                    "font-family: \(theme.fontFamily); font-size: 15px; font-weight: \(weight == .bold ? "bold" : "normal"); font-style: \(italic ? "italic" : "normal")"
                spans += "<span style=\"\(css)\">\(text)</span><br>\n"
            }
        }
        // The built-in metrics (Liberation Sans) would be more than 1% off for any of these faces.
        let builtIn = Self.texts.map { TextMeasurer.width($0, style: TextStyle(size: 15)) }
        #expect(zip(builtIn, expected.prefix(builtIn.count)).contains { abs($0 - $1) / $1 > 0.02 })
        let folder = NSTemporaryDirectory() + "chartc-widths-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/widths.html"
        try "<!DOCTYPE html><meta charset=\"utf-8\"><body style=\"white-space: pre\">\n\(spans)</body>".write(
            toFile: file, atomically: true, encoding: .utf8)
        let browser = try HeadlessChromium()
        let page = try browser.openPage(width: 1600, height: 1200)
        try page.load(file)
        let measured = try #require(
            try page.string(
                "Array.prototype.map.call(document.querySelectorAll('span'), function (s) { return s.getBoundingClientRect().width; }).join(',')")
        )
        .split(separator: ",").compactMap { Double($0) }
        try #require(measured.count == expected.count)
        for (ours, chromium) in zip(expected, measured) {
            #expect(abs(ours - chromium) / chromium <= 0.01, "\(families): \(ours) px measured, Chromium draws \(chromium) px")
        }
    }
}
