import ChartColor
import ChartFont
import ChartLayout
import ChartStyle

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The theme's logo in the PDF, drawn from the tree the scene carries (`SceneLogo`: parsed once and sanitized by
/// `LogoSanitizer` when the theme loaded, the same tree the SVG writer serializes) with the page's operators, so
/// the printed chart has the logo the SVG shows. Drawn: the viewport (viewBox, `xMidYMid meet`, clipped), `g`,
/// `a`, `path`, `rect` (rounded), `circle`, `ellipse`, `line`, `polyline`, `polygon`, `text`/`tspan` (in the face
/// its `font-family` names when installed, else the chart's), `use` of a local element, `transform`, fill and
/// stroke colors, widths, caps, joins, dashes, `fill-rule`, opacities, `style="…"` declarations, `display:none`,
/// `visibility:hidden`, and `clip-path` to a `clipPath` of plain shapes. Gradients paint as their first stop's
/// color; masks are not applied (their content is drawn unmasked: nothing hides). See specs/reference.md.
extension LogoElement {
    func number(_ name: String) -> Double? { attribute(name).flatMap(LogoElement.length) }

    /// A length: a number with an optional `px` unit (other units are read as px).
    static func length(_ text: String) -> Double? {
        var digits = Substring(text.trimmingSpaces)
        while let last = digits.last, last.isLetter || last == "%" { digits.removeLast() }
        return Double(digits).flatMap { $0.isFinite ? $0 : nil }
    }

    /// The numbers of a list (`points`, `viewBox`, `stroke-dasharray`), separated by spaces or commas.
    static func numbers(_ text: String) -> [Double] {
        var scanner = PDFPathNumbers(Array(text.utf8))
        var result: [Double] = []
        while let value = scanner.next() { result.append(value) }
        return result
    }

    /// Every element with an `id`, depth first (the first of a repeated id wins).
    func index(into table: inout [String: LogoElement]) {
        if let id = attribute("id"), table[id] == nil { table[id] = self }
        for child in elements { child.index(into: &table) }
    }
}

/// Numbers in an attribute, one after another (the path scanner's rules: signs, decimals, exponents).
struct PDFPathNumbers {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func next() -> Double? {
        while index < bytes.count, [0x20, 0x2C, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        let start = index
        if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
        var seenDot = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x30 && byte <= 0x39 {
                index += 1
            } else if byte == 0x2E && !seenDot {
                seenDot = true
                index += 1
            } else if (byte | 0x20) == 0x65, index > start, index + 1 < bytes.count {
                index += 1
                if bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
            } else {
                break
            }
        }
        guard index > start, let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else { return nil }
        return value
    }
}

/// The inherited presentation properties while drawing the logo.
struct PDFLogoStyle {
    var fill: String = "black"
    var stroke: String = "none"
    var fillOpacity = 1.0
    var strokeOpacity = 1.0
    var strokeWidth = 1.0
    var lineCap = "butt"
    var lineJoin = "miter"
    var dash: [Double] = []
    var evenOdd = false
    var color = "black"
    var fontFamily: String?
    var fontSize = 16.0
    var bold = false
    var italic = false
    var anchor = "start"
    var visible = true
    /// The element's own `opacity` (not inherited: it multiplies into its children's as a group's does).
    var opacity = 1.0

