import Foundation
import Testing

/// SPEC §11, §19.11 (issue 24): running figures in a layer. A layer that aggregates on its own inherits the
/// top-level `window` over its own rows (or writes its own, which replaces it); a layer over the top-level output
/// may add a `window` over the rows it draws, before its `filter`; in a faceted chart a layer's window starts
/// again in every panel. The numbers are worked out by hand from the five rows below.
@Suite struct LayerWindowEndToEndTests {
    static let jobs = "sector,month,jobs\nAgriculture,1,10\nBusiness,1,100\nAgriculture,2,20\nBusiness,2,200\nAgriculture,3,30\n"

    /// Writes `jobs.csv` and a spec (`body`: the JSON members after `data`) in a scratch folder and runs
    /// `chartc` with `arguments` followed by the spec's path.
    static func run(_ body: String, _ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        let folder = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try jobs.write(to: folder.appendingPathComponent("jobs.csv"), atomically: true, encoding: .utf8)
        let spec = folder.appendingPathComponent("jobs.chart.json")
        try ("{\n  \"data\": { \"url\": \"jobs.csv\" },\n" + body + "\n}\n").write(to: spec, atomically: true, encoding: .utf8)
        let result = try ChartcBinary.run(arguments + [spec.path] + (arguments.first == "build" ? ["-o", folder.path] : []))
        var output = result.output
        if arguments.first == "build" {
            output = (try? String(contentsOf: folder.appendingPathComponent("jobs.svg"), encoding: .utf8)) ?? ""
        }
        return (result.status, output, result.error)
    }

    static func lines(_ output: String) -> [String] { output.split(separator: "\n").map(String.init) }

    static let inherited = """
          "sort": ["month"],
          "window": { "total": "cumsum(jobs)" },
          "layers": [
            { "mark": "point", "encoding": { "y": { "field": "total" } } },
            { "mark": "line", "groupBy": ["month"], "aggregate": { "jobs": "sum(jobs)" }, "encoding": { "y": { "field": "total" } } }
          ],
          "encoding": { "x": { "field": "month", "type": "quantitative" } }
        """

