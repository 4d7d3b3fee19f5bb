import ChartDiagnostics
import ChartJSON

/// A resolved house style (SPEC §15): the built-in theme, then each file of the `extends` chain, then the file,
/// then the variant, applied key by key. Layout reads its sizes, colors, gaps and words from here; every value
/// remembers the file it came from.
public struct Theme: Sendable {
    /// Every key set, by dotted path.
    public let settings: [String: ThemeSetting]
    /// The theme files read, outermost `extends` first; empty for the built-in theme.
    public let files: [String]
    /// The variant applied, if any.
    public let variant: String?
    /// The settings with the chain's `dark` variant applied over this theme (after `variant`), for the HTML
    /// page's dark mode; nil when no file of the chain has a `dark` variant, or when `dark` is the variant
    /// applied already.
    public let darkSettings: [String: ThemeSetting]?
    /// The names of the variants the files of the chain define, in the order first met (base first).
    public internal(set) var variantNames: [String] = []
    /// Each file's `outputs` (SPEC §23) as written, base of the `extends` chain first (a later file's preset
    /// replaces an earlier one of the same name); read with `OutputPresets.read`.
    public internal(set) var outputs: [JSONValue] = []

    init(settings: [String: ThemeSetting], files: [String], variant: String?, darkSettings: [String: ThemeSetting]? = nil) {
        self.settings = settings
        self.files = files
        self.variant = variant
        self.darkSettings = darkSettings
    }

    /// The theme the HTML page's dark mode uses (`variants.dark` over this theme), or nil when it has none.
    public var darkVariant: Theme? {
        guard let darkSettings else { return nil }
        var dark = Theme(settings: darkSettings, files: files, variant: variant.map { $0 + "+dark" } ?? "dark")
        dark.variantNames = variantNames
        dark.outputs = outputs
        return dark
    }

    /// The built-in look, read from `BuiltInTheme.json` once per process.
    public static let builtIn: Theme = {
        let layer = (try? ThemeReader.layer(of: BuiltInTheme.file)) ?? ThemeLayer()
        return Theme(settings: layer.settings, files: [], variant: nil)
    }()

    /// Whether any key differs from the built-in theme's value (a theme file that only repeats the defaults
    /// still counts as the default look).
    public var isBuiltIn: Bool {
        settings.count == Theme.builtIn.settings.count && settings.allSatisfy { Theme.builtIn.settings[$0.key]?.value == $0.value.value }
    }

    // MARK: typed access (the key table guarantees the types)

    public func number(_ path: String) -> Double? {
        if case .number(let value) = settings[path]?.value { return value }
        return nil
    }

    public func text(_ path: String) -> String? {
        if case .text(let value) = settings[path]?.value { return value }
        return nil
    }

    public func list(_ path: String) -> [String]? {
        switch settings[path]?.value {
        case .list(let values): values
        case .text(let value): [value]
        default: nil
        }
    }

    public func bool(_ path: String) -> Bool? {
        if case .bool(let value) = settings[path]?.value { return value }
        return nil
    }

    /// A path value resolved against the folder of the theme file that wrote it.
    public func file(_ path: String) -> String? {
        guard let setting = settings[path], case .text(let written) = setting.value else { return nil }
        return ThemeFiles.resolve(written, relativeTo: setting.origin)
    }
}
