import ChartColor
import ChartData
import ChartDiagnostics
import ChartFormat
import ChartSemantics
import ChartSpec
import ChartStyle

/// A series color must stand out from the background. WCAG 2.1 (1.4.11, non-text contrast) asks 3:1 for the
/// graphics that carry meaning, which is what thin marks — lines, points, rules, ticks, text — need. Filled
/// marks (bars, areas, cells) are large enough that lighter fills still read, so they are held to 1.5:1, which
/// only catches fills that fade into the page (`#eeeeee`, pale yellow). The colors checked are the ones drawn:
/// the spec's `mark.color`, color `range` or categorical `scheme`, else the theme's `colors.mark` or categorical
/// palette (`colors.categorical`), reported at the color in the theme file; a theme's colors are checked when the
/// theme sets them or its background (the built-in look is not re-checked for every spec). Not color ramps (a
/// heatmap's light end is meant to be light), and not a map's backdrop: a `geoshape` of the sphere (the ocean)
/// or of a graticule is faint on purpose, as gridlines are, and carries no data (WCAG 1.4.11 leaves out
/// graphics that are not needed to understand the content). `mark.opacity` is applied before measuring.
struct LowContrastRule: CataloguedRule {
    static let thinMarkMinimum = 3.0
    static let filledMarkMinimum = 1.5

    let kind = LintDiagnostic.Kind.lowContrast
    let summary = "A series color has too little contrast with the background (3:1 for lines, points and text; 1.5:1 for bars and areas)."

    func check(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        let mark = context.spec.mark.type.value
        // A color the composite stage chose, written nowhere (a boxplot's white median, drawn over its box): not
        // against the background, and not the user's to change.
        if context.spec.mark.composite != nil, let color = context.spec.mark.color, color.span == nil { return }
        if mark == .geoshape, Self.isBackdrop(context.spec.data.origin) {
            checkTheme(context, into: &diagnostics)
            return
        }
        let filled = mark.traits.filled
        let minimum = filled ? Self.filledMarkMinimum : Self.thinMarkMinimum
        // A constant opacity (SPEC §19.3) replaces `mark.opacity`, and a constant color `mark.color`.
        let opacity = context.spec.encoding.opacity?.value?.value.numberValue ?? context.spec.mark.opacity?.value ?? 1
        // Each color drawn, where it is written (the spec, or the theme file), and whose it is.
        var checked: [(text: String, color: Color, span: SourceSpan?, whose: String)] = []

        if let constant = context.spec.encoding.color?.value, context.spec.encoding.color?.field == nil {
            if let text = constant.value.stringValue, let parsed = Color(css: text) { checked.append((text, parsed, constant.span, "the color")) }
        } else if let color = context.spec.mark.color, context.spec.encoding.color?.field == nil, let parsed = Color(css: color.value) {
            checked.append((color.value, parsed, color.span, "the color"))
        } else if context.spec.mark.color == nil, context.spec.encoding.color == nil, let (text, span) = themeColor(context, "colors.mark"),
            let parsed = Color(css: text)
        {
            checked.append((text, parsed, span, "the theme's 'colors.mark' color"))
        }
        if let channel = context.spec.encoding.color, context.colorMakesSeries != false {
            let seriesCount = context.seriesNames?.count
            if let range = channel.scale?.range {
                let used = seriesCount.map { min($0, range.value.count) } ?? range.value.count
                for (index, value) in range.value.prefix(used).enumerated() {
                    guard let text = value.stringValue, let parsed = Color(css: text) else { continue }
                    checked.append((text, parsed, context.element(index, of: range.span), "the color"))
                }
            } else if let written = channel.scale?.scheme, let scheme = ColorScheme.named(written.value), scheme.kind == .categorical, let seriesCount
            {
                for color in scheme.sample(count: min(seriesCount, scheme.colors.count)) {
                    checked.append((color.hex, color, written.span, "the color"))
                }
            } else if channel.scale?.scheme == nil, context.colorMakesSeries == true {
                checked += themePalette(context, seriesCount: seriesCount)
            }
        }

        for entry in checked {
            let painted = entry.color.withAlpha(entry.color.alpha * opacity).over(context.background)
            let ratio = painted.contrastRatio(with: context.background)
            guard ratio < minimum else { continue }
            let shown = NumberText.shortest((ratio * 10).rounded(.down) / 10)
            let marks =
                filled
                ? "fills such as bars and areas need at least \(NumberText.shortest(minimum)):1"
                : "thin marks such as \(mark == .text ? "text" : mark.rawValue + "s") need at least 3:1 (WCAG 1.4.11)"
            let opacityNote = opacity < 1 ? " at opacity \(NumberText.shortest(opacity))" : ""
            diagnostics.append(
                diagnostic(
                    "\(entry.whose) \(JSONText.quote(entry.text))\(opacityNote) has a contrast of \(shown):1 with the \(context.background.hex) background, too faint to see: \(marks); use a darker shade",
                    at: entry.span
                ))
        }
        checkTheme(context, into: &diagnostics)
    }

