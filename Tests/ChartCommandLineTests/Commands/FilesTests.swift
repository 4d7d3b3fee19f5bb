import ChartSystem
import Foundation
import Testing

@testable import ChartCommandLine

/// Paths, spec discovery and atomic writes: the file handling every command shares.
@Suite struct FilesTests {
    @Test func pathHelpers() {
        #expect(Paths.join(".", "a.svg") == "a.svg")
        #expect(Paths.join("out/", "a.svg") == "out/a.svg")
        #expect(Paths.join("out", "a.svg") == "out/a.svg")
        #expect(Paths.directory(of: "a/b/c.json") == "a/b")
        #expect(Paths.directory(of: "c.json") == ".")
        #expect(Paths.directory(of: "/c.json") == "/")
        #expect(Paths.directory(of: "a/b/") == "a")
        #expect(Paths.fileName(of: "a/b/c.json") == "c.json")
        #expect(Paths.chartName(of: "charts/sales.chart.json") == "sales")
        #expect(Paths.chartName(of: "sales.json") == "sales")
        #expect(Paths.chartName(of: "notes.txt") == "notes.txt")
        #expect(Paths.chartName(of: ".chart.json") == ".chart")
    }

    @Test func foldersExpandToSortedSpecsSkippingHiddenFolders() throws {
        let root = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        for path in [
            "b.chart.json", "a.chart.json", "sub/c.chart.json", "sub/deeper/d.chart.json", ".hidden/e.chart.json", "notes.json", "sub/data.csv"
        ] {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("{}".utf8).write(to: url)
        }
        let base = root.path
        let (files, diagnostics) = SpecFiles.expand([base, base + "/a.chart.json", base + "/notes.json"])
        #expect(diagnostics.isEmpty)
        #expect(
            files == [
                base + "/a.chart.json", base + "/b.chart.json", base + "/sub/c.chart.json", base + "/sub/deeper/d.chart.json",
                base + "/notes.json" // named explicitly, so taken whatever its name
            ])
    }

    @Test func folderWalksSkipWhatChartcignoreLists() throws {
        let root = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        for path in ["a.chart.json", "live/b.chart.json", "live/c.chart.json", "sub/draft-x.chart.json", "sub/y.chart.json"] {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("{}".utf8).write(to: url)
        }
        try Data("# network specs\nlive/b.chart.json\n\n  draft-*.chart.json  \n".utf8).write(to: root.appendingPathComponent(".chartcignore"))
        let base = root.path
        let (files, _) = SpecFiles.expand([base, base + "/live/b.chart.json"])
        #expect(files == [base + "/a.chart.json", base + "/live/c.chart.json", base + "/sub/y.chart.json", base + "/live/b.chart.json"])
    }

    @Test func ignorePatternsMatchNamesAndRelativePaths() {
        let ignore = IgnoreFile(text: "/top.chart.json\nx/*.chart.json\n?.json\n")
        #expect(ignore.ignores("top.chart.json"))
        #expect(ignore.ignores("x/a.chart.json"))
        #expect(!ignore.ignores("x/y/a.chart.json")) // '*' stops at '/'
        #expect(ignore.ignores("deep/down/a.json")) // no '/': matches the name anywhere
        #expect(!ignore.ignores("ab.json"))
        #expect(IgnoreFile.glob(Array("*a*a*a*a*b".utf8), Array(String(repeating: "a", count: 200).utf8)) == false)
    }

    @Test func missingPathsSuggestACloseName() throws {
        let root = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("{}".utf8).write(to: root.appendingPathComponent("sales.chart.json"))
        let base = root.path
        let (files, diagnostics) = SpecFiles.expand([base + "/slaes.chart.json", base + "/nothing/x.chart.json", base])
        #expect(files == [base + "/sales.chart.json"])
        #expect(diagnostics.map(\.id) == ["file-not-found", "file-not-found"])
        #expect(diagnostics.first?.path == base + "/slaes.chart.json")
        #expect(diagnostics.first?.message == "no such file or folder. Did you mean '\(base)/sales.chart.json'?")
        #expect(diagnostics.last?.message == "no such file or folder (the folder '\(base)/nothing' does not exist either)")
    }

    @Test func emptyFolderIsAnError() throws {
        let root = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let (files, diagnostics) = SpecFiles.expand([root.path])
        #expect(files.isEmpty)
        #expect(diagnostics.map(\.id) == ["no-specs-found"])
    }

    @Test func atomicWriteReplacesTheFileAndLeavesNoTemporaryFile() throws {
        let root = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("chart.svg").path
        try FileSystem.writeAtomically(Array("first".utf8), to: path)
        try FileSystem.writeAtomically(Array("second".utf8), to: path)
        #expect(try FileSystem.readFile(path, limit: .output) == Array("second".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["chart.svg"])
    }

    @Test func unfinishedAtomicFileLeavesNothingBehind() throws {
        let root = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("big.csv").path
        do {
            let file = try AtomicFile(path)
            try file.append(Array("partial".utf8))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == [])
    }

    @Test func writingIntoAMissingFolderFailsWithTheReason() {
        #expect(throws: FileSystem.Failure.self) {
            try FileSystem.writeAtomically([1], to: "/nonexistent-chartc-folder/a.svg")
        }
    }

    @Test func createDirectoryMakesParents() throws {
        let root = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let nested = root.path + "/a/b/c"
        try FileSystem.createDirectory(nested)
        #expect(FileSystem.kind(of: nested) == .directory)
        try FileSystem.createDirectory(nested) // already there: fine
    }

    @Test func outputCollisionsAreCaughtBeforeBuilding() {
        let jobs = BuildCommand.plan(
            ["a/sales.chart.json", "b/sales.chart.json", "b/other.chart.json"], formats: [.svg, .html], outputDirectory: "out")
        #expect(
            jobs.map { $0.outputs.map(\.path) } == [
                ["out/sales.svg", "out/sales.html"], ["out/sales.svg", "out/sales.html"], ["out/other.svg", "out/other.html"]
            ])
        #expect(jobs.map { $0.collision?.id } == [nil, "output-collision", nil])
        let nextToSpecs = BuildCommand.plan(["a/sales.chart.json", "b/sales.chart.json"], formats: [.svg], outputDirectory: nil)
        #expect(nextToSpecs.map { $0.outputs.map(\.path) } == [["a/sales.svg"], ["b/sales.svg"]])
        #expect(nextToSpecs.allSatisfy { $0.collision == nil })
    }

    @Test func durationsPrintWithTwoDecimals() {
        #expect(BuildCommand.seconds(.milliseconds(123)) == "0.12")
        #expect(BuildCommand.seconds(.milliseconds(1005)) == "1.01")
        #expect(BuildCommand.seconds(.seconds(12)) == "12.00")
        #expect(BuildCommand.seconds(.milliseconds(7)) == "0.01")
    }
}
