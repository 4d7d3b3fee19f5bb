import ChartDiagnostics

/// Every diagnostic ChartStyle reports (each id listed in specs/diagnostics.md): what can be wrong with a theme
/// file, its `extends` chain, a `--variant` or the theme's logo.
public enum ThemeDiagnostic: KindedDiagnosticMessage {
    case unreadable(path: String, reason: String)
    case unknownKey(key: String, place: String, suggestion: String?)
    case wrongType(path: String, expected: String, found: String)
    case badColor(path: String, written: String)
    case badValue(path: String, problem: String)
    case extendsCycle(chain: [String])
    case unknownVariant(name: String, suggestion: String?, known: [String])
    case logoUnsafe(path: String, what: String)
    case logoUnreadable(path: String, reason: String)
    case logoTooLarge(path: String, limit: LogoLimit)
    case fontNotFound(families: [String])

    public enum Kind: String, DiagnosticKind {
        case unreadable = "theme-unreadable"
        case unknownKey = "theme-unknown-key"
        case wrongType = "theme-wrong-type"
        case badColor = "theme-bad-color"
        case badValue = "theme-invalid-value"
        case extendsCycle = "theme-extends-cycle"
        case unknownVariant = "theme-unknown-variant"
        case logoUnsafe = "theme-logo-unsafe"
        case logoUnreadable = "theme-logo-unreadable"
        case logoTooLarge = "theme-logo-too-large"
        case fontNotFound = "theme-font-not-found"
        public static let domain = "ChartStyle"
        public var severity: Severity {
            switch self {
            case .logoUnsafe, .fontNotFound: .warning
            default: .error
            }
        }
    }

    public var kind: Kind {
        switch self {
        case .unreadable: .unreadable
        case .unknownKey: .unknownKey
        case .wrongType: .wrongType
        case .badColor: .badColor
        case .badValue: .badValue
        case .extendsCycle: .extendsCycle
        case .unknownVariant: .unknownVariant
        case .logoUnsafe: .logoUnsafe
        case .logoUnreadable: .logoUnreadable
        case .logoTooLarge: .logoTooLarge
        case .fontNotFound: .fontNotFound
        }
    }

    public var message: String {
        switch self {
        case .unreadable(let path, let reason):
            "cannot read the theme file '\(path)': \(reason)"
        case .unknownKey(let key, let place, let suggestion):
            "unknown key '\(key)' \(place)" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .wrongType(let path, let expected, let found):
            "'\(path)' must be \(expected), found \(found)"
        case .badColor(let path, let written):
            "'\(path)' is not a CSS color: '\(written)' (use a name such as 'steelblue', '#rrggbb', rgb() or hsl())"
        case .badValue(let path, let problem):
            "'\(path)' \(problem)"
        case .extendsCycle(let chain):
            "the theme's 'extends' chain comes back to a file it already read: " + chain.joined(separator: " -> ")
        case .unknownVariant(let name, let suggestion, let known):
            "the theme has no variant '\(name)'"
                + (suggestion.map { "; did you mean '\($0)'?" }
                    ?? (known.isEmpty ? " (it defines none)" : " (it defines " + known.map { "'\($0)'" }.joined(separator: ", ") + ")"))
        case .logoUnsafe(let path, let what):
            "the logo '\(path)' had \(what); it was removed"
        case .logoUnreadable(let path, let reason):
            "cannot use the logo '\(path)': \(reason)"
        case .logoTooLarge(let path, let limit):
            "cannot use the logo '\(path)': \(limit.description) (specs/limits.md)"
        case .fontNotFound(let families):
            "no installed font of the family " + families.map { "'\($0)'" }.joined(separator: ", ")
                + " and no generic family (serif, sans-serif, monospace) that an installed font stands for; text is measured with"
                + " the built-in Helvetica/Arial metrics instead, and the SVG names Helvetica, Arial, 'Liberation Sans' first"
        }
    }
}
