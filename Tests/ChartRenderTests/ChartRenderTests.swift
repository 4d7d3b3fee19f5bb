import Testing
import ChartData
import ChartLayout
import ChartSpec
@testable import ChartRender

@Suite struct ChartRenderTests {
    func render(_ name: String, _ spec: ChartSpec, _ table: Table) throws -> (Scene, String) {
        let scene = try ChartLayoutEngine.layout(spec: spec, table: table)
        let svg = SVGWriter.write(scene)
        preview(scene, name: name)
        #expect(XMLCheck.parse(svg).error == nil, "\(name) is not well-formed")
        let problems = scene.textLayoutProblems()
        #expect(problems.isEmpty, "\(name): \(problems)")
        return (scene, svg)
    }

    @Test func polarizationChart() throws {
        let (spec, table) = Gallery.polarization()
        let (scene, svg) = try render("polarization", spec, table)
        let series = scene.groups(withClass: "chartc-series").compactMap { $0.data.first?.value }
        #expect(series == ["Democrats", "Republicans"])
        #expect(!svg.contains("Congress\""))
        #expect(svg.contains("<title id=\"chartc-title\">Political ideology in Congress, 1948-2025</title>"))
        #expect(svg.contains("class=\"chartc-legend\""))
        #expect(svg.contains("class=\"chartc-axis chartc-axis-y\""))
        #expect(svg.contains(">2000<"))
        #expect(!svg.contains("2,000"))
    }
}

extension ChartRenderTests {
    @Test func everyGalleryChartRendersCleanly() throws {
        for (name, spec, table) in Gallery.all() {
            let (scene, svg) = try render(name, spec, table)
            #expect(scene.nodes(withClass: "chartc-marks").count == 1, "\(name)")
            #expect(svg == SVGWriter.write(try ChartLayoutEngine.layout(spec: spec, table: table)), "\(name) is not deterministic")
        }
    }
}
