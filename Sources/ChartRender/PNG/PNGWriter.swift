import ChartDiagnostics
import ChartFont
import ChartFormat
import ChartLayout

/// Draws a `Scene` as a PNG image with chartc's own rasterizer (`RasterPage`, no library or program): the
/// same scene the SVG and PDF writers serialize, `scale` device pixels per CSS px, 8-bit sRGB RGBA, with the
/// chart's title, alt text (`Description`) and data sources (`Source`) in text chunks (`PNGEncoder`).
/// Deterministic: the same scene gives the same bytes.
public struct PNGWriter: Sendable {
    public struct Options: Sendable {
        /// Device pixels per CSS px (SPEC §23: `--scale N`, default 2).
        public var scale: Double
        /// Where the faces come from; nil: the scene's font files, else its font stack in the system font folders.
        public var fonts: PDFFontSource?

        public init(scale: Double = 2, fonts: PDFFontSource? = nil) {
            self.scale = scale
            self.fonts = fonts
        }
    }

    /// The largest image drawn, in pixels (16 384 × 16 384).
    public static let maximumPixels = 16_384 * 16_384

    public var options: Options

    public init(options: Options = Options()) {
        self.options = options
    }

    public static func write(_ scene: Scene, options: Options = Options()) throws(DiagnosticError) -> [UInt8] {
        try PNGWriter(options: options).write(scene)
    }

    public func write(_ scene: Scene) throws(DiagnosticError) -> [UInt8] {
        let scale = options.scale.isFinite && options.scale > 0 ? options.scale : 2
        var page = RasterPage(scene: scene, fonts: options.fonts ?? .forScene(scene), scale: scale)
        do {
            try page.draw()
        } catch {
            throw DiagnosticError(error.diagnostic)
        }
        var text: [(keyword: String, value: String)] = []
        if let title = scene.title, !title.isEmpty { text.append(("Title", title)) }
        if let description = scene.description, !description.isEmpty { text.append(("Description", description)) }
        let sources = scene.dataSources.map { $0.url }.filter { !$0.isEmpty }
        if !sources.isEmpty { text.append(("Source", sources.joined(separator: "\n"))) }
        text.append(("Software", "chartc"))
        // 96 CSS px per inch: pixels per metre at this scale.
        let perMetre = NumberConversion.clamped(96 * scale / 0.0254, rounding: .toNearestOrAwayFromZero)
        let width = page.recording.width, height = page.recording.height
        // Each band's rows go to the encoder as they are drawn: neither the image nor the compressor's input is
        // ever held whole.
        var data = PNGImageData(width: width, height: height)
        Self.drawBands(&page.recording) { _, bytes in data.append(row: bytes) }
        return PNGEncoder.encode(width: width, height: height, imageData: data.finish(), pixelsPerMetre: perMetre, text: text)
    }

    /// Rows drawn per band: about 256 KiB of pixels, which stay in the processor's cache while they are drawn
    /// and encoded.
    static func bandRows(width: Int) -> Int { max(1, 65_536 / max(1, width)) }

    /// Draws the recording a band of rows at a time (`rows` each, by default `bandRows`) into one reused canvas
    /// and hands each row, top to bottom, to `row` as 8-bit straight RGBA.
    static func drawBands(_ recording: inout RasterDisplayList, rows: Int? = nil, row: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
        let width = recording.width, height = recording.height
        let rows = max(1, rows ?? bandRows(width: width))
        var band = RasterCanvas(width: width, height: min(rows, height))
        var bytes = [UInt8](repeating: 0, count: width * 4)
        // Over an opaque background every pixel stays opaque, so its premultiplied bytes are its straight ones.
        let opaque = recording.opaqueBackground
        var top = 0
        while top < height {
            let bottom = min(height, top + rows)
            band.reset(top: top, height: bottom - top, clear: !opaque)
            recording.draw(rows: top..<bottom, into: &band)
            bytes.withUnsafeMutableBufferPointer { bytes in
                for y in top..<bottom { band.withStraightRow(y, opaque: opaque, scratch: bytes) { row(y, $0) } }
            }
            top = bottom
        }
    }
}
