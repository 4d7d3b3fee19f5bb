import ChartTestSupport
import Foundation
import Testing

/// `pivot` and `lookup` (SPEC §21) through the built binary: rows against DuckDB's `PIVOT` and `LEFT JOIN`,
/// the plan, the lint warnings about unmatched rows, and errors at their line:col.
@Suite struct PivotLookupTests {
    /// Runs `chartc arguments` on `spec` written beside `files` (name → text).
    func run(_ arguments: [String], _ spec: String, files: [String: String]) throws -> ProcessResult {
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        for (name, text) in files { try text.write(to: scratch.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        let file = scratch.appendingPathComponent("reshape.chart.json")
        try spec.write(to: file, atomically: true, encoding: .utf8)
        return try ChartcBinary.run(arguments + [file.path] + (arguments == ["build"] ? ["-o", scratch.path, "--format", "svg"] : []), in: scratch)
    }

    /// Rows of CSV text as cells, header dropped, sorted so that row order does not matter.
    static func rows(_ csv: String) -> [[String]] {
        csv.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
            .sorted { $0.joined(separator: ",") < $1.joined(separator: ",") }
    }

    /// Whether two cells hold the same value: equal numbers (to 1e-9 relative) or equal text.
    static func same(_ a: String, _ b: String) -> Bool {
        if let x = Double(a), let y = Double(b) { return abs(x - y) <= 1e-9 * max(1, abs(x), abs(y)) }
        return a == b
    }

    static let long = """
        date,symbol,price
        2020-01,MSFT,20
        2020-01,AAPL,10
        2020-02,AAPL,11
        2020-02,MSFT,21
        2020-02,AAPL,1
        2020-03,MSFT,22

        """

    @Test func pivotMakesAColumnPerValueInAscendingOrderWithNullsForMissingCells() throws {
        let spec = """
            { "title": "t", "data": { "url": "long.csv" },
              "pivot": { "field": "symbol", "value": "price", "groupBy": ["date"] },
              "mark": "point", "encoding": { "x": { "field": "AAPL" }, "y": { "field": "MSFT" } } }
            """
        let data = try run(["data"], spec, files: ["long.csv": Self.long])
        #expect(data.status == 0, "\(data.error)")
        #expect(data.output == "date,AAPL,MSFT\n2020-01,10,20\n2020-02,12,21\n2020-03,,22\n")
        let plan = try run(["plan"], spec, files: ["long.csv": Self.long])
        #expect(plan.output.contains("pivot   sum(price) by symbol  (long to wide: a row per date, a column per value of symbol)"), "\(plan.output)")
        let counted = spec.replacingOccurrences(of: #""groupBy": ["date"] }"#, with: #""groupBy": ["date"], "op": "count" }"#)
        let counts = try run(["data"], counted, files: ["long.csv": Self.long])
        #expect(counts.output == "date,AAPL,MSFT\n2020-01,1,1\n2020-02,2,1\n2020-03,0,1\n", "\(counts.error)")
    }

    @Test(.enabled(if: duckDBAvailable, "needs python3 with duckdb (CI installs it)"), arguments: ["sum", "mean", "count", "max", "median"])
    func pivotEqualsDuckDBsPivot(_ op: String) throws {
        var state: UInt64 = 0x9E37_79B9 &+ UInt64(op.count)
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        var lines = ["region,year,symbol,value"]
        for _ in 0..<90 {
            let value = next() % 9 == 0 ? "" : String(Double(Int(next() % 4001) - 2000) / 16)
            lines.append("R\(next() % 4),\(2000 + next() % 5),S\(next() % 6),\(value)")
        }
        let csv = lines.joined(separator: "\n") + "\n"
        let spec = """
            { "title": "t", "data": { "url": "long.csv" },
              "pivot": { "field": "symbol", "value": "value", "groupBy": ["region", "year"], "op": "\(op)" },
              "mark": "point", "encoding": { "x": { "field": "year" }, "y": { "field": "S1" } } }
            """
        let result = try run(["data"], spec, files: ["long.csv": csv])
        #expect(result.status == 0, "\(result.error)")
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let path = scratch.appendingPathComponent("long.csv").path
        try csv.write(toFile: path, atomically: true, encoding: .utf8)
        let function = op == "mean" ? "avg" : op
        let program = """
            import duckdb
            con = duckdb.connect()
            con.execute(\"\"\"CREATE TABLE t AS SELECT * FROM read_csv('\(path)', header = true,
                columns = {'region': 'VARCHAR', 'year': 'BIGINT', 'symbol': 'VARCHAR', 'value': 'DOUBLE'})\"\"\")
            cursor = con.execute("PIVOT t ON symbol USING \(function)(value) GROUP BY region, year")
            print(','.join(d[0] for d in cursor.description))
            def text(x):
                if x is None: return ''
                if isinstance(x, float): return repr(x)
                return str(x)
            for r in cursor.fetchall(): print(','.join(text(x) for x in r))
            """
        let expected = try runPython(program)
        #expect(result.output.split(separator: "\n").first == expected.split(separator: "\n").first, "header: \(result.output.prefix(80))")
        let mine = Self.rows(result.output), theirs = Self.rows(expected)
        #expect(mine.count == theirs.count)
        for (a, b) in zip(mine, theirs) {
            #expect(a.count == b.count && zip(a, b).allSatisfy { Self.same($0, $1) }, "\(a) | \(b)")
        }
    }

    static let states = """
        id,value
        01,5
        02,7
        06,9
        99,1
        6,3

        """
    static let names = """
        fips,name,region
        01,Alabama,South
        02,Alaska,West
        06,California,West
        06,Calif.,West

        """

    static func lookupSpec(_ lookup: String) -> String {
        """
        { "title": "t", "data": { "url": "states.csv", "parse": { "id": "string" } },
          "lookup": \(lookup),
          "mark": "bar", "encoding": { "x": { "field": "name" }, "y": { "field": "value" } } }
        """
    }

    @Test func lookupJoinsTheFirstMatchAndLintCountsTheRowsWithoutOne() throws {
        let spec = Self.lookupSpec(
            #"{ "data": { "url": "names.csv", "parse": { "fips": "string" } }, "on": "id", "key": "fips", "fields": ["name"], "as": ["state"] }"#
        ).replacingOccurrences(of: #""field": "name""#, with: #""field": "state""#)
        let files = ["states.csv": Self.states, "names.csv": Self.names]
        let data = try run(["data"], spec, files: files)
        #expect(data.status == 0, "\(data.error)")
        #expect(data.output == "id,value,state\n01,5,Alabama\n02,7,Alaska\n06,9,California\n99,1,\n6,3,\n")
        let lint = try run(["lint"], spec, files: files)
        #expect(
            lint.output.contains(
                "reshape.chart.json:2:84: warning: 2 of 5 rows found no match: their 'id' is not among the 'fips' values of names.csv, so the fields lookup adds are empty there ('6': did you mean '06'?) [lookup-unmatched]"
            ), "\(lint.output)")
        #expect(
            lint.output.contains("reshape.chart.json:2:97: warning: 1 row of names.csv repeats a 'fips' value an earlier row has"), "\(lint.output)")
        let plan = try run(["plan"], spec, files: files)
        #expect(plan.output.contains("lookup  name as state from names.csv"), "\(plan.output)")
    }

    @Test(.enabled(if: duckDBAvailable, "needs python3 with duckdb (CI installs it)"))
    func lookupEqualsDuckDBsLeftJoin() throws {
        var state: UInt64 = 0xC0FFEE
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        var facts = ["code,amount"]
        for _ in 0..<120 { facts.append("K\(next() % 40),\(Int(next() % 1000) - 500)") }
        var keys = ["code,label,weight"]
        for key in 0..<40 where key % 7 != 3 { keys.append("K\(key),Label \(key),\(next() % 100 == 0 ? "" : String(Double(next() % 5000) / 100))") }
        let files = ["facts.csv": facts.joined(separator: "\n") + "\n", "keys.csv": keys.joined(separator: "\n") + "\n"]
        let spec = """
            { "title": "t", "data": { "url": "facts.csv" },
              "lookup": { "data": { "url": "keys.csv" }, "on": "code", "key": "code", "fields": ["weight", "label"] },
              "mark": "point", "encoding": { "x": { "field": "amount" }, "y": { "field": "weight" } } }
            """
        let result = try run(["data"], spec, files: files)
        #expect(result.status == 0, "\(result.error)")
        let scratch = try makeScratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        for (name, text) in files { try text.write(to: scratch.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        let program = """
            import duckdb
            con = duckdb.connect()
            f = con.read_csv('\(scratch.appendingPathComponent("facts.csv").path)', header = True)
            k = con.read_csv('\(scratch.appendingPathComponent("keys.csv").path)', header = True)
            rows = con.execute("SELECT f.code, f.amount, k.weight, k.label FROM f LEFT JOIN k ON f.code = k.code").fetchall()
            def text(x):
                if x is None: return ''
                if isinstance(x, float): return repr(x)
                return str(x)
            print('code,amount,weight,label')
            for r in rows: print(','.join(text(x) for x in r))
            """
        let expected = try runPython(program)
        let mine = Self.rows(result.output), theirs = Self.rows(expected)
        #expect(mine.count == 120 && theirs.count == 120)
        for (a, b) in zip(mine, theirs) {
            #expect(a.count == b.count && zip(a, b).allSatisfy { Self.same($0, $1) }, "\(a) | \(b)")
        }
    }

    /// (spec, message, line:col) — every mistake at its place, in lint and in build alike.
    @Test(arguments: [
        (
            #"{ "data": { "url": "names.csv" }, "on": "idd", "key": "fips" }"#,
            "lookup names 'idd', which is not a field of states.csv. Did you mean 'id'? [data-lookup]", "2:53"
        ),
        (
            #"{ "data": { "url": "names.csv" }, "on": "id", "key": "fip" }"#,
            "lookup names 'fip', which is not a field of names.csv. Did you mean 'fips'? [data-lookup]", "2:66"
        ),
        (
            #"{ "data": { "url": "names.csv" }, "on": "id", "key": "fips", "fields": ["value"] }"#,
            "lookup names 'value', which is not a field of names.csv.", "2:85"
        ),
        (
            #"{ "data": { "url": "names.csv" }, "on": "id", "key": "fips", "fields": ["name"], "as": ["value"] }"#,
            "lookup would add a field 'value', but the data already has one", "2:101"
        ),
        (
            #"{ "data": { "url": "names.csv" }, "on": "id", "key": "fips", "fields": ["name"], "as": ["a", "b"] }"#,
            "'lookup.as' names 2 fields for one field in 'lookup.fields'", "2:100"
        ),
        (#"{ "data": { "url": "names.csv" }, "key": "fips" }"#, "missing 'lookup.on'", "2:13")
    ])
    func lookupMistakesAreErrorsAtTheirPlace(_ lookup: String, _ message: String, _ position: String) throws {
        let files = ["states.csv": Self.states, "names.csv": Self.names]
        for command in ["lint", "build"] {
            let result = try run([command], Self.lookupSpec(lookup), files: files)
            #expect(result.status == 1, "\(command): \(result.error)")
            let printed = result.output + result.error
            #expect(printed.contains("reshape.chart.json:\(position): error: \(message)"), "\(command): \(printed)")
        }
    }

    @Test(arguments: [
        (
            #"{ "field": "symbl", "value": "price", "groupBy": ["date"] }"#,
            "pivot names 'symbl', which is not a field of long.csv. Did you mean 'symbol'?", "2:23"
        ),
        (#"{ "field": "symbol", "value": "date", "groupBy": [] }"#, "pivot takes the sum of 'date', which holds text", "2:42"),
        (#"{ "field": "symbol", "value": "price", "op": "avg" }"#, "'avg'", "2:57"),
        (#"{ "value": "price" }"#, "missing 'pivot.field'", "2:12")
    ])
    func pivotMistakesAreErrorsAtTheirPlace(_ pivot: String, _ message: String, _ position: String) throws {
        let spec = """
            { "title": "t", "data": { "url": "long.csv" },
              "pivot": \(pivot),
              "mark": "point", "encoding": { "x": { "field": "AAPL" }, "y": { "field": "MSFT" } } }
            """
        for command in ["lint", "build"] {
            let result = try run([command], spec, files: ["long.csv": Self.long])
            #expect(result.status == 1, "\(command): \(result.error)")
            let printed = result.output + result.error
            #expect(printed.contains("reshape.chart.json:\(position): error: ") && printed.contains(message), "\(command): \(printed)")
        }
    }
}
