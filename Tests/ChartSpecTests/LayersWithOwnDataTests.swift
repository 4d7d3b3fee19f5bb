import ChartDiagnostics
import Testing
@testable import ChartSpec

/// A chart whose every layer reads its own `data` (a map of the sphere, a graticule and countries, as Vega-Lite
/// writes it) needs no top-level `data`; a step that would run on top-level rows is then refused at its key, and
/// a chart with one layer that reads the top-level rows still needs them.
@Suite struct LayersWithOwnDataTests {
    static let mapLayers =
        #""layers": [{ "data": { "sphere": true }, "mark": "geoshape" }, { "data": { "graticule": { "step": [15, 15] } }, "mark": "geoshape" }, { "data": { "basemap": "world" }, "mark": "geoshape" }]"#

    @Test func everyLayerWithItsOwnDataNeedsNoTopLevelData() throws {
        let result = parse(lines(Self.mapLayers))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let spec = try #require(result.spec)
        // The page's data table stands for the chart with the first layer whose rows are data, not the sphere.
        guard case .basemap(let basemap) = spec.data.origin else {
            Issue.record("the page's data is \(spec.data.origin), not the countries")
            return
        }
        #expect(basemap.value.rawValue == "world")
        #expect(spec.layers.compactMap(\.data).count == 3)
    }

    @Test func aLayerThatReadsTheTopLevelRowsStillNeedsThem() {
        let result = parse(lines(#""layers": [{ "data": { "sphere": true }, "mark": "geoshape" }, { "mark": "geoshape" }]"#))
        #expect(result.spec == nil)
        #expect(result.first("missing-key")?.message.hasPrefix("missing 'data'") == true)
    }

    @Test func stepsOnTopLevelRowsAreRefusedAtTheirKey() throws {
        let result = parse(lines(Self.mapLayers, #""filter": "id != '010'""#, #""calculate": { "n": "1" }"#))
        let refused = result.diagnostics.filter { $0.id == "data-source" }
        #expect(refused.count == 2)
        #expect(position(refused.first) == "3:3")
        let message = try #require(refused.first?.message)
        #expect(message.contains("'filter' runs on the chart's top-level rows, but there are none"))
        #expect(message.contains("move 'filter' into the layers"))
        #expect(position(refused.last) == "4:3")
    }

    @Test func aBatchOverValuesNeedsNoTopLevelRowsButOneOverAFieldDoes() {
        let values = parse(lines(Self.mapLayers, #""each": { "values": ["a", "b"], "as": "v" }"#))
        #expect(!values.ids.contains("data-source"), "\(values.diagnostics.map(\.message))")
        let field = parse(lines(Self.mapLayers, #""each": { "field": "name" }"#))
        #expect(position(field.first("data-source")) == "3:3")
    }
}
