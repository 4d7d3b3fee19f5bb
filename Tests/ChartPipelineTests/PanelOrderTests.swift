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

    /// An encoding's sort (SPEC §20) is the same step: one group per category, nulls last, ties in output order.
    @Test func channelSortsOrderTheirCategories() throws {
        func resolved(_ sort: String) throws -> [String]? {
            let text =
                #"{ "data": { "url": "d.csv" }, "mark": "bar", "encoding": { "x": { "field": "p", "sort": \#(sort) }, "y": { "field": "y" } } }"#
            let spec = try #require(SpecParser.parse(SourceFile(path: "s.chart.json", text: text)).spec)
            return try PanelOrder.resolve(spec, table: Self.rows).encoding.x?.sortedKeys
        }
        #expect(try resolved(#""-median(y)""#) == ["B", "D", "A", "C"])
        #expect(try resolved(#""descending""#) == ["D", "C", "B", "A"])
        #expect(try resolved(#"["C", "Z", "A"]"#) == ["C", "A", "B", "D"])
        // By y summed per category: A 16, B 8, C null, D 8.
        #expect(try resolved(#""-y""#) == ["A", "B", "D", "C"])
        #expect(try resolved(#""y""#) == ["B", "D", "A", "C"])
    }

    /// In a layered chart each layer's sorted channels are ordered over that layer's rows and kept in the layer.
    @Test func aLayeredChartsSortIsResolvedPerLayer() throws {
        let text =
            #"{ "data": { "url": "d.csv" }, "encoding": { "x": { "field": "p", "sort": "-sum(y)" }, "y": { "field": "y" } }, "layers": [ { "mark": "bar" }, { "mark": "point" } ] }"#
        let spec = try #require(SpecParser.parse(SourceFile(path: "s.chart.json", text: text)).spec)
        let resolved = try PanelOrder.resolve(spec, table: Self.rows, layers: [Self.rows, Self.rows])
        #expect(resolved.layerChart(0).encoding.x?.sortedKeys == ["A", "B", "D", "C"])
        #expect(resolved.layerChart(1).encoding.x?.sortedKeys == ["A", "B", "D", "C"])
    }
}
