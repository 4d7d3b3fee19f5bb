import Foundation
import Testing

/// Small inputs must not cost huge time or memory (issue 30, item 4): each case is built by the `chartc` binary,
/// timed, and measured through `chartc-devtools peak` (as `MemoryTests` does), and a case past a limit fails with
/// the limit's id at the spec's (or the data file's) line:col. The time bounds are for a debug build on a busy
/// machine: each is several times what the case takes, and far below what it took before.
@Suite(.serialized) struct InputCostTests {
    /// What one measured build did: its peak RSS, exit status, wall time, and (from a second, plain run) stderr.
    struct Measured {
        var peak: Int
        var status: Int
        var seconds: Double
        var error: String
    }

    static func measure(_ spec: String, in folder: URL, format: String = "svg") throws -> Measured {
        let chartc = try #require(ChartcBinary.executable, "run `swift build` first")
        let arguments = ["build", folder.appendingPathComponent(spec).path, "-o", folder.appendingPathComponent("out").path, "--format", format]
        let start = ContinuousClock.now
        let run = try ChartcBinary.run(["peak", "--", chartc.path] + arguments, binary: ChartcBinary.devtools)
        let elapsed = ContinuousClock.now - start
        let figures = run.output.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        #expect(figures.count == 2, "\(run.output) \(run.error)")
        let plain = try ChartcBinary.run(arguments)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Measured(peak: figures.first ?? 0, status: figures.last ?? -1, seconds: seconds, error: plain.error)
    }

