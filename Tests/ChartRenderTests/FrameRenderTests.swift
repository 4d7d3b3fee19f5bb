import Testing
import ChartLayout
@testable import ChartRender

@Suite struct FrameRenderTests {
    func frameScene(width: Double = 640) -> Scene {
        let frame = FrameLayout(
            title: "Political ideology in Congress, 1948-2025",
            subtitle: "On average, Democrats and Republicans are farther apart ideologically today than at any time in the past 80 years.",
            notes: [
                "Using the median DW-NOMINATE score from each major party in Congress, we can track how the parties have shifted over time.",
                "The congressional median (gray line) swings back and forth as the balance of power in the House and Senate changes."
            ],
            sources: [.init(title: "Parties at a Glance", site: "Voteview", url: "https://voteview.com/parties/all"), .init(site: "Census Bureau")],
            byline: "Chart: The Daily Example",
            width: width
        )
        let plotTop = frame.headerHeight
        let plotHeight = 200.0
        var children = frame.headerNodes()
        children.append(.rect(RectNode(box: Box(x: frame.left, y: plotTop, width: frame.contentWidth, height: plotHeight), fill: .color("#f3f3f3"))))
        children.append(contentsOf: frame.footerNodes(below: plotTop + plotHeight))
        return Scene(width: width, height: plotTop + plotHeight + frame.footerHeight, title: "Political ideology", children: children)
    }

    @Test func frameTextFitsAndParses() {
        for width in [320.0, 640, 900] {
            let scene = frameScene(width: width)
            #expect(scene.textLayoutProblems().isEmpty, "\(scene.textLayoutProblems())")
            let svg = SVGWriter.write(scene)
            #expect(XMLCheck.parse(svg).error == nil)
            preview(scene, name: "frame-\(Int(width))")
        }
    }

    @Test func sourcesLinkAndItalicizeTheSite() {
        let svg = SVGWriter.write(frameScene())
        #expect(svg.contains("<a href=\"https://voteview.com/parties/all\">"))
        #expect(svg.contains("font-style=\"italic\">Voteview</tspan>"))
        #expect(svg.contains("class=\"chartc-sources\""))
        #expect(svg.contains("class=\"chartc-notes\""))
        #expect(svg.contains("class=\"chartc-title\""))
        #expect(svg.contains("class=\"chartc-subtitle\""))
        #expect(svg.contains("class=\"chartc-byline\""))
    }
}
