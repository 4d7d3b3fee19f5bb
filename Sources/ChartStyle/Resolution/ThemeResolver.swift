import ChartDiagnostics

/// Which theme a spec uses (SPEC §15), in order: `--theme FILE`, the spec's `theme` key (relative to the spec),
/// the nearest `chartc.theme.json` from the spec's folder up to the folder holding `.git`, else the built-in
/// theme. Then the chosen file's `extends` chain (each relative to the file naming it; a cycle is an error that
/// names the chain) and the variant.
public enum ThemeResolver {
    /// Where the theme file was named, for messages.
    public struct Request: Sendable {
        public var specPath: String
        /// `--theme FILE`, relative to the working folder.
        public var commandLineTheme: String?
        /// The spec's `theme` key and its span.
        public var specTheme: (path: String, span: SourceSpan?)?
        /// `--variant NAME`.
        public var variant: String?
        /// Look for `chartc.theme.json` (off in tests of the other steps).
        public var searchFolders: Bool

        public init(
            specPath: String, commandLineTheme: String? = nil, specTheme: (path: String, span: SourceSpan?)? = nil, variant: String? = nil,
            searchFolders: Bool = true
        ) {
            self.specPath = specPath
            self.commandLineTheme = commandLineTheme
            self.specTheme = specTheme
            self.variant = variant
            self.searchFolders = searchFolders
        }
    }

    /// The theme file a request picks, and the span to report its problems at, or nil for the built-in theme.
    public static func chooseFile(_ request: Request) -> (path: String, namedAt: SourceSpan?)? {
        if let path = request.commandLineTheme { return (path, nil) }
        if let (written, span) = request.specTheme { return (ThemeFiles.resolve(written, relativeTo: request.specPath), span) }
        if request.searchFolders, let found = ThemeFiles.nearest(toSpec: request.specPath) { return (found, nil) }
        return nil
    }

    public static func resolve(_ request: Request) throws(DiagnosticError) -> Theme {
        guard let (path, span) = chooseFile(request) else {
            return try apply(chain: [], variant: request.variant)
        }
        return try resolve(file: path, namedAt: span, variant: request.variant)
    }

    /// The theme `path` gives (its `extends` chain over the built-in theme), with `variant` applied.
    public static func resolve(file path: String, namedAt span: SourceSpan? = nil, variant: String? = nil) throws(DiagnosticError) -> Theme {
        var chain: [(path: String, layer: ThemeLayer)] = []
        var seen: [String] = []
        var next: (path: String, span: SourceSpan?)? = (path, span)
        while let (current, namedAt) = next {
            let canonical = ThemeFiles.canonical(current)
            if seen.contains(canonical) {
                throw DiagnosticError(Diagnostic(ThemeDiagnostic.extendsCycle(chain: chain.map(\.path) + [current]), at: namedAt))
            }
            seen.append(canonical)
            let file: SourceFile
            switch ThemeFiles.contents(of: current) {
            case .success(let bytes): file = SourceFile(path: current, bytes: bytes)
            case .failure(let failure):
                let message = ThemeDiagnostic.unreadable(path: current, reason: failure.reason)
                throw DiagnosticError(namedAt.map { Diagnostic(message, at: $0) } ?? Diagnostic(message, path: current))
            }
            let layer = try ThemeReader.layer(of: file)
            chain.append((current, layer))
            next = layer.extends.map { (ThemeFiles.resolve($0.path, relativeTo: current), $0.span) }
        }
        return try apply(chain: chain.reversed(), variant: variant)
    }

    /// The variant the HTML page's dark mode applies (`prefers-color-scheme: dark`).
    public static let darkVariantName = "dark"

    /// The built-in settings, then each layer (base first), then each layer's part of the variant.
    static func apply(chain: [(path: String, layer: ThemeLayer)], variant: String?) throws(DiagnosticError) -> Theme {
        var settings = Theme.builtIn.settings
        for (_, layer) in chain {
            for (key, setting) in layer.settings { settings[key] = setting }
        }
        if let variant {
            var found = false
            for (_, layer) in chain {
                for entry in layer.variants where entry.name == variant {
                    found = true
                    for (key, setting) in entry.layer.settings { settings[key] = setting }
                }
            }
            if !found {
                var known: [String] = []
                for (_, layer) in chain { for entry in layer.variants where !known.contains(entry.name) { known.append(entry.name) } }
                let message = ThemeDiagnostic.unknownVariant(name: variant, suggestion: Suggestions.closest(to: variant, in: known), known: known)
                throw DiagnosticError(chain.last.map { Diagnostic(message, path: $0.path) } ?? Diagnostic(message, at: nil))
            }
        }
        // The page's dark mode: the `dark` variant of every file of the chain, over the result.
        var darkSettings: [String: ThemeSetting]?
        if variant != darkVariantName, chain.contains(where: { $0.layer.variants.contains { $0.name == darkVariantName } }) {
            var dark = settings
            for (_, layer) in chain {
                for entry in layer.variants where entry.name == darkVariantName {
                    for (key, setting) in entry.layer.settings { dark[key] = setting }
                }
            }
            darkSettings = dark
        }
        var theme = Theme(settings: settings, files: chain.map(\.path), variant: variant, darkSettings: darkSettings)
        for (_, layer) in chain {
            for entry in layer.variants where !theme.variantNames.contains(entry.name) { theme.variantNames.append(entry.name) }
            if let outputs = layer.outputs { theme.outputs.append(outputs) }
        }
        return theme
    }
}
