/// What a theme key may hold; the reader checks each value against it.
public enum ThemeValueType: Sendable, Equatable {
    /// A finite number within the bounds.
    case number(ClosedRange<Double>)
    /// A CSS color (checked with the same parser as specs).
    case color
    /// Any string (words printed on the chart).
    case text
    /// A string or a list of strings (a font stack).
    case texts
    /// A scheme name or a list of colors.
    case palette
    /// A file path, relative to the theme file that writes it.
    case path
    case bool
    /// One of a fixed set of words.
    case choice([String])
}

/// One key a theme may set: its dotted path, its type and what it means (for `specs/theme.schema.json`,
/// `chartc theme` and the docs).
public struct ThemeKey: Sendable {
    public let path: String
    public let type: ThemeValueType
    /// Keys without a built-in value (a font file, a logo) are simply absent unless a theme sets them.
    public let hasDefault: Bool
    public let meaning: String
}

/// Every key a theme file may hold, in the order `chartc theme` prints them. The built-in values are in
/// `BuiltInTheme.json`, not here: this table only says what is allowed.
public enum ThemeKeys {
    /// The text roles of SPEC §15, plus the legend title and the series names of a direct legend.
    public static let textRoles: [(name: String, meaning: String)] = [
        ("title", "the headline"), ("subtitle", "the line under the headline"), ("notes", "the notes"),
        ("sources", "the sources line"), ("byline", "the byline"), ("axis", "axis tick labels"),
        ("axisTitle", "axis titles"), ("legend", "legend entries"), ("legendTitle", "the legend's title"),
        ("label", "values printed on marks"), ("directLabel", "series names at the ends of lines (legend: direct)"),
        ("annotation", "annotations"), ("panel", "panel titles of small multiples")
    ]

    public static let weights = ["regular", "normal", "bold"]
    public static let fontStyles = ["normal", "italic"]
    public static let logoPositions = ["bottom-left", "bottom-right", "top-left", "top-right"]

