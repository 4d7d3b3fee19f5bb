import Foundation
import Testing

/// Large but legitimate inputs (issue 30, item 7) stop where a chart stops being readable, with the limit's id at
/// the spec's line:col (specs/limits.md), instead of running past 1 GB or 10 s: an HTML page of more than 50,000
/// rows (lint warns first), more than 100 text notes (each placed clear of the ones before it), more than 100
/// `window` fields. Built by the `chartc` binary, timed and measured like `InputCostTests`.
@Suite(.serialized) struct LargeInputLimitTests {
    static func points(_ count: Int, in folder: URL) throws {
        var csv = "x,y\n"
        for index in 0..<count { csv += "\(index % 997),\(index % 991)\n" }
        try InputCostTests.write(csv, to: "points.csv", in: folder)
        try InputCostTests.write(
            """
            {
              "title": "Many points",
              "data": { "url": "points.csv" },
              "mark": "point",
              "encoding": { "x": { "field": "x", "type": "quantitative" }, "y": { "field": "y", "type": "quantitative" } }
            }
            """, to: "points.chart.json", in: folder)
    }

    /// 60,000 points: the HTML page is refused at the mark, before any layout (1e6 points took 1.12 GB and 27 s).
    @Test func anHTMLPageOfMoreThanFiftyThousandRowsIsRefusedAndLintWarns() throws {
        let folder = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.points(60_000, in: folder)
        let measured = try InputCostTests.measure("points.chart.json", in: folder, format: "html")
        #expect(measured.status == 1)
        #expect(measured.error.contains("points.chart.json:4:11: error:"), "\(measured.error)")
        #expect(measured.error.contains("the chart draws 60,000 rows; an HTML page draws at most 50,000"), "\(measured.error)")
        #expect(measured.error.contains("[html-mark-limit]"), "\(measured.error)")
        #expect(measured.peak < 300_000_000, "peak \(measured.peak) bytes")
        #expect(measured.seconds < 30, "\(measured.seconds) s")
        let lint = try ChartcBinary.run(["lint", folder.appendingPathComponent("points.chart.json").path])
        #expect(lint.output.contains("points.chart.json:4:11: warning:") && lint.output.contains("[html-too-many-marks]"), "\(lint.output)")
    }

    @Test func anHTMLPageAtTheLimitIsBuiltWithoutAWarning() throws {
        let folder = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.points(2_000, in: folder)
        let lint = try ChartcBinary.run(["lint", folder.appendingPathComponent("points.chart.json").path])
        #expect(!lint.output.contains("html-too-many-marks"), "\(lint.output)")
        let measured = try InputCostTests.measure("points.chart.json", in: folder, format: "html")
        #expect(measured.status == 0, "\(measured.error)")
    }

    @Test func moreThanAHundredTextNotesStopAtTheAnnotationLimit() throws {
        let folder = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try InputCostTests.write("x,y\n1,2\n3,4\n", to: "d.csv", in: folder)
        let notes = (0..<150).map { "    { \"type\": \"text\", \"x\": \($0 % 3), \"y\": \($0 % 4), \"text\": \"note \($0)\" }" }
        try InputCostTests.write(
            """
            {
              "data": { "url": "d.csv" },
              "mark": "point",
              "encoding": { "x": { "field": "x", "type": "quantitative" }, "y": { "field": "y", "type": "quantitative" } },
              "annotations": [
            \((notes + ["    { \"type\": \"rule\", \"y\": 3 }"]).joined(separator: ",\n"))
              ]
            }
            """, to: "notes.chart.json", in: folder)
        let measured = try InputCostTests.measure("notes.chart.json", in: folder)
        #expect(measured.status == 1)
        #expect(measured.error.contains("notes.chart.json:106:5: error:"), "\(measured.error)")
        #expect(measured.error.contains("'annotations' has 150 text notes; a chart has at most 100"), "\(measured.error)")
        #expect(measured.error.contains("[annotation-limit]"), "\(measured.error)")
        #expect(measured.seconds < 20, "\(measured.seconds) s")
    }

    /// 500 window fields over 100,000 rows took 1.65 GB and 25 s.
    @Test func moreThanAHundredWindowFieldsStopAtTheWindowLimit() throws {
        let folder = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try InputCostTests.write("x,y\n1,2\n3,4\n", to: "d.csv", in: folder)
        let fields = (0..<500).map { "    \"w\($0)\": \"cumsum(y)\"" }.joined(separator: ",\n")
        try InputCostTests.write(
            """
            {
              "data": { "url": "d.csv" },
              "sort": ["x"],
              "window": {
            \(fields)
              },
              "mark": "line",
              "encoding": { "x": { "field": "x", "type": "quantitative" }, "y": { "field": "w0", "type": "quantitative" } }
            }
            """, to: "window.chart.json", in: folder)
        let measured = try InputCostTests.measure("window.chart.json", in: folder)
        #expect(measured.status == 1)
        #expect(measured.error.contains("window.chart.json:105:5: error:"), "\(measured.error)")
        #expect(measured.error.contains("'window' has 500 fields; a chart computes at most 100"), "\(measured.error)")
        #expect(measured.error.contains("[window-limit]"), "\(measured.error)")
        #expect(measured.seconds < 20, "\(measured.seconds) s")
    }
}
