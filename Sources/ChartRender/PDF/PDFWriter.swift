import ChartColor
import ChartDiagnostics
import ChartFont
import ChartFormat
import ChartLayout

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Serializes a `Scene` to a PDF 1.7 file, as the SVG writer serializes it to SVG: it decides nothing about
/// positions. One page the size of the graphic (1 px = 0.75 pt); shapes with their fills, strokes, dashes,
/// caps and opacities; `along` gradients as axial shadings clipped to their marks; clip regions; text at the
/// same baselines and anchors, from the same measured widths, in embedded faces (`PDFFontEmbedding`); links as
/// annotations; title and subject in the document information; streams Flate-compressed (`PDFDeflate`).
/// Deterministic: no date unless asked for.
public struct PDFWriter: Sendable {
    public struct Options: Sendable {
        /// Where the faces come from; nil: the scene's font files, else its font stack in the system font folders.
        public var fonts: PDFFontSource?
        /// Seconds since 1970 for `/CreationDate` (from `SOURCE_DATE_EPOCH`); nil writes no date.
        public var creationDate: Int64?

        /// Streams (page content, fonts, Unicode maps) compressed with `/FlateDecode`; off, they stay readable.
        public var compressStreams: Bool

        public init(fonts: PDFFontSource? = nil, creationDate: Int64? = nil, compressStreams: Bool = true) {
            self.fonts = fonts
            self.creationDate = creationDate
            self.compressStreams = compressStreams
        }
    }

    /// px to pt.
    static let scale = 0.75

    public var options: Options

    public init(options: Options = Options()) {
        self.options = options
    }

    public static func write(_ scene: Scene, options: Options = Options()) throws(DiagnosticError) -> [UInt8] {
        try PDFWriter(options: options).write(scene)
    }

    public func write(_ scene: Scene) throws(DiagnosticError) -> [UInt8] {
        var page = PDFPage(scene: scene, fonts: options.fonts ?? .forScene(scene))
        do {
            try page.draw()
        } catch {
            throw DiagnosticError(error.diagnostic)
        }
        return page.finish(creationDate: options.creationDate, compressStreams: options.compressStreams)
    }

    /// `D:YYYYMMDDHHmmSSZ` for seconds since 1970 (UTC).
    static func date(_ seconds: Int64) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = seconds - days * 86_400
        let civil = CivilDate.civil(fromDays: days)
        func two(_ v: Int64) -> String { v < 10 ? "0" + String(v) : String(v) }
        let year = String(civil.year)
        return "D:" + String(repeating: "0", count: max(0, 4 - year.count)) + year + two(civil.month) + two(civil.day)
            + two(rest / 3600) + two(rest / 60 % 60) + two(rest % 60) + "Z"
    }
}

/// The one page being drawn: its content stream and the resources it names.
struct PDFPage {
    let scene: Scene
    let fonts: PDFFontSource
    var content = PDFContentStream()
    var embedding = PDFFontEmbedding()
    var links = PDFLinks()
    /// `/GS0`… by (fill alpha, stroke alpha), in order of first use.
    var graphicStates: [(fill: Double, stroke: Double)] = []
    /// Shading dictionaries, `/Sh0`… in order of first use; marks sharing one ramp share one shading.
    var shadings: [String] = []
    var shadingIndex: [String: Int] = [:]
    var gradients: [String: LinearGradient] = [:]
    var clips: [String: Box] = [:]
    /// The sum of the translations of the groups being drawn: links are placed in page coordinates.
    var translation = (dx: 0.0, dy: 0.0)
    /// The face for each (bold, italic), and its fallback, each looked up once per page when first needed.
    var facesByStyle: [FontStyleRequest: OpenTypeFace] = [:]
    var fallbacksByStyle: [FontStyleRequest: OpenTypeFace?] = [:]
    /// How many more logo elements may be drawn: `use` may repeat a group that repeats itself (a logo of a few
    /// hundred bytes could otherwise ask for billions of shapes); a real logo has a few dozen.
    var logoElementsLeft = 20_000

    init(scene: Scene, fonts: PDFFontSource) {
        self.scene = scene
        self.fonts = fonts
        for definition in scene.definitions {
            switch definition {
            case .linearGradient(let gradient): gradients[gradient.id] = gradient
            case .clipRect(let id, let box): clips[id] = box
            }
        }
    }

    // MARK: Drawing

    mutating func draw() throws(FontDiagnostic) {
        let height = scene.height
        // User space in px with y down, as the scene: flip and scale the page's points.
        content.transform(PDFWriter.scale, 0, 0, -PDFWriter.scale, 0, height * PDFWriter.scale)
        content.op("4 M") // SVG's default miter limit
        if let background = scene.background, let color = Color(css: background), color.alpha > 0 {
            setFill(color, opacity: 1)
            content.rectangle(0, 0, scene.width, scene.height)
            content.op("f")
        }
        try draw(scene.children, opacity: 1)
        try drawLogo()
    }

