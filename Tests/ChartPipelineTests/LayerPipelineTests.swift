import ChartData
import ChartDiagnostics
import ChartSpec
import ChartSystem
import Foundation
import Testing
@testable import ChartPipeline

/// Each layer's rows (SPEC §11): a layer over the top-level output, one that aggregates on its own the rows left
/// after the top-level calculate and filter, one with its own data (the top-level calculate and filter do not
/// apply), and a layer's filter always last, over the rows it draws.
@Suite struct LayerPipelineTests {
    static let rows = #"[{ "d": "a", "v": 1 }, { "d": "a", "v": 3 }, { "d": "b", "v": 10 }, { "d": "b", "v": 20 }, { "d": "c", "v": -5 }]"#

    func run(_ body: String) throws -> LayeredPipelineOutput {
        let text = #"{ "data": { "values": \#(Self.rows) }, "#.appending(body).appending(" }")
        let parsed = SpecParser.parse(SourceFile(path: "/tmp/layers.chart.json", text: text))
        let spec = try #require(parsed.spec, "\(parsed.diagnostics.map(\.message))")
        #expect(!parsed.diagnostics.hasErrors, "\(parsed.diagnostics.map(\.message))")
        return try Pipeline.runLayers(spec: spec, context: .standard())
    }

    @Test func aLayerWithItsOwnAggregationAggregatesAfterTheTopLevelFilter() throws {
        let output = try run(
            #"""
            "calculate": { "w": "v * 2" }, "filter": "v > 0",
            "layers": [
              { "mark": "point" },
              { "mark": "line", "calculate": { "u": "w + 1" }, "groupBy": ["d"], "aggregate": { "mean": "mean(u)" } }
            ]
            """#)
        // The top-level output (what `chartc data` prints) and the first layer: the filtered raw rows.
        #expect(TableWriter.csv(output.top.table) == "d,v,w\na,1,2\na,3,6\nb,10,20\nb,20,40\n")
        #expect(TableWriter.csv(output.layers[0].table) == TableWriter.csv(output.top.table))
        #expect(output.layers[0].plan == nil)
        // The second: c (filtered out at the top level) is gone; u = 2v + 1 is averaged per d.
        #expect(TableWriter.csv(output.layers[1].table) == "d,mean\na,5\nb,31\n")
        #expect(output.layers[1].plan != nil)
    }

    @Test func aLayersFilterAppliesLastOverTheRowsItDraws() throws {
        // `mean` exists only after the aggregation: a filter on it can only run last.
        let output = try run(
            #"""
            "groupBy": ["d"], "aggregate": { "mean": "mean(v)" },
            "layers": [
              { "mark": "line" },
              { "mark": "text", "filter": "mean == max(mean, 10)", "encoding": { "text": { "field": "mean" } } },
              { "mark": "point", "groupBy": ["d"], "aggregate": { "n": "count()" }, "filter": "n > 1" }
            ]
            """#)
        #expect(TableWriter.csv(output.layers[0].table) == "d,mean\na,2\nb,15\nc,-5\n")
        #expect(TableWriter.csv(output.layers[1].table) == "d,mean\nb,15\n")
        #expect(output.layers[1].finalPlan != nil)
        #expect(TableWriter.csv(output.layers[2].table) == "d,n\na,2\nb,2\n")
    }

    @Test func aLayerWithItsOwnDataIgnoresTheTopLevelCalculateAndFilter() throws {
        let output = try run(
            #"""
            "calculate": { "w": "v * 2" }, "filter": "v > 100",
            "layers": [
              { "mark": "point" },
              { "mark": "rule", "data": { "values": [{ "d": "a", "v": 7 }, { "d": "z", "v": 8 }] }, "calculate": { "k": "v + 1" }, "filter": "d != 'z'" }
            ]
            """#)
        #expect(output.top.table.rowCount == 0)
        #expect(TableWriter.csv(output.layers[1].table) == "d,v,k\na,7,8\n")
    }

    @Test func everyLayersPlanningErrorIsReportedOnce() throws {
        let text =
            #"{ "data": { "values": \#(Self.rows) }, "calculate": { "w": "nope + 1" }, "layers": [{ "mark": "point", "groupBy": ["d"], "aggregate": { "n": "count()" } }, { "mark": "line", "filter": "missing > 0" }] }"#
        let spec = try #require(SpecParser.parse(SourceFile(path: "/tmp/layers.chart.json", text: text)).spec)
        #expect(throws: DiagnosticError.self) { try Pipeline.runLayers(spec: spec, context: .standard()) }
        do {
            _ = try Pipeline.runLayers(spec: spec, context: .standard())
        } catch {
            let unknown = error.diagnostics.filter { $0.id == "unknown-field" }
            // `nope` once (the top level and the aggregating layer plan the same calculation).
            #expect(unknown.filter { $0.message.contains("'nope'") }.count == 1, "\(error.diagnostics.map(\.message))")
        }
    }

    @Test func aLayeredSpecOverAFilePlansEachLayer() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chartc-layers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "d,v\na,1\na,3\nb,10\n".write(to: folder.appendingPathComponent("x.csv"), atomically: true, encoding: .utf8)
        let text =
            #"{ "data": { "url": "x.csv" }, "layers": [{ "mark": "point" }, { "mark": "line", "groupBy": ["d"], "aggregate": { "s": "sum(v)" }, "filter": "s > 5" }] }"#
        let spec = try #require(SpecParser.parse(SourceFile(path: folder.appendingPathComponent("c.chart.json").path, text: text)).spec)
        let output = try Pipeline.runLayers(spec: spec, context: .standard())
        #expect(TableWriter.csv(output.layers[1].table) == "d,s\nb,10\n")
        #expect(output.top.table.rowCount == 3)
        let planned = try Pipeline.planLayers(spec: spec, context: .standard())
        #expect(planned.layers.count == 2)
        #expect(planned.layers[0].plan == nil)
        #expect(planned.layers[1].plan?.description.contains("agg     s = sum(v)") == true)
        #expect(planned.layers[1].finalPlan?.description.contains("filter  s > 5") == true)
    }
}

/// A statement binds only the parameters its text refers to (a layered example, daily dots under their monthly
/// mean, read from PostgreSQL: `month(date)` translated for nothing numbered 12 parameters after the filter's one).
@Test func aStatementBindsOnlyTheParametersItWrites() {
    #expect(SQLCompiler.highestPlaceholder(in: "SELECT *\nFROM t\nWHERE \"y\" = $1::double precision") == 1)
    #expect(SQLCompiler.highestPlaceholder(in: "SELECT a FROM t WHERE b = $12::text AND c = $3::text") == 12)
    #expect(SQLCompiler.highestPlaceholder(in: "SELECT a FROM t") == 0)
}