    public static let all: [ThemeKey] = {
        var keys: [ThemeKey] = [
            ThemeKey(
                path: "font.family", type: .texts, hasDefault: true,
                meaning:
                    "the font stack the output names; without files, its first installed family (a generic one: the face fontconfig chooses) measures the text and is named first"
            ),
            ThemeKey(path: "font.files.regular", type: .path, hasDefault: false, meaning: "TrueType/OpenType file of the regular face"),
            ThemeKey(path: "font.files.bold", type: .path, hasDefault: false, meaning: "the bold face"),
            ThemeKey(path: "font.files.italic", type: .path, hasDefault: false, meaning: "the italic face"),
            ThemeKey(path: "font.files.boldItalic", type: .path, hasDefault: false, meaning: "the bold italic face")
        ]
        for role in textRoles {
            let base = "text." + role.name
            keys.append(ThemeKey(path: base + ".size", type: .number(1...200), hasDefault: true, meaning: "font size of \(role.meaning), px"))
            keys.append(ThemeKey(path: base + ".weight", type: .choice(weights), hasDefault: true, meaning: "weight of \(role.meaning)"))
            keys.append(ThemeKey(path: base + ".style", type: .choice(fontStyles), hasDefault: true, meaning: "normal or italic"))
            keys.append(ThemeKey(path: base + ".color", type: .color, hasDefault: true, meaning: "color of \(role.meaning)"))
            keys.append(
                ThemeKey(
                    path: base + ".lineHeight", type: .number(1...400), hasDefault: false,
                    meaning: "distance between baselines of wrapped lines, px (default: 1.3 × size)"))
        }
        keys += [
            ThemeKey(path: "words.notes", type: .text, hasDefault: true, meaning: "printed before several notes"),
            ThemeKey(path: "words.note", type: .text, hasDefault: true, meaning: "printed before a single note"),
            ThemeKey(path: "words.sources", type: .text, hasDefault: true, meaning: "printed before several sources"),
            ThemeKey(path: "words.source", type: .text, hasDefault: true, meaning: "printed before a single source"),
            ThemeKey(path: "background", type: .color, hasDefault: true, meaning: "the canvas"),
            ThemeKey(path: "grid.color", type: .color, hasDefault: true, meaning: "gridlines"),
            ThemeKey(path: "grid.width", type: .number(0...20), hasDefault: true, meaning: "gridline width, px"),
            ThemeKey(path: "axis.color", type: .color, hasDefault: true, meaning: "the axis line (domain) of time and continuous axes"),
            ThemeKey(path: "axis.tickColor", type: .color, hasDefault: true, meaning: "tick marks"),
            ThemeKey(path: "axis.ticks", type: .bool, hasDefault: true, meaning: "draw tick marks where an axis has them"),
            ThemeKey(
                path: "table.stripes", type: .bool, hasDefault: true,
                meaning: "a table's rows on alternating backgrounds (zebra stripes) instead of rule lines between them (SPEC §24)"),
            ThemeKey(path: "table.stripeColor", type: .color, hasDefault: true, meaning: "the background of every other row of a striped table"),
            ThemeKey(path: "zeroLine.color", type: .color, hasDefault: true, meaning: "the zero line of bars and the baseline of a categorical axis"),
            ThemeKey(path: "colors.mark", type: .color, hasDefault: true, meaning: "marks without a color channel or mark.color"),
            ThemeKey(path: "colors.missing", type: .color, hasDefault: true, meaning: "a mark whose color value is missing"),
            ThemeKey(
                path: "colors.categorical", type: .palette, hasDefault: true,
                meaning: "the palette of a categorical color channel without scale.scheme or range: a scheme name or a list of colors"),
            ThemeKey(path: "colors.sequential", type: .palette, hasDefault: true, meaning: "the ramp of a continuous color channel without a scheme"),
            ThemeKey(
                path: "colors.diverging", type: .palette, hasDefault: true, meaning: "the ramp of a continuous color channel whose domain spans zero"),
            ThemeKey(path: "size.width", type: .number(120...10_000), hasDefault: true, meaning: "width of a chart whose spec gives none, px"),
            ThemeKey(
                path: "size.height", type: .number(40...10_000), hasDefault: true,
                meaning: "height of the plot region of a chart whose spec gives none, px"),
            ThemeKey(path: "padding.top", type: .number(0...1000), hasDefault: true, meaning: "space between the canvas edge and the content, px"),
            ThemeKey(path: "padding.right", type: .number(0...1000), hasDefault: true, meaning: "px"),
            ThemeKey(path: "padding.bottom", type: .number(0...1000), hasDefault: true, meaning: "px"),
            ThemeKey(path: "padding.left", type: .number(0...1000), hasDefault: true, meaning: "px"),
            ThemeKey(path: "spacing.titleSubtitle", type: .number(0...200), hasDefault: true, meaning: "between title and subtitle, px"),
            ThemeKey(
                path: "spacing.section", type: .number(0...200), hasDefault: true,
                meaning: "between the header and the plot, and the plot and the footer, px"),
            ThemeKey(path: "spacing.footer", type: .number(0...200), hasDefault: true, meaning: "between notes, sources and byline, px"),
            ThemeKey(path: "spacing.paragraph", type: .number(0...200), hasDefault: true, meaning: "between paragraphs of the notes, px"),
            ThemeKey(
                path: "spacing.legend", type: .number(0...200), hasDefault: true, meaning: "between a legend above or below the plot and the plot, px"
            ),
            ThemeKey(path: "spacing.label", type: .number(0...200), hasDefault: true, meaning: "between a mark and the label printed next to it, px"),
            ThemeKey(
                path: "logo.file", type: .path, hasDefault: false,
                meaning: "an SVG file inlined at a corner (sanitized: no scripts, event handlers, foreignObject or external references)"),
            ThemeKey(path: "logo.height", type: .number(4...400), hasDefault: true, meaning: "the logo's height, px"),
            ThemeKey(
                path: "logo.position", type: .choice(logoPositions), hasDefault: true,
                meaning:
                    "the corner the logo sits in: bottom ones on a row of their own below the footer, top ones beside the title (which wraps short of it) or, when there is no title or the logo is wider than a quarter of the chart, on a row of their own above it"
            ),
            ThemeKey(path: "dark.background", type: .color, hasDefault: true, meaning: "the canvas of the HTML page in dark mode")
        ]
        return keys
    }()

    /// The key at `path`, if a theme may set it.
    public static func key(_ path: String) -> ThemeKey? { index[path].map { all[$0] } }

    static let index: [String: Int] = {
        var index: [String: Int] = [:]
        for (position, key) in all.enumerated() { index[key.path] = position }
        return index
    }()

    /// The keys allowed directly inside the object at `prefix` ("" for the top level), in table order.
    static func children(of prefix: String) -> [String] {
        childTable[prefix] ?? []
    }

    /// `children(of:)` for every object prefix, worked out once per process (a theme is read key by key).
    static let childTable: [String: [String]] = {
        var table: [String: [String]] = [:]
        for key in all {
            let parts = key.path.split(separator: ".").map(String.init)
            var prefix = ""
            for part in parts {
                if !(table[prefix]?.contains(part) ?? false) { table[prefix, default: []].append(part) }
                prefix = prefix.isEmpty ? part : prefix + "." + part
            }
        }
        return table
    }()
}