    mutating func draw(_ nodes: [SceneNode], opacity: Double) throws(FontDiagnostic) {
        for node in nodes { try draw(node, opacity: opacity) }
    }

    mutating func draw(_ node: SceneNode, opacity inherited: Double) throws(FontDiagnostic) {
        switch node {
        case .group(let group):
            let opacity = inherited * clamp(group.opacity ?? 1)
            guard opacity > 0, !group.children.isEmpty else { return }
            let shift = group.translate.flatMap { $0.dx != 0 || $0.dy != 0 ? $0 : nil }
            let clip = group.clipID.flatMap { clips[$0] }
            guard shift != nil || clip != nil else {
                try draw(group.children, opacity: opacity)
                return
            }
            content.save()
            let outer = translation
            if let shift {
                content.translate(shift.dx, shift.dy)
                translation = (outer.dx + shift.dx, outer.dy + shift.dy)
            }
            if let clip {
                content.rectangle(clip.x, clip.y, max(0, clip.width), max(0, clip.height))
                content.op("W n")
            }
            try draw(group.children, opacity: opacity)
            translation = outer
            content.restore()
        case .rect, .circle, .line, .path:
            guard let shape = SceneShape(node) else { return }
            paint(shape.path, fill: shape.fill, stroke: shape.stroke, opacity: inherited * clamp(shape.opacity), bounds: shape.bounds)
        case .text(let text):
            try drawText(text, opacity: inherited)
        }
    }

    func clamp(_ value: Double) -> Double { value.isFinite ? min(1, max(0, value)) : 1 }

    /// Fills then strokes an outline, as SVG paints them. An element's `opacity` is applied to its fill and its
    /// stroke separately (exact for the marks, which have one or the other or a stroke over a same-colored fill).
    mutating func paint(_ path: PDFPath, fill: Paint, stroke: Stroke?, opacity: Double, bounds: Box) {
        guard opacity > 0 else { return }
        switch fill {
        case .none:
            break
        case .color(let css):
            if let color = Color(css: css), color.alpha > 0 {
                content.save()
                setFill(color, opacity: opacity)
                content.op(path.operators + "f")
                content.restore()
            }
        case .gradient(let id):
            if let gradient = gradients[id], let shading = PDFShading.dictionary(gradient, bounds: bounds) {
                content.save()
                setAlpha(fill: opacity, stroke: 1)
                content.op(path.operators + "W n")
                let index: Int
                if let known = shadingIndex[shading] {
                    index = known
                } else {
                    index = shadings.count
                    shadings.append(shading)
                    shadingIndex[shading] = index
                }
                content.op("/Sh" + String(index) + " sh")
                content.restore()
            }
        }
        guard let stroke, stroke.width > 0 else { return }
        let color: Color?
        switch stroke.paint {
        case .none: color = nil
        case .color(let css): color = Color(css: css)
        case .gradient(let id): color = gradients[id]?.stops.first.flatMap { Color(css: $0.color) }
        }
        guard let color, color.alpha > 0 else { return }
        content.save()
        content.strokeColor(color.red, color.green, color.blue)
        setAlpha(fill: 1, stroke: opacity * color.alpha * clamp(stroke.opacity ?? 1))
        content.op(PDFContentStream.n(stroke.width) + " w")
        if let cap = stroke.cap, cap != .butt { content.op(cap == .round ? "1 J" : "2 J") }
        if let join = stroke.join, join != .miter { content.op(join == .round ? "1 j" : "2 j") }
        let dashes = stroke.dash.filter { $0.isFinite && $0 >= 0 }
        if !dashes.isEmpty, dashes.contains(where: { $0 > 0 }) {
            // SVG repeats an odd-length dash list to make it even; PDF does the same.
            content.op("[" + dashes.map(PDFContentStream.n).joined(separator: " ") + "] 0 d")
        }
        content.op(path.operators + "S")
        content.restore()
    }

    mutating func setFill(_ color: Color, opacity: Double) {
        content.fillColor(color.red, color.green, color.blue)
        setAlpha(fill: opacity * color.alpha, stroke: 1)
    }

