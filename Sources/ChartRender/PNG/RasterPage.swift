import ChartColor
import ChartFont
import ChartFormat
import ChartLayout

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Draws a `Scene` into a `RasterDisplayList` (device pixels, drawn into pixels by bands), as the PDF writer draws
/// it into a page: it decides nothing about positions. Shapes with their fills, strokes (widths, caps, joins, dashes), gradients, clip regions and
/// opacities; text from the glyph outlines of the faces the PDF embeds, at the same baselines and anchors,
/// from the same measured widths and pair kerning. An element's `opacity` applies to its fill and stroke together
/// (`inLayer`), a group's to each element in it (as the PDF writer does).
struct RasterPage {
    let scene: Scene
    let fonts: PDFFontSource
    /// What is drawn, recorded in device pixels.
    var recording: RasterDisplayList
    /// Scene px to device pixels, with the translations of the groups being drawn.
    var transform: RasterTransform
    var clip: RasterClip?
    var gradients: [String: LinearGradient] = [:]
    var clips: [String: Box] = [:]
    var facesByStyle: [FontStyleRequest: OpenTypeFace] = [:]
    var fallbacksByStyle: [FontStyleRequest: OpenTypeFace?] = [:]
    /// Outlines read so far, by face (path and index) and glyph.
    var outlines: [String: [UInt16: GlyphOutline]] = [:]
    /// How many more logo elements may be drawn (a `use` loop stops here).
    var logoElementsLeft = 20_000

    /// Curves are flattened to chords within this many device pixels.
    static let tolerance = 0.1

    init(scene: Scene, fonts: PDFFontSource, scale: Double) {
        self.scene = scene
        self.fonts = fonts
        let width = NumberConversion.clamped(scene.width * scale, rounding: .up)
        let height = NumberConversion.clamped(scene.height * scale, rounding: .up)
        recording = RasterDisplayList(width: width, height: height)
        transform = .scale(scale)
        for definition in scene.definitions {
            switch definition {
            case .linearGradient(let gradient): gradients[gradient.id] = gradient
            case .clipRect(let id, let box): clips[id] = box
            }
        }
    }

    mutating func draw() throws(FontDiagnostic) {
        if let background = scene.background, let color = Color(css: background), color.alpha > 0 {
            var box = PDFPath()
            box.move(0, 0)
            box.line(scene.width, 0)
            box.line(scene.width, scene.height)
            box.line(0, scene.height)
            box.close()
            fill(box, paint: .color(background), opacity: 1, bounds: scene.bounds)
        }
        try draw(scene.children, opacity: 1)
        try drawLogo()
    }

    mutating func draw(_ nodes: [SceneNode], opacity: Double) throws(FontDiagnostic) {
        for node in nodes { try draw(node, opacity: opacity) }
    }

    func clamp(_ value: Double) -> Double { value.isFinite ? min(1, max(0, value)) : 1 }

    mutating func draw(_ node: SceneNode, opacity inherited: Double) throws(FontDiagnostic) {
        switch node {
        case .group(let group):
            let opacity = inherited * clamp(group.opacity ?? 1)
            guard opacity > 0, !group.children.isEmpty else { return }
            let outerTransform = transform, outerClip = clip
            if let shift = group.translate { transform = transform.translated(shift.dx, shift.dy) }
            if let box = group.clipID.flatMap({ clips[$0] }) {
                let (x0, y0) = transform.apply(box.x, box.y)
                let (x1, y1) = transform.apply(box.x + max(0, box.width), box.y + max(0, box.height))
                let region = RasterClip(minX: min(x0, x1), minY: min(y0, y1), maxX: max(x0, x1), maxY: max(y0, y1))
                clip = clip.map { $0.intersection(region) } ?? region
            }
            if !(clip?.isEmpty ?? false) { try draw(group.children, opacity: opacity) }
            transform = outerTransform
            clip = outerClip
        case .rect, .circle, .line, .path:
            guard let shape = SceneShape(node) else { return }
            paint(shape.path, fill: shape.fill, stroke: shape.stroke, opacity: inherited * clamp(shape.opacity), bounds: shape.bounds)
        case .text(let text):
            try drawText(text, opacity: inherited)
        }
    }

    /// Fills then strokes an outline, as SVG paints them. An element that is both filled and stroked and not
    /// opaque is drawn whole into a layer that is then composited at its opacity, as SVG's `opacity` asks: the
    /// inner half of the stroke hides the fill under it rather than letting it show through (overlapping
    /// translucent points of a scatter plot read as in a browser).
    mutating func paint(_ path: PDFPath, fill fillPaint: Paint, stroke: Stroke?, opacity: Double, bounds: Box) {
        guard opacity > 0 else { return }
        if opacity < 1, fillPaint != .none, let stroke, stroke.paint != .none, stroke.width > 0, stroke.width.isFinite {
            // Miter joins reach at most 4 half-widths out (the limit the stroker uses); a pixel more for coverage.
            let reach = stroke.width * 2 + 1
            // Shapes draw no text: nothing in the layer throws.
            try? inLayer(covering: bounds, margin: reach, opacity: opacity) { page in
                page.paint(path, fill: fillPaint, stroke: stroke, opacity: 1, bounds: bounds)
            }
            return
        }
        fill(path, paint: fillPaint, opacity: opacity, bounds: bounds)
        guard let stroke, stroke.width > 0, stroke.width.isFinite else { return }
        var style = RasterStrokeStyle(width: stroke.width)
        switch stroke.cap ?? .butt {
        case .butt: style.cap = .butt
        case .round: style.cap = .round
        case .square: style.cap = .square
        }
        switch stroke.join ?? .miter {
        case .miter: style.join = .miter
        case .round: style.join = .round
        case .bevel: style.join = .bevel
        }
        let dashes = stroke.dash.filter { $0.isFinite && $0 >= 0 }
        if dashes.count == stroke.dash.count, dashes.contains(where: { $0 > 0 }) { style.dash = dashes }
        strokePath(path.segments, style: style, paint: stroke.paint, opacity: opacity * clamp(stroke.opacity ?? 1), bounds: bounds)
    }

