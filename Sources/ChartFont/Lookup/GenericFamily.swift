/// A CSS generic family (`serif`, `sans-serif`, `monospace`, `system-ui`, `cursive`, `fantasy`) and the installed
/// families that stand for it, in the order fontconfig's default configuration prefers them (SPEC §19.12), so a
/// theme's `["Georgia", "serif"]` is measured, drawn and embedded in the face `fc-match serif` gives without
/// running fontconfig.
///
/// The lists are fontconfig's `60-latin.conf` (`<prefer>` of each generic), each family followed by the faces
/// `30-metric-aliases.conf` accepts for it (Times New Roman → Tinos, Liberation Serif; Arial → Arimo, Liberation
/// Sans; Courier New → Cousine, Liberation Mono; Helvetica, Times, Courier → the URW and TeX Gyre clones), then the
/// families macOS has under those names. A generic none of whose families is installed falls back to
/// `sans-serif` (for `system-ui`, `cursive` and `fantasy` that is fontconfig's `49-sansserif.conf`; for `serif`
/// and `monospace` fontconfig would take whichever face scores best, which is no rule to write down), and
/// `sans-serif` to nothing: the caller's default face.
/// `ui-serif`, `ui-sans-serif` and `ui-monospace` name no face outside macOS's Safari: they are skipped, as
/// Chromium skips them.
public enum GenericFamily: String, Sendable, CaseIterable {
    case serif
    case sansSerif = "sans-serif"
    case monospace
    case systemUI = "system-ui"
    case cursive
    case fantasy

    /// The generic a CSS family name is, case ignored; nil for a named family (and for the `ui-` names).
    public init?(family: String) {
        self.init(rawValue: family.lowercased())
    }

    /// Installed families that stand for this generic, best first.
    public var preferred: [String] {
        switch self {
        case .serif:
            [
                "Noto Serif", "DejaVu Serif", "Times New Roman", "Tinos", "Liberation Serif", "Thorndale", "Thorndale AMT", "Luxi Serif",
                "Nimbus Roman No9 L", "Nimbus Roman", "Times", "TeX Gyre Termes"
            ]
        case .sansSerif:
            [
                "Noto Sans", "DejaVu Sans", "Verdana", "Arial", "Arimo", "Liberation Sans", "Albany", "Albany AMT", "Luxi Sans",
                "Nimbus Sans L", "Nimbus Sans", "Helvetica", "TeX Gyre Heros", "Lucida Sans Unicode", "BPG Glaho International", "Tahoma"
            ]
        case .monospace:
            [
                "Noto Sans Mono", "DejaVu Sans Mono", "Inconsolata", "Andale Mono", "Courier New", "Cousine", "Liberation Mono", "Cumberland",
                "Cumberland AMT", "Luxi Mono", "Nimbus Mono L", "Nimbus Mono", "Nimbus Mono PS", "Courier", "TeX Gyre Cursor"
            ]
        case .systemUI:
            ["Cantarell", "Noto Sans UI", "Segoe UI", "Segoe UI Historic", "Segoe UI Symbol"]
        case .cursive:
            ["ITC Zapf Chancery Std", "Zapfino", "Comic Sans MS"]
        case .fantasy:
            ["Impact", "Copperplate Gothic Std", "Cooper Std", "Bauhaus Std"]
        }
    }

    /// Where fontconfig goes when none of `preferred` is installed.
    public var fallback: GenericFamily? {
        self == .sansSerif ? nil : .sansSerif
    }
}
