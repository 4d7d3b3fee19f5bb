import ChartLayout

/// Serializes a `Scene` to SVG text. It decides nothing about positions: it writes what the scene says, with
/// numbers rounded to 2 decimals, every string escaped, and attributes in a fixed order, so the same scene
/// always gives the same bytes. The output is self-contained (no fonts, images or scripts) and accessible
/// (`role="img"`, `<title>`, `<desc>`).
public struct SVGWriter: Sendable {
    /// How the document is wrapped.
    public struct Options: Sendable {
        /// Prefixed to every id (and every reference to one), so several charts can share an HTML page.
        public var idPrefix: String
        /// Write `<?xml version="1.0" encoding="UTF-8"?>` first (for standalone `.svg` files).
        public var xmlDeclaration: Bool

        public init(idPrefix: String = "chartc", xmlDeclaration: Bool = false) {
            self.idPrefix = idPrefix
            self.xmlDeclaration = xmlDeclaration
        }
    }

    public var options: Options

    public init(options: Options = Options()) {
        self.options = options
    }

    /// The SVG document for `scene`, ending with a newline.
    public static func write(_ scene: Scene, options: Options = Options()) -> String {
        SVGWriter(options: options).write(scene)
    }

    public func write(_ scene: Scene) -> String {
        var out = Output(prefix: XMLText.nameFragment(options.idPrefix))
        if options.xmlDeclaration { out.line("<?xml version=\"1.0\" encoding=\"UTF-8\"?>") }
        var root = Attributes()
        root.add("xmlns", "http://www.w3.org/2000/svg")
        root.add("width", number(scene.width))
        root.add("height", number(scene.height))
        root.add("viewBox", "0 0 " + number(scene.width) + " " + number(scene.height))
        root.add("role", "img")
        var labelledBy: [String] = []
        let title = scene.title.flatMap { $0.isEmpty ? nil : $0 }
        let description = scene.description.flatMap { $0.isEmpty ? nil : $0 }
        if title != nil { labelledBy.append(out.id("title")) }
        if description != nil { labelledBy.append(out.id("desc")) }
        if !labelledBy.isEmpty { root.add("aria-labelledby", labelledBy.joined(separator: " ")) }
        root.add("font-family", scene.fontFamily)
        if !scene.classes.isEmpty { root.add("class", scene.classes.joined(separator: " ")) }
        out.line("<svg" + root.text + ">")
        out.depth += 1
        if let title { out.line("<title id=\"" + out.id("title") + "\">" + XMLText.escapeText(title) + "</title>") }
        if let description { out.line("<desc id=\"" + out.id("desc") + "\">" + XMLText.escapeText(description) + "</desc>") }
        if !scene.dataSources.isEmpty { writeMetadata(scene.dataSources, to: &out) }
        if !scene.definitions.isEmpty {
            out.line("<defs>")
            out.depth += 1
            for definition in scene.definitions { writeDefinition(definition, to: &out) }
            out.depth -= 1
            out.line("</defs>")
        }
        if let background = scene.background {
            var attributes = Attributes()
            attributes.add("class", "chartc-background")
            attributes.add("width", number(scene.width))
            attributes.add("height", number(scene.height))
            attributes.add("fill", background)
            out.line("<rect" + attributes.text + "/>")
        }
        for node in scene.children { writeNode(node, to: &out) }
        if let logo = scene.logo { writeLogo(logo, to: &out) }
        out.depth -= 1
        out.line("</svg>")
        return out.text
    }

    // MARK: - Metadata

    /// The data's provenance: `<chartc:source url="…" sha256="…"/>` per source, in load order.
    private func writeMetadata(_ sources: [SceneDataSource], to out: inout Output) {
        out.line("<metadata xmlns:chartc=\"urn:chartc:provenance\">")
        out.depth += 1
        for source in sources {
            var attributes = Attributes()
            attributes.add("url", source.url)
            attributes.add("sha256", source.sha256)
            if let query = source.query { attributes.add("query", query) }
            out.line("<chartc:source" + attributes.text + "/>")
        }
        out.depth -= 1
        out.line("</metadata>")
    }

    // MARK: - Definitions

    private func writeDefinition(_ definition: SceneDefinition, to out: inout Output) {
        switch definition {
        case .linearGradient(let gradient):
            var attributes = Attributes()
            attributes.add("id", out.id(gradient.id))
            attributes.add("gradientUnits", gradient.units.rawValue)
            attributes.add("x1", number(gradient.x1))
            attributes.add("y1", number(gradient.y1))
            attributes.add("x2", number(gradient.x2))
            attributes.add("y2", number(gradient.y2))
            out.line("<linearGradient" + attributes.text + ">")
            out.depth += 1
            for stop in gradient.stops {
                var stopAttributes = Attributes()
                stopAttributes.add("offset", number(min(1, max(0, stop.offset))))
                stopAttributes.add("stop-color", stop.color)
                if let opacity = stop.opacity { stopAttributes.add("stop-opacity", number(opacity)) }
                out.line("<stop" + stopAttributes.text + "/>")
            }
            out.depth -= 1
            out.line("</linearGradient>")
        case .clipRect(let id, let box):
            out.line("<clipPath id=\"" + out.id(id) + "\">")
            out.depth += 1
            out.line("<rect" + boxAttributes(box).text + "/>")
            out.depth -= 1
            out.line("</clipPath>")
        }
    }