    static func write(_ text: String, to name: String, in folder: URL) throws {
        try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    /// 100,000 rows with one distinct key each (2.5 MB): before, a cell for every row of every key, 2.8 GB.
    @Test func jsonRowsWithKeysOfTheirOwnStopAtTheCellLimit() throws {
        let folder = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let rows = (0..<100_000).map { "{\"k\($0)\": \($0)}" }
        try Self.write("[" + rows.joined(separator: ",\n") + "]", to: "sparse.json", in: folder)
        try Self.write(
            """
            {
              "data": { "url": "sparse.json" },
              "mark": "point",
              "encoding": { "x": { "field": "k1", "type": "quantitative" }, "y": { "field": "k2", "type": "quantitative" } }
            }
            """, to: "sparse.chart.json", in: folder)
        let measured = try Self.measure("sparse.chart.json", in: folder)
        #expect(measured.status == 1)
        #expect(measured.error.contains("sparse.json:1:1: error:"), "\(measured.error)")
        #expect(measured.error.contains("[data-cell-limit]") && measured.error.contains("at most 20,000,000 cells"), "\(measured.error)")
        #expect(measured.error.contains("sparse.chart.json:2:20: note:"), "\(measured.error)")
        #expect(measured.peak < 400_000_000, "peak \(measured.peak) bytes")
        #expect(measured.seconds < 30, "\(measured.seconds) s")
    }

    /// The same rows with `aggregate`: only the two keys the spec reads are loaded, so the file builds.
    @Test func jsonRowsWithKeysOfTheirOwnLoadOnlyTheFieldsAnAggregateReads() throws {
        let folder = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let rows = (0..<100_000).map { "{\"k\($0)\": \($0), \"g\": \"g\($0 % 3)\"}" }
        try Self.write("[" + rows.joined(separator: ",\n") + "]", to: "sparse.json", in: folder)
        try Self.write(
            """
            {
              "data": { "url": "sparse.json" },
              "groupBy": ["g"],
              "aggregate": { "n": "count()" },
              "mark": "bar",
              "encoding": { "x": { "field": "g", "type": "nominal" }, "y": { "field": "n", "type": "quantitative" } }
            }
            """, to: "sparse.chart.json", in: folder)
        let measured = try Self.measure("sparse.chart.json", in: folder)
        #expect(measured.status == 0, "\(measured.error)")
        #expect(measured.peak < 600_000_000, "peak \(measured.peak) bytes")
        #expect(measured.seconds < 40, "\(measured.seconds) s")
    }

    /// 100,000 CSV columns: fields are looked up by name in an index (before: a scan per lookup, 57 s).
    @Test func aHundredThousandColumnsBuildInLinearTime() throws {
        let folder = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let count = 100_000
        var csv = (0..<count).map { "c\($0)" }.joined(separator: ",") + "\n"
        for row in 0..<3 { csv += (0..<count).map { String(row + $0 % 7) }.joined(separator: ",") + "\n" }
        try Self.write(csv, to: "wide.csv", in: folder)
        try Self.write(
            """
            {
              "data": { "url": "wide.csv" },
              "mark": "point",
              "encoding": { "x": { "field": "c1", "type": "quantitative" }, "y": { "field": "c99999", "type": "quantitative" } }
            }
            """, to: "wide.chart.json", in: folder)
        let measured = try Self.measure("wide.chart.json", in: folder)
        #expect(measured.status == 0, "\(measured.error)")
        #expect(measured.peak < 600_000_000, "peak \(measured.peak) bytes")
        #expect(measured.seconds < 40, "\(measured.seconds) s")
    }

    static func facetSpec(values: Int, in folder: URL) throws {
        var csv = "g,x,y\n"
        for index in 0..<values { csv += "g\(index),\(index % 10),\(index % 7)\n" }
        try write(csv, to: "facet.csv", in: folder)
        try write(
            """
            {
              "data": { "url": "facet.csv" },
              "mark": "point",
              "facet": { "field": "g" },
              "encoding": { "x": { "field": "x", "type": "quantitative" }, "y": { "field": "y", "type": "quantitative" } }
            }
            """, to: "facet.chart.json", in: folder)
    }

    /// A facet over a million values (before: 5.5 GB in 20 s) fails at `facet.field` naming the limit.
    @Test func aFacetOverAMillionValuesStopsAtThePanelLimit() throws {
        let folder = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.facetSpec(values: 1_000_000, in: folder)
        let measured = try Self.measure("facet.chart.json", in: folder)
        #expect(measured.status == 1)
        #expect(measured.error.contains("facet.chart.json:4:23: error:"), "\(measured.error)")
        #expect(measured.error.contains("has 1,000,000 values; chartc draws at most 500 panels"), "\(measured.error)")
        #expect(measured.error.contains("[facet-panel-limit]"), "\(measured.error)")
        #expect(measured.peak < 700_000_000, "peak \(measured.peak) bytes")
        #expect(measured.seconds < 60, "\(measured.seconds) s")
    }

    /// At the limit, 500 panels build, in time that grows with the panels (before: every panel measured its
    /// shared scale over every panel's values).
    @Test func fiveHundredPanelsBuild() throws {
        let folder = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.facetSpec(values: 500, in: folder)
        let measured = try Self.measure("facet.chart.json", in: folder)
        #expect(measured.status == 0, "\(measured.error)")
        #expect(measured.peak < 300_000_000, "peak \(measured.peak) bytes")
        #expect(measured.seconds < 90, "\(measured.seconds) s")
        let svg = try String(contentsOf: folder.appendingPathComponent("out/facet.svg"), encoding: .utf8)
        #expect(svg.components(separatedBy: "class=\"chartc-panel\"").count - 1 == 500)
    }

    /// 10,000 layers (before: 1.09 GB) fail at the first layer past the limit.
    @Test func tenThousandLayersStopAtTheLayerLimit() throws {
        let folder = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write("x,y\n1,2\n3,4\n", to: "d.csv", in: folder)
        let layer =
            "{ \"mark\": \"point\", \"encoding\": { \"x\": { \"field\": \"x\", \"type\": \"quantitative\" }, \"y\": { \"field\": \"y\", \"type\": \"quantitative\" } } }"
        let layers = Array(repeating: "    " + layer, count: 10_000).joined(separator: ",\n")
        try Self.write("{\n  \"data\": { \"url\": \"d.csv\" },\n  \"layers\": [\n" + layers + "\n  ]\n}\n", to: "layers.chart.json", in: folder)
        let measured = try Self.measure("layers.chart.json", in: folder)
        #expect(measured.status == 1)
        #expect(measured.error.contains("layers.chart.json:104:5: error:"), "\(measured.error)")
        #expect(measured.error.contains("'layers' has 10,000 layers; a chart has at most 100"), "\(measured.error)")
        #expect(measured.error.contains("[layer-limit]"), "\(measured.error)")
        #expect(measured.peak < 300_000_000, "peak \(measured.peak) bytes")
        #expect(measured.seconds < 20, "\(measured.seconds) s")
    }

    /// 2,000 annotations fail at the first one past the limit.
    @Test func twoThousandAnnotationsStopAtTheAnnotationLimit() throws {
        let folder = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write("x,y\n1,2\n3,4\n", to: "d.csv", in: folder)
        let notes = (0..<2000).map { "    { \"type\": \"rule\", \"y\": \($0) }" }.joined(separator: ",\n")
        try Self.write(
            """
            {
              "data": { "url": "d.csv" },
              "mark": "point",
              "encoding": { "x": { "field": "x", "type": "quantitative" }, "y": { "field": "y", "type": "quantitative" } },
              "annotations": [
            \(notes)
              ]
            }
            """, to: "notes.chart.json", in: folder)
        let measured = try Self.measure("notes.chart.json", in: folder)
        #expect(measured.status == 1)
        #expect(measured.error.contains("notes.chart.json:506:5: error:"), "\(measured.error)")
        #expect(measured.error.contains("'annotations' has 2,000 annotations; a chart has at most 500"), "\(measured.error)")
        #expect(measured.error.contains("[annotation-limit]"), "\(measured.error)")
        #expect(measured.seconds < 20, "\(measured.seconds) s")
    }
}