    /// The element's properties over the inherited ones: attributes first, then its `style` declarations.
    /// Returns whether the element is displayed at all.
    mutating func apply(_ element: LogoElement) -> Bool {
        opacity = 1
        var declarations: [(String, String)] = element.attributes.sorted { $0.name < $1.name }.map { ($0.name, $0.value) }
        if let style = element.attribute("style") {
            for declaration in style.split(separator: ";") {
                let parts = declaration.split(separator: ":", maxSplits: 1)
                guard parts.count == 2 else { continue }
                declarations.append((String(parts[0]).trimmingSpaces.lowercased(), String(parts[1]).trimmingSpaces))
            }
        }
        var displayed = true
        for (name, value) in declarations {
            let value = value.hasSuffix("!important") ? String(value.dropLast(10)).trimmingSpaces : value
            switch name {
            case "fill": fill = value
            case "stroke": stroke = value
            case "fill-opacity": fillOpacity = Self.opacity(value) ?? fillOpacity
            case "stroke-opacity": strokeOpacity = Self.opacity(value) ?? strokeOpacity
            case "stroke-width": strokeWidth = LogoElement.length(value).map { max(0, $0) } ?? strokeWidth
            case "stroke-linecap": lineCap = value
            case "stroke-linejoin": lineJoin = value
            case "stroke-dasharray": dash = value == "none" ? [] : LogoElement.numbers(value)
            case "fill-rule": evenOdd = value == "evenodd"
            case "color": color = value
            case "font-family": fontFamily = value
            case "font-size": fontSize = LogoElement.length(value).map { max(0, $0) } ?? fontSize
            case "font-weight": bold = value == "bold" || value == "bolder" || (Int(value) ?? 400) >= 600
            case "font-style": italic = value == "italic" || value == "oblique"
            case "text-anchor": anchor = value
            case "visibility": visible = value != "hidden" && value != "collapse"
            case "display": if value == "none" { displayed = false }
            case "opacity": opacity = Self.opacity(value) ?? 1
            default: break
            }
        }
        return displayed
    }

    static func opacity(_ text: String) -> Double? {
        let trimmed = text.trimmingSpaces
        if trimmed.hasSuffix("%") { return Double(trimmed.dropLast()).map { min(1, max(0, $0 / 100)) } }
        return Double(trimmed).flatMap { $0.isFinite ? min(1, max(0, $0)) : nil }
    }
}

extension PDFPage {
    /// Draws `scene.logo`, if any, over everything else (the SVG writes it last): its viewport (clipped to its
    /// box, its viewBox scaled uniformly and centred, as `xMidYMid meet`), then the tree.
    mutating func drawLogo() throws(FontDiagnostic) {
        guard let logo = scene.logo, logo.width > 0, logo.height > 0 else { return }
        let root = LogoElement(name: "svg", children: logo.content.children)
        var ids: [String: LogoElement] = [:]
        root.index(into: &ids)
        let box = logo.content.viewBox
        content.save()
        content.rectangle(logo.x, logo.y, logo.width, logo.height)
        content.op("W n")
        let scale = min(logo.width / box.width, logo.height / box.height)
        content.transform(
            scale, 0, 0, scale, logo.x + (logo.width - box.width * scale) / 2 - box.x * scale,
            logo.y + (logo.height - box.height * scale) / 2 - box.y * scale)
        try drawLogoChildren(root, style: PDFLogoStyle(), opacity: 1, ids: ids, depth: 1)
        content.restore()
    }

    private mutating func drawLogoChildren(_ element: LogoElement, style: PDFLogoStyle, opacity: Double, ids: [String: LogoElement], depth: Int)
        throws(FontDiagnostic)
    {
        for case .element(let child) in element.children {
            try drawLogoElement(child, style: style, opacity: opacity, ids: ids, depth: depth)
        }
    }

    private mutating func drawLogoElement(
        _ element: LogoElement, style inherited: PDFLogoStyle, opacity inheritedOpacity: Double, ids: [String: LogoElement], depth: Int
    ) throws(FontDiagnostic) {
        // The tree nests at most `LogoLimits.depth` levels; `use` may add as many again before this stops it.
        guard depth < 2 * LogoLimits.standard.depth, logoElementsLeft > 0 else { return }
        logoElementsLeft -= 1
        switch element.name {
        case "defs", "clipPath", "mask", "symbol", "linearGradient", "radialGradient", "stop", "title", "desc", "tspan": return
        default: break
        }
        var style = inherited
        guard style.apply(element) else { return }
        let opacity = inheritedOpacity * style.opacity
        guard opacity > 0 else { return }
        let transform = element.attribute("transform").map(Self.transforms) ?? []
        let clip = element.attribute("clip-path").flatMap(Self.localReference).flatMap { ids[$0] }
        let wrapped = !transform.isEmpty || clip != nil
        if wrapped { content.save() }
        defer { if wrapped { content.restore() } }
        for matrix in transform { content.transform(matrix[0], matrix[1], matrix[2], matrix[3], matrix[4], matrix[5]) }
        if let clip, clip.name == "clipPath" {
            var outline = ""
            for case .element(let shape) in clip.children { outline += Self.outline(shape)?.operators ?? "" }
            guard !outline.isEmpty else { return } // an empty clip path hides the element
            content.op(outline + "W n")
        }
        switch element.name {
        case "g", "a":
            try drawLogoChildren(element, style: style, opacity: opacity, ids: ids, depth: depth + 1)
        case "use":
            guard let target = (element.attribute("href") ?? element.attribute("xlink:href")).flatMap(Self.localReference).flatMap({ ids[$0] }) else {
                return
            }
            content.save()
            content.translate(element.number("x") ?? 0, element.number("y") ?? 0)
            if target.name == "symbol" {
                try drawLogoChildren(target, style: style, opacity: opacity, ids: ids, depth: depth + 1)
            } else {
                try drawLogoElement(target, style: style, opacity: opacity, ids: ids, depth: depth + 1)
            }
            content.restore()
        case "text":
            try drawLogoText(element, style: style, opacity: opacity, ids: ids)
        default:
            guard style.visible, let path = Self.outline(element) else { return }
            paintLogo(path, style: style, opacity: opacity, ids: ids, closedShape: element.name != "line" && element.name != "polyline")
        }
    }

