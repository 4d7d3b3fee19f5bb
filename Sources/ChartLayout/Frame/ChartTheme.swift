@_exported import ChartStyle
import ChartColor
import ChartDiagnostics
import ChartSpec

/// The resolved house style (`ChartStyle.Theme`, SPEC §15) in the shape layout reads it: text styles, colors,
/// gaps and words as typed values, so the frame, guides and marks agree. Every value comes from the theme; the
/// built-in look is `BuiltInTheme.json` in ChartStyle (copied to `specs/default.theme.json`), not constants here.
public struct ChartTheme: Sendable {
    public var background: String
    /// The CSS font stack the SVG names.
    public var fontFamily: String
    /// The theme's font files (`font.files`), which the PDF embeds so it prints in the face the text was measured
    /// with; nil: the font stack's installed family.
    public var fontFiles: SceneFontFiles?

    /// Space between the canvas edge and any content.
    public var paddingTop: Double
    public var paddingRight: Double
    public var paddingBottom: Double
    public var paddingLeft: Double

    /// Width and plot height of a chart whose spec gives none.
    public var defaultWidth: Double
    public var defaultHeight: Double

    public var titleStyle: TextStyle
    public var titleColor: String
    public var titleLineHeight: Double

    public var subtitleStyle: TextStyle
    public var subtitleColor: String
    public var subtitleLineHeight: Double

    /// The notes.
    public var footnoteStyle: TextStyle
    public var footnoteColor: String
    public var footnoteLineHeight: Double
    public var sourcesStyle: TextStyle
    public var sourcesColor: String
    public var sourcesLineHeight: Double
    public var bylineStyle: TextStyle
    public var bylineColor: String
    public var bylineLineHeight: Double

    public var axisLabelStyle: TextStyle
    public var axisLabelColor: String
    public var axisTitleStyle: TextStyle
    public var axisTitleColor: String
    /// The title of each panel of small multiples (SPEC §13; the house style's `text.panel`).
    public var panelTitleStyle: TextStyle
    public var panelTitleColor: String

    public var legendLabelStyle: TextStyle
    public var legendLabelColor: String
    public var legendTitleStyle: TextStyle
    public var legendTitleColor: String

    /// Values printed on marks (`mark.labels`) and the series names of a direct legend.
    public var valueLabelStyle: TextStyle
    public var valueLabelColor: String
    public var directLabelStyle: TextStyle
    /// Annotation text (SPEC §12): rule and range labels, notes.
    public var annotationStyle: TextStyle
    public var annotationColor: String
    /// Between a mark and the label printed next to it.
    public var labelGap: Double

    public var gridColor: String
    public var gridWidth: Double
    /// The zero line of a bar chart and the domain line of a categorical axis.
    public var baselineColor: String
    public var tickColor: String
    /// Whether axes that have tick marks draw them.
    public var drawsTicks: Bool
    /// A table's rows on alternating backgrounds rather than between rule lines (SPEC §24, `table.stripes`).
    public var tableStripes: Bool
    /// The background of every other row of a striped table.
    public var tableStripeColor: String
    /// The edge of a time axis with tick marks, and the zero line of a chart that does not fill from zero.
    public var domainColor: String
    /// Marks with no color encoding and no `mark.color`.
    public var markColor: String
    /// A mark whose color value is missing (null on a continuous color channel).
    public var missingColor: String
    /// The palette of a categorical color channel without a scheme or range, and the ramps of a continuous one
    /// (diverging when its values fall on both sides of zero).
    public var categoricalScheme: ColorScheme
    public var sequentialScheme: ColorScheme
    public var divergingScheme: ColorScheme

    /// Vertical rhythm.
    public var titleSubtitleGap: Double
    /// Between the header (title, subtitle, top legend) and the plot, and between the plot and the footer.
    public var sectionGap: Double
    /// Between notes, sources and byline.
    public var footerGap: Double
    /// Between paragraphs of the notes.
    public var paragraphGap: Double
    /// Between a legend above or below the plot and the plot.
    public var legendGap: Double

    /// The words before notes and sources, plural and singular.
    public var notesWord: String
    public var noteWord: String
    public var sourcesWord: String
    public var sourceWord: String

    /// The theme it was made from (origins, files, the logo).
    public let theme: Theme
    /// What loading the theme's fonts and logo warned about (a family that is not installed, unsafe logo parts).
    public private(set) var warnings: [Diagnostic] = []
    /// The sanitized logo, its height and whether it sits at the bottom right (else bottom left).
    public private(set) var logo: LogoSanitizer.Result?
    public var logoHeight: Double
    public var logoAtRight: Bool
    /// Whether the logo sits in a top corner (beside the title, or on a row of its own above it: `FrameLayout`)
    /// rather than on a row below the footer.
    public var logoAtTop: Bool

