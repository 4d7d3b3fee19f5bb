import ChartDiagnostics
import ChartFont
import ChartStyle

/// The faces a theme measures its text with (SPEC §15): `font.files` (relative to the theme that names them),
/// else — when a theme sets `font.family` — the first installed family of that stack, looked up in the system
/// font folders by the font's own family name. Files are parsed once per process (`FontCache.shared`).
enum ThemeFonts {
    /// The faces, nil for the built-in metrics; a broken or missing file is an error at the theme's key, a family
    /// that is not installed a warning (the built-in metrics are used).
    static func load(_ theme: Theme) throws(DiagnosticError) -> (faces: FontFaces?, warnings: [Diagnostic]) {
        if theme.settings["font.files.regular"] != nil {
            func face(_ key: String) throws(DiagnosticError) -> OpenTypeFace? {
                guard let setting = theme.settings[key], let path = theme.file(key) else { return nil }
                do {
                    return try FontCache.shared.face(path: path)
                } catch {
                    throw DiagnosticError(Diagnostic(error, at: setting.span, notes: [DiagnosticNote("the file: " + path)]))
                }
            }
            guard let regular = try face("font.files.regular") else { return (nil, []) }
            return (FontFaces(regular: regular, bold: try face("font.files.bold"), italic: try face("font.files.italic"), boldItalic: try face("font.files.boldItalic")), [])
        }
        guard let setting = theme.settings["font.family"], setting.origin != Theme.builtIn.settings["font.family"]?.origin,
            let families = theme.list("font.family")
        else { return (nil, []) }
        let named = families.filter { !ChartTheme.genericFamilies.contains($0.lowercased()) }
        func find(bold: Bool, italic: Bool) -> OpenTypeFace? {
            try? FontCache.shared.find(families: named, style: FontStyleRequest(bold: bold, italic: italic))
        }
        guard !named.isEmpty, let regular = find(bold: false, italic: false) else {
            return (nil, [Diagnostic(ThemeDiagnostic.fontNotFound(families: named), at: setting.span)])
        }
        // A lookup falls back to the closest face; keep only faces that are really of the asked style, so a
        // missing bold is measured as the regular face a browser would embolden.
        let bold = find(bold: true, italic: false).flatMap { $0.isBold || $0.weight >= 600 ? $0 : nil }
        let italic = find(bold: false, italic: true).flatMap { $0.isItalic ? $0 : nil }
        let boldItalic = find(bold: true, italic: true).flatMap { $0.isItalic && ($0.isBold || $0.weight >= 600) ? $0 : nil }
        return (FontFaces(regular: regular, bold: bold, italic: italic, boldItalic: boldItalic), [])
    }
}
