import Foundation
import Testing

/// A folder of small specs over a tiny CSV, written fresh for each test, so the tests own their inputs and the
/// paths in messages are short and relative.
private struct Workspace {
    let root: URL

    init(_ files: [String: String]) throws {
        root = try makeScratchDirectory()
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path) }

    func read(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: root.appendingPathComponent(path)), as: UTF8.self)
    }
}

private let salesCSV = "region,month,sales\nNorth,Jan,10\nNorth,Feb,14\nSouth,Jan,7\nSouth,Feb,9\n"

private let goodSpec = """
    {
      "title": "Sales by region",
      "data": { "url": "sales.csv" },
      "groupBy": ["region"],
      "aggregate": { "total": "sum(sales)" },
      "mark": "bar",
      "encoding": { "x": { "field": "region" }, "y": { "field": "total" } },
      "sources": "Company records",
      "alt": "Bar chart of total sales in each region"
    }

    """

/// `salse` is not a column: an unknown field at line 4, column 14.
private let brokenSpec = """
    {
      "title": "Broken",
      "data": { "url": "sales.csv" },
      "filter": "salse > 5",
      "mark": "point",
      "encoding": { "x": { "field": "month" }, "y": { "field": "sales" } },
      "sources": "Company records",
      "alt": "Sales by month"
    }

    """

private let untitledSpec = """
    {
      "data": { "url": "sales.csv" },
      "mark": "bar",
      "encoding": { "x": { "field": "month" }, "y": { "field": "sales" } },
      "sources": "Company records",
      "alt": "Sales by month"
    }

    """

@Suite struct CommandsEndToEndTests {
    // MARK: data and plan

    @Test func dataAsJSON() throws {
        let workspace = try Workspace(["sales.csv": salesCSV, "sales.chart.json": goodSpec])
        defer { workspace.remove() }
        let result = try ChartcBinary.run(["data", "sales.chart.json", "--format", "json"], in: workspace.root)
        #expect(result.status == 0)
        #expect(result.output.contains("\"region\": \"North\"") || result.output.contains("\"region\":\"North\""))
        #expect(result.output.contains("24"))
        let csv = try ChartcBinary.run(["data", "sales.chart.json"], in: workspace.root)
        #expect(csv.output == "region,total\nNorth,24\nSouth,16\n")
    }

    @Test func dataWithAnErrorPrintsItAndNoTable() throws {
        let workspace = try Workspace(["sales.csv": salesCSV, "broken.chart.json": brokenSpec])
        defer { workspace.remove() }
        let result = try ChartcBinary.run(["data", "broken.chart.json"], in: workspace.root)
        #expect(result.status == 1)
        #expect(result.output == "")
        #expect(result.error.hasPrefix("broken.chart.json:4:14: error: unknown field 'salse'; did you mean 'sales'? [unknown-field]\n"))
    }

    // MARK: lint

    @Test func lintReportsErrorsInCompilerFormat() throws {
        let workspace = try Workspace(["charts/sales.csv": salesCSV, "charts/broken.chart.json": brokenSpec, "charts/good.chart.json": goodSpec])
        defer { workspace.remove() }
        let result = try ChartcBinary.run(["lint", "charts"], in: workspace.root)
        #expect(result.status == 1)
        #expect(result.output.hasPrefix("charts/broken.chart.json:4:14: error: unknown field 'salse'; did you mean 'sales'? [unknown-field]\n"))
        #expect(result.error == "1 error, 0 warnings in 2 files\n")
    }

    @Test func aQuoteInsideAnUnquotedCSVFieldIsReadAndWarned() throws {
        let csv = "place,coords,n\nSFO,37°37'08.3\"N,3\nPier,a 12\" pipe,4\n"
        let spec = #"{ "data": { "url": "coords.csv" }, "mark": "bar", "encoding": { "x": { "field": "coords" }, "y": { "field": "n" } } }"#
        let workspace = try Workspace(["coords.csv": csv, "coords.chart.json": spec])
        defer { workspace.remove() }
        let lint = try ChartcBinary.run(["lint", "coords.chart.json"], in: workspace.root)
        #expect(lint.status == 0)
        #expect(lint.output.contains("coords.csv:2:15: warning: a quote inside an unquoted field, read as a literal character"))
        #expect(lint.output.contains("[csv-stray-quote]"))
        let build = try ChartcBinary.run(["build", "coords.chart.json", "--format", "svg"], in: workspace.root)
        #expect(build.status == 0)
        let svg = try String(contentsOf: workspace.root.appendingPathComponent("coords.svg"), encoding: .utf8)
        #expect(svg.contains("a 12&quot; pipe") || svg.contains("a 12\" pipe"))
    }

