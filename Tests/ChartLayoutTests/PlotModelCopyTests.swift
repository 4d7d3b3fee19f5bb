import ChartData
import ChartDiagnostics
import ChartSpec
import ChartValues
import Testing

@testable import ChartLayout

/// A plot model is copied dozens of times per layout (every `PlotScales`, axis builder and mark context keeps
/// one), so it must stay a pointer's worth of bytes: when its channels, spec and theme were stored inline, each
/// copy moved tens of kilobytes and the 100 small specs of the benchmark took twice as long (issue 24; see
/// `specs/performance.md`, "A regression to fix").
@Suite struct PlotModelCopyTests {
    @Test func aModelIsCheapToCopy() {
        // The shared parts' reference plus the two per-panel values a copy may change.
        #expect(MemoryLayout<PlotModel>.size <= 256, "PlotModel is \(MemoryLayout<PlotModel>.size) bytes inline")
    }

    @Test func copiesShareTheirDecisionsButNotTheirPanel() throws {
        let parsed = SpecParser.parse(
            SourceFile(
                path: "copy.chart.json",
                text: #"{"title": "T", "data": {"url": "d.csv"}, "mark": "bar", "encoding": {"x": {"field": "k"}, "y": {"field": "v"}}}"#))
        let spec = try #require(parsed.spec)
        let table = Table(columns: [
            Column(name: "k", type: .string, values: ["a", "b"].map { .string($0) }),
            Column(name: "v", type: .number, values: [1, 2].map { .number($0) })
        ])
        let model = try PlotModel(spec: spec, table: table)
        var copy = model
        copy.panel = PanelScope(rows: [1])
        #expect(model.panel == nil)
        #expect(copy.panel?.rows == [1])
        #expect(copy.series.map(\.name) == model.series.map(\.name))
        #expect(copy.x?.field == "k")
    }
}