    /// Selects an ExtGState for the alphas (nothing when both are opaque).
    mutating func setAlpha(fill: Double, stroke: Double) {
        let fill = (clamp(fill) * 1000).rounded() / 1000
        let stroke = (clamp(stroke) * 1000).rounded() / 1000
        guard fill < 1 || stroke < 1 else { return }
        let index: Int
        if let known = graphicStates.firstIndex(where: { $0.fill == fill && $0.stroke == stroke }) {
            index = known
        } else {
            graphicStates.append((fill, stroke))
            index = graphicStates.count - 1
        }
        content.op("/GS" + String(index) + " gs")
    }

    // MARK: Text

    /// Each line at its baseline, starting where the anchor puts it; runs follow one another with the embedded
    /// faces' advances (the widths the layout measured) and the faces' pair kerning, as SVG renderers and browsers
    /// draw the text (kerning on by default): the line's width for the anchor is the kerned one, as theirs is.
    mutating func drawText(_ node: TextNode, opacity: Double) throws(FontDiagnostic) {
        guard opacity > 0 else { return }
        let rotated = node.rotation.truncatingRemainder(dividingBy: 360) != 0
        content.save()
        if rotated {
            let radians = node.rotation * Double.pi / 180
            let c = cos(radians), s = sin(radians)
            // Rotate about (x, y): translate there, rotate, translate back.
            content.transform(c, s, -s, c, node.x - c * node.x + s * node.y, node.y - s * node.x - c * node.y)
        }
        var lastFill: Color?
        for (index, line) in node.block.lines.enumerated() {
            // Each run's pieces (one face each) with their kerned glyph strings, and the run's kerned width.
            var runs: [(run: TextRun, face: OpenTypeFace, operands: [(face: Int, operand: [UInt8])], width: Double, unprintable: Bool)] = []
            for run in line.runs where !run.text.isEmpty {
                let face = try face(for: run.style)
                let fallback = Self.needsFallback(run.text, face) ? fallback(for: run.style) : nil
                var kerning = 0.0
                var operands: [(face: Int, operand: [UInt8])] = []
                for piece in embedding.encode(run.text, face: face, fallback: fallback) {
                    let kerned = embedding.kerned(piece)
                    kerning += Double(kerned.units) / Double(embedding.faces[piece.face].face.unitsPerEm) * run.style.size
                    operands.append((piece.face, kerned.operand))
                }
                runs.append((run, face, operands, run.width + kerning, Self.needsFallback(run.text, face, fallback)))
            }
            let baseline = node.baseline(ofLine: index)
            var x = node.lineStart(width: runs.reduce(0) { $0 + $1.width })
            content.op("BT")
            for (run, face, operands, width, unprintable) in runs {
                // Italic or bold asked of a face that is neither (a theme with no such file): slanted and
                // emboldened as browsers synthesize them, over the advances the layout measured.
                let slanted = run.style.italic && !face.isItalic
                let emboldened = run.style.weight == .bold && !face.isBold && face.weight < 600
                // Each run starts where the layout put it (after the kerned runs before it).
                content.op("1 0 " + (slanted ? "0.2126" : "0") + " -1 " + PDFContentStream.n(x) + " " + PDFContentStream.n(baseline) + " Tm")
                if let link = run.link ?? node.link {
                    let ascent = TextMeasurer.ascent(run.style), descent = TextMeasurer.descent(run.style)
                    let box = Box(x: x, y: baseline - ascent, width: width, height: ascent + descent)
                    links.add((rotated ? node.box : box).offsetBy(dx: translation.dx, dy: translation.dy), target: link)
                }
                x += width
                let fill = Color(css: run.fill ?? node.fill) ?? .black
                if emboldened {
                    content.fillColor(fill.red, fill.green, fill.blue)
                    content.strokeColor(fill.red, fill.green, fill.blue)
                    setAlpha(fill: opacity * fill.alpha, stroke: opacity * fill.alpha)
                    content.op(PDFContentStream.n(run.style.size / 30) + " w 2 Tr")
                    lastFill = nil
                } else if fill != lastFill {
                    setFill(fill, opacity: opacity)
                    lastFill = fill
                }
                // Characters no face has print as .notdef, and one glyph id can map back to one character only:
                // the run's real text goes along as ActualText, so search and copy still get it.
                if unprintable { content.op("/Span << /ActualText " + PDFSyntax.textString(run.text, forceUnicode: true) + " >> BDC") }
                for (face, operand) in operands {
                    content.op("/" + embedding.faces[face].resourceName + " " + PDFContentStream.n(run.style.size) + " Tf")
                    content.raw(operand + Array(" TJ\n".utf8))
                }
                if unprintable { content.op("EMC") }
                if emboldened { content.op("0 Tr") }
            }
            content.op("ET")
        }
        content.restore()
    }