    /// The outline of a shape element, nil for anything else.
    static func outline(_ element: LogoElement) -> PDFPath? {
        func n(_ name: String) -> Double { element.number(name) ?? 0 }
        switch element.name {
        case "path":
            let path = PDFPath(svg: element.attribute("d") ?? "")
            return path.isEmpty ? nil : path
        case "rect":
            let width = n("width"), height = n("height")
            guard width > 0, height > 0 else { return nil }
            let radius = element.number("rx") ?? element.number("ry") ?? 0
            if radius > 0 { return .roundedRectangle(x: n("x"), y: n("y"), width: width, height: height, radius: radius) }
            var path = PDFPath()
            path.move(n("x"), n("y"))
            path.line(n("x") + width, n("y"))
            path.line(n("x") + width, n("y") + height)
            path.line(n("x"), n("y") + height)
            path.close()
            return path
        case "circle":
            return n("r") > 0 ? .circle(cx: n("cx"), cy: n("cy"), r: n("r")) : nil
        case "ellipse":
            let rx = n("rx"), ry = n("ry"), cx = n("cx"), cy = n("cy")
            guard rx > 0, ry > 0 else { return nil }
            let d = "M\(cx - rx) \(cy)A\(rx) \(ry) 0 1 0 \(cx + rx) \(cy)A\(rx) \(ry) 0 1 0 \(cx - rx) \(cy)Z"
            return PDFPath(svg: d)
        case "line":
            var path = PDFPath()
            path.move(n("x1"), n("y1"))
            path.line(n("x2"), n("y2"))
            return path
        case "polyline", "polygon":
            let points = LogoElement.numbers(element.attribute("points") ?? "")
            guard points.count >= 4 else { return nil }
            var path = PDFPath()
            path.move(points[0], points[1])
            var index = 2
            while index + 1 < points.count {
                path.line(points[index], points[index + 1])
                index += 2
            }
            if element.name == "polygon" { path.close() }
            return path
        default:
            return nil
        }
    }

    /// `#id` from `url(#id)` or `#id`.
    static func localReference(_ text: String) -> String? {
        var value = text.trimmingSpaces
        if value.hasPrefix("url(") && value.hasSuffix(")") { value = String(value.dropFirst(4).dropLast()).trimmingSpaces }
        value = value.filter { $0 != "\"" && $0 != "'" }
        guard value.hasPrefix("#"), value.count > 1 else { return nil }
        return String(value.dropFirst())
    }

    /// A paint value as a color: `none` nil, `currentColor` the inherited `color`, a gradient its first stop.
    static func color(_ paint: String, style: PDFLogoStyle, ids: [String: LogoElement]) -> Color? {
        let value = paint.trimmingSpaces
        if value == "none" || value.isEmpty { return nil }
        if value == "currentColor" { return Color(css: style.color) }
        if value.hasPrefix("url(") {
            guard let id = localReference(value.prefix { $0 != ")" } + ")"), let gradient = ids[id] else { return nil }
            for case .element(let stop) in gradient.children where stop.name == "stop" {
                let declared = stop.attribute("stop-color") ?? Self.declaration("stop-color", in: stop) ?? "black"
                return Color(css: declared)
            }
            return nil
        }
        return Color(css: value)
    }