    /// Whether map data is the backdrop of a map (the sphere, a graticule) rather than data.
    static func isBackdrop(_ origin: DataSource.Origin) -> Bool {
        switch origin {
        case .sphere, .graticule: true
        default: false
        }
    }

    /// A theme's color at `path` and where to report it, when a theme file sets it or sets the background it is
    /// drawn on (a built-in color the theme's background made faint is reported at that background); nil when
    /// both are the built-in theme's (which is not re-checked for every spec).
    private func themeColor(_ context: SemanticContext, _ path: String) -> (text: String, span: SourceSpan?)? {
        guard let theme = context.theme, let setting = theme.settings[path], let text = theme.text(path) else { return nil }
        if setting.origin != Theme.builtIn.settings[path]?.origin { return (text, setting.span) }
        guard let background = theme.settings["background"], background.origin != Theme.builtIn.settings["background"]?.origin else { return nil }
        return (text, background.span)
    }

    /// The colors of the theme's categorical palette (`colors.categorical`) that the chart's series take — the
    /// first as many as there are series, every one when that is unknown — each at its place in the theme file
    /// (a scheme name: at the name). Only when the theme sets the palette or the background.
    private func themePalette(_ context: SemanticContext, seriesCount: Int?) -> [(text: String, color: Color, span: SourceSpan?, whose: String)] {
        let path = "colors.categorical"
        guard let theme = context.theme, let setting = theme.settings[path] else { return [] }
        let own = setting.origin != Theme.builtIn.settings[path]?.origin
        let backgroundSpan = theme.settings["background"].flatMap { $0.origin != Theme.builtIn.settings["background"]?.origin ? $0.span : nil }
        guard own || backgroundSpan != nil else { return [] }
        let whose = "the theme's '\(path)' color"
        switch setting.value {
        case .list(let colors):
            let used = seriesCount.map { min($0, colors.count) } ?? colors.count
            return colors.prefix(used).enumerated().compactMap { index, text in
                Color(css: text).map { (text, $0, own ? setting.span(ofElement: index) : backgroundSpan, whose) }
            }
        case .text(let name):
            guard let scheme = ColorScheme.named(name), scheme.kind == .categorical else { return [] }
            return scheme.sample(count: min(seriesCount ?? scheme.colors.count, scheme.colors.count)).map {
                ($0.hex, $0, own ? setting.span : backgroundSpan, whose)
            }
        default:
            return []
        }
    }

    /// WCAG 1.4.3 asks 4.5:1 for text; chart text is small.
    static let textMinimum = 4.5

    /// A theme's text colors against its background, reported at the color in the theme file. The built-in
    /// theme's own values are not re-checked for every spec. A theme with a `dark` variant (the HTML page's dark
    /// mode) is checked again as that variant: its text colors against its background, a color the variant
    /// does not set being reported at the variant's background (which made it faint).
    private func checkTheme(_ context: SemanticContext, into diagnostics: inout [Diagnostic]) {
        guard let theme = context.theme else { return }
        let backgroundChanged = theme.settings["background"]?.origin != Theme.builtIn.settings["background"]?.origin
        checkTextColors(of: theme, background: context.background, dark: false, into: &diagnostics) { path, setting in
            guard backgroundChanged || setting.origin != Theme.builtIn.settings[path]?.origin else { return nil }
            // A built-in color that the theme's new background made faint is reported at that background.
            let builtIn = setting.origin == Theme.builtIn.settings[path]?.origin
            return (builtIn ? theme.settings["background"]?.span : setting.span, builtIn ? ", the built-in value," : "")
        }
        guard let dark = theme.darkVariant, let backgroundText = dark.text("background"), let background = Color(css: backgroundText) else { return }
        checkTextColors(of: dark, background: background, dark: true, into: &diagnostics) { path, setting in
            let fromVariant = theme.settings[path]?.span != setting.span
            return (fromVariant ? setting.span : dark.settings["background"]?.span, fromVariant ? "" : ", not set by the dark variant,")
        }
    }

    /// Each text role's color of `theme` against `background`; `place` says where to report one (nil: skip).
    private func checkTextColors(
        of theme: Theme, background: Color, dark: Bool, into diagnostics: inout [Diagnostic],
        place: (String, ThemeSetting) -> (span: SourceSpan?, note: String)?
    ) {
        for role in ThemeKeys.textRoles {
            let path = "text.\(role.name).color"
            guard let setting = theme.settings[path], let text = theme.text(path), let color = Color(css: text) else { continue }
            guard let (span, note) = place(path, setting) else { continue }
            let ratio = color.over(background).contrastRatio(with: background)
            guard ratio < Self.textMinimum else { continue }
            let shown = NumberText.shortest((ratio * 10).rounded(.down) / 10)
            let whose = dark ? "the theme's dark variant's" : "the theme's"
            let against = dark ? "the dark variant's \(background.hex) background (the HTML page in dark mode)" : "its \(background.hex) background"
            diagnostics.append(
                diagnostic(
                    "\(whose) '\(path)' (\(role.meaning)) \(JSONText.quote(text))\(note) has a contrast of \(shown):1 with \(against): text needs at least 4.5:1 (WCAG 1.4.3); set a lighter or darker color",
                    at: span))
        }
    }
}
