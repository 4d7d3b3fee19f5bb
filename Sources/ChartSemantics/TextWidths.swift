/// How wide text is set in the chart's fonts (the theme's faces, else the built-in metrics), for the checks and
/// rules that must know whether words fit. Layout supplies it (ChartLayout's `ThemeTextWidths`, through
/// `TextMeasurer`), so lint measures exactly as a build lays out, and the checking stage never links fonts.
public protocol TextWidths: Sendable {
    /// The advance width in px of `text` on one line, set as `role` is in the chart's theme.
    func width(_ text: String, as role: TextRole) -> Double
}

/// The kinds of text a check measures, each set in its own style of the theme.
public enum TextRole: Sendable, Hashable {
    /// A `text` annotation's note (SPEC §12).
    case annotation
}