    // MARK: - Nodes

    private func writeNode(_ node: SceneNode, to out: inout Output) {
        switch node {
        case .group(let group):
            var attributes = Attributes()
            addCommon(classes: group.classes, data: group.data, to: &attributes)
            if let label = group.label { attributes.add("aria-label", label) }
            if let shift = group.translate, shift.dx != 0 || shift.dy != 0 {
                attributes.add("transform", "translate(" + number(shift.dx) + "," + number(shift.dy) + ")")
            }
            if let clip = group.clipID { attributes.add("clip-path", "url(#" + out.id(clip) + ")") }
            if let opacity = group.opacity { attributes.add("opacity", number(opacity)) }
            if group.children.isEmpty {
                out.line("<g" + attributes.text + "/>")
                return
            }
            out.line("<g" + attributes.text + ">")
            out.depth += 1
            for child in group.children { writeNode(child, to: &out) }
            out.depth -= 1
            out.line("</g>")
        case .rect(let rect):
            var attributes = Attributes()
            addCommon(classes: rect.classes, data: rect.data, to: &attributes)
            attributes.append(boxAttributes(rect.box))
            if rect.cornerRadius > 0 {
                let radius = min(rect.cornerRadius, rect.box.width / 2, rect.box.height / 2)
                attributes.add("rx", number(radius))
            }
            addPaint(fill: rect.fill, stroke: rect.stroke, opacity: rect.opacity, to: &attributes, out: out)
            out.line("<rect" + attributes.text + "/>")
        case .circle(let circle):
            var attributes = Attributes()
            addCommon(classes: circle.classes, data: circle.data, to: &attributes)
            attributes.add("cx", number(circle.cx))
            attributes.add("cy", number(circle.cy))
            attributes.add("r", number(max(0, circle.radius)))
            addPaint(fill: circle.fill, stroke: circle.stroke, opacity: circle.opacity, to: &attributes, out: out)
            out.line("<circle" + attributes.text + "/>")
        case .line(let line):
            var attributes = Attributes()
            addCommon(classes: line.classes, data: line.data, to: &attributes)
            attributes.add("x1", number(line.x1))
            attributes.add("y1", number(line.y1))
            attributes.add("x2", number(line.x2))
            attributes.add("y2", number(line.y2))
            addStroke(line.stroke, to: &attributes, out: out)
            if let opacity = line.opacity { attributes.add("opacity", number(opacity)) }
            out.line("<line" + attributes.text + "/>")
        case .path(let path):
            var attributes = Attributes()
            addCommon(classes: path.classes, data: path.data, to: &attributes)
            attributes.add("d", path.d)
            addPaint(fill: path.fill, stroke: path.stroke, opacity: path.opacity, to: &attributes, out: out)
            out.line("<path" + attributes.text + "/>")
        case .text(let text):
            writeText(text, to: &out)
        }
    }

    private func writeText(_ node: TextNode, to out: inout Output) {
        var attributes = Attributes()
        addCommon(classes: node.classes, data: node.data, to: &attributes)
        attributes.add("x", number(node.x))
        attributes.add("y", number(node.y))
        attributes.append(styleAttributes(node.style))
        attributes.add("fill", node.fill)
        if node.anchor != .start { attributes.add("text-anchor", node.anchor.rawValue) }
        if node.rotation != 0 {
            attributes.add("transform", "rotate(" + number(node.rotation) + " " + number(node.x) + " " + number(node.y) + ")")
        }
        if let maxWidth = node.maxWidth { attributes.add("data-max-width", number(maxWidth)) }
        // Spaces between differently styled runs must survive renderers that trim each span.
        if node.block.lines.contains(where: { $0.runs.count > 1 }) { attributes.add("xml:space", "preserve") }
        var body = ""
        if let full = node.fullText { body += "<title>" + XMLText.escapeText(full) + "</title>" }
        let lines = node.block.lines
        if lines.count == 1 {
            body += runs(lines[0].runs, node: node)
        } else {
            for (index, line) in lines.enumerated() {
                body += "<tspan x=\"" + number(node.x) + "\" y=\"" + number(node.baseline(ofLine: index)) + "\">"
                body += runs(line.runs, node: node)
                body += "</tspan>"
            }
        }
        var element = "<text" + attributes.text + ">" + body + "</text>"
        if let link = node.link {
            element = "<a href=\"" + XMLText.escapeAttribute(link) + "\">" + element + "</a>"
        }
        out.line(element)
    }

