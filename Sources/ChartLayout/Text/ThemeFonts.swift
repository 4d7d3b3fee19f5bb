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
        if let setting = theme.settings["font.files.regular"], let path = theme.file("font.files.regular") {
            let regular: OpenTypeFace
            do {
                regular = try FontCache.shared.face(path: path)
            } catch {
                throw DiagnosticError(Diagnostic(error, at: setting.span, notes: [DiagnosticNote("the file: " + path)]))
            }
            // The other faces are parsed when first used; a file that is missing or unreadable is an error now.
            func lazyFace(_ key: String) throws(DiagnosticError) -> @Sendable () -> OpenTypeFace? {
                guard let setting = theme.settings[key], let path = theme.file(key) else { return { nil } }
                if case .failure(let failure) = ThemeFiles.readable(path) {
                    throw DiagnosticError(
                        Diagnostic(
                            FontDiagnostic.unreadable(path: path, reason: failure.reason), at: setting.span,
                            notes: [DiagnosticNote("the file: " + path)]))
                }
                return { try? FontCache.shared.face(path: path) }
            }
            return (
                FontFaces(
                    regular: regular, bold: try lazyFace("font.files.bold"), italic: try lazyFace("font.files.italic"),
                    boldItalic: try lazyFace("font.files.boldItalic")), []
            )
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
        @Sendable func lookup(bold: Bool, italic: Bool) -> OpenTypeFace? {
            try? FontCache.shared.find(families: named, style: FontStyleRequest(bold: bold, italic: italic))
        }
        return (
            FontFaces(
                regular: regular,
                bold: { lookup(bold: true, italic: false).flatMap { $0.isBold || $0.weight >= 600 ? $0 : nil } },
                italic: { lookup(bold: false, italic: true).flatMap { $0.isItalic ? $0 : nil } },
                boldItalic: { lookup(bold: true, italic: true).flatMap { $0.isItalic && ($0.isBold || $0.weight >= 600) ? $0 : nil } }
            ), []
        )
    }
}
