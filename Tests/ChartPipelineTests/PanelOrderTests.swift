import ChartData
import ChartDiagnostics
import ChartSpec
import ChartValues
import Testing
@testable import ChartPipeline

/// `facet.sort` (SPEC §13) is computed by the pipeline (`PanelOrder`) with the aggregation's own reducers, and
/// layout only reads the order it gives (`FacetSpec.order`).
@Suite struct PanelOrderTests {
    static func spec(sort: String) throws -> ChartSpec {
        let text =
            #"{ "data": { "url": "d.csv" }, "mark": "line", "encoding": { "x": { "field": "x" }, "y": { "field": "y" } }, "facet": { "field": "p", "sort": "\#(sort)" } }"#
        return try #require(SpecParser.parse(SourceFile(path: "s.chart.json", text: text)).spec)
    }

    static let rows = Table(columns: [
        T.strings("p", ["A", "A", "A", "A", "B", "B", "C", "C", "D", "D"]),
        T.numbers("x", [1, 2, 3, 4, 1, 2, 1, 2, 1, 2]),
        T.numbers("y", [1, 2, 3, 10, 4, 4, nil, nil, 2, 6])
    ])

    @Test func panelsFollowTheAggregateHighestFirstWithNullsLastAndTiesInOutputOrder() throws {
        // Medians: A 2.5, B 4, C null, D 4 → B and D tie (output order), then A, then C (null) last.
        let resolved = try PanelOrder.resolve(try Self.spec(sort: "-median(y)"), table: Self.rows)
        #expect(resolved.facet?.order == ["B", "D", "A", "C"])
    }

    @Test func quantilesAreTheAggregationsType7() throws {
        // quantile(y, 0.9): A 1 + … type 7 over [1, 2, 3, 10] = 3 + 0.7 × 7 = 7.9; B 4; D 2 + 0.9 × 4 = 5.6.
        let resolved = try PanelOrder.resolve(try Self.spec(sort: "quantile(y, 0.9)"), table: Self.rows)
        #expect(resolved.facet?.order == ["B", "D", "A", "C"])
        let descending = try PanelOrder.resolve(try Self.spec(sort: "-quantile(y, 0.9)"), table: Self.rows)
        #expect(descending.facet?.order == ["A", "D", "B", "C"])
    }

    @Test func withoutASortThereIsNoOrder() throws {
        let text =
            #"{ "data": { "url": "d.csv" }, "mark": "line", "encoding": { "x": { "field": "x" }, "y": { "field": "y" } }, "facet": { "field": "p" } }"#
        let spec = try #require(SpecParser.parse(SourceFile(path: "s.chart.json", text: text)).spec)
        #expect(try PanelOrder.resolve(spec, table: Self.rows).facet?.order == nil)
    }

    @Test func anErrorPointsInsideTheExpressionString() throws {
        let spec = try Self.spec(sort: "-median(yy)")
        do {
            _ = try PanelOrder.resolve(spec, table: Self.rows)
            Issue.record("expected an error")
        } catch {
            let diagnostic = try #require(error.diagnostics.first)
            #expect(diagnostic.id == "unknown-field")
            #expect(diagnostic.span != nil)
        }
    }
}