    /// The runs of one line; neighbouring runs with the same link share one `<a>`.
    private func runs(_ runs: [TextRun], node: TextNode) -> String {
        var body = ""
        var openLink: String?
        for run in runs where !run.text.isEmpty {
            if run.link != openLink {
                if openLink != nil { body += "</a>" }
                if let link = run.link { body += "<a href=\"" + XMLText.escapeAttribute(link) + "\">" }
                openLink = run.link
            }
            var attributes = Attributes()
            if run.style.size != node.style.size { attributes.add("font-size", number(run.style.size)) }
            if run.style.weight != node.style.weight { attributes.add("font-weight", run.style.weight == .bold ? "bold" : "normal") }
            if run.style.italic != node.style.italic { attributes.add("font-style", run.style.italic ? "italic" : "normal") }
            if let fill = run.fill, fill != node.fill { attributes.add("fill", fill) }
            let piece = XMLText.escapeText(run.text)
            body += attributes.isEmpty ? piece : "<tspan" + attributes.text + ">" + piece + "</tspan>"
        }
        if openLink != nil { body += "</a>" }
        return body
    }

    // MARK: - Attributes

    private func styleAttributes(_ style: TextStyle) -> Attributes {
        var attributes = Attributes()
        attributes.add("font-size", number(style.size))
        if style.weight == .bold { attributes.add("font-weight", "bold") }
        if style.italic { attributes.add("font-style", "italic") }
        return attributes
    }

    private func addCommon(classes: [String], data: [DataAttribute], to attributes: inout Attributes) {
        if !classes.isEmpty { attributes.add("class", classes.joined(separator: " ")) }
        for item in data { attributes.add("data-" + XMLText.nameFragment(item.name), item.value) }
    }

    private func boxAttributes(_ box: Box) -> Attributes {
        var attributes = Attributes()
        attributes.add("x", number(box.x))
        attributes.add("y", number(box.y))
        attributes.add("width", number(max(0, box.width)))
        attributes.add("height", number(max(0, box.height)))
        return attributes
    }

    private func addPaint(fill: Paint, stroke: Stroke?, opacity: Double?, to attributes: inout Attributes, out: Output) {
        attributes.add("fill", paint(fill, out: out))
        if let stroke { addStroke(stroke, to: &attributes, out: out) }
        if let opacity { attributes.add("opacity", number(opacity)) }
    }

    private func addStroke(_ stroke: Stroke, to attributes: inout Attributes, out: Output) {
        attributes.add("stroke", paint(stroke.paint, out: out))
        attributes.add("stroke-width", number(stroke.width))
        if !stroke.dash.isEmpty { attributes.add("stroke-dasharray", stroke.dash.map(number).joined(separator: " ")) }
        if let cap = stroke.cap { attributes.add("stroke-linecap", cap.rawValue) }
        if let join = stroke.join { attributes.add("stroke-linejoin", join.rawValue) }
        if let opacity = stroke.opacity { attributes.add("stroke-opacity", number(opacity)) }
    }

    private func paint(_ paint: Paint, out: Output) -> String {
        switch paint {
        case .none: "none"
        case .color(let color): color
        case .gradient(let id): "url(#" + out.id(id) + ")"
        }
    }

    /// The theme's logo: an `<svg>` viewport at its box with the logo's `viewBox`, and the sanitized tree inside
    /// (`LogoElement.markup`, well-formed), declaring the `xlink` prefix when an element keeps an `xlink:href`.
    private func writeLogo(_ logo: SceneLogo, to out: inout Output) {
        var attributes = Attributes()
        attributes.add("class", "chartc-logo")
        if logo.content.usesXLink { attributes.add("xmlns:xlink", "http://www.w3.org/1999/xlink") }
        attributes.add("x", number(logo.x))
        attributes.add("y", number(logo.y))
        attributes.add("width", number(logo.width))
        attributes.add("height", number(logo.height))
        let box = logo.content.viewBox
        attributes.add("viewBox", [box.x, box.y, box.width, box.height].map(number).joined(separator: " "))
        out.line("<svg" + attributes.text + ">" + logo.content.body + "</svg>")
    }

    private func number(_ value: Double) -> String { SceneNumber.format(value) }
}

/// Attribute text built in insertion order (so output is deterministic), values escaped.
private struct Attributes {
    private(set) var text = ""
    private(set) var isEmpty = true

    mutating func add(_ name: String, _ value: String) {
        text += " " + name + "=\"" + XMLText.escapeAttribute(value) + "\""
        isEmpty = false
    }

    mutating func append(_ other: Attributes) {
        text += other.text
        if !other.isEmpty { isEmpty = false }
    }
}

/// The document being written, one element per line, indented by depth.
private struct Output {
    let prefix: String
    var text = ""
    var depth = 0

    init(prefix: String) { self.prefix = prefix }

    mutating func line(_ content: String) {
        text += String(repeating: "  ", count: depth) + content + "\n"
    }

    func id(_ local: String) -> String { prefix + "-" + XMLText.nameFragment(local) }
}
