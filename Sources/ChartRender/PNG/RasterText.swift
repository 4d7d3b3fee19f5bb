import ChartColor
import ChartFont
import ChartLayout

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension RasterPage {
    /// Each line at its baseline, starting where the anchor puts it, as the PDF writer places it: glyphs follow
    /// one another with the faces' advances and pair kerning inside a run, each run starts after the kerned width
    /// of the runs before it, and a line's width for the anchor is the kerned one (as browsers draw it).
    /// Characters the face lacks come from the fallback face; italic or bold asked of a face that has neither
    /// are slanted and emboldened as browsers synthesize them.
    mutating func drawText(_ node: TextNode, opacity: Double) throws(FontDiagnostic) {
        guard opacity > 0 else { return }
        let outer = transform
        defer { transform = outer }
        if node.rotation.truncatingRemainder(dividingBy: 360) != 0 {
            let radians = node.rotation * Double.pi / 180
            let c = cos(radians), s = sin(radians)
            transform = transform.concatenating(
                RasterTransform(a: c, b: s, c: -s, d: c, e: node.x - c * node.x + s * node.y, f: node.y - s * node.x - c * node.y))
        }
        for (index, line) in node.block.lines.enumerated() {
            var runs: [(run: TextRun, face: OpenTypeFace, glyphs: [(face: OpenTypeFace, glyph: UInt16, x: Double)], width: Double)] = []
            for run in line.runs where !run.text.isEmpty {
                let face = try face(for: run.style)
                let fallback = Self.needsFallback(run.text, face) ? fallback(for: run.style) : nil
                let placed = Self.placeGlyphs(run.text, face: face, fallback: fallback, size: run.style.size)
                // Joined Arabic letters are narrower than the layout measured them (unjoined): the anchor takes the
                // width drawn, as the browser's does.
                let shaped = RasterArabic.hasArabic(Array(run.text.unicodeScalars))
                runs.append((run, face, placed.glyphs, shaped ? placed.width : run.width + placed.kerning))
            }
            var baseline = node.baseline(ofLine: index)
            if transform.b == 0, transform.c == 0, transform.d > 0 {
                // Browsers put an upright line's baseline on a whole device pixel (Skia's vertical hinting).
                let device = transform.d * baseline + transform.f
                baseline += (device.rounded() - device) / transform.d
            }
            var x = node.lineStart(width: runs.reduce(0) { $0 + $1.width })
            for (run, face, glyphs, width) in runs {
                defer { x += width }
                let fill = Color(css: run.fill ?? node.fill) ?? .black
                guard fill.alpha > 0 else { continue }
                let slant = run.style.italic && !face.isItalic ? 0.2126 : 0
                let emboldened = run.style.weight == .bold && !face.isBold && face.weight < 600
                var path = PDFPath()
                appendGlyphs(glyphs, size: run.style.size, x: x, baseline: baseline, slant: slant, to: &path)
                guard !path.isEmpty else { continue }
                let paint = Paint.color(fill.hex)
                let alpha = opacity * fill.alpha
                // Glyph outlines by accumulated areas, as FreeType renders them for the browser.
                self.fill(path, paint: paint, opacity: alpha, bounds: scene.bounds, coverage: .area)
                if emboldened {
                    strokePath(
                        path.segments, style: RasterStrokeStyle(width: run.style.size / 30, join: .round), paint: paint, opacity: alpha,
                        bounds: scene.bounds)
                }
            }
        }
    }

    /// The glyphs of `text` in `face` (characters it lacks from `fallback`) with their pen positions in px from
    /// the run's start: advances plus the `kern` table's pairs between glyphs of the same face, as the PDF writer
    /// kerns; `kerning` is the pairs' sum, `width` where the pen ends. Arabic letters take their joined forms
    /// (`RasterArabic`) and right-to-left letters are laid out in their visual order (`RasterBidi`), as the
    /// browser draws the SVG.
    static func placeGlyphs(_ text: String, face: OpenTypeFace, fallback: OpenTypeFace?, size: Double) -> (
        glyphs: [(face: OpenTypeFace, glyph: UInt16, x: Double)], kerning: Double, width: Double
    ) {
        var glyphs: [(face: OpenTypeFace, glyph: UInt16, x: Double)] = []
        var pen = 0.0
        var kerning = 0.0
        var previous: (path: String, glyph: UInt16)?
        var scalars: [Unicode.Scalar] = text.unicodeScalars.filter { $0.value >= 0x20 }
        if RasterArabic.hasArabic(scalars) {
            // The joined forms the browser's shaping picks (before reordering: joining reads the logical order).
            scalars = RasterArabic.shaped(scalars) { value in face.glyph(for: value) != 0 || (fallback?.glyph(for: value) ?? 0) != 0 }
        }
        if RasterBidi.hasRightToLeft(scalars) { scalars = RasterBidi.visualOrder(scalars).map { scalars[$0] } }
        // Whether each face kerns, asked once a run rather than once a glyph (the answer reads the face's table).
        let faceKerns = face.hasKerning, fallbackKerns = fallback?.hasKerning ?? false
        for scalar in scalars {
            var chosen = face
            var kerns = faceKerns
            var glyph = face.glyph(for: scalar.value)
            if glyph == 0, let fallback, fallback.glyph(for: scalar.value) != 0 {
                chosen = fallback
                kerns = fallbackKerns
                glyph = fallback.glyph(for: scalar.value)
            }
            let unit = size / Double(chosen.unitsPerEm)
            if kerns, let previous, previous.path == chosen.path {
                let pair = Double(chosen.kerning(previous.glyph, glyph)) * unit
                pen += pair
                kerning += pair
            }
            glyphs.append((chosen, glyph, pen))
            pen += Double(chosen.advance(glyph: glyph)) * unit
            previous = (chosen.path, glyph)
        }
        return (glyphs, kerning, pen)
    }

    /// Appends the outlines of placed glyphs to `path`, the run starting at `x` on `baseline` (scene px, y down),
    /// slanted by `slant` (synthesized italic).
    mutating func appendGlyphs(
        _ glyphs: [(face: OpenTypeFace, glyph: UInt16, x: Double)], size: Double, x: Double, baseline: Double, slant: Double,
        to path: inout PDFPath
    ) {
        // The outlines of the face being placed, taken out of the cache while its glyphs are (a key made and
        // hashed per glyph was a tenth of the text's drawing).
        var current: (path: String, faceIndex: Int)?
        var table: [UInt16: GlyphOutline] = [:]
        func cacheKey(_ face: (path: String, faceIndex: Int)) -> String { face.path + "#" + String(face.faceIndex) }
        defer { if let current { outlines[cacheKey(current)] = table } }
        for placed in glyphs {
            if current?.path != placed.face.path || current?.faceIndex != placed.face.faceIndex {
                if let current { outlines[cacheKey(current)] = table }
                let face = (path: placed.face.path, faceIndex: placed.face.faceIndex)
                table = outlines.removeValue(forKey: cacheKey(face)) ?? [:]
                current = face
            }
            let outline: GlyphOutline
            if let known = table[placed.glyph] {
                outline = known
            } else {
                outline = placed.face.outline(glyph: placed.glyph) ?? GlyphOutline()
                table[placed.glyph] = outline
            }
            guard !outline.isEmpty else { continue }
            let unit = size / Double(placed.face.unitsPerEm)
            let originX = x + placed.x
            func point(_ gx: Double, _ gy: Double) -> (Double, Double) {
                (originX + (gx + slant * gy) * unit, baseline - gy * unit)
            }
            var current = (0.0, 0.0)
            for segment in outline.segments {
                switch segment {
                case .move(let gx, let gy):
                    let p = point(gx, gy)
                    path.move(p.0, p.1)
                    current = p
                case .line(let gx, let gy):
                    let p = point(gx, gy)
                    path.line(p.0, p.1)
                    current = p
                case .quadratic(let cx, let cy, let gx, let gy):
                    let c = point(cx, cy), p = point(gx, gy)
                    path.curve(
                        current.0 + 2 / 3 * (c.0 - current.0), current.1 + 2 / 3 * (c.1 - current.1), p.0 + 2 / 3 * (c.0 - p.0),
                        p.1 + 2 / 3 * (c.1 - p.1), p.0, p.1)
                    current = p
                case .cubic(let c1x, let c1y, let c2x, let c2y, let gx, let gy):
                    let c1 = point(c1x, c1y), c2 = point(c2x, c2y), p = point(gx, gy)
                    path.curve(c1.0, c1.1, c2.0, c2.1, p.0, p.1)
                    current = p
                case .close:
                    path.close()
                }
            }
        }
    }

    mutating func face(for style: TextStyle) throws(FontDiagnostic) -> OpenTypeFace {
        let request = FontStyleRequest(bold: style.weight == .bold, italic: style.italic)
        if let known = facesByStyle[request] { return known }
        let face = try fonts.face(for: style)
        if !Self.drawable(face) {
            throw FontDiagnostic.notDrawable(path: face.path, family: face.names.fullName)
        }
        facesByStyle[request] = face
        return face
    }

    mutating func fallback(for style: TextStyle) -> OpenTypeFace? {
        let request = FontStyleRequest(bold: style.weight == .bold, italic: style.italic)
        if let known = fallbacksByStyle[request] { return known }
        let face = fonts.fallback(for: style).flatMap { Self.drawable($0) ? $0 : nil }
        fallbacksByStyle[request] = .some(face)
        return face
    }

    /// Whether the rasterizer reads the face's glyph outlines (TrueType `glyf` or CFF).
    static func drawable(_ face: OpenTypeFace) -> Bool { face.hasTrueTypeOutlines || face.hasCFFOutlines }

    /// Whether any scalar of `text` (above ASCII controls) has no glyph in `face`.
    static func needsFallback(_ text: String, _ face: OpenTypeFace) -> Bool {
        text.unicodeScalars.contains { $0.value >= 0x20 && !face.covers($0.value) }
    }
}
