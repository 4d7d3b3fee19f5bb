import ChartSemantics
import ChartStyle

/// The checking stage's measure of text (`TextWidths`), in a theme's fonts: the same `TextMeasurer` and text
/// styles layout sets the chart with, so a lint rule about a note's length measures what a build draws.
public struct ThemeTextWidths: TextWidths {
    public let theme: ChartTheme

    public init(_ theme: ChartTheme) { self.theme = theme }

    /// The theme with its fonts loaded; the built-in look when there is no theme or its fonts cannot be read
    /// (lint reports that on its own).
    public init(_ theme: Theme?) {
        guard let theme else {
            self.init(ChartTheme.standard)
            return
        }
        self.init((try? ChartTheme.load(theme)) ?? ChartTheme(theme))
    }

    public func width(_ text: String, as role: TextRole) -> Double {
        switch role {
        case .annotation: TextMeasurer.width(text, style: theme.annotationStyle)
        }
    }
}