    static func declaration(_ name: String, in element: LogoElement) -> String? {
        for declaration in (element.attribute("style") ?? "").split(separator: ";") {
            let parts = declaration.split(separator: ":", maxSplits: 1)
            if parts.count == 2, String(parts[0]).trimmingSpaces == name { return String(parts[1]).trimmingSpaces }
        }
        return nil
    }

    private mutating func paintLogo(_ path: PDFPath, style: PDFLogoStyle, opacity: Double, ids: [String: LogoElement], closedShape: Bool) {
        if closedShape, let fill = Self.color(style.fill, style: style, ids: ids), fill.alpha > 0 {
            content.save()
            setFill(fill, opacity: opacity * style.fillOpacity)
            content.op(path.operators + (style.evenOdd ? "f*" : "f"))
            content.restore()
        }
        guard style.strokeWidth > 0, let stroke = Self.color(style.stroke, style: style, ids: ids), stroke.alpha > 0 else { return }
        content.save()
        content.strokeColor(stroke.red, stroke.green, stroke.blue)
        setAlpha(fill: 1, stroke: opacity * style.strokeOpacity * stroke.alpha)
        content.op(PDFContentStream.n(style.strokeWidth) + " w")
        if style.lineCap == "round" { content.op("1 J") } else if style.lineCap == "square" { content.op("2 J") }
        if style.lineJoin == "round" { content.op("1 j") } else if style.lineJoin == "bevel" { content.op("2 j") }
        let dashes = style.dash.filter { $0.isFinite && $0 >= 0 }
        if dashes.contains(where: { $0 > 0 }) { content.op("[" + dashes.map(PDFContentStream.n).joined(separator: " ") + "] 0 d") }
        content.op(path.operators + "S")
        content.restore()
    }

    /// A `text` element: its character data and `tspan` children as runs on one line from (x, y), anchored as
    /// the element says, each run in the face its own style names.
    private mutating func drawLogoText(_ element: LogoElement, style: PDFLogoStyle, opacity: Double, ids: [String: LogoElement])
        throws(FontDiagnostic)
    {
        let runs = PDFLogoStyle.textRuns(of: element, style: style)
        guard !runs.isEmpty else { return }

        var placed: [(size: Double, operands: [(face: Int, operand: [UInt8])], fill: Color?, width: Double)] = []
        for run in runs {
            let textStyle = TextStyle(size: run.style.fontSize, weight: run.style.bold ? .bold : .regular, italic: run.style.italic)
            var face: OpenTypeFace?
            if let family = run.style.fontFamily {
                let families = FontStack.families(family)
                face = try? fonts.cache.find(
                    families: families, style: FontStyleRequest(bold: run.style.bold, italic: run.style.italic), directories: fonts.directories)
                if let candidate = face, Self.embeddingProblem(candidate) != nil { face = nil }
            }
            let chosen: OpenTypeFace
            if let face { chosen = face } else { chosen = try self.face(for: textStyle) }
            let fallback = Self.needsFallback(run.text, chosen) ? self.fallback(for: textStyle) : nil
            var units = 0.0
            var operands: [(face: Int, operand: [UInt8])] = []
            for piece in embedding.encode(run.text, face: chosen, fallback: fallback) {
                let pieceFace = embedding.faces[piece.face].face
                let kerned = embedding.kerned(piece)
                units += Double(piece.glyphs.reduce(0) { $0 + pieceFace.advance(glyph: $1) } + kerned.units) / Double(pieceFace.unitsPerEm)
                operands.append((piece.face, kerned.operand))
            }
            placed.append((run.style.fontSize, operands, Self.color(run.style.fill, style: run.style, ids: ids), units * run.style.fontSize))
        }
        let total = placed.reduce(0) { $0 + $1.width }
        var x = element.number("x") ?? LogoElement.numbers(element.attribute("x") ?? "").first ?? 0
        let y = element.number("y") ?? LogoElement.numbers(element.attribute("y") ?? "").first ?? 0
        if style.anchor == "middle" { x -= total / 2 } else if style.anchor == "end" { x -= total }
        content.save()
        content.op("BT")
        content.op("1 0 0 -1 " + PDFContentStream.n(x) + " " + PDFContentStream.n(y) + " Tm")
        for (index, run) in placed.enumerated() {
            // A run with no fill draws nothing but still moves the pen.
            let fill = run.fill.flatMap { $0.alpha > 0 ? $0 : nil }
            content.op(fill == nil ? "3 Tr" : "0 Tr")
            if let fill { setFill(fill, opacity: opacity * runs[index].style.fillOpacity) }
            for (face, operand) in run.operands {
                content.op("/" + embedding.faces[face].resourceName + " " + PDFContentStream.n(run.size) + " Tf")
                content.raw(operand + Array(" TJ\n".utf8))
            }
        }
        content.op("ET")
        content.restore()
    }

