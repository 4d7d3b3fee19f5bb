import ChartTestSupport
import Foundation
import Testing
@testable import ChartCommandLine

/// Every example built as PNG by the `chartc` binary (`build examples --format svg,png --scale 2` into a scratch
/// folder) and checked: `pngcheck` finds no error, a second build gives the same bytes, and the picture agrees with
/// headless Chromium's screenshot of the chart's own SVG at the same scale (SPEC §23: a channel differs by more
/// than 32 on at most 0.5% of pixels, text included).
@Suite("PNG gallery", .serialized)
struct PNGGalleryTests {
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    static var toolsInstalled: Bool {
        ToolProcess.find("pngcheck") != nil && chromium != nil && PDFChecks.pillowInstalled
            && FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf")
    }

    /// `chartc build ROOT --format svg,png` into a scratch folder named after `label`; nil when it fails.
    static func build(_ root: String, label: String) -> URL? {
        guard toolsInstalled else { return nil }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chartc-png-\(label)-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        guard let result = try? ChartcBinary.run(["build", root, "-o", folder.path, "--format", "svg,png", "--offline"]), result.status == 0 else {
            return nil
        }
        return folder
    }

    static let output: URL? = build(ExampleGalleryGoldenTests.examplesPath, label: "gallery")

    /// The charts unlike the gallery's that the PDF is checked on (`PDFCharts/`: every mark type, gradient bars,
    /// dashed and hidden lines, a house style with its font files and a logo drawing a gradient, dashes, a clip,
    /// opacity and text, a serif style) and the PNG's own (`PNGCharts/`: right-to-left labels, Hebrew and joined Arabic).
    static let chartsRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path
    static let chartFolders = ["PDFCharts", "PNGCharts"]
    static let charts: URL? = {
        guard let folder = build(chartsRoot + "/PDFCharts", label: "pdfcharts"), let own = build(chartsRoot + "/PNGCharts", label: "pngcharts") else {
            return nil
        }
        for file in (try? FileManager.default.contentsOfDirectory(atPath: own.path)) ?? [] {
            try? FileManager.default.copyItem(at: own.appendingPathComponent(file), to: folder.appendingPathComponent(file))
        }
        return folder
    }()

    static func chartPaths() -> [String] {
        chartFolders.flatMap { folder in PDFChecks.specPaths(root: chartsRoot + "/" + folder).map { folder + "/" + $0 } }
    }

    static func paths() -> [String] { ExampleGalleryGoldenTests.specPaths() }

    /// The share of pixels (0…1) where no channel differs by more than 32, both pictures over white.
    static func agreement(_ ours: String, _ theirs: String) throws -> Double? {
        let script = """
            import sys
            from PIL import Image, ImageChops
            def flat(path):
                im = Image.open(path).convert('RGBA')
                bg = Image.new('RGBA', im.size, (255, 255, 255, 255)); bg.alpha_composite(im); return bg.convert('RGB')
            a, b = flat(sys.argv[1]), flat(sys.argv[2])
            if a.size != b.size: print('size', a.size, b.size); sys.exit(0)
            d = ImageChops.difference(a, b).getdata()
            print(sum(1 for p in d if max(p) <= 32) / (a.size[0] * a.size[1]))
            """
        let output = try ToolProcess.run("/usr/bin/python3", ["-c", script, ours, theirs]).output
        return Double(output.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test("pngcheck passes; the PNG agrees with Chromium's rendering of the SVG at scale 2", .enabled(if: toolsInstalled), arguments: paths())
    func agreesWithChromium(_ path: String) throws {
        let folder = try #require(Self.output, "the gallery did not build")
        try Self.check(PDFChecks.name(path), in: folder)
        // The PNG committed beside the spec (re-recorded with the SVGs: `CHARTC_RECORD=1 swift test --filter Golden`)
        // is still the chart the build draws: pixel for pixel within the same tolerance (fonts may differ by a hair
        // between machines, so not byte for byte).
        let committed = ExampleGalleryGoldenTests.examplesPath + "/" + String(path.dropLast(SpecFiles.suffix.count)) + ".png"
        #expect(FileManager.default.fileExists(atPath: committed), "\(committed) is missing: `CHARTC_RECORD=1 swift test --filter Golden` records it")
        if FileManager.default.fileExists(atPath: committed) {
            let built = folder.appendingPathComponent(PDFChecks.name(path) + ".png").path
            let agreement = try #require(try Self.agreement(built, committed))
            #expect(agreement >= 0.995, "\(committed) is stale (\(String(format: "%.2f", agreement * 100))% agree): re-record it with the SVGs")
        }
    }

    @Test(
        "charts with every mark, gradients, dashes, a logo, theme fonts and right-to-left labels agree with Chromium", .enabled(if: toolsInstalled),
        arguments: chartPaths())
    func chartsAgreeWithChromium(_ path: String) throws {
        try Self.check(PDFChecks.name(path), in: try #require(Self.charts, "the charts did not build"))
    }

    /// `pngcheck` on NAME.png in `folder`, its text chunks, then its agreement with Chromium's screenshot of NAME.svg.
    static func check(_ name: String, in folder: URL) throws {
        let png = folder.appendingPathComponent(name + ".png").path
        let svg = folder.appendingPathComponent(name + ".svg").path
        let check = try ToolProcess.run(try #require(ToolProcess.find("pngcheck")), ["-t", png])
        #expect(check.status == 0, "\(check.output)")
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        // The chart's title is in a text chunk (SPEC §23).
        if text.contains("<title") { #expect(check.output.contains("Title:"), "\(name): \(check.output)") }
        // The screenshot's window is the SVG's size in CSS px.
        func attribute(_ name: String) -> Double? {
            guard let range = text.range(of: " \(name)=\"") else { return nil }
            return Double(text[range.upperBound...].prefix { $0 != "\"" })
        }
        let width = Int(try #require(attribute("width")).rounded(.up)), height = Int(try #require(attribute("height")).rounded(.up))
        let shot = folder.appendingPathComponent(name + ".chromium.png").path
        let profile = folder.appendingPathComponent("profile-" + name).path
        _ = try ToolProcess.run(
            try #require(Self.chromium),
            [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--user-data-dir=" + profile, "--force-device-scale-factor=2",
                "--window-size=\(width),\(height)", "--screenshot=" + shot, svg
            ])
        let agreement = try #require(try Self.agreement(png, shot), "no screenshot of \(name)")
        print("PNG agreement \(name): \(String(format: "%.3f", agreement * 100))%")
        #expect(agreement >= 0.995, "\(name): \(String(format: "%.3f", agreement * 100))% of pixels agree with Chromium")
    }

    @Test("a second build writes the same bytes", .enabled(if: toolsInstalled))
    func deterministic() throws {
        let folder = try #require(Self.output, "the gallery did not build")
        let spec = ExampleGalleryGoldenTests.examplesPath + "/us-population/us-population.chart.json"
        let again = folder.appendingPathComponent("again.png").path
        #expect(try ChartcBinary.run(["build", spec, "-o", again]).status == 0)
        #expect(
            FileManager.default.contents(atPath: again)
                == FileManager.default.contents(atPath: folder.appendingPathComponent("us-population.png").path))
    }
}
