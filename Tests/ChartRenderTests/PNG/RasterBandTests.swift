import ChartLayout
import Foundation
import Testing

@testable import ChartRender

/// The page is drawn a band of rows at a time (`RasterDisplayList`, `PNGWriter.drawBands`) so that no canvas as
/// large as the image is held: whatever the band height, the pixels are those of the page drawn at once — fills
/// that span bands carry on where they stopped, layers and their masks are cut at band edges without a seam.
@Suite struct RasterBandTests {
    /// Every row of the recording as straight RGBA bytes, drawn in bands of `rows` (nil: the writer's default).
    static func rows(_ recording: RasterDisplayList, bandRows: Int?) -> [[UInt8]] {
        var copy = recording
        var rows: [[UInt8]] = []
        PNGWriter.drawBands(&copy, rows: bandRows) { _, bytes in rows.append(Array(bytes)) }
        return rows
    }

    /// The same rows from the page drawn into one canvas.
    static func whole(_ recording: RasterDisplayList) -> [[UInt8]] {
        let canvas = recording.drawn()
        var bytes = [UInt8](repeating: 0, count: canvas.width * 4)
        return (0..<canvas.height).map { y in
            bytes.withUnsafeMutableBufferPointer { canvas.straightRow(y, into: $0) }
            return bytes
        }
    }

    @Test(
        "bands of 1, 3, 7, 64 rows and the default give the page drawn at once: text, strokes, gradients, clips, layers",
        .enabled(if: PDFTools.liberationInstalled))
    func bandsMatchTheWholePage() throws {
        var scene = PDFWriterTests.scene()
        scene.background = "#fdfdf8"
        // A translucent shape with a stroke is drawn as one layer; it spans many bands.
        scene.children.append(
            .rect(
                RectNode(
                    box: Box(x: 120, y: 20, width: 60, height: 150), fill: .color("#ff0000"), stroke: Stroke(.color("#0000ff"), width: 5),
                    opacity: 0.5)))
        var page = RasterPage(scene: scene, fonts: .forScene(scene), scale: 1.5)
        try page.draw()
        let expected = Self.whole(page.recording)
        #expect(expected.count == 300)
        #expect(expected.contains { row in row.contains { $0 != 0 && $0 != 0xFF } }, "the page has drawn anti-aliased pixels")
        for band in [1, 3, 7, 64, nil] {
            let rows = Self.rows(page.recording, bandRows: band)
            #expect(rows.count == expected.count)
            let differing = zip(rows, expected).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
            #expect(differing.isEmpty, "bands of \(band.map(String.init) ?? "default") rows differ at rows \(differing.prefix(5))")
        }
    }

    @Test("a layer's mask is cut at band edges as the whole page cuts it")
    func maskedLayerAcrossBands() {
        var recording = RasterDisplayList(width: 40, height: 40)
        var circle = RasterPolylines()
        circle.subpaths = [(RasterStroker.circle(RasterPoint(x: 20, y: 20), 15.3, tolerance: 0.05), true)]
        var square = RasterPolylines()
        square.subpaths = [([RasterPoint(x: 2, y: 2), RasterPoint(x: 38, y: 2), RasterPoint(x: 38, y: 38), RasterPoint(x: 2, y: 38)], true)]
        recording.beginLayer()
        recording.fill(square, rule: .nonZero, paint: .solid(red: 0, green: 0.5, blue: 1, alpha: 1), opacity: 1, clip: nil)
        recording.endLayer(left: 0, top: 0, right: 40, bottom: 40, opacity: 0.7, mask: circle)
        let expected = Self.whole(recording)
        // Inside the circle, the square at 70%; outside it, nothing.
        #expect(expected[20][20 * 4 + 3] == 179)
        #expect(expected[3][3 * 4 + 3] == 0)
        for band in [1, 2, 5, 13] {
            #expect(Self.rows(recording, bandRows: band) == expected, "bands of \(band) rows")
        }
    }