    /// `transform` as matrices (a b c d e f), applied in order.
    static func transforms(_ text: String) -> [[Double]] {
        var result: [[Double]] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") {
            let name = String(rest[..<open]).filter { $0.isLetter }
            let values = LogoElement.numbers(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
            func value(_ index: Int, _ otherwise: Double) -> Double { index < values.count ? values[index] : otherwise }
            switch name {
            case "matrix" where values.count == 6: result.append(values)
            case "translate" where !values.isEmpty: result.append([1, 0, 0, 1, values[0], value(1, 0)])
            case "scale" where !values.isEmpty: result.append([values[0], 0, 0, value(1, values[0]), 0, 0])
            case "rotate" where !values.isEmpty:
                let radians = values[0] * Double.pi / 180
                let c = cos(radians), s = sin(radians)
                let cx = value(1, 0), cy = value(2, 0)
                result.append([c, s, -s, c, cx - c * cx + s * cy, cy - s * cx - c * cy])
            case "skewX" where !values.isEmpty: result.append([1, 0, tan(values[0] * Double.pi / 180), 1, 0, 0])
            case "skewY" where !values.isEmpty: result.append([1, tan(values[0] * Double.pi / 180), 0, 1, 0, 0])
            default: return result // SVG drops the whole transform on an error; keep what came before, as paths do
            }
        }
        return result
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        let scalars = Array(unicodeScalars)
        var start = 0, end = scalars.count
        while start < end, scalars[start] == " " || scalars[start] == "\t" || scalars[start] == "\n" || scalars[start] == "\r" { start += 1 }
        while end > start, scalars[end - 1] == " " || scalars[end - 1] == "\t" || scalars[end - 1] == "\n" || scalars[end - 1] == "\r" { end -= 1 }
        var result = ""
        result.unicodeScalars.append(contentsOf: scalars[start..<end])
        return result
    }
}

extension PDFLogoStyle {
    /// A logo's `text` element as the runs the PDF and the PNG both draw on one line: its character data and its
    /// `tspan` children's, each in its own style, with SVG's default white space handling (line breaks and tabs are
    /// spaces, runs of spaces one, none at the ends); runs that are empty, hidden or of no drawable size are gone.
    static func textRuns(of element: LogoElement, style: PDFLogoStyle) -> [(text: String, style: PDFLogoStyle)] {
        var runs: [(text: String, style: PDFLogoStyle)] = []
        func collect(_ element: LogoElement, _ style: PDFLogoStyle) {
            for item in element.children {
                switch item {
                case .text(let text): runs.append((text, style))
                case .element(let child) where child.name == "tspan":
                    var childStyle = style
                    if childStyle.apply(child) { collect(child, childStyle) }
                default: break
                }
            }
        }
        collect(element, style)
        var previousSpace = true
        for index in runs.indices {
            var out = ""
            for character in runs[index].text {
                let space = character == " " || character == "\n" || character == "\t" || character == "\r"
                if space && previousSpace { continue }
                out.append(space ? " " : character)
                previousSpace = space
            }
            runs[index].text = out
        }
        if let last = runs.indices.last(where: { !runs[$0].text.isEmpty }), runs[last].text.hasSuffix(" ") { runs[last].text.removeLast() }
        runs.removeAll { $0.text.isEmpty || !$0.style.visible || $0.style.fontSize <= 0 || !$0.style.fontSize.isFinite }
        return runs
    }
}
