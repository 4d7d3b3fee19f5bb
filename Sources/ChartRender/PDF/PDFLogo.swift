import ChartColor
import ChartFont
import ChartLayout

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The theme's logo in the PDF. The scene carries it as markup (`Scene.logo`: an `<svg>` element whose content
/// `LogoSanitizer` has cut down to drawing elements and presentation attributes), which the SVG writer inlines;
/// this reads that markup into a small tree and draws it with the page's operators, so the printed chart has
/// the logo the SVG shows. Drawn: the `<svg>` viewport (viewBox, `xMidYMid meet`, clipped), `g`, `path`,
/// `rect` (rounded), `circle`, `ellipse`, `line`, `polyline`, `polygon`, `text`/`tspan` (in the face its
/// `font-family` names when installed, else the chart's), `use` of a local element, `transform`, fill and stroke
/// colors, widths, caps, joins, dashes, `fill-rule`, opacities, `style="…"` declarations, `display:none`,
/// `visibility:hidden`, and `clip-path` to a `clipPath` of plain shapes. Gradients paint as their first stop's
/// color; masks are not applied (their content is drawn unmasked: nothing hides). See specs/reference.md.
struct PDFLogoElement {
    var name: String
    var attributes: [String: String]
    var children: [PDFLogoItem]

    func attribute(_ name: String) -> String? { attributes[name] }
    func number(_ name: String) -> Double? { attributes[name].flatMap(PDFLogoElement.length) }

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
    func index(into table: inout [String: PDFLogoElement]) {
        if let id = attributes["id"], table[id] == nil { table[id] = self }
        for case .element(let child) in children { child.index(into: &table) }
    }
}

enum PDFLogoItem {
    case element(PDFLogoElement)
    case text(String)
}

/// Reads the sanitized logo markup. Lenient like the sanitizer: broken markup ends the tree where it breaks.
struct PDFLogoParser {
    let bytes: [UInt8]
    var index = 0

