import Foundation
import ChartData
import ChartDiagnostics
import ChartExpression
import ChartSpec
import ChartTestSupport
import ChartValues
import Testing
@testable import ChartPipeline

#if canImport(Glibc)
    import Glibc
#endif

/// SPEC §13 bins: `bin(x, step)` against an independent decimal ⌊x / step⌋ × step (SPEC §19.6, Foundation's
/// `Decimal` on the 15-digit decimals of x and the step), `bin(x)`'s round step over
/// varied data, the step kept through the pipeline, `complete` over intervals, and `NAME_end`.
@Suite struct BinTests {
    static func run(_ rows: [Double?], calculate: String, filter: String? = nil, aggregate: Bool = true, complete: Bool = false) throws -> (
        Table, Plan
    ) {
        let values = rows.map { "{ \"x\": \($0.map { String($0) } ?? "null") }" }.joined(separator: ", ")
        let filterText = filter.map { ", \"filter\": \"\($0)\"" } ?? ""
        let aggregateText =
            aggregate ? ", \"groupBy\": [\"b\"], \"aggregate\": { \"n\": \"count()\" }" + (complete ? ", \"complete\": true" : "") : ""
        let text = """
            { "data": { "values": [\(values)], "parse": { "x": "number" } },
              "calculate": { "b": "\(calculate)" }\(filterText)\(aggregateText),
              "mark": "bar", "encoding": { "x": { "field": "b" }, "y": { "field": "\(aggregate ? "n" : "x")" } } }
            """
        let parsed = SpecParser.parse(SourceFile(path: "bin.chart.json", text: text))
        let spec = try #require(parsed.spec, "\(parsed.diagnostics.map(\.message))")
        let output = try Pipeline.run(spec: spec)
        return (output.table, output.plan)
    }

    static func numbers(_ column: Column?) -> [Double?] {
        guard let column else { return [] }
        return (0..<column.count).map { column[$0].numberValue }
    }

    static func randomValues(seed: UInt64, count: Int) -> [Double?] {
        var random = SeededRandom(seed: seed)
        let scale = [0.001, 0.37, 1, 13, 250, 98_765][random.below(6)]
        let shift = Double(random.below(2001) - 1000) * scale / 10
        return (0..<count).map { _ in
            random.below(9) == 0 ? nil : (Double(random.below(100_001)) / 1000 - 50) * scale + shift
        }
    }

    /// ⌊x₁₅ / step₁₅⌋ × step₁₅ in Foundation's `Decimal` (x₁₅: x to 15 significant digits, as `%.15g` prints it),
    /// read back as the nearest double: the oracle the decimal bins are checked against.
    static func decimalBin(_ x: Double, step: Double) -> Double? {
        guard let xd = Decimal(string: String(format: "%.15g", x)), let sd = Decimal(string: String(format: "%.15g", step)) else { return nil }
        var quotient = xd / sd
        var floor = Decimal()
        NSDecimalRound(&floor, &quotient, 0, .down)
        if floor > quotient { floor -= 1 }
        if floor + 1 <= quotient { floor += 1 }
        return Double("\(floor * sd)")
    }

    @Test func decimalOracleAgreesOnTheIssuesValues() {
        #expect(Self.decimalBin(0.6, step: 0.2) == 0.6)
        #expect(Self.decimalBin(5.8, step: 0.1) == 5.8)
        #expect(Self.decimalBin(-0.3, step: 0.1) == -0.3)
        #expect(Self.decimalBin(0.58, step: 0.2) == 0.4)
    }

    @Test func binWithStepIsTheDecimalFloorTimesStep() throws {
        for seed in UInt64(1)...12 {
            let rows = Self.randomValues(seed: seed, count: 60)
            for step in [0.1, 0.25, 2, 5, 7, 1000, 0.2, 0.05, 0.001] {
                let (table, _) = try Self.run(rows, calculate: "bin(x, \(step))", aggregate: false)
                let expected = rows.map { $0.flatMap { Self.decimalBin($0, step: step) } }
                #expect(Self.numbers(table.column(named: "b")) == expected, "seed \(seed), step \(step)")
                #expect(table.column(named: "b")?.binStep == step)
            }
        }
    }

    @Test func groupByKeepsTheStepAndDataPrintsTheEnd() throws {
        let rows: [Double?] = [0.5, 1.5, 1.7, 7.2, nil, -0.1]
        let (table, plan) = try Self.run(rows, calculate: "bin(x, 2)")
        #expect(table.column(named: "b")?.binStep == 2)
        #expect(Self.numbers(table.column(named: "b")) == [-2, 0, 6, nil])
        #expect(TableWriter.csv(table) == "b,b_end,n\n-2,0,1\n0,2,3\n6,8,1\n,,1\n")
        #expect(plan.description.contains("bin     b = bin(x, 2)"))
    }

