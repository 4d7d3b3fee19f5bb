import ChartData
import ChartDiagnostics
import ChartSpec
import ChartValues
import Testing
@testable import ChartPipeline

/// `{ "aggregate": expr }` annotation values (SPEC §12): aggregates over the output rows, by the same machinery as
/// `aggregate`, with errors inside the expression string.
@Suite struct AnnotationValuesTests {
    static func spec(_ annotations: String, extra: String = "") throws -> ChartSpec {
        let text =
            #"{ "data": { "url": "d.csv" }, "mark": "bar", \#(extra) "encoding": { "x": { "field": "day" }, "y": { "field": "n" } }, "annotations": [\#(annotations)] }"#
        return try #require(SpecParser.parse(SourceFile(path: "s.chart.json", text: text)).spec)
    }

    static let rows = Table(columns: [
        T.strings("day", ["Mon", "Tue", "Wed", "Thu"]),
        T.numbers("n", [2, 4, nil, 9]),
        T.dates("d", ["2015-01-01", "2015-03-01", "2015-02-01", "2015-01-15"])
    ])

    @Test func aggregatesResolveOverTheOutputRows() throws {
        let spec = try Self.spec(
            #"""
            { "type": "rule", "y": { "aggregate": "mean(n)" } }, { "type": "range", "y": [{ "aggregate": "min(n)" }, { "aggregate": "quantile(n, 0.5) * 2" }] },
            { "type": "text", "x": { "aggregate": "last(day)" }, "y": { "aggregate": "count()" }, "text": "n" }, { "type": "rule", "x": { "aggregate": "max(d)" } },
            { "type": "rule", "y": 3 }
            """#)
        let resolved = try AnnotationValues.resolve(spec, table: Self.rows)
        let list = resolved.annotations
        #expect(list[0].y[0].value == .number(5))
        #expect(list[1].y.map(\.value) == [.number(2), .number(8)])
        #expect(list[2].x[0].value == .string("Thu") && list[2].y[0].value == .number(4))
        #expect(list[3].x[0].value == .date(ISO.ms("2015-03-01")))
        #expect(list[4].y[0].value == .number(3), "plain values stay as written")
    }

    @Test func anErrorPointsInsideTheExpressionString() throws {
        let spec = try Self.spec(#"{ "type": "rule", "y": { "aggregate": "mean(nn)" } }"#)
        #expect(throws: DiagnosticError.self) { try AnnotationValues.resolve(spec, table: Self.rows) }
        do {
            _ = try AnnotationValues.resolve(spec, table: Self.rows)
        } catch {
            let diagnostic = try #require(error.diagnostics.first)
            #expect(diagnostic.id == "unknown-field")
            let span = try #require(diagnostic.span)
            // `nn` inside "mean(nn)": the column of its first letter.
            let text = Array(spec.file.bytes)
            let needle = Array("mean(nn)".utf8)
            let start = try #require((0...(text.count - needle.count)).first { Array(text[$0..<($0 + needle.count)]) == needle })
            let offset = start + 5
            #expect(span.range.lowerBound == offset)
            #expect(diagnostic.message.contains("did you mean 'n'?"))
        }
    }

    @Test func thePlannerChecksAggregatesAgainstTheOutputFields() throws {
        // With `aggregate`, only the output fields exist: `temp` (a data column) is not one of them.
        let spec = try Self.spec(
            #"{ "type": "rule", "y": { "aggregate": "mean(temp)" } }, { "type": "rule", "y": { "aggregate": "mean(n)" } }"#,
            extra: #""groupBy": ["day"], "aggregate": { "n": "mean(temp)" },"#)
        let analysis = Planner.analyze(spec, schema: [("day", .string), ("temp", .number)])
        #expect(analysis.diagnostics.map(\.id) == ["unknown-field"])
        #expect(Planner.checkSyntax(try Self.spec(#"{ "type": "rule", "y": { "aggregate": "mean(n" } }"#)).map(\.id) == ["expr-syntax"])
    }
}
