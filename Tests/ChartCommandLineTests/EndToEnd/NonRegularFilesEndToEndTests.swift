import Foundation
import Testing

/// Issue 30, item 3: files that are not files. A data `url`, a theme, a font file or a logo that names a device
/// (`/dev/zero` never ends), a named pipe (whose `open` waits for a writer forever) or a folder fails at once, at
/// the spec's (or the theme's) line:col, with what the path is; a regular file over its kind's size limit
/// (specs/limits.md) says its size and the limit. Every run goes through the built binary under a time limit.
@Suite struct NonRegularFilesEndToEndTests {
    /// Generous for a debug build on a loaded machine; a hang runs until killed.
    static let timeLimit = 20.0

    static func spec(data: String, format: Bool = false, theme: String? = nil) -> String {
        """
        {
          \(theme.map { "\"theme\": \"\($0)\",\n  " } ?? "")"title": "Sales",
          "data": { "url": "\(data)"\(format ? ", \"format\": \"csv\"" : "") },
          "mark": "bar",
          "encoding": { "x": { "field": "region" }, "y": { "field": "sales" } }
        }
        """
    }

    static let csv = "region,sales\nNorth,10\nSouth,7\n"

    /// A scratch folder with `files`, and a named pipe at each of `pipes`.
    func workspace(_ files: [String: String], pipes: [String] = []) throws -> URL {
        let root = try makeScratchDirectory()
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        for pipe in pipes {
            #expect(mkfifo(root.appendingPathComponent(pipe).path, 0o644) == 0, "mkfifo \(pipe)")
        }
        return root
    }

    /// Runs chartc and checks it failed quickly, with `id` and each of `words` on stderr.
    func expectFailure(
        _ arguments: [String], in root: URL, id: String, _ words: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let started = Date()
        let result = try ChartcBinary.run(arguments, in: root, timeout: Self.timeLimit)
        let elapsed = Date().timeIntervalSince(started)
        #expect(!result.timedOut, "chartc \(arguments.joined(separator: " ")) hung", sourceLocation: sourceLocation)
        #expect(elapsed < 10, "took \(elapsed) s", sourceLocation: sourceLocation)
        // `lint` prints its findings on stdout, the other commands on stderr.
        let printed = result.output + result.error
        #expect(result.status == 1, "\(printed)", sourceLocation: sourceLocation)
        #expect(printed.contains("[\(id)]"), "\(printed)", sourceLocation: sourceLocation)
        for word in words {
            #expect(printed.contains(word), "expected '\(word)' in: \(printed)", sourceLocation: sourceLocation)
        }
    }

    @Test func aDataURLOfDevZeroIsRefusedAtItsLineAndColumn() throws {
        let root = try workspace(["a.chart.json": Self.spec(data: "/dev/zero", format: true)])
        defer { try? FileManager.default.removeItem(at: root) }
        try expectFailure(
            ["build", "a.chart.json", "-o", "out"], in: root, id: "data-file-not-regular",
            ["a.chart.json:3:20:", "'/dev/zero' is a character device, not a regular file"])
        try expectFailure(["lint", "a.chart.json"], in: root, id: "data-file-not-regular", ["a.chart.json:3:20:"])
        try expectFailure(["data", "a.chart.json"], in: root, id: "data-file-not-regular", ["a.chart.json:3:20:"])
    }

    @Test func aNamedPipeAsDataFailsAtOnceInBuildLintAndData() throws {
        let root = try workspace(["a.chart.json": Self.spec(data: "pipe.csv")], pipes: ["pipe.csv"])
        defer { try? FileManager.default.removeItem(at: root) }
        for command in [["build", "a.chart.json", "-o", "out"], ["lint", "a.chart.json"], ["data", "a.chart.json"], ["plan", "a.chart.json"]] {
            try expectFailure(command, in: root, id: "data-file-not-regular", ["a.chart.json:3:20:", "'pipe.csv' is a named pipe (FIFO)"])
        }
    }

    @Test func aFolderAsDataSaysItIsAFolder() throws {
        let root = try workspace(["a.chart.json": Self.spec(data: "folder.csv"), "folder.csv/inside.csv": Self.csv])
        defer { try? FileManager.default.removeItem(at: root) }
        try expectFailure(["build", "a.chart.json", "-o", "out"], in: root, id: "data-file-is-directory", ["a.chart.json:3:20:", "is a folder"])
    }

