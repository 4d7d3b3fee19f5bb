import ChartData
import ChartDiagnostics
import ChartExpression
import ChartSpec
import ChartTestSupport
import Testing
@testable import ChartPipeline

/// SPEC §14 window functions checked against a naive reference written here (each value recomputed from its
/// partition's rows, O(n·w)), over seeded random data with nulls, ties, one-row partitions and windows longer
/// than their partition.
@Suite struct WindowTests {
    struct Row {
        var p: String
        var t: Int
        var x: Double?
    }

    /// Random rows: partitions "a"…"e" of random sizes ("e" often one row), `t` unique, `x` small integers
    /// (many ties) or null.
    static func randomRows(seed: UInt64) -> [Row] {
        var random = SeededRandom(seed: seed)
        var rows: [Row] = []
        var t = 0
        for p in ["a", "b", "c", "d", "e"] {
            let size = p == "e" ? 1 : random.below(14)
            for _ in 0..<size {
                t += 1 + random.below(3)
                let x: Double? = random.below(5) == 0 ? nil : Double(random.below(7)) - 2
                rows.append(Row(p: p, t: t, x: x))
            }
        }
        // Shuffled, so the window step's order comes from `sort`, not the input.
        for index in rows.indices.reversed() where index > 0 {
            rows.swapAt(index, random.below(index + 1))
        }
        return rows
    }

    static func run(_ rows: [Row], window: [(String, String)], windowBy: [String] = ["p"], sort: [String] = ["p", "t"], keep: String? = nil) throws
        -> Table
    {
        let values = rows.map { row in
            "{ \"p\": \"\(row.p)\", \"t\": \(row.t), \"x\": \(row.x.map { String($0) } ?? "null") }"
        }.joined(separator: ", ")
        let windowText = window.map { "\"\($0.0)\": \"\($0.1)\"" }.joined(separator: ", ")
        let keepText = keep.map { ", \"keep\": \"\($0)\"" } ?? ""
        let text = """
            { "data": { "values": [\(values)], "parse": { "x": "number", "t": "number" } },
              "sort": [\(sort.map { "\"\($0)\"" }.joined(separator: ", "))],
              "window": { \(windowText) }, "windowBy": [\(windowBy.map { "\"\($0)\"" }.joined(separator: ", "))]\(keepText),
              "mark": "point", "encoding": { "x": { "field": "t" }, "y": { "field": "x" } } }
            """
        let parsed = SpecParser.parse(SourceFile(path: "window.chart.json", text: text))
        let spec = try #require(parsed.spec, "\(parsed.diagnostics.map(\.message))")
        return try Pipeline.run(spec: spec).table
    }

    /// The reference: for each output row (sorted by p, t), the partition's x values in order and the row's
    /// position in them.
    static func partitions(_ rows: [Row]) -> [(values: [Double?], position: Int)] {
        let sorted = rows.sorted { ($0.p, $0.t) < ($1.p, $1.t) }
        return sorted.map { row in
            let partition = sorted.filter { $0.p == row.p }
            return (partition.map(\.x), partition.firstIndex { $0.t == row.t } ?? -1)
        }
    }