    /// Runs `draw` into a transparent layer over the device pixels that `bounds` (scene px, widened by `margin`)
    /// covers within the clip, then composites the layer over the canvas at `opacity`.
    /// With a `mask` (device pixels), the layer keeps only what the mask's outline covers (a logo's `clip-path`).
    mutating func inLayer(
        covering bounds: Box, margin: Double, opacity: Double, mask: RasterPolylines? = nil,
        _ draw: (inout RasterPage) throws(FontDiagnostic) -> Void
    ) throws(FontDiagnostic) {
        let corners = [
            transform.apply(bounds.minX - margin, bounds.minY - margin), transform.apply(bounds.maxX + margin, bounds.minY - margin),
            transform.apply(bounds.minX - margin, bounds.maxY + margin), transform.apply(bounds.maxX + margin, bounds.maxY + margin)
        ]
        var region = RasterClip(
            minX: corners.map(\.0).min() ?? 0, minY: corners.map(\.1).min() ?? 0, maxX: corners.map(\.0).max() ?? 0,
            maxY: corners.map(\.1).max() ?? 0)
        region = region.intersection(RasterClip(minX: 0, minY: 0, maxX: Double(recording.width), maxY: Double(recording.height)))
        if let clip { region = region.intersection(clip) }
        guard !region.isEmpty, region.minX.isFinite, region.minY.isFinite, region.maxX.isFinite, region.maxY.isFinite else { return }
        let left = NumberConversion.clamped(region.minX, rounding: .down), top = NumberConversion.clamped(region.minY, rounding: .down)
        let right = NumberConversion.clamped(region.maxX, rounding: .up), bottom = NumberConversion.clamped(region.maxY, rounding: .up)
        let outerClip = clip
        clip = region
        recording.beginLayer()
        defer { clip = outerClip }
        do {
            try draw(&self)
        } catch {
            recording.discardLayer()
            throw error
        }
        recording.endLayer(left: left, top: top, right: right, bottom: bottom, opacity: opacity, mask: mask)
    }

    /// The device-space paint for a scene paint, nil for none or a color that does not parse.
    func rasterPaint(_ paint: Paint, bounds: Box, transform: RasterTransform) -> RasterPaint? {
        switch paint {
        case .none:
            return nil
        case .color(let css):
            guard let color = Color(css: css), color.alpha > 0 else { return nil }
            return .solid(red: Float(color.red), green: Float(color.green), blue: Float(color.blue), alpha: Float(color.alpha))
        case .gradient(let id):
            guard let gradient = gradients[id] else { return nil }
            var stops: [(offset: Double, red: Float, green: Float, blue: Float, alpha: Float)] = []
            for stop in gradient.stops {
                guard let color = Color(css: stop.color) else { continue }
                var offset = min(1, max(0, stop.offset.isFinite ? stop.offset : 0))
                if let previous = stops.last, offset < previous.offset { offset = previous.offset }
                let alpha = Float(color.alpha * clamp(stop.opacity ?? 1))
                stops.append((offset, Float(color.red), Float(color.green), Float(color.blue), alpha))
            }
            guard !stops.isEmpty else { return nil }
            var x1 = gradient.x1, y1 = gradient.y1, x2 = gradient.x2, y2 = gradient.y2
            if gradient.units == .objectBoundingBox {
                x1 = bounds.x + x1 * bounds.width
                x2 = bounds.x + x2 * bounds.width
                y1 = bounds.y + y1 * bounds.height
                y2 = bounds.y + y2 * bounds.height
            }
            let (dx1, dy1) = transform.apply(x1, y1)
            let (dx2, dy2) = transform.apply(x2, y2)
            return .gradient(RasterGradient(x1: dx1, y1: dy1, x2: dx2, y2: dy2, stops: stops))
        }
    }

    mutating func fill(
        _ path: PDFPath, paint: Paint, opacity: Double, bounds: Box, rule: RasterFillRule = .nonZero, coverage: RasterFill.Coverage = .sampled
    ) {
        guard let paint = rasterPaint(paint, bounds: bounds, transform: transform) else { return }
        let lines = RasterPolylines(path.segments, tolerance: Self.tolerance / max(transform.scale, 1e-9)).transformed(transform)
        recording.fill(lines, rule: rule, coverage: coverage, paint: paint, opacity: opacity, clip: clip)
    }

    mutating func strokePath(_ segments: [PDFPath.Segment], style: RasterStrokeStyle, paint: Paint, opacity: Double, bounds: Box) {
        guard opacity > 0, let paint = rasterPaint(paint, bounds: bounds, transform: transform) else { return }
        let tolerance = Self.tolerance / max(transform.scale, 1e-9)
        let lines = RasterPolylines(segments, tolerance: tolerance)
        let outline = RasterStroker.outline(lines, style: style, tolerance: tolerance).transformed(transform)
        recording.fill(outline, rule: .nonZero, paint: paint, opacity: opacity, clip: clip)
    }
}