    @Test func aDataFileOverTheLimitNamesItsSizeAndTheLimit() throws {
        let root = try workspace(["a.chart.json": Self.spec(data: "big.csv")])
        defer { try? FileManager.default.removeItem(at: root) }
        // A sparse file: 600 MB long, no blocks on disk, never read.
        let path = root.appendingPathComponent("big.csv").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(Self.csv.utf8)))
        #expect(truncate(path, 600 << 20) == 0)
        try expectFailure(
            ["build", "a.chart.json", "-o", "out"], in: root, id: "data-file-too-large",
            ["a.chart.json:3:20:", "the data file 'big.csv' is 600 MB; the limit for a data file is 512 MB (specs/limits.md)"])
    }

    @Test func aNamedPipeOrDeviceAsThemeFailsAtTheSpecsThemeKey() throws {
        let root = try workspace(
            ["a.chart.json": Self.spec(data: "a.csv", theme: "pipe.theme.json"), "a.csv": Self.csv], pipes: ["pipe.theme.json"])
        defer { try? FileManager.default.removeItem(at: root) }
        try expectFailure(["build", "a.chart.json", "-o", "out"], in: root, id: "theme-unreadable", ["a.chart.json:2:12:", "named pipe (FIFO)"])
        try expectFailure(["build", "a.chart.json", "--theme", "/dev/zero", "-o", "out"], in: root, id: "theme-unreadable", ["character device"])
        try expectFailure(["lint", "a.chart.json"], in: root, id: "theme-unreadable", ["named pipe (FIFO)"])
    }

    @Test func aNamedPipeAsTheFoldersThemeFailsAtOnce() throws {
        let root = try workspace(
            [".git/HEAD": "ref: refs/heads/main\n", "a.chart.json": Self.spec(data: "a.csv"), "a.csv": Self.csv], pipes: ["chartc.theme.json"])
        defer { try? FileManager.default.removeItem(at: root) }
        try expectFailure(["build", "a.chart.json", "-o", "out"], in: root, id: "theme-unreadable", ["named pipe (FIFO)"])
    }

    @Test func anExtendedThemeOverTheLimitNamesItsSize() throws {
        let root = try workspace([
            "a.chart.json": Self.spec(data: "a.csv", theme: "house.theme.json"), "a.csv": Self.csv,
            "house.theme.json": "{\n  \"extends\": \"big.theme.json\"\n}\n"
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("big.theme.json").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data("{}".utf8)))
        #expect(truncate(path, 20 << 20) == 0)
        try expectFailure(
            ["build", "a.chart.json", "-o", "out"], in: root, id: "theme-unreadable",
            ["house.theme.json:2:14:", "is 20 MB; the limit for a theme file is 16 MB (specs/limits.md)"])
    }

    @Test(arguments: ["regular", "bold"])
    func aNamedPipeAsAFontFileFailsAtTheThemesKey(face: String) throws {
        let regular = face == "regular" ? "pipe.ttf" : "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        let theme = "{\n  \"font\": { \"files\": { \"regular\": \"\(regular)\", \"bold\": \"pipe.ttf\" } }\n}\n"
        let root = try workspace(
            ["a.chart.json": Self.spec(data: "a.csv", theme: "house.theme.json"), "a.csv": Self.csv, "house.theme.json": theme], pipes: ["pipe.ttf"])
        defer { try? FileManager.default.removeItem(at: root) }
        if face == "bold" && !FileManager.default.fileExists(atPath: regular) { return }
        try expectFailure(["build", "a.chart.json", "-o", "out"], in: root, id: "font-unreadable", ["house.theme.json:2:", "named pipe (FIFO)"])
    }

    @Test func aDeviceAsAFontFileFailsAtOnce() throws {
        let theme = "{\n  \"font\": { \"files\": { \"regular\": \"/dev/zero\" } }\n}\n"
        let root = try workspace(["a.chart.json": Self.spec(data: "a.csv", theme: "house.theme.json"), "a.csv": Self.csv, "house.theme.json": theme])
        defer { try? FileManager.default.removeItem(at: root) }
        try expectFailure(["build", "a.chart.json", "-o", "out"], in: root, id: "font-unreadable", ["house.theme.json:2:", "character device"])
    }

    @Test(arguments: [("pipe.svg", "named pipe (FIFO)"), ("/dev/zero", "character device"), ("folder", "is a folder")])
    func aLogoThatIsNotAFileFailsAtTheThemesKey(logo: String, words: String) throws {
        let theme = "{\n  \"logo\": { \"file\": \"\(logo)\" }\n}\n"
        let root = try workspace(
            [
                "a.chart.json": Self.spec(data: "a.csv", theme: "house.theme.json"), "a.csv": Self.csv, "house.theme.json": theme,
                "folder/x.svg": "<svg/>"
            ],
            pipes: ["pipe.svg"])
        defer { try? FileManager.default.removeItem(at: root) }
        try expectFailure(["build", "a.chart.json", "-o", "out"], in: root, id: "theme-logo-unreadable", ["house.theme.json:2:21:", words])
    }

    @Test func aSpecThatIsANamedPipeIsRefusedAtOnce() throws {
        let root = try workspace([:], pipes: ["a.chart.json"])
        defer { try? FileManager.default.removeItem(at: root) }
        for command in [["build", "a.chart.json", "-o", "out"], ["lint", "a.chart.json"], ["fmt", "a.chart.json"]] {
            let result = try ChartcBinary.run(command, in: root, timeout: Self.timeLimit)
            #expect(!result.timedOut, "chartc \(command.joined(separator: " ")) hung")
            #expect(result.status != 0)
            #expect((result.output + result.error).contains("a.chart.json"), "\(result.output + result.error)")
        }
    }
}