    static func reference(_ function: String, _ n: Int, _ values: [Double?], _ i: Int) -> Double? {
        func window() -> [Double] { values[(i - n + 1)...i].compactMap { $0 } }
        let present = values.compactMap { $0 }
        switch function {
        case "rolling_mean": guard i >= n - 1, !window().isEmpty else { return nil }; return window().reduce(0, +) / Double(window().count)
        case "rolling_sum": guard i >= n - 1, !window().isEmpty else { return nil }; return window().reduce(0, +)
        case "rolling_min": guard i >= n - 1 else { return nil }; return window().min()
        case "rolling_max": guard i >= n - 1 else { return nil }; return window().max()
        case "cumsum": let upTo = values[0...i].compactMap { $0 }; return upTo.isEmpty ? nil : upTo.reduce(0, +)
        case "cumcount", "row_number": return Double(i + 1)
        case "lag": return i - n >= 0 ? values[i - n] : nil
        case "lead": return i + n < values.count ? values[i + n] : nil
        case "change": guard i >= 1, let a = values[i], let b = values[i - 1] else { return nil }; return a - b
        case "pct_change": guard i >= 1, let a = values[i], let b = values[i - 1], b != 0 else { return nil }; return (a - b) / b
        case "rank":
            guard let x = values[i] else { return Double(present.count + 1) }
            return Double(present.filter { $0 < x }.count + 1)
        case "dense_rank":
            guard let x = values[i] else { return Double(Set(present).count + 1) }
            return Double(Set(present.filter { $0 < x }).count + 1)
        case "sum": return present.isEmpty ? nil : present.reduce(0, +)
        case "mean": return present.isEmpty ? nil : present.reduce(0, +) / Double(present.count)
        case "median":
            guard !present.isEmpty else { return nil }
            let s = present.sorted()
            let h = Double(s.count - 1) * 0.5
            return s[Int(h)] + (s[Int(h.rounded(.up))] - s[Int(h)]) * (h - h.rounded(.down))
        case "min": return present.min()
        case "max": return present.max()
        case "count": return Double(present.count)
        case "count()": return Double(values.count)
        case "first": return present.first
        case "last": return present.last
        default: return nil
        }
    }

    static func numbers(_ table: Table, _ name: String) -> [Double?] {
        guard let column = table.column(named: name) else { return [] }
        return (0..<column.count).map { column[$0].numberValue }
    }

