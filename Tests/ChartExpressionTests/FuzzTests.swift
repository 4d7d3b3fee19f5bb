import Testing
import ChartData
import ChartDiagnostics
@testable import ChartExpression
import ChartTestSupport

@Suite struct FuzzTests {
    static let seeds = [
        "n * 2 + 1787", "n == 100 ? 'Democrats' : 'Republicans'", "s != 'President' && n >= 80",
        "n in (100, 200, null)", "year(d) == 2024 || month(d) == 'Mar'", "weekday(d) + ' ' + string(day(d))",
        "`Miles per Gallon` / pow(m, 2)", "!(b && isValid(t)) ? lower(trim(s)) : upper(\"x\\\"y\")",
        "round(n / 3, 2) - floor(-m) % 4", "contains(s, 'an') || startsWith(t, \"x\") || endsWith(s, '')",
        "replace(s, 'a', 'o') + length(s)", "date('2020-01-01') < d && d <= '2030-12-31T00:00:00Z'",
        "min(n, m, 3) > max(-1, abs(n))", "number('1e3') + sqrt(log(exp(1)) * log10(100))",
        "quarter(d) * 10 + dayofyear(d) / hour(d)", "format(n, ',.0f')", "median(n) / count()",
        "sum(n) / sum(m) * 100", "quantile(n, 0.9) - q1(m)", "s + ': ' + string(distinct(t))",
        "first(d) < last(d) ? 'up' : 'down'", "date(2012, 2, 29) == d", "-(-n) == n", "1e3 * .5 - 2."
    ]

    static let fragments: [String] = [
        "(", ")", "'", "\"", "`", "\\", ",", "?", ":", "!", "-", "+", "*", "/", "%", "<", "<=", ">", "==", "=", "!=",
        "&&", "||", "&", "|", " in ", " in (", " and ", " or ", "not ", "null", "true", "false", "1e", "1e999", ".", "..",
        "é", "≥", "≠", "−", "‘", "“", "\u{0}", "\n", "\t", "\u{A0}", "count(", "min(", "max(", "year(", "month(", "format(",
        "quantile(", "sum(", "median(", "#", "$", "0", "9.", "x", "n", "s", "d", "b", "`a b`", "`n`", "((((", "))))",
        "'2020-01-01'", "*", "🙂", "e\u{301}", "in", "()", "(,)", ", ,"
    ]