    @Test("a row whose edges are all vertical is covered as sampling it sixteen times would: fractional columns, fractional rows")
    func uniformRows() {
        var canvas = RasterCanvas(width: 10, height: 10)
        var outline = RasterPolylines()
        // Vertical edges at 1.25 and 8.5; rows 2.75…7.5.
        outline.subpaths = [
            ([RasterPoint(x: 1.25, y: 2.75), RasterPoint(x: 8.5, y: 2.75), RasterPoint(x: 8.5, y: 7.5), RasterPoint(x: 1.25, y: 7.5)], true)
        ]
        canvas.fill(outline, rule: .nonZero, paint: .solid(red: 0, green: 0, blue: 0, alpha: 1), opacity: 1, clip: nil)
        #expect(canvas.pixel(1, 5).alpha == Float(191) / 255) // 75% of the column
        #expect(canvas.pixel(8, 5).alpha == Float(128) / 255) // 50%
        #expect(canvas.pixel(4, 5).alpha == 1)
        #expect(canvas.pixel(4, 2).alpha == Float(64) / 255) // 25% of the row
        #expect(canvas.pixel(1, 2).alpha == Float(48) / 255) // 75% × 25%
        #expect(canvas.pixel(4, 7).alpha == Float(128) / 255)
        #expect(canvas.pixel(4, 8).alpha == 0)
    }

    /// The share of a pixel inside `outline` by `rule`, from a grid of `grid` × `grid` points: a reference that
    /// knows nothing of edges, spans or areas.
    static func sampledCoverage(_ outline: RasterPolylines, rule: RasterFillRule, x: Int, y: Int, grid: Int) -> Double {
        var inside = 0
        for i in 0..<grid {
            for j in 0..<grid {
                let px = Double(x) + (Double(i) + 0.5) / Double(grid), py = Double(y) + (Double(j) + 0.5) / Double(grid)
                var winding = 0
                for subpath in outline.subpaths {
                    let points = subpath.points
                    for index in 0..<points.count {
                        let p = points[index], q = points[(index + 1) % points.count]
                        guard (p.y <= py) != (q.y <= py) else { continue }
                        let crossing = p.x + (py - p.y) / (q.y - p.y) * (q.x - p.x)
                        if crossing > px { winding += q.y > p.y ? 1 : -1 }
                    }
                }
                if rule == .nonZero ? winding != 0 : winding & 1 != 0 { inside += 1 }
            }
        }
        return Double(inside) / Double(grid * grid)
    }

    @Test(
        "every pixel's coverage is the share of it inside the outline: overlapping stroke pieces, a self-crossing star by both rules, a thin sliver"
    )
    func coverageMatchesAReference() {
        var zigzag = RasterPolylines()
        zigzag.subpaths = [
            ([RasterPoint(x: 2.3, y: 3.1), RasterPoint(x: 9.7, y: 20.4), RasterPoint(x: 14.2, y: 4.9), RasterPoint(x: 27.5, y: 26.8)], false)
        ]
        let stroke = RasterStroker.outline(zigzag, style: RasterStrokeStyle(width: 3.2, join: .miter), tolerance: 0.05)
        var star = RasterPolylines()
        star.subpaths = [
            (
                (0..<5).map { k in
                    let angle = Double(k * 2) * 2 * Double.pi / 5 - Double.pi / 2
                    return RasterPoint(x: 15 + 12.6 * cos(angle), y: 15.3 + 12.6 * sin(angle))
                }, true
            )
        ]
        var sliver = RasterPolylines()
        sliver.subpaths = [([RasterPoint(x: 3.5, y: 2.2), RasterPoint(x: 26.1, y: 27.9), RasterPoint(x: 26.4, y: 27.2)], true)]
        for (name, outline, rule) in [
            ("stroke", stroke, RasterFillRule.nonZero), ("star", star, .nonZero), ("star", star, .evenOdd), ("sliver", sliver, .nonZero)
        ] {
            var canvas = RasterCanvas(width: 30, height: 30)
            canvas.fill(outline, rule: rule, paint: .solid(red: 0, green: 0, blue: 0, alpha: 1), opacity: 1, clip: nil)
            var worst = 0.0
            for y in 0..<30 {
                for x in 0..<30 {
                    let expected = Self.sampledCoverage(outline, rule: rule, x: x, y: y, grid: 24)
                    worst = max(worst, abs(Double(canvas.pixel(x, y).alpha) - expected))
                }
            }
            // The reference's grid is within 1/24 of the exact share along an edge; the canvas within a level.
            #expect(worst < 0.03, "\(name) (\(rule)): a pixel's coverage is \(worst) from the reference")
        }
    }
}
