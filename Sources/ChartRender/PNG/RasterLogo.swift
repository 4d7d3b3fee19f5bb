import ChartColor
import ChartFont
import ChartLayout
import ChartStyle

/// The theme's logo in the PNG, drawn from the tree the scene carries (`SceneLogo`: sanitized by `LogoSanitizer`
/// when the theme loaded, the same tree the SVG writer serializes and the PDF writer draws), over everything else
/// as the SVG writes it last. The same elements, attributes and styles as the PDF's logo (`PDFLogoStyle`,
/// `PDFPage.outline`, `PDFPage.transforms`), and closer to the browser where pixels allow: `linearGradient`
/// paints are evaluated per pixel (stops, offsets, opacities, `gradientUnits`), `opacity` below 1 composites the
/// element as one layer, and `clip-path` cuts to the outline of its `clipPath`'s shapes (not only a rectangle).
/// A `radialGradient` paints as its first stop's color; masks are not applied (their content is drawn unmasked).
extension RasterPage {
    /// Draws `scene.logo`: its viewport (clipped to its box, its viewBox scaled uniformly and centred, as
    /// `xMidYMid meet`), then the tree.
    mutating func drawLogo() throws(FontDiagnostic) {
        guard let logo = scene.logo, logo.width > 0, logo.height > 0 else { return }
        let box = logo.content.viewBox
        guard box.width > 0, box.height > 0, box.width.isFinite, box.height.isFinite else { return }
        let root = LogoElement(name: "svg", children: logo.content.children)
        var ids: [String: LogoElement] = [:]
        root.index(into: &ids)
        let outerTransform = transform, outerClip = clip
        defer {
            transform = outerTransform
            clip = outerClip
        }
        let (x0, y0) = transform.apply(logo.x, logo.y)
        let (x1, y1) = transform.apply(logo.x + logo.width, logo.y + logo.height)
        let viewport = RasterClip(minX: min(x0, x1), minY: min(y0, y1), maxX: max(x0, x1), maxY: max(y0, y1))
        clip = clip.map { $0.intersection(viewport) } ?? viewport
        guard !(clip?.isEmpty ?? true) else { return }
        let scale = min(logo.width / box.width, logo.height / box.height)
        transform = transform.concatenating(
            RasterTransform(
                a: scale, d: scale, e: logo.x + (logo.width - box.width * scale) / 2 - box.x * scale,
                f: logo.y + (logo.height - box.height * scale) / 2 - box.y * scale))
        logoElementsLeft = 20_000
        try drawLogoChildren(root, style: PDFLogoStyle(), ids: ids, depth: 1)
    }

    private mutating func drawLogoChildren(_ element: LogoElement, style: PDFLogoStyle, ids: [String: LogoElement], depth: Int)
        throws(FontDiagnostic)
    {
        for case .element(let child) in element.children {
            try drawLogoElement(child, style: style, ids: ids, depth: depth)
        }
    }

