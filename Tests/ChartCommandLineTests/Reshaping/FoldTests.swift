import ChartTestSupport
import Foundation
import Testing

/// `fold` (SPEC §21): a wide table read as a long one, checked through the built binary — rows against DuckDB's
/// `UNPIVOT … INCLUDE NULLS`, errors at their line:col, the plan, layers and the drawn lines.
@Suite struct FoldTests {
    static let wide = """
        country,region,2019,2020,2021
        Norway,Europe,5.1,4.2,
        Chile,Americas,3,-1.5,2.5
        Ghana,Africa,,0.5,5.4

        """

    /// Runs `chartc arguments` on `spec` written beside `wide.csv`.
    func run(_ arguments: [String], _ spec: String, csv: String = Self.wide) throws -> ProcessResult {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        try csv.write(to: scratch.appendingPathComponent("wide.csv"), atomically: true, encoding: .utf8)
        let file = scratch.appendingPathComponent("fold.chart.json")
        try spec.write(to: file, atomically: true, encoding: .utf8)
        return try ChartcBinary.run(arguments + [file.path] + (arguments == ["build"] ? ["-o", scratch.path, "--format", "svg"] : []), in: scratch)
    }

    static func spec(_ fold: String, rest: String = "") -> String {
        """
        { "title": "Growth", "data": { "url": "wide.csv" },
          "fold": \(fold),\(rest)
          "mark": "line", "encoding": { "x": { "field": "year" }, "y": { "field": "growth" }, "color": { "field": "country" } } }
        """
    }

