import ChartDiagnostics
import ChartJSON
import Testing
@testable import ChartSpec

/// `layers` (SPEC §11) in the parser: exactly one of `mark` and `layers`, each layer as strict as the top level
/// (did-you-mean at the layer's own path and line:col), the top-level encoding inherited and overridden, `null`
/// removing a channel, and `layerChart` giving each layer the pipeline its rows come from.
@Suite struct LayerSpecTests {
    static let data = #""data": { "values": [{ "m": "Jan", "v": 1, "w": 2 }] }"#

    @Test func layersParseWithInheritanceOverrideAndRemoval() throws {
        let result = parse(
            lines(
                Self.data,
                #""encoding": { "x": { "field": "m" }, "y": { "field": "v" }, "color": { "field": "m" } }"#,
                #""layers": [{ "mark": "area", "encoding": { "y": { "field": "w" }, "color": null } }, { "mark": { "type": "line", "points": true }, "filter": "v > 0" }]"#
            ))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let spec = try #require(result.spec)
        #expect(spec.isLayered)
        #expect(spec.layers.map(\.mark.type.value) == [.area, .line])
        let area = spec.layerChart(0)
        #expect(area.mark.type.value == .area)
        #expect(area.encoding.x?.field?.value == "m")
        #expect(area.encoding.y?.field?.value == "w")
        #expect(area.encoding.color == nil)
        #expect(area.layerIndex == 0)
        #expect(area.layers.isEmpty)
        let line = spec.layerChart(1)
        #expect(line.encoding.y?.field?.value == "v")
        #expect(line.encoding.color?.field?.value == "m")
        #expect(line.mark.points)
        #expect(spec.layers[1].filter.map(\.text) == ["v > 0"])
        #expect(spec.layers[1].hasFinalSteps)
        #expect(!spec.layers[1].hasOwnPipeline)
    }

    @Test func unknownLayerKeysGetADidYouMeanAtTheirPosition() {
        let result = parse(
            lines(
                Self.data,
                #""layers": [{ "mark": "line", "filtr": "v > 0", "encoding": { "y": { "feild": "v" } } }]"#
            ))
        let unknown = result.diagnostics.filter { $0.id == "unknown-key" }
        #expect(
            unknown.map(\.message) == [
                "unknown key 'filtr' in 'layers[0]'; did you mean 'filter'?",
                "unknown key 'feild' in 'layers[0].encoding.y'; did you mean 'field'?"
            ])
        #expect(position(unknown.first) == "3:32")
    }

    @Test func wrongTypesInALayerNameTheirPath() {
        let result = parse(
            lines(
                Self.data,
                #""layers": [{ "mark": { "type": "line", "opacity": "0.5" }, "groupBy": "m" }, 3]"#
            ))
        let messages = result.diagnostics.filter { $0.id == "wrong-type" }.map(\.message)
        #expect(messages.contains { $0.hasPrefix("'layers[0].mark.opacity' must be a number") })
        #expect(messages.contains { $0.hasPrefix("'layers[0].groupBy' must be an array of field names") })
        #expect(messages.contains { $0.hasPrefix("'layers[1]' must be a layer such as { \"mark\": \"line\" }") })
        #expect(!result.succeeded)
    }

    @Test func exactlyOneOfMarkAndLayers() {
        let both = parse(lines(Self.data, markLine, #""layers": [{ "mark": "line" }]"#))
        #expect(both.ids.contains("conflicting-keys"))
        #expect(position(both.first("conflicting-keys")) == "4:3")
        let neither = parse(lines(Self.data))
        #expect(neither.first("missing-key")?.message.contains("or 'layers' to draw several") == true)
        let empty = parse(lines(Self.data, #""layers": []"#))
        #expect(empty.ids == ["invalid-value"])
        let noMark = parse(lines(Self.data, #""layers": [{ "encoding": {} }]"#))
        #expect(noMark.first("missing-key")?.message.hasPrefix("'layers[0]' needs a 'mark'") == true)
    }

    @Test func nullRemovesOnlyInALayer() {
        // At the top level a channel cannot be null: there is nothing to remove.
        let top = parse(lines(Self.data, markLine, #""encoding": { "color": null }"#))
        #expect(top.ids.contains("wrong-type"))
        let layer = parse(lines(Self.data, #""layers": [{ "mark": "line", "encoding": { "tooltip": null, "text": null } }]"#))
        #expect(layer.diagnostics.isEmpty)
        #expect(layer.spec?.layers.first?.removed.map(\.value) == [.tooltip, .text])
    }

    @Test func totalAndCompleteNeedTheLayersOwnAggregate() {
        let result = parse(lines(Self.data, #""layers": [{ "mark": "line", "complete": true }]"#))
        #expect(result.ids == ["misplaced-key"])
    }

    @Test func aLayerPipelineFollowsTheSpec() throws {
        let result = parse(
            lines(
                #""data": { "url": "a.csv" }"#,
                #""calculate": { "month": "month(date)" }"#,
                #""filter": "temp > 0""#,
                #""window": { "r": "rank()" }"#,
                #""layers": [{ "mark": "point" }, { "mark": "line", "calculate": { "t2": "temp * 2" }, "groupBy": ["month"], "aggregate": { "mean": "mean(t2)" }, "filter": "mean > 1" }, { "mark": "line", "data": { "url": "b.csv" }, "calculate": { "z": "1" } }]"#
            ))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let spec = try #require(result.spec)
        // Shared rows: the top-level pipeline as it is.
        let shared = spec.layerChart(0)
        #expect(shared.calculate.map(\.name.value) == ["month"])
        #expect(shared.window.map(\.name.value) == ["r"])
        // Its own aggregation: the top-level calculate then its own, the top-level filter, its grouping; the
        // filter comes last, after it.
        let own = spec.layerChart(1)
        #expect(own.calculate.map(\.name.value) == ["month", "t2"])
        #expect(own.filter.map(\.text) == ["temp > 0"])
        #expect(own.groupBy.map(\.value) == ["month"])
        // SPEC §11, §19.11: the top-level window follows the aggregation it inherits, over the layer's rows.
        #expect(own.window.map(\.name.value) == ["r"])
        #expect(spec.layers[1].finalSteps.filter.map(\.text) == ["mean > 1"])
        #expect(spec.layers[1].finalSteps.calculate.isEmpty)
        // Its own data: neither the top-level calculate nor filter.
        let data = spec.layerChart(2)
        #expect(data.calculate.map(\.name.value) == ["z"])
        #expect(data.filter.isEmpty)
        #expect(data.window.isEmpty)
        if case .url(let url) = data.data.origin { #expect(url.value == "b.csv") } else { Issue.record("not the layer's data") }
    }

    @Test func fmtOrdersLayerKeys() throws {
        let text = #"{"layers": [{"filter": "a > 1", "encoding": {"y": {"field": "a"}}, "mark": "line"}], "data": {"url": "a.csv"}}"#
        let root = try JSONReader.read(SourceFile(path: "s.chart.json", text: text), requireObject: true)
        #expect(
            SpecFormatter.format(root) == """
                {
                  "data": { "url": "a.csv" },
                  "layers": [
                    {
                      "mark": "line",
                      "encoding": {
                        "y": { "field": "a" }
                      },
                      "filter": "a > 1"
                    }
                  ]
                }

                """)
    }
}