    private mutating func drawLogoElement(_ element: LogoElement, style inherited: PDFLogoStyle, ids: [String: LogoElement], depth: Int)
        throws(FontDiagnostic)
    {
        // The tree nests at most `LogoLimits.depth` levels; `use` may add as many again before this stops it.
        guard depth < 2 * LogoLimits.standard.depth, logoElementsLeft > 0 else { return }
        logoElementsLeft -= 1
        switch element.name {
        case "defs", "clipPath", "mask", "symbol", "linearGradient", "radialGradient", "stop", "title", "desc", "tspan": return
        default: break
        }
        var style = inherited
        guard style.apply(element) else { return }
        let opacity = style.opacity
        guard opacity > 0 else { return }
        let outer = transform
        defer { transform = outer }
        for matrix in PDFPage.transforms(element.attribute("transform") ?? "") {
            transform = transform.concatenating(RasterTransform(a: matrix[0], b: matrix[1], c: matrix[2], d: matrix[3], e: matrix[4], f: matrix[5]))
        }
        var mask: RasterPolylines?
        if let clipElement = element.attribute("clip-path").flatMap(PDFPage.localReference).flatMap({ ids[$0] }), clipElement.name == "clipPath" {
            var segments: [PDFPath.Segment] = []
            for case .element(let shape) in clipElement.children { segments += PDFPage.outline(shape)?.segments ?? [] }
            guard !segments.isEmpty else { return } // an empty clip path hides the element
            mask = RasterPolylines(segments, tolerance: Self.tolerance / max(transform.scale, 1e-9)).transformed(transform)
        }
        // The element's own opacity and clip apply to it as a whole: drawn into a layer over the logo's viewport.
        var own = style
        own.opacity = 1
        if opacity < 1 || mask != nil {
            let everywhere = Box(x: -1e7, y: -1e7, width: 2e7, height: 2e7)
            let saved = transform
            transform = .identity
            try inLayer(covering: everywhere, margin: 0, opacity: opacity, mask: mask) { (page: inout RasterPage) throws(FontDiagnostic) in
                page.transform = RasterTransform(e: page.transform.e, f: page.transform.f).concatenating(saved)
                try page.drawLogoContent(element, style: own, ids: ids, depth: depth)
            }
            transform = saved
        } else {
            try drawLogoContent(element, style: own, ids: ids, depth: depth)
        }
    }

    private mutating func drawLogoContent(_ element: LogoElement, style: PDFLogoStyle, ids: [String: LogoElement], depth: Int)
        throws(FontDiagnostic)
    {
        switch element.name {
        case "g", "a":
            try drawLogoChildren(element, style: style, ids: ids, depth: depth + 1)
        case "use":
            guard let target = (element.attribute("href") ?? element.attribute("xlink:href")).flatMap(PDFPage.localReference).flatMap({ ids[$0] })
            else {
                return
            }
            let outer = transform
            defer { transform = outer }
            transform = transform.translated(element.number("x") ?? 0, element.number("y") ?? 0)
            if target.name == "symbol" {
                try drawLogoChildren(target, style: style, ids: ids, depth: depth + 1)
            } else {
                try drawLogoElement(target, style: style, ids: ids, depth: depth + 1)
            }
        case "text":
            try drawLogoText(element, style: style, ids: ids)
        default:
            guard style.visible, let path = PDFPage.outline(element) else { return }
            paintLogo(path, style: style, ids: ids, closedShape: element.name != "line" && element.name != "polyline")
        }
    }

    private mutating func paintLogo(_ path: PDFPath, style: PDFLogoStyle, ids: [String: LogoElement], closedShape: Bool) {
        let tolerance = Self.tolerance / max(transform.scale, 1e-9)
        let lines = RasterPolylines(path.segments, tolerance: tolerance)
        let bounds = (minX: path.minX, minY: path.minY, maxX: path.maxX, maxY: path.maxY)
        if closedShape, let paint = logoPaint(style.fill, style: style, ids: ids, bounds: bounds) {
            recording.fill(
                lines.transformed(transform), rule: style.evenOdd ? .evenOdd : .nonZero, paint: paint, opacity: style.fillOpacity, clip: clip)
        }
        guard style.strokeWidth > 0, style.strokeWidth.isFinite, let paint = logoPaint(style.stroke, style: style, ids: ids, bounds: bounds) else {
            return
        }
        var stroke = RasterStrokeStyle(width: style.strokeWidth)
        if style.lineCap == "round" { stroke.cap = .round } else if style.lineCap == "square" { stroke.cap = .square }
        if style.lineJoin == "round" { stroke.join = .round } else if style.lineJoin == "bevel" { stroke.join = .bevel }
        let dashes = style.dash.filter { $0.isFinite && $0 >= 0 }
        if dashes.count == style.dash.count, dashes.contains(where: { $0 > 0 }) { stroke.dash = dashes }
        let outline = RasterStroker.outline(lines, style: stroke, tolerance: tolerance).transformed(transform)
        recording.fill(outline, rule: .nonZero, paint: paint, opacity: style.strokeOpacity, clip: clip)
    }