    @Test func eachRowBecomesARowPerFieldInTheListedOrderNullsKept() throws {
        let result = try run(["data"], Self.spec(#"{ "fields": ["2021", "2019", "2020"], "as": ["year", "growth"] }"#))
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.output == """
                country,region,year,growth
                Norway,Europe,2021,
                Norway,Europe,2019,5.1
                Norway,Europe,2020,4.2
                Chile,Americas,2021,2.5
                Chile,Americas,2019,3
                Chile,Americas,2020,-1.5
                Ghana,Africa,2021,5.4
                Ghana,Africa,2019,
                Ghana,Africa,2020,0.5

                """)
    }

    /// The key's categories keep the listed order: grouped and sorted by it, 2021 comes first as listed.
    @Test func theKeyKeepsTheListedOrderThroughGroupingAndTheAxis() throws {
        let spec = """
            { "title": "Growth", "data": { "url": "wide.csv" },
              "fold": { "fields": ["2021", "2019", "2020"], "as": ["year", "growth"] },
              "groupBy": ["year"], "aggregate": { "mean": "mean(growth)" },
              "mark": "bar", "encoding": { "x": { "field": "year" }, "y": { "field": "mean" } } }
            """
        let data = try run(["data"], spec)
        #expect(data.status == 0, "\(data.error)")
        #expect(data.output == "year,mean\n2021,3.95\n2019,4.05\n2020,1.0666666666666667\n")
        let plan = try run(["plan"], spec)
        #expect(plan.output.contains("fold    2021, 2019, 2020 → year, growth"), "\(plan.output)")
    }

    @Test(.enabled(if: duckDBAvailable, "needs python3 with duckdb (CI installs it)"))
    func rowsEqualDuckDBsUnpivot() throws {
        // Deterministic pseudo-random wide table: 40 rows, 5 value columns with nulls, negatives and fractions.
        var state: UInt64 = 0x5EED_F01D
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        var lines = ["id,label,a,b,c,d,e"]
        for row in 0..<40 {
            let cells = (0..<5).map { _ -> String in next() % 7 == 0 ? "" : String(Double(Int(next() % 2001) - 1000) / 8) }
            lines.append("\(row),L\(row % 6),\(cells.joined(separator: ","))")
        }
        let csv = lines.joined(separator: "\n") + "\n"
        let spec = """
            { "title": "t", "data": { "url": "wide.csv" }, "fold": { "fields": ["c", "a", "e"], "as": ["k", "v"] },
              "mark": "point", "encoding": { "x": { "field": "id" }, "y": { "field": "v" } } }
            """
        let result = try run(["data"], spec, csv: csv)
        #expect(result.status == 0, "\(result.error)")
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let path = scratch.appendingPathComponent("wide.csv").path
        try csv.write(toFile: path, atomically: true, encoding: .utf8)
        let program = """
            import duckdb
            con = duckdb.connect()
            con.execute(\"\"\"CREATE TABLE w AS SELECT * FROM read_csv('\(path)', header = true,
                columns = {'id': 'BIGINT', 'label': 'VARCHAR', 'a': 'DOUBLE', 'b': 'DOUBLE', 'c': 'DOUBLE', 'd': 'DOUBLE', 'e': 'DOUBLE'})\"\"\")
            rows = con.execute(\"\"\"SELECT id, label, b, d, k, v FROM w UNPIVOT INCLUDE NULLS (v FOR k IN (c, a, e))
              ORDER BY id, CASE k WHEN 'c' THEN 0 WHEN 'a' THEN 1 ELSE 2 END\"\"\").fetchall()
            def text(x):
                if x is None: return ''
                if isinstance(x, float): return repr(x)
                return str(x)
            for r in rows: print(','.join(text(x) for x in r))
            """
        let expected = try runPython(program).split(separator: "\n").map(String.init)
        let got = result.output.split(separator: "\n").dropFirst().map(String.init)
        #expect(got.count == 120)
        #expect(got.count == expected.count)
        for (mine, theirs) in zip(got, expected) {
            let a = mine.split(separator: ",", omittingEmptySubsequences: false)
            let b = theirs.split(separator: ",", omittingEmptySubsequences: false)
            #expect(a.count == b.count && a.count == 6, "\(mine) | \(theirs)")
            guard a.count == 6, b.count == 6 else { continue }
            #expect(a[0] == b[0] && a[1] == b[1] && a[4] == b[4], "\(mine) | \(theirs)")
            for column in [2, 3, 5] {
                #expect(Double(a[column]) == Double(b[column]), "column \(column): \(mine) | \(theirs)")
            }
        }
    }

    /// (fold, message, line:col) — every mistake at its place, in lint and in build alike.
    @Test(arguments: [
        (
            #"{ "fields": ["2019", "2020", "2012"], "as": ["year", "growth"] }"#,
            "fold names '2012', which is not a field of wide.csv. Did you mean '2019'? [data-fold]", "2:40"
        ),
        (#"{ "fields": ["2019", "region"], "as": ["year", "growth"] }"#, "'region' holds text but '2019' holds numbers", "2:32"),
        (
            #"{ "fields": ["2019", "2020"], "as": ["country", "growth"] }"#,
            "fold would make a field 'country', but the data already has one it keeps", "2:48"
        ),
        (#"{ "fields": ["2019", "2019"], "as": ["year", "growth"] }"#, "'2019' is named twice in 'fold'", "2:32"),
        (#"{ "fields": [], "as": ["year", "growth"] }"#, "'fold.fields' is empty", "2:23"),
        (#"{ "fields": ["2019"], "as": ["year"] }"#, "'fold.as' names one field; it names two", "2:39"),
        (#"{ "as": ["year", "growth"] }"#, "missing 'fold.fields'", "2:11")
    ])
    func mistakesAreErrorsAtTheirPlace(_ fold: String, _ message: String, _ position: String) throws {
        for command in ["lint", "build"] {
            let result = try run([command], Self.spec(fold))
            #expect(result.status == 1, "\(command): \(result.error)")
            let printed = result.output + result.error
            #expect(printed.contains("fold.chart.json:\(position): error: \(message)"), "\(command): \(printed)")
        }
    }

    /// `fold` with database data compiles to SQL (`DatabaseReshapingTests` runs it against a server): lint goes on
    /// to the database, whose missing variable is the one error.
    @Test func foldWithDatabaseDataIsNoLongerRejected() throws {
        let spec = """
            { "data": { "database": "$NO_SUCH_DATABASE", "table": "wide" }, "fold": ["a", "b"],
              "mark": "point", "encoding": { "x": { "field": "key" }, "y": { "field": "value" } } }
            """
        let result = try run(["lint"], spec)
        #expect(result.status == 1)
        let printed = result.output + result.error
        #expect(!printed.contains("'fold' cannot be used"), "\(printed)")
        #expect(printed.contains("NO_SUCH_DATABASE"), "\(printed)")
    }

    /// Vega-Lite's form with the default names; a layer sharing the data sees the long table, and the chart
    /// draws one line per country over the three years.
    @Test func theListFormLayersAndTheDrawnLines() throws {
        let spec = """
            { "title": "Growth", "data": { "url": "wide.csv" }, "fold": ["2019", "2020", "2021"],
              "layers": [
                { "mark": "line" },
                { "mark": "point", "groupBy": ["key"], "aggregate": { "value": "max(value)" }, "encoding": { "color": null } }
              ],
              "encoding": { "x": { "field": "key", "title": "year" }, "y": { "field": "value" }, "color": { "field": "country" } },
              "sources": [{ "title": "test" }], "alt": "lines" }
            """
        let lint = try run(["lint"], spec)
        #expect(lint.status == 0, "\(lint.error)")
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        try Self.wide.write(to: scratch.appendingPathComponent("wide.csv"), atomically: true, encoding: .utf8)
        let file = scratch.appendingPathComponent("fold.chart.json")
        try spec.write(to: file, atomically: true, encoding: .utf8)
        let build = try ChartcBinary.run(["build", file.path, "-o", scratch.path, "--format", "svg"], in: scratch)
        #expect(build.status == 0, "\(build.error)")
        let svg = try String(contentsOf: scratch.appendingPathComponent("fold.svg"), encoding: .utf8)
        for label in ["2019", "2020", "2021", "Norway", "Chile", "Ghana"] { #expect(svg.contains(">\(label)<"), "\(label)") }
        // Three maxima drawn as points by the second layer.
        #expect(svg.components(separatedBy: "<circle").count - 1 == 3, "\(svg)")
    }
}
