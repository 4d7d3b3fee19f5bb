/// A number every theme has (its own value, else the built-in theme's): `ChartTheme` reads each by case rather
/// than by a dotted path with a silent `?? 0`. `ThemeValuesTests` checks that each case is a key of the table
/// (`ThemeKeys`) with a default and that the built-in theme sets it, with a number.
public enum ThemeNumber: String, CaseIterable, Sendable {
    case paddingTop = "padding.top"
    case paddingRight = "padding.right"
    case paddingBottom = "padding.bottom"
    case paddingLeft = "padding.left"
    case width = "size.width"
    case height = "size.height"
    case gridWidth = "grid.width"
    case titleSubtitleGap = "spacing.titleSubtitle"
    case sectionGap = "spacing.section"
    case footerGap = "spacing.footer"
    case paragraphGap = "spacing.paragraph"
    case legendGap = "spacing.legend"
    case labelGap = "spacing.label"
    case logoHeight = "logo.height"
}

/// A color, word or choice every theme has, read as `ThemeNumber` is.
public enum ThemeText: String, CaseIterable, Sendable {
    case background = "background"
    case gridColor = "grid.color"
    case zeroLineColor = "zeroLine.color"
    case tickColor = "axis.tickColor"
    case axisColor = "axis.color"
    case markColor = "colors.mark"
    case missingColor = "colors.missing"
    case logoPosition = "logo.position"
    case darkBackground = "dark.background"
    case notesWord = "words.notes"
    case noteWord = "words.note"
    case sourcesWord = "words.sources"
    case sourceWord = "words.source"
    case tableStripeColor = "table.stripeColor"
}

/// A yes/no every theme has, read as `ThemeNumber` is.
public enum ThemeFlag: String, CaseIterable, Sendable {
    case axisTicks = "axis.ticks"
    case tableStripes = "table.stripes"
}

/// A text role of SPEC §15 (`ThemeKeys.textRoles`): each has a size, weight, style and color in every theme, and
/// may have a line height.
public enum ThemeTextRole: String, CaseIterable, Sendable {
    case title, subtitle, notes, sources, byline, axis, axisTitle, legend, legendTitle, label, directLabel, annotation, panel

    public var sizeKey: String { "text.\(rawValue).size" }
    public var weightKey: String { "text.\(rawValue).weight" }
    public var styleKey: String { "text.\(rawValue).style" }
    public var colorKey: String { "text.\(rawValue).color" }
    public var lineHeightKey: String { "text.\(rawValue).lineHeight" }
}

extension Theme {
    /// The theme's number, else the built-in theme's.
    public subscript(_ key: ThemeNumber) -> Double {
        number(key.rawValue) ?? Theme.builtIn.number(key.rawValue) ?? Theme.unset(key.rawValue)
    }

    /// The theme's text, else the built-in theme's.
    public subscript(_ key: ThemeText) -> String {
        text(key.rawValue) ?? Theme.builtIn.text(key.rawValue) ?? Theme.unset(key.rawValue)
    }

    /// The theme's flag, else the built-in theme's.
    public subscript(_ key: ThemeFlag) -> Bool {
        bool(key.rawValue) ?? Theme.builtIn.bool(key.rawValue) ?? Theme.unset(key.rawValue)
    }

    /// The font size of a role, px.
    public func size(of role: ThemeTextRole) -> Double {
        number(role.sizeKey) ?? Theme.builtIn.number(role.sizeKey) ?? Theme.unset(role.sizeKey)
    }

    public func isBold(_ role: ThemeTextRole) -> Bool {
        (text(role.weightKey) ?? Theme.builtIn.text(role.weightKey) ?? Theme.unset(role.weightKey)) == "bold"
    }

    public func isItalic(_ role: ThemeTextRole) -> Bool {
        (text(role.styleKey) ?? Theme.builtIn.text(role.styleKey) ?? Theme.unset(role.styleKey)) == "italic"
    }

    public func color(of role: ThemeTextRole) -> String {
        text(role.colorKey) ?? Theme.builtIn.text(role.colorKey) ?? Theme.unset(role.colorKey)
    }

    /// The role's line height when the theme sets one (it has no default: 1.3 × the size, as measured).
    public func lineHeight(of role: ThemeTextRole) -> Double? {
        number(role.lineHeightKey)
    }

    /// A value the built-in theme must set and does not: a defect of chartc itself (its bundled theme), never of
    /// a user's theme, which `ThemeValuesTests` rules out for every case above. It stops loudly rather than draw
    /// with a zero.
    static func unset<T>(_ path: String) -> T {
        preconditionFailure("the built-in theme sets no '\(path)' (BuiltInTheme.json)")
    }
}