    /// A fill or stroke value as device paint: `none` nil, `currentColor` the inherited `color`, a
    /// `linearGradient` per pixel over the shape's bounds (user units), a `radialGradient` its first stop's color.
    private func logoPaint(
        _ value: String, style: PDFLogoStyle, ids: [String: LogoElement], bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)
    ) -> RasterPaint? {
        if let id = PDFPage.localReference(String(value.prefix { $0 != ")" }) + (value.contains(")") ? ")" : "")), value.contains("url("),
            let gradient = ids[id], gradient.name == "linearGradient"
        {
            return linearGradient(gradient, ids: ids, bounds: bounds)
        }
        guard let color = PDFPage.color(value, style: style, ids: ids), color.alpha > 0 else { return nil }
        return .solid(red: Float(color.red), green: Float(color.green), blue: Float(color.blue), alpha: Float(color.alpha))
    }

    /// A number or a percentage (50% → 0.5), for gradient coordinates and stop offsets.
    private static func fraction(_ text: String?) -> Double? {
        guard let text else { return nil }
        let trimmed = text.filter { $0 != " " }
        if trimmed.hasSuffix("%") { return Double(trimmed.dropLast()).flatMap { $0.isFinite ? $0 / 100 : nil } }
        return LogoElement.length(trimmed)
    }

    private func linearGradient(
        _ gradient: LogoElement, ids: [String: LogoElement], bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)
    ) -> RasterPaint? {
        // Stops and attributes a gradient lacks come from the one its `href` names (one level).
        let inherited = (gradient.attribute("href") ?? gradient.attribute("xlink:href")).flatMap(PDFPage.localReference).flatMap { ids[$0] }
        func attribute(_ name: String) -> String? { gradient.attribute(name) ?? inherited?.attribute(name) }
        var stopElements: [LogoElement] = []
        for case .element(let stop) in gradient.children where stop.name == "stop" { stopElements.append(stop) }
        if stopElements.isEmpty, let inherited {
            for case .element(let stop) in inherited.children where stop.name == "stop" { stopElements.append(stop) }
        }
        var stops: [(offset: Double, red: Float, green: Float, blue: Float, alpha: Float)] = []
        for stop in stopElements {
            let declared = PDFPage.declaration("stop-color", in: stop) ?? stop.attribute("stop-color") ?? "black"
            guard let color = Color(css: declared) else { continue }
            let opacity = (PDFPage.declaration("stop-opacity", in: stop) ?? stop.attribute("stop-opacity")).flatMap(PDFLogoStyle.opacity) ?? 1
            var offset = min(1, max(0, Self.fraction(stop.attribute("offset")) ?? 0))
            if let previous = stops.last, offset < previous.offset { offset = previous.offset }
            stops.append((offset, Float(color.red), Float(color.green), Float(color.blue), Float(color.alpha * opacity)))
        }
        guard !stops.isEmpty else { return nil }
        var x1 = Self.fraction(attribute("x1")) ?? 0, y1 = Self.fraction(attribute("y1")) ?? 0
        var x2 = Self.fraction(attribute("x2")) ?? 1, y2 = Self.fraction(attribute("y2")) ?? 0
        if attribute("gradientUnits") != "userSpaceOnUse" {
            guard bounds.maxX > bounds.minX, bounds.maxY > bounds.minY else { return nil }
            let width = bounds.maxX - bounds.minX, height = bounds.maxY - bounds.minY
            x1 = bounds.minX + x1 * width
            x2 = bounds.minX + x2 * width
            y1 = bounds.minY + y1 * height
            y2 = bounds.minY + y2 * height
        }
        let (dx1, dy1) = transform.apply(x1, y1)
        let (dx2, dy2) = transform.apply(x2, y2)
        return .gradient(RasterGradient(x1: dx1, y1: dy1, x2: dx2, y2: dy2, stops: stops))
    }

    /// A `text` element: its character data and `tspan` children as runs on one line from (x, y), anchored as
    /// the element says, each run in the face its own style names (installed, else the chart's), as the PDF does.
    private mutating func drawLogoText(_ element: LogoElement, style: PDFLogoStyle, ids: [String: LogoElement]) throws(FontDiagnostic) {
        let runs = PDFLogoStyle.textRuns(of: element, style: style)
        guard !runs.isEmpty else { return }

        var placed: [(glyphs: [(face: OpenTypeFace, glyph: UInt16, x: Double)], face: OpenTypeFace, width: Double)] = []
        for run in runs {
            let textStyle = TextStyle(size: run.style.fontSize, weight: run.style.bold ? .bold : .regular, italic: run.style.italic)
            var face: OpenTypeFace?
            if let family = run.style.fontFamily {
                face = try? fonts.cache.find(
                    families: FontStack.families(family), style: FontStyleRequest(bold: run.style.bold, italic: run.style.italic),
                    directories: fonts.directories)
                if let candidate = face, !Self.drawable(candidate) { face = nil }
            }
            let chosen: OpenTypeFace
            if let face { chosen = face } else { chosen = try self.face(for: textStyle) }
            let fallback = Self.needsFallback(run.text, chosen) ? self.fallback(for: textStyle) : nil
            let glyphs = Self.placeGlyphs(run.text, face: chosen, fallback: fallback, size: run.style.fontSize)
            placed.append((glyphs.glyphs, chosen, glyphs.width))
        }
        let total = placed.reduce(0) { $0 + $1.width }
        var x = element.number("x") ?? LogoElement.numbers(element.attribute("x") ?? "").first ?? 0
        var baseline = element.number("y") ?? LogoElement.numbers(element.attribute("y") ?? "").first ?? 0
        if style.anchor == "middle" { x -= total / 2 } else if style.anchor == "end" { x -= total }
        if transform.b == 0, transform.c == 0, transform.d > 0 {
            // An upright line's baseline on a whole device pixel, as the chart's own text (Skia's vertical hinting).
            let device = transform.d * baseline + transform.f
            baseline += (device.rounded() - device) / transform.d
        }
        for (index, run) in placed.enumerated() {
            defer { x += run.width }
            let runStyle = runs[index].style
            var path = PDFPath()
            let slant = runStyle.italic && !run.face.isItalic ? 0.2126 : 0
            appendGlyphs(run.glyphs, size: runStyle.fontSize, x: x, baseline: baseline, slant: slant, to: &path)
            guard !path.isEmpty else { continue }
            let bounds = (minX: path.minX, minY: path.minY, maxX: path.maxX, maxY: path.maxY)
            guard let paint = logoPaint(runStyle.fill, style: runStyle, ids: ids, bounds: bounds) else { continue }
            let lines = RasterPolylines(path.segments, tolerance: Self.tolerance / max(transform.scale, 1e-9)).transformed(transform)
            recording.fill(lines, rule: .nonZero, coverage: .area, paint: paint, opacity: runStyle.fillOpacity, clip: clip)
            if runStyle.bold && !run.face.isBold && run.face.weight < 600 {
                let outline = RasterStroker.outline(
                    RasterPolylines(path.segments, tolerance: Self.tolerance / max(transform.scale, 1e-9)),
                    style: RasterStrokeStyle(width: runStyle.fontSize / 30, join: .round), tolerance: Self.tolerance / max(transform.scale, 1e-9)
                ).transformed(transform)
                recording.fill(outline, rule: .nonZero, paint: paint, opacity: runStyle.fillOpacity, clip: clip)
            }
        }
    }
}
