import ChartDiagnostics
import ChartFont
import ChartStyle

/// The faces a theme measures its text with (SPEC §15): `font.files` (relative to the theme that names them),
/// else — when a theme sets `font.family` — the family that stack stands for on this machine (SPEC §19.12): its
/// first installed family, looked up in the system font folders by the font's own family name, where a generic
/// family (`serif`, `sans-serif`, `monospace`, `system-ui`) stands for the face fontconfig would choose
/// (`GenericFamily`). That family is also named first in the SVG's font stack, and the PDF embeds it. When nothing
/// of the stack is installed, the text is measured with the built-in Helvetica/Arial metrics, the stack starts
/// with the faces of those widths (Helvetica, Arial, Liberation Sans, Nimbus Sans) and ends with `sans-serif`, and
/// `theme-font-not-found` warns. Files are parsed once per process (`FontCache.shared`).
enum ThemeFonts {
    /// The faces, nil for the built-in metrics, and the families of the font stack the SVG names (nil: as the
    /// theme writes it); a broken or missing file is an error at the theme's key, a stack nothing installed stands
    /// for a warning (the built-in metrics are used).
    static func load(_ theme: Theme) throws(DiagnosticError) -> (faces: FontFaces?, warnings: [Diagnostic], stack: [String]?) {
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
                    boldItalic: try lazyFace("font.files.boldItalic")), [], nil
            )
        }
        guard let setting = theme.settings["font.family"], setting.origin != Theme.builtIn.settings["font.family"]?.origin,
            let families = theme.list("font.family")
        else { return (nil, [], nil) }
        // The family the stack stands for: the first installed one, a generic one as fontconfig chooses it.
        guard let family = FontCache.shared.resolve(families: families),
            let regular = try? FontCache.shared.find(families: [family], style: .regular)
        else {
            // Nothing installed stands for it: the built-in metrics, and the faces they are the widths of, named
            // first in the stack so that a browser draws what was measured.
            let named = families.filter { GenericFamily(family: $0) == nil && !ChartTheme.genericFamilies.contains($0.lowercased()) }
            let fallback = FontStack.families(TextMeasurer.fontFamily)
            return (
                nil, [Diagnostic(ThemeDiagnostic.fontNotFound(families: named.isEmpty ? families : named), at: setting.span)],
                distinct(fallback.filter { $0 != "sans-serif" } + families + ["sans-serif"])
            )
        }
        let named = [family]
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
            ), [], distinct([family] + families)
        )
    }

    /// `families` without repeats (case ignored, as CSS compares family names), the first of each kept.
    private static func distinct(_ families: [String]) -> [String] {
        var seen: Set<String> = []
        return families.filter { seen.insert($0.lowercased()).inserted }
    }
}