    @Test func warningsFailOnlyWhenStrict() throws {
        let workspace = try Workspace(["sales.csv": salesCSV, "untitled.chart.json": untitledSpec])
        defer { workspace.remove() }
        let relaxed = try ChartcBinary.run(["lint", "untitled.chart.json"], in: workspace.root)
        #expect(relaxed.status == 0)
        #expect(relaxed.output.hasPrefix("untitled.chart.json:1:1: warning: the chart has no title"))
        #expect(relaxed.output.contains("[missing-title]"))
        #expect(relaxed.error == "0 errors, 1 warning in 1 file\n")
        let strict = try ChartcBinary.run(["lint", "--strict", "untitled.chart.json"], in: workspace.root)
        #expect(strict.status == 1)
    }

    @Test func lintCleanAndJSON() throws {
        let workspace = try Workspace(["sales.csv": salesCSV, "good.chart.json": goodSpec, "broken.chart.json": brokenSpec])
        defer { workspace.remove() }
        let clean = try ChartcBinary.run(["lint", "good.chart.json"], in: workspace.root)
        #expect(clean.status == 0)
        #expect(clean.output == "")
        #expect(clean.error == "no problems in 1 file\n")
        let json = try ChartcBinary.run(["lint", "--format=json", "good.chart.json", "broken.chart.json"], in: workspace.root)
        #expect(json.status == 1)
        #expect(json.error == "")
        #expect(json.output.hasPrefix("[\n  {\"severity\": \"error\", \"rule\": \"unknown-field\""))
        #expect(json.output.contains("\"file\": \"broken.chart.json\", \"line\": 4, \"column\": 14"))
        let github = try ChartcBinary.run(["lint", "--format", "github", "broken.chart.json"], in: workspace.root)
        #expect(github.output.hasPrefix("::error file=broken.chart.json,line=4,col=14,"))
    }

    @Test func lintTheExamplesIsClean() throws {
        // No errors. Publishing warnings the examples still have are listed (and defended) in ChartLintTests'
        // ExampleLintTests; with --strict they would fail.
        let result = try ChartcBinary.run(["lint", "examples"])
        #expect(result.status == 0)
        #expect(!result.output.contains(": error: "))
        // As many files as the gallery has specs (it grows).
        #expect(result.error.hasPrefix("0 errors") || result.error.hasPrefix("no problems"))
        #expect(result.error.hasSuffix(" in \(ExampleGalleryGoldenTests.specPaths().count) files\n"))
    }

    // MARK: build

    /// A broken data file read by two specs: the error is at the data file, and each spec's copy of it carries
    /// a note at that spec's own `data.url`, so a build or lint of many specs says which ones read it. The
    /// summary lists the failed specs as given. Exit codes are those of any failure.
    @Test func aBadDataFileReadByTwoSpecsNamesEachSpec() throws {
        let ragged = "region,sales\nNorth,10\nSouth,7,3\n"
        let spec = { (title: String) in
            "{\n  \"title\": \"\(title)\",\n  \"data\": { \"url\": \"data/ragged.csv\" },\n  \"mark\": \"bar\",\n  \"encoding\": { \"x\": { \"field\": \"region\" }, \"y\": { \"field\": \"sales\" } }\n}\n"
        }
        // b's data.url sits one line lower than a's, so each note's position is its own.
        let lower = spec("B").replacingOccurrences(of: "{\n", with: "{\n  \"alt\": \"B\",\n", options: [.anchored])
        let workspace = try Workspace([
            "data/ragged.csv": ragged, "a.chart.json": spec("A"), "b.chart.json": lower, "sales.csv": salesCSV, "good.chart.json": goodSpec
        ])
        defer { workspace.remove() }
        let error =
            "data/ragged.csv:3:9: error: line 3 has 3 fields, the header has 2; the extra fields start here (is a comma inside a value that needs quotes?) [csv-field-count]\n"
            + "    South,7,3\n            ^\n"
            + "data/ragged.csv:1:1: note: the header is here\n"

        let build = try ChartcBinary.run(["build", "a.chart.json", "missing.chart.json", "b.chart.json", "good.chart.json"], in: workspace.root)
        #expect(build.status == 1)
        #expect(build.output == "wrote good.svg\n")
        let summaryStart = try #require(build.error.range(of: "built 1 chart in "))
        #expect(
            String(build.error[..<summaryStart.lowerBound]) == "missing.chart.json: error: no such file or folder [file-not-found]\n"
                + error + "a.chart.json:3:20: note: 'data/ragged.csv' is read by this spec\n"
                + error + "b.chart.json:4:20: note: 'data/ragged.csv' is read by this spec\n")
        let summary = build.error[summaryStart.lowerBound...].split(separator: "\n").map(String.init)
        #expect(summary.first?.hasSuffix(" s; 3 failed:") == true)
        #expect(Array(summary.dropFirst()) == ["  missing.chart.json", "  a.chart.json", "  b.chart.json"])

