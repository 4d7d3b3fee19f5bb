/// The font files a theme gives for its face (SPEC §15 `font.files`), by style, as paths: what the PDF writer
/// embeds instead of looking the family up. Styles without a file use the regular one.
public struct SceneFontFiles: Sendable, Equatable {
    public var regular: String
    public var bold: String?
    public var italic: String?
    public var boldItalic: String?

    public init(regular: String, bold: String? = nil, italic: String? = nil, boldItalic: String? = nil) {
        self.regular = regular
        self.bold = bold
        self.italic = italic
        self.boldItalic = boldItalic
    }
}
