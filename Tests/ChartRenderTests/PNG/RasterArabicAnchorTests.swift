import ChartLayout
import Testing

@testable import ChartRender

/// A right-anchored Arabic label ends at its anchor in the PNG as in the browser: joined letters are narrower than
/// the layout measures them unjoined, so the line starts from the width drawn (the labels of the Arabic chart
/// stood 10 px left of the axis before).
@Suite struct RasterArabicAnchorTests {
    @Test(.enabled(if: PDFTools.liberationInstalled)) func anEndAnchoredArabicLabelEndsAtItsAnchor() throws {
        let style = TextStyle(size: 20)
        var scene = Scene(width: 200, height: 30)
        scene.children = [.text(TextNode(block: .single("القاهرة", style: style), x: 190, baseline: 22, anchor: .end, fill: "black"))]
        var page = RasterPage(scene: scene, fonts: .forScene(scene), scale: 1)
        try page.draw()
        // The rightmost column with ink.
        let canvas = page.recording.drawn()
        var right = 0
        for x in 0..<canvas.width {
            for y in 0..<canvas.height where canvas.pixel(x, y).red < 0.5 { right = max(right, x) }
        }
        #expect(right >= 186 && right <= 191, "the label's ink ends at x = \(right), its anchor is 190")
    }
}