    /// The line layer sums each month on its own; the top-level running total is then computed over its three
    /// rows (110, 220, 30), not dropped (which made `total` an unknown field in that layer).
    @Test func aLayerThatAggregatesOnItsOwnInheritsTheTopLevelWindow() throws {
        let top = try Self.run(Self.inherited, ["data"])
        #expect(top.status == 0, "\(top.error)")
        #expect(
            Self.lines(top.output) == [
                "sector,month,jobs,total", "Agriculture,1,10,10", "Business,1,100,110", "Agriculture,2,20,130", "Business,2,200,330",
                "Agriculture,3,30,360"
            ])
        let line = try Self.run(Self.inherited, ["data", "--layer", "1"])
        #expect(line.status == 0, "\(line.error)")
        #expect(Self.lines(line.output) == ["month,jobs,total", "1,110,110", "2,220,330", "3,30,360"])
        let build = try Self.run(Self.inherited, ["build"])
        #expect(build.status == 0, "\(build.error)")
        #expect(build.output.contains("<path"), "the line layer is drawn")
        let lint = try Self.run(Self.inherited, ["lint"])
        #expect(lint.status == 0, "\(lint.output)")
    }

    /// A layer's own `window` replaces the top-level one for that layer (here with its own partitions).
    @Test func aLayersOwnWindowReplacesTheTopLevelOne() throws {
        let body = """
              "sort": ["month"],
              "window": { "total": "cumsum(jobs)" },
              "layers": [
                { "mark": "point", "encoding": { "y": { "field": "total" } } },
                { "mark": "line", "groupBy": ["sector", "month"], "aggregate": { "jobs": "sum(jobs)" },
                  "window": { "so_far": "cumsum(jobs)" }, "windowBy": ["sector"], "encoding": { "y": { "field": "so_far" } } }
              ],
              "encoding": { "x": { "field": "month", "type": "quantitative" } }
            """
        let line = try Self.run(body, ["data", "--layer", "1"])
        #expect(line.status == 0, "\(line.error)")
        #expect(
            Self.lines(line.output) == [
                "sector,month,jobs,so_far", "Agriculture,1,10,10", "Agriculture,2,20,30", "Agriculture,3,30,60", "Business,1,100,100",
                "Business,2,200,300"
            ])
        // `"window": {}` opts a layer out of the top-level window.
        let none = try Self.run(
            body.replacingOccurrences(
                of: #""window": { "so_far": "cumsum(jobs)" }, "windowBy": ["sector"], "encoding": { "y": { "field": "so_far" } }"#,
                with: #""window": {}, "encoding": { "y": { "field": "jobs" } }"#), ["data", "--layer", "1"])
        #expect(none.status == 0, "\(none.error)")
        #expect(Self.lines(none.output).first == "sector,month,jobs")
    }

    /// A layer over the top-level output computes its window over those rows, and its `filter` applies after
    /// it (SPEC §11: a layer's filter always applies last): Business's share of each month.
    @Test func aLayerOverTheTopLevelRowsRunsItsWindowBeforeItsFilter() throws {
        let body = """
              "layers": [
                { "mark": "point", "encoding": { "y": { "field": "jobs" } } },
                { "mark": "line", "window": { "share": "jobs / sum(jobs)" }, "windowBy": ["month"], "filter": "sector == 'Business'",
                  "encoding": { "y": { "field": "share" } } }
              ],
              "encoding": { "x": { "field": "month", "type": "quantitative" } }
            """
        let line = try Self.run(body, ["data", "--layer", "1"])
        #expect(line.status == 0, "\(line.error)")
        let rows = Self.lines(line.output)
        #expect(rows.first == "sector,month,jobs,share")
        let shares = rows.dropFirst().map { Double($0.split(separator: ",").last ?? "") ?? -1 }
        #expect(shares.count == 2)
        #expect(abs((shares.first ?? 0) - 100.0 / 110.0) < 1e-12 && abs((shares.last ?? 0) - 200.0 / 220.0) < 1e-12, "\(rows)")
        let build = try Self.run(body, ["build"])
        #expect(build.status == 0, "\(build.error)")
    }

    /// SPEC §19.11: in a faceted chart a layer's running figure starts again in every panel.
    @Test func aLayersWindowStartsAgainInEveryPanel() throws {
        let body = """
              "facet": { "field": "sector" },
              "layers": [
                { "mark": "point", "encoding": { "y": { "field": "jobs" } } },
                { "mark": "line", "sort": ["month"], "window": { "so_far": "cumsum(jobs)" }, "encoding": { "y": { "field": "so_far" } } }
              ],
              "encoding": { "x": { "field": "month", "type": "quantitative" } }
            """
        let line = try Self.run(body, ["data", "--layer", "1"])
        #expect(line.status == 0, "\(line.error)")
        #expect(
            Self.lines(line.output) == [
                "sector,month,jobs,so_far", "Agriculture,1,10,10", "Business,1,100,100", "Agriculture,2,20,30", "Business,2,200,300",
                "Agriculture,3,30,60"
            ])
    }

    /// A top-level window that reads a field the layer's own rows do not have is an error at the field's
    /// line:col, with a note at the layer saying why (it aggregates on its own) and how to give it its own.
    @Test func anInheritedWindowThatCannotApplyIsReportedAtItsLineAndColumn() throws {
        let body = """
              "sort": ["month"],
              "window": { "total": "cumsum(jobs)" },
              "layers": [
                { "mark": "point", "encoding": { "y": { "field": "total" } } },
                { "mark": "line", "groupBy": ["month"], "aggregate": { "n": "count()" }, "encoding": { "y": { "field": "n" } } }
              ],
              "encoding": { "x": { "field": "month", "type": "quantitative" } }
            """
        for command in [["build"], ["lint"], ["data", "--layer", "1"]] {
            let result = try Self.run(body, command)
            #expect(result.status != 0, "\(command)")
            let printed = result.output + result.error
            #expect(printed.contains("jobs.chart.json:4:32: error: unknown field 'jobs'"), "\(command): \(printed)")
            #expect(printed.contains("jobs.chart.json:7:5: note: layer 1 aggregates on its own"), "\(command): \(printed)")
        }
    }
}
