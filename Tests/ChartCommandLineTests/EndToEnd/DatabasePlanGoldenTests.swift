import ChartData
import ChartDiagnostics
import ChartPipeline
import ChartSpec
import ChartTestSupport
import Foundation
import Testing

/// `chartc plan` of the polarization chart from PostgreSQL: the compiled statement specs/databases.md shows, and
/// which steps run where (golden files; a real throwaway server, since planning describes the table).
@Suite(.serialized, .enabled(if: PostgresTestServer.skipReason == nil, "\(PostgresTestServer.skipReason ?? "")"))
struct DatabasePlanGoldenTests {
    let server: PostgresTestServer

    init() throws {
        server = try #require(PostgresTestServer.server)
        let example = packageRoot.appendingPathComponent("examples/polarization/polarization.chart.json")
        let parsed = SpecParser.parse(SourceFile(path: example.path, bytes: Array(try Data(contentsOf: example))))
        let spec = try #require(parsed.spec)
        let table = try DataLoader.load(spec.data, baseDirectory: spec.baseDirectory, columns: nil)
        try server.load(
            table: "members", columns: table.columns.map { ($0.name, DatabaseExamplesTests.sqlType($0.type)) },
            csv: Data(TableWriter.csv(table).utf8))
    }

    func plan(_ spec: URL) throws -> String {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let result = try ChartcBinary.run(
            ["plan", spec.path],
            environment: [
                "VOTEVIEW_DB": server.url(user: "reader"), "PGPASSWORD": server.password,
                "XDG_CACHE_HOME": scratch.path, "HOME": scratch.path
            ])
        #expect(result.status == 0, "\(result.error)")
        return result.output
    }

    @Test func polarizationCompilesToOneStatement() throws {
        let output = try plan(packageRoot.appendingPathComponent("examples/polarization/polarization-db.chart.json"))
        assertGolden(name: "plan-polarization-db.txt", actual: output)
    }

    /// A median of a calculated field that has no SQL form: the statement reads the columns with the filters
    /// that translate, and the plan says what runs in chartc and why.
    @Test func aStepWithoutSQLFormRunsInChartc() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let spec = scratch.appendingPathComponent("fallback.chart.json")
        try """
        { "data": { "database": "$VOTEVIEW_DB", "table": "members" },
          "calculate": { "name": "lower(bioname)" },
          "filter": ["congress >= 110", "startsWith(name, 'a')"],
          "groupBy": ["congress"], "aggregate": { "sd": "stdev(nominate_dim1)" },
          "mark": "line", "encoding": { "x": { "field": "congress" }, "y": { "field": "sd" } } }

        """.write(to: spec, atomically: true, encoding: .utf8)
        assertGolden(name: "plan-database-fallback.txt", actual: try plan(spec))
    }
}

extension DatabasePlanGoldenTests {
    /// A layered chart over a database (SPEC §11): the top-level statement once; a layer drawing the top-level
    /// output, or filtering it, reads no database and prints no `sql` line; a layer with its own aggregation
    /// prints its own statement.
    @Test func layersPrintOnlyTheirOwnStatements() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let spec = scratch.appendingPathComponent("layers.chart.json")
        try """
        { "data": { "database": "$VOTEVIEW_DB", "table": "members" },
          "filter": "congress >= 100",
          "groupBy": ["congress"], "aggregate": { "median": "median(nominate_dim1)" },
          "layers": [
            { "mark": "line" },
            { "mark": "point", "filter": "congress == 117" },
            { "mark": "rule", "groupBy": [], "aggregate": { "overall": "median(nominate_dim1)" },
              "encoding": { "y": { "field": "overall" } } }
          ],
          "encoding": { "x": { "field": "congress" }, "y": { "field": "median" } } }

        """.write(to: spec, atomically: true, encoding: .utf8)
        let output = try plan(spec)
        assertGolden(name: "plan-database-layers.txt", actual: output)
        let layers = output.components(separatedBy: "\nlayer ")
        #expect(layers.count == 4, "\(output)")
        #expect(layers.count == 4 && !layers[1].contains("sql ") && !layers[2].contains("sql "), "\(output)")
        #expect(layers.count == 4 && layers[3].contains("sql ") && layers[3].contains("(in PostgreSQL"), "\(output)")
    }
}

extension DatabasePlanGoldenTests {
    /// A histogram with `bin(x)` over a table: `chartc plan` runs nothing, so the step is shown as the one the
    /// extent statement will give; the bin and the grouping are in the statement.
    @Test func anAutomaticHistogramCompilesWithItsStepToCome() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let spec = scratch.appendingPathComponent("histogram.chart.json")
        try """
        { "data": { "database": "$VOTEVIEW_DB", "table": "members" },
          "filter": "congress >= 100",
          "calculate": { "score": "bin(nominate_dim1)", "decade": "bin(congress * 2 + 1787, 10)" },
          "groupBy": ["decade", "score"], "aggregate": { "members": "count()" }, "complete": true,
          "mark": "bar", "encoding": { "x": { "field": "score" }, "y": { "field": "members" } },
          "facet": { "field": "decade" } }

        """.write(to: spec, atomically: true, encoding: .utf8)
        let output = try plan(spec)
        assertGolden(name: "plan-database-histogram.txt", actual: output)
        #expect(output.contains("the step bin() chooses from the extent"), "\(output)")
    }
}
