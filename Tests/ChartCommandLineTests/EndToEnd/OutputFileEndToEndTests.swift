import Foundation
import Testing

/// `chartc build -o chart.svg` (issue 24): users name the file they want. A path ending in .svg, .html or .pdf
/// with one spec writes that one file (it used to make a folder called `chart.svg`); several specs, or a
/// `--format` other than the extension's, is a usage error saying why; an existing folder named `x.svg` stays a DIR.
@Suite struct OutputFileEndToEndTests {
    static let spec = """
        { "title": "Two points", "data": { "values": [{ "a": 1, "b": 2 }, { "a": 2, "b": 3 }] }, "mark": "point",
          "encoding": { "x": { "field": "a" }, "y": { "field": "b" } } }
        """

    static func folderWithSpecs(_ names: [String]) throws -> URL {
        let folder = try makeScratchDirectory()
        for name in names {
            try spec.write(to: folder.appendingPathComponent("\(name).chart.json"), atomically: true, encoding: .utf8)
        }
        return folder
    }

    static func isFile(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    @Test func oneSpecWritesTheFileItsExtensionNames() throws {
        let folder = try Self.folderWithSpecs(["points"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("points.chart.json").path
        let starts: [(String, [UInt8])] = [
            ("chart.svg", Array("<?xml".utf8)), ("out/nested/chart.html", Array("<!DOCTYPE html".utf8)), ("chart.PDF", Array("%PDF-".utf8)),
            ("chart.png", [0x89, 0x50, 0x4E, 0x47])
        ]
        for (name, start) in starts {
            let target = folder.appendingPathComponent(name)
            let result = try ChartcBinary.run(["build", spec, "-o", target.path])
            #expect(result.status == 0, "\(name): \(result.error)")
            #expect(Self.isFile(target), "\(name) is a file")
            let bytes = (try? Data(contentsOf: target)) ?? Data()
            #expect(bytes.starts(with: start), "\(name)")
            #expect(result.output == "wrote \(target.path)\n")
        }
        // --format that agrees with the extension is fine.
        let agreed = try ChartcBinary.run(["build", spec, "-o", folder.appendingPathComponent("again.svg").path, "--format", "svg"])
        #expect(agreed.status == 0, "\(agreed.error)")
        #expect(Self.isFile(folder.appendingPathComponent("again.svg")))
        // Nothing else was written next to the spec.
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("points.svg").path))
    }

    @Test func aFileCannotHoldSeveralSpecsOrFormats() throws {
        let folder = try Self.folderWithSpecs(["one", "two"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("chart.svg")
        let several = try ChartcBinary.run(["build", folder.path, "-o", target.path])
        #expect(several.status == 2)
        #expect(several.error.contains("'-o \(target.path)' names one file, but 2 specs are given"), "\(several.error)")
        #expect(several.error.contains("Give -o a folder"), "\(several.error)")
        let spec = folder.appendingPathComponent("one.chart.json").path
        let formats = try ChartcBinary.run(["build", spec, "-o", target.path, "--format", "svg,html"])
        #expect(formats.status == 2)
        #expect(formats.error.contains("names one svg file, but --format asks for svg,html"), "\(formats.error)")
        let other = try ChartcBinary.run(["build", spec, "-o", target.path, "--format", "pdf"])
        #expect(other.status == 2)
        #expect(other.error.contains("names one svg file, but --format asks for pdf"), "\(other.error)")
        #expect(!FileManager.default.fileExists(atPath: target.path), "nothing written on a usage error")
    }

    /// SPEC §23: `--scale N` is a whole number of pixels per CSS px, 1 to 8; it sets the PNG's size.
    @Test func pngScale() throws {
        let folder = try Self.folderWithSpecs(["points"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("points.chart.json").path
        for bad in ["0", "9", "1.5", "two"] {
            let result = try ChartcBinary.run(["build", spec, "--format", "png", "--scale", bad])
            #expect(result.status == 2, "\(bad)")
            #expect(result.error.contains("'\(bad)'") && result.error.contains("--scale"), "\(result.error)")
        }
        var widths: [Int] = []
        for scale in ["1", "3"] {
            let target = folder.appendingPathComponent("chart-\(scale).png")
            let result = try ChartcBinary.run(["build", spec, "-o", target.path, "--scale", scale])
            #expect(result.status == 0, "\(result.error)")
            let bytes = [UInt8]((try? Data(contentsOf: target)) ?? Data())
            if bytes.count > 24 { widths.append(bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }) }
        }
        #expect(widths.count == 2 && widths[1] == 3 * widths[0], "\(widths)")
    }

    /// SPEC §23 and "accepted means drawn": the rasterizer draws a theme's logo (it used to warn
    /// `theme-logo-not-in-png` and leave it out), so a PNG of a chart whose theme has one warns of nothing and
    /// has the logo's ink in the logo's corner, where the same chart without the logo has none.
    @Test func aPNGDrawsTheThemesLogo() throws {
        let spec = ExampleGalleryGoldenTests.examplesPath + "/house-styles/us-population-web.chart.json"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chartc-png-logo-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = try ChartcBinary.run(["build", spec, "-o", folder.appendingPathComponent("chart.png").path, "--offline"])
        #expect(png.status == 0, "\(png.error)")
        #expect(!png.error.contains("warning:"), "\(png.error)")
        let svg = try ChartcBinary.run(["build", spec, "-o", folder.appendingPathComponent("chart.svg").path, "--offline"])
        #expect(svg.status == 0, "\(svg.error)")
        let markup = try String(contentsOf: folder.appendingPathComponent("chart.svg"), encoding: .utf8)
        #expect(markup.contains("chartc-logo"))
    }

    @Test func anExistingFolderNamedLikeAFileStaysAFolder() throws {
        let folder = try Self.folderWithSpecs(["points"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("site.svg")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        let result = try ChartcBinary.run(["build", folder.appendingPathComponent("points.chart.json").path, "-o", target.path])
        #expect(result.status == 0, "\(result.error)")
        #expect(Self.isFile(target.appendingPathComponent("points.svg")))
    }
}