    static func close(_ a: Double?, _ b: Double?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case (let a?, let b?): abs(a - b) <= 1e-9 * max(1, abs(a), abs(b))
        default: false
        }
    }

    static let calls: [(name: String, expression: String, function: String, n: Int)] = [
        ("rm2", "rolling_mean(x, 2)", "rolling_mean", 2), ("rm5", "rolling_mean(x, 5)", "rolling_mean", 5),
        ("rs3", "rolling_sum(x, 3)", "rolling_sum", 3), ("rs1", "rolling_sum(x, 1)", "rolling_sum", 1),
        ("rmin4", "rolling_min(x, 4)", "rolling_min", 4), ("rmax3", "rolling_max(x, 3)", "rolling_max", 3),
        ("rbig", "rolling_mean(x, 40)", "rolling_mean", 40),
        ("cs", "cumsum(x)", "cumsum", 1), ("cc", "cumcount()", "cumcount", 1), ("rn", "row_number()", "row_number", 1),
        ("lg", "lag(x)", "lag", 1), ("lg3", "lag(x, 3)", "lag", 3), ("ld2", "lead(x, 2)", "lead", 2),
        ("ch", "change(x)", "change", 1), ("pc", "pct_change(x)", "pct_change", 1),
        ("rk", "rank(x)", "rank", 1), ("drk", "dense_rank(x)", "dense_rank", 1),
        ("sm", "sum(x)", "sum", 1), ("mn", "mean(x)", "mean", 1), ("md", "median(x)", "median", 1),
        ("mi", "min(x)", "min", 1), ("ma", "max(x)", "max", 1), ("cn", "count(x)", "count", 1),
        ("cr", "count()", "count()", 1), ("fi", "first(x)", "first", 1), ("la", "last(x)", "last", 1)
    ]

    @Test(arguments: 0..<40) func everyFunctionMatchesTheNaiveReference(seed: Int) throws {
        let rows = Self.randomRows(seed: UInt64(seed) &+ 1500)
        let table = try Self.run(rows, window: Self.calls.map { ($0.name, $0.expression) })
        let expected = Self.partitions(rows)
        #expect(table.rowCount == rows.count)
        for call in Self.calls {
            let actual = Self.numbers(table, call.name)
            let wanted = expected.map { Self.reference(call.function, call.n, $0.values, $0.position) }
            let mismatches = actual.indices.filter { !Self.close(actual[$0], wanted[$0]) }
            #expect(
                mismatches.isEmpty,
                "\(call.expression) seed \(seed): rows \(mismatches.prefix(5)) got \(mismatches.prefix(5).map { actual[$0] }) want \(mismatches.prefix(5).map { wanted[$0] })"
            )
        }
    }

    @Test func combinedExpressionsAndEarlierWindowFields() throws {
        let rows = Self.randomRows(seed: 7)
        let table = try Self.run(
            rows,
            window: [
                ("share", "x / sum(x)"), ("index", "100 * rolling_mean(x, 2) / first(x)"), ("cs", "cumsum(x)"), ("cs2", "lag(cs) + 1")
            ])
        let expected = Self.partitions(rows)
        for (row, entry) in expected.enumerated() {
            let x = entry.values[entry.position]
            let sum = Self.reference("sum", 1, entry.values, entry.position)
            var share: Double? = nil
            if let x, let sum, sum != 0 { share = x / sum }
            #expect(Self.close(Self.numbers(table, "share")[row], share))
            var index: Double? = nil
            if let mean = Self.reference("rolling_mean", 2, entry.values, entry.position),
                let first = Self.reference("first", 1, entry.values, entry.position), first != 0
            {
                index = 100 * mean / first
            }
            #expect(Self.close(Self.numbers(table, "index")[row], index))
            let lagged = entry.position > 0 ? Self.reference("cumsum", 1, entry.values, entry.position - 1) : nil
            #expect(Self.close(Self.numbers(table, "cs2")[row], lagged.map { $0 + 1 }))
        }
    }

    @Test func withoutWindowByTheWholeTableIsOnePartitionInSortOrder() throws {
        let rows = Self.randomRows(seed: 11)
        let table = try Self.run(rows, window: [("cs", "cumsum(x)"), ("rn", "row_number()")], windowBy: [], sort: ["t"])
        let sorted = rows.sorted { $0.t < $1.t }
        var running: Double?
        for (index, row) in sorted.enumerated() {
            if let x = row.x { running = (running ?? 0) + x }
            #expect(Self.close(Self.numbers(table, "cs")[index], running))
            #expect(Self.numbers(table, "rn")[index] == Double(index + 1))
        }
    }

    @Test func keepFiltersAfterTheWindow() throws {
        let rows = Self.randomRows(seed: 3)
        let table = try Self.run(rows, window: [("r", "rank(-x)")], keep: "r <= 2")
        let expected = Self.partitions(rows).filter { entry in
            let negated = entry.values.map { $0.map { -$0 } }
            return (Self.reference("rank", 1, negated, entry.position) ?? 99) <= 2
        }
        #expect(table.rowCount == expected.count)
        #expect(Self.numbers(table, "r").allSatisfy { ($0 ?? 99) <= 2 })
    }

    @Test func ranksOfStringsAndDatesTieAndPutNullsLast() throws {
        let text = """
            { "data": { "values": [ { "s": "b", "d": "2020-01-02" }, { "s": null, "d": null }, { "s": "a", "d": "2020-01-01" }, { "s": "b", "d": "2020-01-02" } ], "parse": { "d": "date" } },
              "window": { "rs": "rank(s)", "drs": "dense_rank(s)", "rd": "rank(d)", "prev": "lag(d)", "lo": "min(s)", "hi": "max(d)" },
              "mark": "point", "encoding": { "x": { "field": "s" } } }
            """
        let parsed = SpecParser.parse(SourceFile(path: "window.chart.json", text: text))
        let table = try Pipeline.run(spec: try #require(parsed.spec)).table
        #expect(Self.numbers(table, "rs") == [2, 4, 1, 2])
        #expect(Self.numbers(table, "drs") == [2, 3, 1, 2])
        #expect(Self.numbers(table, "rd") == [2, 4, 1, 2])
        let previous = try #require(table.column(named: "prev"))
        #expect(previous.type == .date)
        let dates = try #require(table.column(named: "d"))
        #expect(previous[0] == .null && previous[2] == .null && previous[3] == dates[2])
        #expect(table.column(named: "lo")?[1] == .string("a"))
        #expect(table.column(named: "hi")?[0] == table.column(named: "d")?[0])
    }

    /// `complete` fills missing months with sum 0 and null maxima; windows run over the filled rows.
    @Test func completeFilledRowsAreWindowRows() throws {
        let text = """
            { "data": { "values": [
                { "k": "a", "m": 1, "v": 5 }, { "k": "a", "m": 3, "v": 7 }, { "k": "b", "m": 2, "v": 1 }, { "k": "b", "m": 3, "v": 2 } ] },
              "groupBy": ["k", "m"], "aggregate": { "total": "sum(v)", "top": "max(v)" }, "complete": true,
              "window": { "cs": "cumsum(total)", "r2": "rolling_mean(top, 2)", "cc": "cumcount()", "share": "total / sum(total)" },
              "windowBy": ["k"],
              "mark": "line", "encoding": { "x": { "field": "m" }, "y": { "field": "total" } } }
            """
        let parsed = SpecParser.parse(SourceFile(path: "window.chart.json", text: text))
        let table = try Pipeline.run(spec: try #require(parsed.spec, "\(parsed.diagnostics.map(\.message))")).table
        // Rows: a1 a2(filled) a3 b1(filled) b2 b3.
        #expect(Self.numbers(table, "total") == [5, 0, 7, 0, 1, 2])
        #expect(Self.numbers(table, "cs") == [5, 5, 12, 0, 1, 3])
        #expect(Self.numbers(table, "r2") == [nil, 5, 7, nil, 1, 1.5])
        #expect(Self.numbers(table, "cc") == [1, 2, 3, 1, 2, 3])
        #expect(Self.close(Self.numbers(table, "share")[2], 7.0 / 12))
        #expect(table.columnNames == ["k", "m", "total", "top", "cs", "r2", "cc", "share"])
    }

    /// No rows left (a filter removed them all), with and without partitions, and windows longer than any
    /// partition: empty columns, no crash.
    @Test func noRowsAndHugeWindows() throws {
        for windowBy in [[], ["p"]] {
            let text = """
                { "data": { "values": [ { "p": "a", "x": 1 }, { "p": "b", "x": 2 } ] }, "filter": "x > 100",
                  "window": { "a": "rolling_max(x, 1000000000)", "b": "lag(x, 1000000000)", "r": "rank(x)", "m": "median(x)" },
                  "windowBy": [\(windowBy.map { "\"\($0)\"" }.joined())], "mark": "point", "encoding": { "x": { "field": "x" } } }
                """
            let parsed = SpecParser.parse(SourceFile(path: "window.chart.json", text: text))
            let table = try Pipeline.run(spec: try #require(parsed.spec, "\(parsed.diagnostics.map(\.message))")).table
            #expect(table.rowCount == 0)
            #expect(table.columnNames == ["p", "x", "a", "b", "r", "m"])
        }
        let rows = Self.randomRows(seed: 5)
        let table = try Self.run(rows, window: [("a", "rolling_sum(x, 1000000000)"), ("b", "lead(x, 1000000000)")])
        #expect(Self.numbers(table, "a").allSatisfy { $0 == nil })
        #expect(Self.numbers(table, "b").allSatisfy { $0 == nil })
    }

    /// A rolling window over a long series stays accurate (the running sum is compensated) and matches the
    /// naive sum.
    @Test func longRollingSumsDoNotDrift() throws {
        var random = SeededRandom(seed: 99)
        let values = (0..<20_000).map { _ in Double(random.below(1_000_000)) / 1000 + 1e6 }
        let column = Column(name: "x", type: .number, values: values.map { .number($0) })
        let partitions = WindowPartitions.build(keys: [], rowCount: values.count)
        let call = try #require(ChartExpressionWindow.call("rolling_sum(x, 28)"))
        let result = WindowKernels.compute(call, argument: column, partitions: partitions, rowCount: values.count, name: "r")
        for row in stride(from: 27, to: values.count, by: 997) {
            let naive = values[(row - 27)...row].reduce(0, +)
            #expect(abs((result[row].numberValue ?? 0) - naive) < 1e-6)
        }
        #expect(result[26] == .null)
    }
}

/// One window call compiled over a table with a number field `x`, for testing the kernels directly.
enum ChartExpressionWindow {
    static func call(_ text: String) -> WindowCall? {
        ExpressionCompiler.compileWindow(ExpressionSource(standalone: text), schema: ExpressionSchema(fields: [("x", .number)])).0?.calls.first
    }
}
