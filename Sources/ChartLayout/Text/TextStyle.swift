import ChartFont

/// How a run of text is set: size in px, weight, slant. Every text box in the scene carries one, so widths can
/// be measured without a browser and the SVG writer can emit matching attributes.
public struct TextStyle: Sendable, Hashable {
    public enum Weight: String, Sendable, Hashable { case regular, bold }

    public var size: Double
    public var weight: Weight
    public var italic: Bool
    /// The theme's faces (`font.files` or a family found on the system); nil for the built-in metrics.
    public var faces: FontFaces?

    public init(size: Double, weight: Weight = .regular, italic: Bool = false, faces: FontFaces? = nil) {
        self.size = size
        self.weight = weight
        self.italic = italic
        self.faces = faces
    }
}

/// The faces of a theme's font family, measured with their real advance widths (ChartFont): each style asks for
/// the closest face it has. Shared by every text style of a theme; equal by identity.
public final class FontFaces: Sendable, Hashable {
    let regular: FontFace
    let bold: FontFace
    let italic: FontFace
    let boldItalic: FontFace
    /// The files measured, for messages and tests.
    public let paths: [String]

    init(regular: OpenTypeFace, bold: OpenTypeFace?, italic: OpenTypeFace?, boldItalic: OpenTypeFace?) {
        let regularFace = FontFace(regular)
        let boldFace = bold.map(FontFace.init) ?? regularFace
        let italicFace = italic.map(FontFace.init) ?? regularFace
        self.regular = regularFace
        self.bold = boldFace
        self.italic = italicFace
        self.boldItalic = boldItalic.map(FontFace.init) ?? (bold != nil ? boldFace : italicFace)
        paths = [regular.path] + [bold, italic, boldItalic].compactMap { $0?.path }
    }

    func face(bold: Bool, italic: Bool) -> FontFace {
        switch (bold, italic) {
        case (false, false): regular
        case (true, false): self.bold
        case (false, true): self.italic
        case (true, true): boldItalic
        }
    }

    public static func == (lhs: FontFaces, rhs: FontFaces) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// One line produced by wrapping, with its measured width.
public struct TextLine: Sendable, Equatable {
    public var text: String
    public var width: Double

    public init(text: String, width: Double) {
        self.text = text
        self.width = width
    }
}
