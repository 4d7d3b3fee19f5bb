import ChartFont
import ChartLayout

/// Where the PDF's faces come from: the one place a theme (issue 16) sets them. By default the installed
/// family of the scene's font stack (Liberation Sans on Linux, Arial or Helvetica on macOS: the faces whose
/// widths the layout measured with), with DejaVu Sans for characters the face lacks — the same fallback the
/// layout's width tables and Chromium on Linux use. Faces are parsed once per process (`FontCache`).
public struct PDFFontSource: Sendable {
    /// Font files for each style, when a theme names them (`font.files`); missing styles use the regular file.
    public typealias Files = SceneFontFiles

    /// Families searched in the system font folders, first installed one wins (used when `files` is nil).
    public var families: [String]
    public var files: Files?
    /// Families drawing the characters the main face has no glyph for.
    public var fallbackFamilies: [String]
    public var directories: [String]
    public var cache: FontCache

    public init(
        families: [String], files: Files? = nil, fallbackFamilies: [String] = ["DejaVu Sans"],
        directories: [String] = SystemFonts.defaultDirectories(), cache: FontCache = .shared
    ) {
        self.families = families
        self.files = files
        self.fallbackFamilies = fallbackFamilies
        self.directories = directories
        self.cache = cache
    }

    /// The faces for a scene's CSS font stack.
    public static func forStack(_ fontFamily: String) -> PDFFontSource {
        PDFFontSource(families: FontStack.families(fontFamily))
    }

    /// The faces a scene names: its font files when it has them, else its font stack's installed family, else
    /// the default face (Liberation Sans, Arial, Helvetica): when a theme names a family that is not installed, the
    /// layout measures with the built-in Helvetica/Arial-compatible widths, and those are the default face's.
    public static func forScene(_ scene: Scene) -> PDFFontSource {
        var families = FontStack.families(scene.fontFamily)
        for family in FontStack.families(TextMeasurer.fontFamily) where !families.contains(family) {
            families.append(family)
        }
        return PDFFontSource(families: families, files: scene.fontFiles)
    }

    /// What to install when no family of the stack is there.
    static var installHint: String {
        #if os(macOS)
            "Arial or Helvetica (they come with macOS)"
        #else
            "fonts-liberation (Debian/Ubuntu: apt-get install fonts-liberation) for Liberation Sans"
        #endif
    }

    /// The face for a text style.
    func face(for style: TextStyle) throws(FontDiagnostic) -> OpenTypeFace {
        let request = FontStyleRequest(bold: style.weight == .bold, italic: style.italic)
        if let files {
            let path: String
            switch (request.bold, request.italic) {
            case (false, false): path = files.regular
            case (true, false): path = files.bold ?? files.regular
            case (false, true): path = files.italic ?? files.regular
            case (true, true): path = files.boldItalic ?? files.bold ?? files.italic ?? files.regular
            }
            return try cache.face(path: path)
        }
        return try cache.find(families: families, style: request, directories: directories, install: Self.installHint)
    }

    /// The fallback face for a style, nil when none is installed.
    func fallback(for style: TextStyle) -> OpenTypeFace? {
        guard !fallbackFamilies.isEmpty else { return nil }
        return try? cache.find(
            families: fallbackFamilies, style: FontStyleRequest(bold: style.weight == .bold, italic: style.italic), directories: directories)
    }
}
