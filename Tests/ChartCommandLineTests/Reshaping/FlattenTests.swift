import ChartTestSupport
import Foundation
import Testing

/// `flatten` (SPEC §21) through the built binary: rows against DuckDB's `unnest`, its place among the reshaping
/// steps, errors at their line:col with a did-you-mean; and "only fields a spec uses must be readable": nested
/// objects and arrays in fields a spec never names are no error, in a JSON file and in inline `values`.
@Suite struct FlattenTests {
    /// Runs `chartc arguments` on `spec` written beside `files` (name → text).
    func run(_ arguments: [String], _ spec: String, files: [String: String] = [:]) throws -> ProcessResult {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        for (name, text) in files { try text.write(to: scratch.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        let file = scratch.appendingPathComponent("flatten.chart.json")
        try spec.write(to: file, atomically: true, encoding: .utf8)
        return try ChartcBinary.run(arguments + [file.path] + (arguments == ["build"] ? ["-o", scratch.path, "--format", "svg"] : []), in: scratch)
    }

    /// Rows with arrays of different lengths, null and empty arrays, and a nested object nobody names.
    static let rows = """
        [
          { "id": "a", "scores": [1.5, 2, 3], "tags": ["x", "y"], "size": 10, "meta": { "source": [1, 2] } },
          { "id": "b", "scores": [], "tags": [], "size": 20, "meta": null },
          { "id": "c", "scores": null, "tags": ["z"], "size": 30, "meta": { "source": [] } },
          { "id": "d", "scores": [4], "tags": null, "size": null },
          { "id": "e", "scores": [-0.25, 1e3], "tags": ["w", "v", "u"], "size": 50, "meta": [1, { "deep": true }] }
        ]

        """

    static let spec = """
        { "title": "t", "data": { "url": "rows.json" },
          "flatten": { "fields": ["scores", "tags"], "as": ["score", "tag"] },
          "mark": "point", "encoding": { "x": { "field": "score" }, "y": { "field": "tag" } } }
        """

    @Test(.enabled(if: duckDBAvailable, "needs python3 with duckdb (CI installs it)"))
    func flattenEqualsDuckDBsUnnest() throws {
        let result = try run(["data"], Self.spec, files: ["rows.json": Self.rows])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.hasPrefix("id,score,tag,size,meta\na,1.5,x,10,"), "\(result.output)")
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let path = scratch.appendingPathComponent("rows.json").path
        try Self.rows.write(toFile: path, atomically: true, encoding: .utf8)
        let program = """
            import duckdb
            con = duckdb.connect()
            cursor = con.execute(\"\"\"SELECT id, unnest(scores) AS score, unnest(tags) AS tag, size
                FROM read_json('\(path)', columns = {'id': 'VARCHAR', 'scores': 'DOUBLE[]', 'tags': 'VARCHAR[]', 'size': 'DOUBLE'})\"\"\")
            def text(x):
                if x is None: return ''
                if isinstance(x, float): return repr(x)
                return str(x)
            for r in cursor.fetchall(): print(','.join(text(x) for x in r))
            """
        let expected = try runPython(program)
        // The unnamed nested field stays as its JSON text: compare the fields DuckDB selects.
        let mine = result.output.split(separator: "\n").dropFirst().map {
            Array($0.split(separator: ",", omittingEmptySubsequences: false).prefix(4).map(String.init))
        }
        let theirs = expected.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        #expect(mine.count == theirs.count && mine.count == 8, "\(result.output)\n---\n\(expected)")
        for (a, b) in zip(
            mine.sorted { $0.joined(separator: ",") < $1.joined(separator: ",") },
            theirs.sorted { $0.joined(separator: ",") < $1.joined(separator: ",") })
        {
            #expect(a.count == b.count && zip(a, b).allSatisfy { PivotLookupTests.same($0, $1) }, "\(a) | \(b)")
        }
    }

    /// The list form keeps the names; flatten runs where the spec writes it, so a pivot after it counts the tags.
    @Test func theListFormAndAPivotAfterIt() throws {
        let spec = """
            { "title": "t", "data": { "url": "rows.json" }, "flatten": ["tags"],
              "pivot": { "field": "tag", "value": "size", "op": "count" },
              "mark": "point", "encoding": { "x": { "field": "x" }, "y": { "field": "w" } } }
            """
        let pivoted = try run(
            ["data"], spec.replacingOccurrences(of: "\"field\": \"tag\"", with: "\"field\": \"tags\""), files: ["rows.json": Self.rows])
        #expect(pivoted.status == 0, "\(pivoted.error)")
        #expect(pivoted.output == "u,v,w,x,y,z\n1,1,1,1,1,1\n", "\(pivoted.output)")
        let plan = try run(
            ["plan"], spec.replacingOccurrences(of: "\"field\": \"tag\"", with: "\"field\": \"tags\""), files: ["rows.json": Self.rows])
        let lines = plan.output.split(separator: "\n").map(String.init)
        let flattenLine = try #require(lines.firstIndex { $0.hasPrefix("flatten ") }, "\(plan.output)")
        let pivotLine = try #require(lines.firstIndex { $0.hasPrefix("pivot ") }, "\(plan.output)")
        #expect(flattenLine < pivotLine)
    }

    @Test func theChartDrawsAPointPerElement() throws {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        try Self.rows.write(to: scratch.appendingPathComponent("rows.json"), atomically: true, encoding: .utf8)
        let file = scratch.appendingPathComponent("flatten.chart.json")
        try Self.spec.write(to: file, atomically: true, encoding: .utf8)
        let build = try ChartcBinary.run(["build", file.path, "-o", scratch.path, "--format", "svg"], in: scratch)
        #expect(build.status == 0, "\(build.error)")
        let svg = try String(contentsOf: scratch.appendingPathComponent("flatten.svg"), encoding: .utf8)
        // Eight rows; the two without a score (c's z, e's u) have no x: six points (a tagless score is drawn in
        // the missing-tag row, SPEC §19.9).
        #expect(svg.components(separatedBy: "chartc-mark").count - 1 >= 1)
        #expect(svg.components(separatedBy: "<circle").count - 1 == 6, "\(svg.components(separatedBy: "<circle").count - 1) points")
    }

    @Test(arguments: [
        (#"["tag"]"#, "2:15: error: flatten names 'tag', which is not a field of rows.json. Did you mean 'tags'?"),
        (#"["id"]"#, "2:15: error: flatten needs arrays, but 'id' holds text in row 1; flatten only fields whose values are arrays"),
        (#"["size"]"#, "2:15: error: flatten needs arrays, but 'size' holds a number in row 1"),
        (#"{ "fields": ["tags"], "as": ["id"] }"#, "2:43: error: flatten would name a field 'id', but the data already has one"),
        (#"{ "fields": ["tags"], "as": ["a", "b"] }"#, "2:42: error: 'flatten.as' names 2 fields for one field in 'flatten.fields'"),
        (#"[]"#, "2:14: error: 'flatten' lists no field"),
        (#"{ "field": ["tags"] }"#, "2:16: error: unknown key 'field' in 'flatten'; did you mean 'fields'?")
    ])
    func mistakesAreErrorsAtTheirPlace(_ flatten: String, _ message: String) throws {
        let spec = """
            { "title": "t", "data": { "url": "rows.json" },
              "flatten": \(flatten),
              "mark": "point", "encoding": { "x": { "field": "id" }, "y": { "field": "size" } } }
            """
        for command in ["lint", "build"] {
            let result = try run([command], spec, files: ["rows.json": Self.rows])
            #expect(result.status == 1, "\(command): \(result.error)")
            #expect((result.output + result.error).contains("flatten.chart.json:" + message), "\(command): \(result.output + result.error)")
        }
    }

    /// "Only fields a spec uses must be readable": `meta` (objects, arrays, an array holding an object) is never
    /// named, so lint, data and build go through, from a file and from inline values; naming it is an error at the
    /// nested cell.
    @Test func anUnusedNestedFieldIsNoError() throws {
        let inline = Self.rows.replacingOccurrences(of: "\n", with: " ")
        let specs = [
            ("file", #"{ "url": "rows.json" }"#),
            ("values", #"{ "values": "# + inline + " }")
        ]
        for (name, data) in specs {
            for aggregate in [false, true] {
                let pipeline =
                    aggregate
                    ? #""groupBy": ["id"], "aggregate": { "total": "sum(size)" }, "mark": "bar", "encoding": { "x": { "field": "id" }, "y": { "field": "total" } }"#
                    : #""mark": "bar", "encoding": { "x": { "field": "id" }, "y": { "field": "size" } }"#
                let spec = "{ \"title\": \"t\", \"data\": \(data),\n  \(pipeline) }\n"
                for command in [["lint"], ["data"], ["build"]] {
                    let result = try run(command, spec, files: ["rows.json": Self.rows])
                    #expect(result.status == 0, "\(name), aggregate \(aggregate), \(command): \(result.output + result.error)")
                    #expect(!(result.output + result.error).contains("json-data-nested"), "\(name) \(command): \(result.error)")
                }
            }
            let naming =
                "{ \"title\": \"t\", \"data\": \(data),\n  \"mark\": \"bar\", \"encoding\": { \"x\": { \"field\": \"id\" }, \"y\": { \"field\": \"size\" }, \"tooltip\": [{ \"field\": \"meta\" }] } }\n"
            let named = try run(["lint"], naming, files: ["rows.json": Self.rows])
            #expect(
                named.status == 1 && (named.output + named.error).contains("'meta'") && (named.output + named.error).contains("[json-data-nested]"),
                "\(name): \(named.output + named.error)")
        }
    }

    @Test func flattenWithDatabaseDataSaysWhatToWrite() throws {
        let spec = """
            { "data": { "database": "$NO_SUCH_DATABASE", "table": "t" }, "flatten": ["a"],
              "mark": "point", "encoding": { "x": { "field": "a" }, "y": { "field": "b" } } }
            """
        let result = try run(["lint"], spec)
        #expect(result.status == 1)
        #expect(
            (result.output + result.error).contains(
                "flatten.chart.json:1:62: error: 'flatten' cannot be used with 'database' data: unnest in 'query'"),
            "\(result.error)")
    }
}
