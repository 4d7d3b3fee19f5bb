import ChartData
import ChartDiagnostics
import ChartSpec
import Testing
@testable import ChartPipeline

/// The planner checks `facet` (SPEC §13): its field is an output field, its sort an aggregate over the output.
@Suite struct FacetPlanTests {
    static func diagnostics(_ facet: String) throws -> [Diagnostic] {
        let text = """
            { "data": { "values": [{ "city": "A", "t": 1, "w": "x" }] }, "groupBy": ["city"], "aggregate": { "high": "max(t)" },
              "mark": "bar", "encoding": { "x": { "field": "city" }, "y": { "field": "high" } }, "facet": \(facet) }
            """
        let spec = try #require(SpecParser.parse(SourceFile(path: "f.chart.json", text: text)).spec)
        return Planner.plan(spec, schema: [("city", .string), ("t", .number), ("w", .string)]).1
    }

    @Test func anOutputFieldIsFine() throws {
        #expect(try Self.diagnostics(#"{ "field": "city", "sort": "-max(high)" }"#).isEmpty)
    }

    @Test func aMisspelledFieldGetsADidYouMean() throws {
        let error = try #require(try Self.diagnostics(#"{ "field": "cty" }"#).first)
        #expect(error.id == "unknown-field")
        #expect(error.message.contains("did you mean 'city'"))
        #expect(error.fixIt?.replacement == "city")
    }

    @Test func aFieldTheAggregationDropsSaysSo() throws {
        let error = try #require(try Self.diagnostics(#"{ "field": "w" }"#).first)
        #expect(error.id == "unknown-field")
        #expect(error.message.contains("the fields here are: city, high"))
    }

    @Test func theSortIsCheckedAtItsPosition() throws {
        let error = try #require(try Self.diagnostics(#"{ "field": "city", "sort": "-median(hihg)" }"#).first)
        #expect(error.id == "unknown-field")
        #expect(error.message.contains("high"))
        #expect(error.span.map { $0.description.hasSuffix("2:121") || $0.range.count == 4 } == true)
        let notAggregate = try #require(try Self.diagnostics(#"{ "field": "city", "sort": "high" }"#).first)
        #expect(notAggregate.severity == .error)
    }
}
