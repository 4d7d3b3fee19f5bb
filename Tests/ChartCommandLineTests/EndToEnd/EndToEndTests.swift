import Foundation
import Testing

/// Runs the real `chartc` binary: exit codes, what goes to stdout and what to stderr.
@Suite struct EndToEndTests {
    @Test func version() throws {
        let result = try ChartcBinary.run(["--version"])
        #expect(result.status == 0)
        #expect(result.output == "chartc 0.1.0\n")
    }

    @Test func unknownCommandSuggestsOneAndExitsWithUsage() throws {
        let result = try ChartcBinary.run(["buidl", "examples"])
        #expect(result.status == 2)
        #expect(result.output == "")
        #expect(result.error.hasPrefix("chartc: error: unknown command 'buidl'. Did you mean 'build'?\n"))
    }

    @Test func unknownFlagSuggestsOneAndExitsWithUsage() throws {
        let result = try ChartcBinary.run(["lint", "examples", "--stirct"])
        #expect(result.status == 2)
        #expect(
            result.error == """
                chartc lint: error: unknown option '--stirct'. Did you mean '--strict'?
                Usage: chartc lint PATH... [--format text|json|github] [--strict] [--all-rows] [--theme FILE] [--variant NAME]
                See 'chartc lint --help'.

                """)
    }

    @Test func missingSpecNamesTheFileAndACloseName() throws {
        let result = try ChartcBinary.run(["data", "examples/polarization/polarisation.chart.json"])
        #expect(result.status == 1)
        #expect(result.output == "")
        #expect(
            result.error
                == "examples/polarization/polarisation.chart.json: error: no such file or folder. Did you mean 'examples/polarization/polarization.chart.json'? [file-not-found]\n"
        )
    }

    @Test func folderWithoutSpecs() throws {
        let folder = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("a,b\n1,2\n".utf8).write(to: folder.appendingPathComponent("data.csv"))
        let result = try ChartcBinary.run(["build", "."], in: folder)
        #expect(result.status == 1)
        #expect(result.output == "")
        let lines = result.error.split(separator: "\n").map(String.init)
        #expect(lines.first == ".: error: the folder has no chart specs: no '*.chart.json' file in it or in any folder below it [no-specs-found]")
        #expect(lines.count == 3)
        #expect(lines.dropLast().last?.hasPrefix("built 0 charts in ") == true)
        #expect(lines.dropLast().last?.hasSuffix(" s; 1 failed:") == true)
        #expect(lines.last == "  .")
    }

    /// lint reads the first MiB of a large CSV (build reads it all): a broken row past it is found by build and
    /// by `lint --all-rows`, not by plain lint.
    @Test func lintSamplesLargeDataAndAllRowsReadsEverything() throws {
        let folder = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var csv = "party,score\n"
        for row in 0..<300_000 { csv += (row % 2 == 0 ? "D," : "R,") + String(row % 97) + "\n" }
        csv += "R,1,extra\n"
        try Data(csv.utf8).write(to: folder.appendingPathComponent("data.csv"))
        let spec =
            #"{ "title": "Scores", "data": { "url": "data.csv" }, "groupBy": ["party"], "aggregate": { "total": "sum(score)" }, "mark": "bar", "encoding": { "x": { "field": "party" }, "y": { "field": "total" } }, "sources": [{ "title": "Made up" }] }"#
        try Data(spec.utf8).write(to: folder.appendingPathComponent("scores.chart.json"))

        let sampled = try ChartcBinary.run(["lint", "scores.chart.json"], in: folder)
        #expect(sampled.status == 0, "\(sampled.error)")
        let whole = try ChartcBinary.run(["lint", "scores.chart.json", "--all-rows"], in: folder)
        #expect(whole.status == 1)
        #expect(whole.output.contains("data.csv:300002:5: error: line 300002 has 3 fields, the header has 2"), "\(whole.output)")
    }

    /// Start-up is most of a small build: chartc must load no Foundation (downloads run in chartc-fetch) and no
    /// shared Swift runtime (it is linked in). DEVELOPERS.md explains why.
    @Test func chartcLoadsNoFoundationAndNoSharedSwiftRuntime() throws {
        #if os(Linux)
            let chartc = try #require(ChartcBinary.executable)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
            process.arguments = [chartc.path]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let listing = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            for library in ["libFoundation", "libcurl", "libicu", "_FoundationICU", "libswiftCore"] {
                #expect(!listing.contains(library), "chartc loads \(library):\n\(listing)")
            }
        #endif
    }
}