    /// The canvas of the HTML page's dark mode when the theme has no `dark` variant (`dark.background`): the
    /// page then derives the other dark colors from the light ones.
    public var darkBackground: String

    /// The theme with its fonts and logo loaded (`ThemeFonts`, `LogoSanitizer`): what the commands call.
    public static func load(_ theme: Theme) throws(DiagnosticError) -> ChartTheme {
        var problems: [Diagnostic] = []
        for path in ["colors.categorical", "colors.sequential", "colors.diverging"] {
            guard let setting = theme.settings[path], case .text(let name) = setting.value, ColorScheme.named(name) == nil else { continue }
            let suggestion = Suggestions.closest(to: name, in: ColorScheme.names)
            problems.append(
                Diagnostic(
                    ThemeDiagnostic.badValue(
                        path: path, problem: "names no color scheme: '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")),
                    at: setting.span, notes: [DiagnosticNote("schemes: " + ColorScheme.names.joined(separator: ", "))]))
        }
        if !problems.isEmpty { throw DiagnosticError(problems) }
        let (faces, warnings, stack) = try ThemeFonts.load(theme)
        var loaded = ChartTheme(theme, faces: faces, fontStack: stack)
        loaded.warnings = warnings
        if let setting = theme.settings["logo.file"], let path = theme.file("logo.file") {
            let bytes: [UInt8]
            switch ThemeFiles.contents(of: path, limit: .logo) {
            case .success(let read): bytes = read
            case .failure(let failure):
                throw DiagnosticError(Diagnostic(ThemeDiagnostic.logoUnreadable(path: path, reason: failure.reason), at: setting.span))
            }
            let logo: LogoSanitizer.Result
            switch Result(catching: { () throws(LogoFailure) in try LogoSanitizer.read(bytes) }) {
            case .success(let read): logo = read
            case .failure(.notSVG):
                throw DiagnosticError(
                    Diagnostic(ThemeDiagnostic.logoUnreadable(path: path, reason: "not an SVG file with a size or viewBox"), at: setting.span))
            case .failure(.tooLarge(let limit)):
                throw DiagnosticError(Diagnostic(ThemeDiagnostic.logoTooLarge(path: path, limit: limit), at: setting.span))
            }
            loaded.logo = logo
            if !logo.removed.isEmpty {
                loaded.warnings.append(
                    Diagnostic(ThemeDiagnostic.logoUnsafe(path: path, what: logo.removed.joined(separator: ", ")), at: setting.span))
            }
        }
        return loaded
    }

    /// The theme's `dark` variant with its fonts and logo loaded, which the HTML page lays the chart out with
    /// again for its dark mode (`prefers-color-scheme: dark`); nil when the theme has none. Loaded only when a
    /// page asks (an SVG or PDF never reads it); font files come from the process's cache.
    public func loadDark() throws(DiagnosticError) -> ChartTheme? {
        guard let darkTheme = theme.darkVariant else { return nil }
        return try ChartTheme.load(darkTheme)
    }

    /// The theme measured with `faces`, or the built-in metrics; `fontStack` the families the SVG names (nil: the
    /// theme's `font.family` as written; `load` puts the family its text is measured with first).
    public init(_ theme: Theme, faces: FontFaces? = nil, fontStack: [String]? = nil) {
        self.theme = theme
        func style(_ role: ThemeTextRole) -> TextStyle {
            TextStyle(size: theme.size(of: role), weight: theme.isBold(role) ? .bold : .regular, italic: theme.isItalic(role), faces: faces)
        }
        func lineHeight(_ role: ThemeTextRole) -> Double {
            theme.lineHeight(of: role) ?? TextMeasurer.lineHeight(style(role))
        }
        background = theme[.background]
        fontFamily = ChartTheme.fontStack(fontStack ?? theme.list("font.family") ?? [])
        fontFiles = theme.file("font.files.regular").map { regular in
            SceneFontFiles(
                regular: regular, bold: theme.file("font.files.bold"), italic: theme.file("font.files.italic"),
                boldItalic: theme.file("font.files.boldItalic"))
        }
        paddingTop = theme[.paddingTop]
        paddingRight = theme[.paddingRight]
        paddingBottom = theme[.paddingBottom]
        paddingLeft = theme[.paddingLeft]
        defaultWidth = theme[.width]
        defaultHeight = theme[.height]
        titleStyle = style(.title)
        titleColor = theme.color(of: .title)
        titleLineHeight = lineHeight(.title)
        subtitleStyle = style(.subtitle)
        subtitleColor = theme.color(of: .subtitle)
        subtitleLineHeight = lineHeight(.subtitle)
        footnoteStyle = style(.notes)
        footnoteColor = theme.color(of: .notes)
        footnoteLineHeight = lineHeight(.notes)
        sourcesStyle = style(.sources)
        sourcesColor = theme.color(of: .sources)
        sourcesLineHeight = lineHeight(.sources)
        bylineStyle = style(.byline)
        bylineColor = theme.color(of: .byline)
        bylineLineHeight = lineHeight(.byline)
        axisLabelStyle = style(.axis)
        axisLabelColor = theme.color(of: .axis)
        axisTitleStyle = style(.axisTitle)
        axisTitleColor = theme.color(of: .axisTitle)
        panelTitleStyle = style(.panel)
        panelTitleColor = theme.color(of: .panel)
        legendLabelStyle = style(.legend)
        legendLabelColor = theme.color(of: .legend)
        legendTitleStyle = style(.legendTitle)
        legendTitleColor = theme.color(of: .legendTitle)
        valueLabelStyle = style(.label)
        valueLabelColor = theme.color(of: .label)
        directLabelStyle = style(.directLabel)
        annotationStyle = style(.annotation)
        annotationColor = theme.color(of: .annotation)
        labelGap = theme[.labelGap]
        gridColor = theme[.gridColor]
        gridWidth = theme[.gridWidth]
        baselineColor = theme[.zeroLineColor]
        tickColor = theme[.tickColor]
        drawsTicks = theme[.axisTicks]
        tableStripes = theme[.tableStripes]
        tableStripeColor = theme[.tableStripeColor]
        domainColor = theme[.axisColor]
        markColor = theme[.markColor]
        missingColor = theme[.missingColor]
        func scheme(_ path: String, _ kind: ColorScheme.Kind, fallback: ColorScheme) -> ColorScheme {
            switch theme.settings[path]?.value {
            case .text(let name)?: return ColorScheme.named(name) ?? fallback
            case .list(let colors)?:
                let parsed = colors.compactMap { Color(css: $0) }
                return parsed.isEmpty ? fallback : ColorScheme(name: "theme", kind: kind, colors: parsed)
            default: return fallback
            }
        }
        categoricalScheme = scheme("colors.categorical", .categorical, fallback: .chartc)
        sequentialScheme = scheme("colors.sequential", .sequential, fallback: .blues)
        divergingScheme = scheme("colors.diverging", .diverging, fallback: .redBlue)
        titleSubtitleGap = theme[.titleSubtitleGap]
        sectionGap = theme[.sectionGap]
        footerGap = theme[.footerGap]
        paragraphGap = theme[.paragraphGap]
        legendGap = theme[.legendGap]
        logoHeight = theme[.logoHeight]
        logoAtRight = !theme[.logoPosition].hasSuffix("-left")
        logoAtTop = theme[.logoPosition].hasPrefix("top-")
        darkBackground = theme[.darkBackground]
        notesWord = theme[.notesWord]
        noteWord = theme[.noteWord]
        sourcesWord = theme[.sourcesWord]
        sourceWord = theme[.sourceWord]
    }

    /// CSS generic family names: never looked up, never quoted.
    static let genericFamilies: Set<String> = [
        "serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "ui-serif", "ui-sans-serif", "ui-monospace"
    ]

    /// `Helvetica, Arial, 'Liberation Sans', sans-serif`: names with anything but letters and digits quoted,
    /// generic families (`sans-serif`, `serif`, …) as they are.
    static func fontStack(_ families: [String]) -> String {
        families.map { name in
            if genericFamilies.contains(name)
                || name.unicodeScalars.allSatisfy({ ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || $0 == "-" })
            {
                return name
            }
            return "'" + String(name.filter { $0 != "'" }) + "'"
        }.joined(separator: ", ")
    }

    /// `spec` with the theme's width and height where it writes none (SPEC §15 `size`): call it once, before
    /// layout, so views derived from the spec (the HTML page's narrow layout) start from the themed size.
    /// With the built-in size it changes nothing (a spec built without a theme is laid out as before).
    public func sized(_ spec: ChartSpec) -> ChartSpec {
        guard defaultWidth != ChartTheme.standardWidth || defaultHeight != ChartTheme.standardHeight else { return spec }
        var spec = spec
        if spec.width.span == nil { spec.width = Located(defaultWidth, at: nil) }
        if spec.height.span == nil { spec.height = Located(defaultHeight, at: nil) }
        return spec
    }

    static let standardWidth = Theme.builtIn[.width]
    static let standardHeight = Theme.builtIn[.height]

    /// The built-in look.
    public static let standard = ChartTheme(.builtIn)

    /// The theme without its logo: a view of several (SPEC §20) leaves the logo to the page.
    mutating func clearLogo() { logo = nil }
}
