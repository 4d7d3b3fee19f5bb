import ChartDiagnostics
import ChartLayout
import ChartSpec
import ChartStyle

/// `--theme FILE` and `--variant NAME` (SPEC §15), for the commands that lay out or check charts, and how they
/// become the theme each spec resolves to.
enum ThemeOptions {
    static let options: [OptionDescription] = [
        .value("theme", valueName: "FILE", help: "House style file; overrides the spec's 'theme' and any chartc.theme.json."),
        .value("variant", valueName: "NAME", help: "Apply the theme's variant NAME (its 'variants' key).")
    ]

    static let discussion =
        "A spec's house style is, in order: --theme FILE, the spec's 'theme' key, the nearest chartc.theme.json in the spec's folder or a parent (up to the folder holding .git), else the built-in theme (specs/default.theme.json)."

    /// `variant`: an output preset's (SPEC §23), over `--variant`.
    static func request(for spec: ChartSpec, arguments: ParsedArguments?, variant: String? = nil) -> ThemeResolver.Request {
        ThemeResolver.Request(
            specPath: spec.file.path,
            commandLineTheme: arguments?.value("theme"),
            specTheme: spec.theme.map { ($0.value, $0.span) },
            variant: variant ?? arguments?.value("variant"))
    }

    /// The theme `spec` uses under the command line's options (nil: none given, as in the preview), in `variant`
    /// when an output preset names one.
    static func theme(for spec: ChartSpec, arguments: ParsedArguments?, variant: String? = nil) throws(DiagnosticError) -> ChartTheme {
        let request = request(for: spec, arguments: arguments, variant: variant)
        if ThemeResolver.chooseFile(request) == nil && request.variant == nil { return .standard }
        return try ChartTheme.load(try ThemeResolver.resolve(request))
    }

    /// The theme file `spec` resolves to, when it uses one.
    static func chosenFile(for spec: ChartSpec, arguments: ParsedArguments?) -> String? {
        ThemeResolver.chooseFile(request(for: spec, arguments: arguments))?.path
    }

    /// Every file a resolved house style was made from: the theme files (`extends` first), its font files and
    /// its logo, and those its dark variant names; `chosen` when the theme is the built-in one.
    static func files(of theme: ChartTheme, chosen: [String]) -> [String] {
        var files = theme.theme.files.isEmpty ? chosen : theme.theme.files
        if let fonts = theme.fontFiles {
            files += [fonts.regular] + [fonts.bold, fonts.italic, fonts.boldItalic].compactMap { $0 }
        }
        if let logo = theme.theme.file("logo.file") { files.append(logo) }
        // The dark variant's own files (the HTML page's dark mode lays the chart out with them).
        if let dark = theme.theme.darkVariant {
            for key in ["font.files.regular", "font.files.bold", "font.files.italic", "font.files.boldItalic", "logo.file"] {
                if let file = dark.file(key), !files.contains(file) { files.append(file) }
            }
        }
        return files
    }

    /// What lint checks of the theme `spec` resolves to: the theme, or the errors of resolving it (at the theme's
    /// line:col), the warnings of loading its fonts, and the problems of the output presets the spec has under it
    /// (the theme's `outputs`, a `variant` the theme lacks).
    static func lintTheme(for spec: ChartSpec, arguments: ParsedArguments?) -> (theme: Theme?, diagnostics: [Diagnostic]) {
        let request = request(for: spec, arguments: arguments)
        // SPEC §23: the output presets the spec has under this theme (the theme's `outputs`, each `variant`).
        guard ThemeResolver.chooseFile(request) != nil || request.variant != nil else {
            return (nil, Presets.available(for: spec, theme: .builtIn).diagnostics)
        }
        do {
            let loaded = try ChartTheme.load(try ThemeResolver.resolve(request))
            return (loaded.theme, loaded.warnings + Presets.available(for: spec, theme: loaded.theme).diagnostics)
        } catch {
            return (nil, error.diagnostics)
        }
    }
}