    mutating func face(for style: TextStyle) throws(FontDiagnostic) -> OpenTypeFace {
        let request = FontStyleRequest(bold: style.weight == .bold, italic: style.italic)
        if let known = facesByStyle[request] { return known }
        let face = try fonts.face(for: style)
        if let reason = Self.embeddingProblem(face) {
            throw FontDiagnostic.notEmbeddable(path: face.path, family: face.names.fullName, reason: reason)
        }
        facesByStyle[request] = face
        return face
    }

    /// Why a face cannot go into the PDF, nil when it can.
    static func embeddingProblem(_ face: OpenTypeFace) -> String? {
        if !face.allowsEmbedding { return "its licence forbids embedding (OS/2 fsType 2, restricted)" }
        if !face.hasTrueTypeOutlines { return "its outlines are CFF (PostScript), and chartc embeds TrueType outlines only; use the face's .ttf" }
        return nil
    }

    mutating func fallback(for style: TextStyle) -> OpenTypeFace? {
        let request = FontStyleRequest(bold: style.weight == .bold, italic: style.italic)
        if let known = fallbacksByStyle[request] { return known }
        let face = fonts.fallback(for: style).flatMap { Self.embeddingProblem($0) == nil ? $0 : nil }
        fallbacksByStyle[request] = .some(face)
        return face
    }

    /// Whether any scalar of `text` (above ASCII controls) has no glyph in `face` (nor in `fallback`).
    static func needsFallback(_ text: String, _ face: OpenTypeFace, _ fallback: OpenTypeFace? = nil) -> Bool {
        text.unicodeScalars.contains { $0.value >= 0x20 && !face.covers($0.value) && !(fallback?.covers($0.value) ?? false) }
    }
}

extension PDFPage {
    /// The file: catalog, page tree, the page with its resources and annotations, content, fonts, information.
    mutating func finish(creationDate: Int64?, compressStreams: Bool) -> [UInt8] {
        var document = PDFDocument()
        document.compressStreams = compressStreams
        let catalog = document.reserve()
        let pages = document.reserve()
        let page = document.reserve()
        let contents = document.reserve()
        let info = document.reserve()
        document.setStream(contents, dictionary: "", data: content.bytes)
        let fontResources = embedding.embed(into: &document)
        let annotations = links.embed(into: &document, pageHeight: scene.height, scale: PDFWriter.scale)
        var resources = "<< /ProcSet [/PDF /Text]"
        if !fontResources.isEmpty { resources += " /Font << " + fontResources + ">>" }
        if !graphicStates.isEmpty {
            resources +=
                " /ExtGState << "
                + graphicStates.enumerated().map { index, alphas in
                    "/GS" + String(index) + " << /ca " + PDFSyntax.number(alphas.fill, decimals: 3) + " /CA "
                        + PDFSyntax.number(alphas.stroke, decimals: 3) + " >>"
                }.joined(separator: " ") + " >>"
        }
        if !shadings.isEmpty {
            resources += " /Shading << " + shadings.enumerated().map { "/Sh" + String($0.offset) + " " + $0.element }.joined(separator: " ") + " >>"
        }
        resources += " >>"
        let width = PDFSyntax.number(scene.width * PDFWriter.scale, decimals: 3)
        let height = PDFSyntax.number(scene.height * PDFWriter.scale, decimals: 3)
        document.set(
            page,
            "<< /Type /Page /Parent " + String(pages) + " 0 R /MediaBox [0 0 " + width + " " + height + "] /Resources " + resources
                + " /Contents " + String(contents) + " 0 R" + (annotations.isEmpty ? "" : " /Annots " + annotations) + " >>")
        document.set(pages, "<< /Type /Pages /Kids [" + String(page) + " 0 R] /Count 1 >>")
        var catalogEntries = "<< /Type /Catalog /Pages " + String(pages) + " 0 R"
        if let title = scene.title, !title.isEmpty { catalogEntries += " /ViewerPreferences << /DisplayDocTitle true >>" }
        document.set(catalog, catalogEntries + " >>")
        var information = "<< /Producer (chartc)"
        if let title = scene.title, !title.isEmpty { information += " /Title " + PDFSyntax.textString(title) }
        if let subject = scene.description, !subject.isEmpty { information += " /Subject " + PDFSyntax.textString(subject) }
        if let creationDate {
            let date = PDFWriter.date(creationDate)
            information += " /CreationDate (" + date + ") /ModDate (" + date + ")"
        }
        document.set(info, information + " >>")
        // The file identifier: a hash of the page content, so the same chart has the same id.
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in content.bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        var id = ""
        for shift in stride(from: 56, through: 0, by: -8) { id += PDFSyntax.hex2(UInt8(hash >> UInt64(shift) & 0xFF)) }
        return document.bytes(root: catalog, info: info, id: id + id)
    }
}