        // lint and data name the spec the same way, in every output format.
        let lint = try ChartcBinary.run(["lint", "a.chart.json", "b.chart.json", "--format", "json"], in: workspace.root)
        #expect(lint.status == 1)
        #expect(
            lint.output.contains("{\"message\": \"'data/ragged.csv' is read by this spec\", \"file\": \"a.chart.json\", \"line\": 3, \"column\": 20,")
        )
        #expect(
            lint.output.contains("{\"message\": \"'data/ragged.csv' is read by this spec\", \"file\": \"b.chart.json\", \"line\": 4, \"column\": 20,")
        )
        let data = try ChartcBinary.run(["data", "b.chart.json"], in: workspace.root)
        #expect(data.status == 1)
        #expect(data.output == "")
        #expect(data.error == error + "b.chart.json:4:20: note: 'data/ragged.csv' is read by this spec\n")
        // A spec whose own text is wrong gets no such note: the error already points into it.
        let broken = try Workspace(["sales.csv": salesCSV, "broken.chart.json": brokenSpec])
        defer { broken.remove() }
        let own = try ChartcBinary.run(["build", "broken.chart.json"], in: broken.root)
        #expect(own.status == 1)
        #expect(!own.error.contains("read by this spec"))
    }

    @Test func buildWritesNextToTheSpecAndReportsFailuresInOrder() throws {
        let fixed = try Workspace([
            "a/sales.csv": salesCSV, "a/good.chart.json": goodSpec,
            "b/sales.csv": salesCSV, "b/broken.chart.json": brokenSpec,
            "c/sales.csv": salesCSV, "c/also.chart.json": goodSpec
        ])
        defer { fixed.remove() }
        let build = try ChartcBinary.run(["build", "."], in: fixed.root)
        #expect(build.status == 1)
        #expect(build.output == "wrote a/good.svg\nwrote c/also.svg\n")
        let errorLines = build.error.split(separator: "\n").map(String.init)
        #expect(errorLines.first == "b/broken.chart.json:4:14: error: unknown field 'salse'; did you mean 'sales'? [unknown-field]")
        #expect(errorLines.dropLast().last?.hasPrefix("built 2 charts in ") == true)
        #expect(errorLines.dropLast().last?.hasSuffix(" s; 1 failed:") == true)
        #expect(errorLines.last == "  b/broken.chart.json")
        #expect(fixed.exists("a/good.svg") && fixed.exists("c/also.svg") && !fixed.exists("b/broken.svg"))
        let svg = try fixed.read("a/good.svg")
        #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg"))
        #expect(svg.contains("Sales by region"))
    }

    @Test func buildIntoAFolderInBothFormats() throws {
        let workspace = try Workspace(["sales.csv": salesCSV, "sales.chart.json": goodSpec])
        defer { workspace.remove() }
        let result = try ChartcBinary.run(["build", "sales.chart.json", "-o", "public/charts", "--format", "svg,html"], in: workspace.root)
        #expect(result.status == 0)
        #expect(result.output == "wrote public/charts/sales.svg\nwrote public/charts/sales.html\n")
        #expect(result.error.hasPrefix("built 1 chart in "))
        #expect(try workspace.read("public/charts/sales.html").contains("<svg"))
        // Building again gives the same bytes.
        let first = try workspace.read("public/charts/sales.svg")
        _ = try ChartcBinary.run(["build", "sales.chart.json", "-o", "public/charts"], in: workspace.root)
        #expect(try workspace.read("public/charts/sales.svg") == first)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: workspace.root.appendingPathComponent("public/charts").path).sorted() == [
                "sales.html", "sales.svg"
            ])
    }
}
