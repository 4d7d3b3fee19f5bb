import ChartFont
import ChartLayout
import ChartTestSupport
import Foundation
import Testing

@testable import ChartRender

/// The PNG writer (SPEC §23): the file's structure, deterministic bytes, the text chunks, and the rasterizer's
/// coverage, fill rules, strokes and text measured pixel by pixel.
@Suite("PNG writer")
struct PNGWriterTests {
    /// The chunks of a PNG file: type and data, each CRC checked.
    static func chunks(_ bytes: [UInt8]) -> [(type: String, data: [UInt8])]? {
        guard bytes.starts(with: PNGEncoder.signature) else { return nil }
        var chunks: [(type: String, data: [UInt8])] = []
        var at = 8
        while at + 12 <= bytes.count {
            let length = Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            guard at + 12 + length <= bytes.count else { return nil }
            let body = Array(bytes[(at + 4)..<(at + 8 + length)])
            let crc = bytes[(at + 8 + length)..<(at + 12 + length)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            guard crc == PNGEncoder.crc32(body) else { return nil }
            chunks.append((String(decoding: body.prefix(4), as: UTF8.self), Array(body.dropFirst(4))))
            at += 12 + length
        }
        return at == bytes.count ? chunks : nil
    }

    @Test("CRC-32 of the standard check string")
    func crc() {
        #expect(PNGEncoder.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
    }

    @Test("signature, IHDR at the scaled size, sRGB, pHYs, text chunks, IDAT and IEND, every CRC right", .enabled(if: PDFTools.liberationInstalled))
    func structure() throws {
        var scene = PDFWriterTests.scene()
        scene.dataSources = [SceneDataSource(url: "data/zürich.csv", sha256: "00")]
        let png = try PNGWriter.write(scene, options: PNGWriter.Options(scale: 2))
        let chunks = try #require(Self.chunks(png))
        #expect(chunks.map(\.type) == ["IHDR", "sRGB", "pHYs", "iTXt", "tEXt", "iTXt", "tEXt", "IDAT", "IEND"])
        #expect(Array(chunks[0].data) == [0, 0, 2, 88, 0, 0, 1, 144, 8, 6, 0, 0, 0]) // 600 × 400, 8-bit RGBA
        let texts = chunks.filter { $0.type == "tEXt" || $0.type == "iTXt" }.map { String(decoding: $0.data, as: UTF8.self) }
        #expect(texts.contains { $0.hasPrefix("Title\0\0\0\0\0Zürich −5 °C") })
        #expect(texts.contains { $0 == "Description\0A test scene" })
        #expect(texts.contains { $0.hasPrefix("Source\0\0\0\0\0data/zürich.csv") })
        if let pngcheck = ToolProcess.find("pngcheck") {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("chartc-png-\(UUID().uuidString).png")
            try Data(png).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let result = try ToolProcess.run(pngcheck, ["-v", file.path])
            #expect(result.status == 0, "\(result.output)")
            #expect(result.output.contains("No errors detected"))
        }
    }

    @Test("the same scene gives the same bytes", .enabled(if: PDFTools.liberationInstalled))
    func deterministic() throws {
        let scene = PDFWriterTests.scene()
        #expect(try PNGWriter.write(scene) == PNGWriter.write(scene))
        #expect(try PNGWriter.write(scene, options: .init(scale: 1)) != PNGWriter.write(scene, options: .init(scale: 3)))
    }

    /// Coverage of one pixel (0…1) of a canvas filled with opaque black over nothing.
    static func alpha(_ canvas: RasterCanvas, _ x: Int, _ y: Int) -> Float { canvas.pixel(x, y).alpha }

    static func square(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [RasterPoint] {
        [RasterPoint(x: x0, y: y0), RasterPoint(x: x1, y: y0), RasterPoint(x: x1, y: y1), RasterPoint(x: x0, y: y1)]
    }

    static let black = RasterPaint.solid(red: 0, green: 0, blue: 0, alpha: 1)

    @Test("a rectangle's edges cover the pixels they cut exactly: 30% of a column, half a row")
    func coverage() {
        var canvas = RasterCanvas(width: 10, height: 10)
        var outline = RasterPolylines()
        outline.subpaths = [(Self.square(2.7, 3.5, 6, 8), true)]
        canvas.fill(outline, rule: .nonZero, paint: Self.black, opacity: 1, clip: nil)
        #expect(abs(Self.alpha(canvas, 2, 5) - 0.3) < 0.003)
        #expect(abs(Self.alpha(canvas, 4, 3) - 0.5) < 0.003)
        #expect(abs(Self.alpha(canvas, 2, 3) - 0.15) < 0.003)
        #expect(Self.alpha(canvas, 4, 5) == 1)
        #expect(Self.alpha(canvas, 6, 5) == 0)
        #expect(Self.alpha(canvas, 4, 8) == 0)
    }

    @Test("non-zero fills a square inside a square wound the same way; even-odd leaves it a hole")
    func fillRules() {
        var outline = RasterPolylines()
        outline.subpaths = [(Self.square(0, 0, 10, 10), true), (Self.square(3, 3, 7, 7), true)]
        var nonZero = RasterCanvas(width: 10, height: 10)
        nonZero.fill(outline, rule: .nonZero, paint: Self.black, opacity: 1, clip: nil)
        var evenOdd = RasterCanvas(width: 10, height: 10)
        evenOdd.fill(outline, rule: .evenOdd, paint: Self.black, opacity: 1, clip: nil)
        #expect(Self.alpha(nonZero, 5, 5) == 1)
        #expect(Self.alpha(evenOdd, 5, 5) == 0)
        #expect(Self.alpha(evenOdd, 1, 1) == 1)
    }

    @Test("a clip cuts a fill, partly covered pixels in part; opacity scales coverage; source-over composites")
    func clipAndOpacity() {
        var canvas = RasterCanvas(width: 10, height: 10)
        var outline = RasterPolylines()
        outline.subpaths = [(Self.square(0, 0, 10, 10), true)]
        canvas.fill(outline, rule: .nonZero, paint: Self.black, opacity: 0.5, clip: RasterClip(minX: 2.5, minY: 0, maxX: 5, maxY: 10))
        #expect(Self.alpha(canvas, 1, 1) == 0)
        #expect(abs(Self.alpha(canvas, 2, 1) - 0.25) < 0.003)
        #expect(abs(Self.alpha(canvas, 3, 1) - 0.5) < 0.003)
        canvas.fill(outline, rule: .nonZero, paint: Self.black, opacity: 0.5, clip: nil)
        #expect(abs(Self.alpha(canvas, 3, 1) - 0.75) < 0.003)
    }

    @Test("strokes: a 2 px line covers 2 px; overlapping pieces paint once; dashes leave their gaps; caps extend")
    func strokes() {
        var line = RasterPolylines()
        line.subpaths = [([RasterPoint(x: 2, y: 5), RasterPoint(x: 18, y: 5), RasterPoint(x: 18, y: 15)], false)]
        var canvas = RasterCanvas(width: 20, height: 20)
        let outline = RasterStroker.outline(line, style: RasterStrokeStyle(width: 2), tolerance: 0.1)
        canvas.fill(outline, rule: .nonZero, paint: Self.black, opacity: 0.5, clip: nil)
        #expect(abs(Self.alpha(canvas, 10, 4) - 0.5) < 0.003)
        #expect(Self.alpha(canvas, 10, 6) == 0)
        // The corner, where a segment, the next one and the miter overlap, is painted once.
        #expect(abs(Self.alpha(canvas, 18, 5) - 0.5) < 0.003)
        #expect(abs(Self.alpha(canvas, 18, 4) - 0.5) < 0.003) // the miter's square corner
        #expect(Self.alpha(canvas, 1, 4) == 0) // butt cap
        var square = RasterCanvas(width: 20, height: 20)
        square.fill(
            RasterStroker.outline(line, style: RasterStrokeStyle(width: 2, cap: .square), tolerance: 0.1), rule: .nonZero, paint: Self.black,
            opacity: 1, clip: nil)
        #expect(Self.alpha(square, 1, 4) == 1)
        let dashed = RasterStroker.dashes([RasterPoint(x: 0, y: 0), RasterPoint(x: 10, y: 0)], closed: false, pattern: [2, 1], offset: 0)
        #expect(dashed.count == 4)
        #expect(dashed.map { $0.points.first?.x ?? -1 } == [0, 3, 6, 9])
        #expect(dashed.last?.points.last?.x == 10)
    }

    @Test("a gradient pads past its ends and ramps between its stops")
    func gradient() {
        let ramp = RasterGradient(x1: 0, y1: 0, x2: 10, y2: 0, stops: [(0.2, 0, 0, 0, 1), (0.8, 1, 1, 1, 1)])
        #expect(ramp.color(0, 5).0 == 0)
        #expect(ramp.color(10, 5).0 == 1)
        #expect(abs(ramp.color(5, 5).0 - 0.5) < 0.003)
    }

    @Test(
        "glyph outlines from the face draw the text: ink where the letters are, none past the measured width",
        .enabled(if: PDFTools.liberationInstalled))
    func text() throws {
        let style = TextStyle(size: 20)
        var scene = Scene(width: 100, height: 30)
        scene.children = [.text(TextNode(block: .single("HH", style: style), x: 10, baseline: 22, fill: "black"))]
        var page = RasterPage(scene: scene, fonts: .forScene(scene), scale: 1)
        try page.draw()
        let face = try PDFFontSource.forScene(scene).face(for: style)
        let glyph = face.glyph(for: 0x48)
        let outline = try #require(face.outline(glyph: glyph))
        #expect(outline.segments.count > 4) // H: one contour of lines
        // The H's left stem is dark halfway up; the space above the cap height and past the width is white.
        let width = TextMeasurer.width("HH", style: style)
        let canvas = page.recording.drawn()
        func red(_ x: Int, _ y: Int) -> Float { canvas.pixel(x, y).red }
        #expect(red(12, 15) < 0.2)
        #expect(red(20, 2) == 1)
        #expect(red(Int(10 + width) + 2, 15) == 1)
    }

    /// An element's `opacity` applies to its fill and stroke together, as SVG says (the cars matrix's translucent
    /// points had rims where the fill showed through the stroke's inner half, unlike Chromium's).
    @Test("a translucent element with a fill and a stroke is composited once: the stroke hides the fill under it")
    func elementOpacityIsOneLayer() throws {
        var scene = Scene(width: 40, height: 40)
        scene.background = "#ffffff"
        let box = Box(x: 10, y: 10, width: 20, height: 20)
        scene.children = [.rect(RectNode(box: box, fill: .color("#ff0000"), stroke: Stroke(.color("#0000ff"), width: 4), opacity: 0.5))]
        var page = RasterPage(scene: scene, fonts: .forScene(scene), scale: 1)
        try page.draw()
        let canvas = page.recording.drawn()
        func rgb(_ x: Int, _ y: Int) -> [Float] {
            let pixel = canvas.pixel(x, y)
            return [pixel.red, pixel.green, pixel.blue]
        }
        // Inside the stroke's inner half (x = 11): blue at half over white, no red from the fill beneath.
        let rim = rgb(11, 20)
        #expect(abs(rim[0] - 0.5) < 0.01 && abs(rim[1] - 0.5) < 0.01 && abs(rim[2] - 1) < 0.01, "\(rim)")
        // The middle: red at half over white.
        let middle = rgb(20, 20)
        #expect(abs(middle[0] - 1) < 0.01 && abs(middle[1] - 0.5) < 0.01 && abs(middle[2] - 0.5) < 0.01, "\(middle)")
        // Outside: white.
        #expect(rgb(2, 2) == [1, 1, 1])
    }
}