    /// Applies one to three random edits: delete, insert a fragment, duplicate, replace, truncate.
    static func mutate(_ text: String, _ random: inout SeededRandom) -> String {
        var scalars = Array(text.unicodeScalars)
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let position = scalars.isEmpty ? 0 : Int.random(in: 0...scalars.count, using: &random)
            switch Int.random(in: 0..<5, using: &random) {
            case 0 where !scalars.isEmpty:
                let start = min(position, scalars.count - 1)
                let end = min(scalars.count, start + Int.random(in: 1...4, using: &random))
                scalars.removeSubrange(start..<end)
            case 1:
                let fragment = fragments[Int.random(in: 0..<fragments.count, using: &random)]
                scalars.insert(contentsOf: fragment.unicodeScalars, at: position)
            case 2 where !scalars.isEmpty:
                let start = min(position, scalars.count - 1)
                let end = min(scalars.count, start + Int.random(in: 1...8, using: &random))
                scalars.insert(contentsOf: scalars[start..<end], at: end)
            case 3 where !scalars.isEmpty:
                let index = min(position, scalars.count - 1)
                let fragment = fragments[Int.random(in: 0..<fragments.count, using: &random)]
                scalars.replaceSubrange(index...index, with: fragment.unicodeScalars)
            default:
                scalars.removeSubrange(min(position, scalars.count)...)
            }
        }
        var result = ""
        result.unicodeScalars.append(contentsOf: scalars)
        return result
    }

    /// The text as a JSON string literal (quotes, backslashes and control characters escaped).
    static func jsonLiteral(_ text: String) -> String {
        JSONText.quote(text, for: .readable)
    }

    /// Every diagnostic has a span inside `bounds` (and so do its fix-it and notes); a failed compile explains itself.
    static func checkSpans(_ diagnostics: [Diagnostic], within bounds: ClosedRange<Int>, compiled: Bool, text: String) {
        if !compiled { #expect(diagnostics.hasErrors, "no error for failed compile of \(text.debugDescription)") }
        for diagnostic in diagnostics {
            guard let span = diagnostic.span else {
                Issue.record("diagnostic without span for \(text.debugDescription): \(diagnostic.message)")
                continue
            }
            #expect(
                bounds.contains(span.range.lowerBound) && bounds.contains(span.range.upperBound),
                "span \(span.range) outside \(bounds) for \(text.debugDescription)")
            if let fixIt = diagnostic.fixIt { #expect(bounds.contains(fixIt.span.range.lowerBound) && bounds.contains(fixIt.span.range.upperBound)) }
            for note in diagnostic.notes {
                if let noteSpan = note.span { #expect(bounds.contains(noteSpan.range.lowerBound) && bounds.contains(noteSpan.range.upperBound)) }
            }
            #expect(!diagnostic.message.isEmpty)
        }
    }

    static let schema = ExpressionSchema(table: sampleTable)

    /// Compiles as a row and as an aggregate expression and runs whatever compiles.
    @discardableResult
    static func exercise(_ source: ExpressionSource, bounds: ClosedRange<Int>) -> (row: Bool, aggregate: Bool) {
        let text = source.text
        let (row, rowDiagnostics) = ExpressionCompiler.compileRow(source, schema: schema)
        checkSpans(rowDiagnostics, within: bounds, compiled: row != nil, text: text)
        if let row {
            do {
                let column = try row.evaluate(on: sampleTable, rows: nil, name: "x")
                #expect(column.count == sampleTable.rowCount)
                #expect(column.type == (row.resultType ?? .number))
                if row.resultType == .boolean || row.resultType == nil {
                    _ = try row.selectRows(of: sampleTable, rows: [4, 2, 0])
                }
            } catch {
                Issue.record("row evaluation threw for \(text.debugDescription): \(error.diagnostics.map(\.message))")
            }
        }
        let (aggregate, aggregateDiagnostics) = ExpressionCompiler.compileAggregate(source, schema: schema, groupFields: ["s", "t"])
        checkSpans(aggregateDiagnostics, within: bounds, compiled: aggregate != nil, text: text)
        if let aggregate {
            do {
                for call in aggregate.calls {
                    _ = try call.argument?.evaluate(on: sampleTable, rows: nil, name: "arg")
                }
                var columns = [stringColumn("s", ["a", nil]), stringColumn("t", [nil, "b"])]
                for (index, call) in aggregate.calls.enumerated() {
                    var builder = ColumnBuilder(name: CompiledAggregate.callColumnName(index), type: call.resultType ?? .number)
                    builder.appendNull()
                    builder.append(call.resultType == .number ? .number(2) : .null)
                    columns.append(builder.finish())
                }
                let groups = Table(columns: columns)
                _ = try aggregate.outer.evaluate(on: groups, rows: nil, name: "out")
            } catch {
                Issue.record("aggregate evaluation threw for \(text.debugDescription): \(error.diagnostics.map(\.message))")
            }
        }
        return (row != nil, aggregate != nil)
    }

    @Test(.timeLimit(.minutes(2)))
    func seedsCompileOrFailCleanly() {
        for seed in Self.seeds {
            Self.exercise(ExpressionSource(standalone: seed), bounds: 0...seed.utf8.count)
        }
    }

    @Test(.timeLimit(.minutes(5)))
    func thousandsOfMutationsNeverCrashAndPointInsideTheText() {
        var random = SeededRandom(seed: 20_240_229)
        var rowsCompiled = 0
        var aggregatesCompiled = 0
        for round in 0..<4000 {
            let seed = Self.seeds[round % Self.seeds.count]
            var text = Self.mutate(seed, &random)
            if round % 7 == 0 { text = Self.mutate(text, &random) }
            let outcome = Self.exercise(ExpressionSource(standalone: text), bounds: 0...text.utf8.count)
            if outcome.row { rowsCompiled += 1 }
            if outcome.aggregate { aggregatesCompiled += 1 }
            if round % 5 == 0 {
                // The same text inside a JSON file: spans stay within the string literal, quotes included.
                let source = jsonSource(literal: Self.jsonLiteral(text))
                #expect(source.text == text)
                let literal = source.literalSpan.range
                Self.exercise(source, bounds: literal.lowerBound...literal.upperBound)
            }
        }
        // Both paths get exercised: a fair share of mutants still compile and run.
        #expect(rowsCompiled > 200, "\(rowsCompiled) row expressions compiled")
        #expect(aggregatesCompiled > 80, "\(aggregatesCompiled) aggregates compiled")
        #expect(rowsCompiled < 3600)
    }

    @Test(.timeLimit(.minutes(2)))
    func pathologicalInputs() {
        let inputs = [
            String(repeating: "(", count: 100_000),
            String(repeating: ")", count: 1000),
            String(repeating: "-", count: 10_000) + "1",
            String(repeating: "!", count: 10_000) + "b",
            String(repeating: "a ? ", count: 5000) + "1",
            String(repeating: "f(", count: 5000),
            "n in (" + Array(repeating: "1", count: 20_000).joined(separator: ", ") + ")",
            String(repeating: "'", count: 10_001),
            String(repeating: "`", count: 9999),
            String(repeating: "\\", count: 1000),
            String(repeating: "é", count: 10_000),
            "\u{0}\u{1}\u{7F}",
            String(repeating: "n+", count: 10_000) + "n"
        ]
        for text in inputs {
            Self.exercise(ExpressionSource(standalone: text), bounds: 0...text.utf8.count)
        }
    }
}