    @Test func completeFillsTheEmptyIntervalsBetweenTheFirstAndTheLast() throws {
        let rows: [Double?] = [0.3, 0.35, 0.95, 0.31]
        let (table, _) = try Self.run(rows, calculate: "bin(x, 0.1)", complete: true)
        let starts = Self.numbers(table.column(named: "b"))
        // In decimal (SPEC §19.6) 0.3 lies on an edge and falls in the interval that starts there, 0.3–0.4 (in
        // binary floating point floor(0.3 / 0.1) is 2, which put it in 0.2–0.3).
        #expect(starts == [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9])
        #expect(Self.numbers(table.column(named: "n")) == [3, 0, 0, 0, 0, 0, 1])
        #expect(TableWriter.csv(table).hasPrefix("b,b_end,n\n0.3,0.4,3\n0.4,0.5,0\n"))
    }

    @Test func automaticStepsAreRoundAndGiveFiveToTwentyIntervals() {
        var random = SeededRandom(seed: 14)
        for _ in 0..<2000 {
            let magnitude = pow(10, Double(random.below(17)) - 8)
            let a = (Double(random.below(2_000_001)) / 1_000_000 - 1) * magnitude * Double(1 + random.below(50))
            let span = magnitude * Double(1 + random.below(1000)) / 100
            let (lower, upper) = (a, a + span)
            let step = Binning.automaticStep(lower: lower, upper: upper)
            let exponent = floor(log10(step))
            let mantissa = (step / pow(10, exponent) * 1000).rounded() / 1000
            #expect([1, 2, 5, 10].contains(mantissa), "step \(step) for \(lower)…\(upper)")
            let count = Binning.intervalCount(lower: lower, upper: upper, step: step)
            #expect(count >= 5 && count <= 20, "\(count) intervals of \(step) over \(lower)…\(upper)")
        }
    }

    @Test func automaticBinUsesTheFilteredRowsAndIsItsOwnPlanStep() throws {
        var rows: [Double?] = (0..<100).map { Double($0) }
        rows.append(100_000)
        let (table, plan) = try Self.run(rows, calculate: "bin(x)", filter: "x < 1000", aggregate: true)
        // Over 0…99 the round step is 10: ten intervals, not one giant one for the outlier the filter drops.
        #expect(table.column(named: "b")?.binStep == 10)
        #expect(Self.numbers(table.column(named: "b")) == (0..<10).map { Double($0 * 10) })
        let lines = plan.description.split(separator: "\n").map(String.init)
        let filterLine = try #require(lines.firstIndex { $0.hasPrefix("filter") })
        let binLine = try #require(lines.firstIndex { $0.hasPrefix("bin ") })
        #expect(filterLine < binLine)
    }

    @Test func filtersOnLaterFieldsRunBeforeAnAutomaticBin() throws {
        let text = """
            { "data": { "values": [{ "x": 1, "y": 1 }, { "x": 500, "y": 9 }, { "x": 2, "y": 1 }, { "x": 30, "y": 2 }] },
              "calculate": { "b": "bin(x)", "z": "y * 2" }, "filter": "z < 10",
              "groupBy": ["b"], "aggregate": { "n": "count()" }, "mark": "bar",
              "encoding": { "x": { "field": "b" }, "y": { "field": "n" } } }
            """
        let spec = try #require(SpecParser.parse(SourceFile(path: "bin.chart.json", text: text)).spec)
        let output = try Pipeline.run(spec: spec)
        #expect(output.table.column(named: "b")?.binStep == 5)
    }

    @Test(arguments: [
        ("bin(x) + 1", "expr-arguments"), ("bin('a', 2)", "expr-type"), ("bin(x, 0)", "expr-type"),
        ("bin(x, -1)", "expr-type"), ("bin(x, x)", "expr-type"), ("bin(x, 1, 2)", "expr-arguments"), ("bni(x, 2)", "unknown-function")
    ])
    func badBinsAreReportedAtTheirPosition(expression: String, id: String) throws {
        let text = """
            { "data": { "values": [{ "x": 1 }] }, "calculate": { "b": "\(expression)" }, "mark": "bar",
              "encoding": { "x": { "field": "b" }, "y": { "field": "x" } } }
            """
        let spec = try #require(SpecParser.parse(SourceFile(path: "bin.chart.json", text: text)).spec)
        let (_, diagnostics) = Planner.plan(spec, schema: [("x", .number)])
        let error = try #require(diagnostics.first { $0.severity == .error })
        #expect(error.id == id)
        // At the position inside the string, not at the start of the string.
        let span = try #require(error.span)
        let start = try #require(text.range(of: expression)).lowerBound
        let offset = text.utf8.distance(from: text.startIndex, to: start)
        #expect(span.range.lowerBound >= offset && span.range.upperBound <= offset + expression.utf8.count)
    }
}