    static func parse(_ markup: String) -> PDFLogoElement? {
        var parser = PDFLogoParser(bytes: Array(markup.utf8))
        var root = PDFLogoElement(name: "#root", attributes: [:], children: [])
        parser.children(into: &root, depth: 0)
        for case .element(let element) in root.children where element.name == "svg" { return element }
        return nil
    }

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// Reads items until the closing tag of `parent` (or the end).
    mutating func children(into parent: inout PDFLogoElement, depth: Int) {
        while index < bytes.count {
            if bytes[index] != UInt8(ascii: "<") {
                let start = index
                while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
                parent.children.append(.text(Self.decode(String(decoding: bytes[start..<index], as: UTF8.self))))
                continue
            }
            if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                while index < bytes.count, bytes[index] != UInt8(ascii: ">") { index += 1 }
                index += 1
                return
            }
            if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "!") || bytes[index + 1] == UInt8(ascii: "?") {
                while index < bytes.count, bytes[index] != UInt8(ascii: ">") { index += 1 }
                index += 1
                continue
            }
            guard var (element, selfClosing) = tag() else { index = bytes.count; return }
            // Depth is bounded: the sanitizer keeps any nesting, and a hostile logo must not overflow the stack.
            if !selfClosing {
                if depth < 64 {
                    children(into: &element, depth: depth + 1)
                } else {
                    skipSubtree()
                }
            }
            parent.children.append(.element(element))
        }
    }

    /// Skips to the end of the element just opened, without recursion (nesting beyond 64 levels is not drawn).
    mutating func skipSubtree() {
        var depth = 1
        while index < bytes.count, depth > 0 {
            guard bytes[index] == UInt8(ascii: "<") else { index += 1; continue }
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            if next == UInt8(ascii: "/") || next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
                while index < bytes.count, bytes[index] != UInt8(ascii: ">") { index += 1 }
                index += 1
                if next == UInt8(ascii: "/") { depth -= 1 }
                continue
            }
            guard let (_, selfClosing) = tag() else { index = bytes.count; return }
            if !selfClosing { depth += 1 }
        }
    }

    /// An opening tag at `<`: the element (no children yet) and whether it closes itself.
    mutating func tag() -> (PDFLogoElement, Bool)? {
        index += 1
        let name = readName()
        guard !name.isEmpty else { return nil }
        var attributes: [String: String] = [:]
        while true {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ">") { index += 1; return (PDFLogoElement(name: name, attributes: attributes, children: []), false) }
            if bytes[index] == UInt8(ascii: "/") {
                index += 1
                guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { return nil }
                index += 1
                return (PDFLogoElement(name: name, attributes: attributes, children: []), true)
            }
            let attribute = readName()
            guard !attribute.isEmpty, index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return nil }
            index += 1
            guard index < bytes.count else { return nil }
            let quote = bytes[index]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return nil }
            index += 1
            let start = index
            while index < bytes.count, bytes[index] != quote { index += 1 }
            guard index < bytes.count else { return nil }
            if attributes[attribute] == nil { attributes[attribute] = Self.decode(String(decoding: bytes[start..<index], as: UTF8.self)) }
            index += 1
        }
    }

    mutating func readName() -> String {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            let letter = (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
            guard letter || (byte >= 0x30 && byte <= 0x39) || byte == 0x3A || byte == 0x2D || byte == 0x5F || byte == 0x2E else { break }
            index += 1
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// XML's five entities and numeric references; anything else stays as written.
    static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            guard let semicolon = after.firstIndex(of: ";"), after.distance(from: after.startIndex, to: semicolon) <= 10 else {
                result += "&"
                rest = after
                continue
            }
            let name = after[..<semicolon]
            var replacement: String?
            switch name {
            case "lt": replacement = "<"
            case "gt": replacement = ">"
            case "amp": replacement = "&"
            case "quot": replacement = "\""
            case "apos": replacement = "'"
            default:
                if name.hasPrefix("#x") || name.hasPrefix("#X") {
                    replacement = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
                } else if name.hasPrefix("#") {
                    replacement = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
                }
            }
            if let replacement {
                result += replacement
                rest = after[after.index(after: semicolon)...]
            } else {
                result += "&"
                rest = after
            }
        }
        return result + rest
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
    mutating func apply(_ element: PDFLogoElement) -> Bool {
        opacity = 1
        var declarations: [(String, String)] = element.attributes.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
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
            case "stroke-width": strokeWidth = PDFLogoElement.length(value).map { max(0, $0) } ?? strokeWidth
            case "stroke-linecap": lineCap = value
            case "stroke-linejoin": lineJoin = value
            case "stroke-dasharray": dash = value == "none" ? [] : PDFLogoElement.numbers(value)
            case "fill-rule": evenOdd = value == "evenodd"
            case "color": color = value
            case "font-family": fontFamily = value
            case "font-size": fontSize = PDFLogoElement.length(value).map { max(0, $0) } ?? fontSize
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
    /// Draws `scene.logo`, if any, over everything else (the SVG writes it last).
    mutating func drawLogo() throws(FontDiagnostic) {
        guard let markup = scene.logo, let root = PDFLogoParser.parse(markup) else { return }
        var ids: [String: PDFLogoElement] = [:]
        root.index(into: &ids)
        try drawLogoViewport(root, style: PDFLogoStyle(), opacity: 1, ids: ids, depth: 0)
    }

    /// An `<svg>` element: its viewport, viewBox (uniform scale, centred, as `xMidYMid meet`) and clip.
    private mutating func drawLogoViewport(
        _ element: PDFLogoElement, style inherited: PDFLogoStyle, opacity: Double, ids: [String: PDFLogoElement], depth: Int
    ) throws(FontDiagnostic) {
        var style = inherited
        guard style.apply(element) else { return }
        let x = element.number("x") ?? 0, y = element.number("y") ?? 0
        let box = element.attribute("viewBox").map(PDFLogoElement.numbers) ?? []
        let width = element.number("width") ?? (box.count == 4 ? box[2] : 0)
        let height = element.number("height") ?? (box.count == 4 ? box[3] : 0)
        guard width > 0, height > 0 else { return }
        content.save()
        content.rectangle(x, y, width, height)
        content.op("W n")
        if box.count == 4, box[2] > 0, box[3] > 0 {
            let scale = min(width / box[2], height / box[3])
            content.transform(
                scale, 0, 0, scale, x + (width - box[2] * scale) / 2 - box[0] * scale, y + (height - box[3] * scale) / 2 - box[1] * scale)
        } else {
            content.translate(x, y)
        }
        try drawLogoChildren(element, style: style, opacity: opacity * style.opacity, ids: ids, depth: depth + 1)
        content.restore()
    }

    private mutating func drawLogoChildren(_ element: PDFLogoElement, style: PDFLogoStyle, opacity: Double, ids: [String: PDFLogoElement], depth: Int)
        throws(FontDiagnostic)
    {
        for case .element(let child) in element.children {
            try drawLogoElement(child, style: style, opacity: opacity, ids: ids, depth: depth)
        }
    }

    private mutating func drawLogoElement(
        _ element: PDFLogoElement, style inherited: PDFLogoStyle, opacity inheritedOpacity: Double, ids: [String: PDFLogoElement], depth: Int
    ) throws(FontDiagnostic) {
        guard depth < 64, logoElementsLeft > 0 else { return }
        logoElementsLeft -= 1
        switch element.name {
        case "defs", "clipPath", "mask", "symbol", "linearGradient", "radialGradient", "stop", "title", "desc", "tspan": return
        default: break
        }
        var style = inherited
        guard style.apply(element) else { return }
        let opacity = inheritedOpacity * style.opacity
        guard opacity > 0 else { return }
        if element.name == "svg" {
            try drawLogoViewport(element, style: inherited, opacity: inheritedOpacity, ids: ids, depth: depth + 1)
            return
        }
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
        case "g", "a", "switch":
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
    private static func outline(_ element: PDFLogoElement) -> PDFPath? {
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
            let points = PDFLogoElement.numbers(element.attribute("points") ?? "")
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
    private static func localReference(_ text: String) -> String? {
        var value = text.trimmingSpaces
        if value.hasPrefix("url(") && value.hasSuffix(")") { value = String(value.dropFirst(4).dropLast()).trimmingSpaces }
        value = value.filter { $0 != "\"" && $0 != "'" }
        guard value.hasPrefix("#"), value.count > 1 else { return nil }
        return String(value.dropFirst())
    }

    /// A paint value as a color: `none` nil, `currentColor` the inherited `color`, a gradient its first stop.
    private static func color(_ paint: String, style: PDFLogoStyle, ids: [String: PDFLogoElement]) -> Color? {
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

    private static func declaration(_ name: String, in element: PDFLogoElement) -> String? {
        for declaration in (element.attribute("style") ?? "").split(separator: ";") {
            let parts = declaration.split(separator: ":", maxSplits: 1)
            if parts.count == 2, String(parts[0]).trimmingSpaces == name { return String(parts[1]).trimmingSpaces }
        }
        return nil
    }

    private mutating func paintLogo(_ path: PDFPath, style: PDFLogoStyle, opacity: Double, ids: [String: PDFLogoElement], closedShape: Bool) {
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
    private mutating func drawLogoText(_ element: PDFLogoElement, style: PDFLogoStyle, opacity: Double, ids: [String: PDFLogoElement])
        throws(FontDiagnostic)
    {
        var runs: [(text: String, style: PDFLogoStyle)] = []
        func collect(_ element: PDFLogoElement, _ style: PDFLogoStyle) {
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
        // SVG's default white space handling: line breaks and tabs are spaces, runs of spaces one, none at the ends.
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
        runs.removeAll { $0.text.isEmpty || !$0.style.visible || $0.style.fontSize <= 0 }
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
        var x = element.number("x") ?? PDFLogoElement.numbers(element.attribute("x") ?? "").first ?? 0
        let y = element.number("y") ?? PDFLogoElement.numbers(element.attribute("y") ?? "").first ?? 0
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
            let values = PDFLogoElement.numbers(String(rest[rest.index(after: open)..<close]))
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
