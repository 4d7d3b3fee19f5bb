/// A run of text in one style inside a line: plain words, a bold heading ("Notes:"), an italic site name, or a
/// link. Runs let one line mix styles without the writer having to measure anything.
public struct TextRun: Sendable, Equatable {
    public var text: String
    public var style: TextStyle
    /// Overrides the text node's fill when set (a lighter separator, a colored legend label).
    public var fill: String?
    /// Wraps the run in a link (`http`, `https`, `mailto` or a relative path; checked by the parser).
    public var link: String?

    public init(_ text: String, style: TextStyle, fill: String? = nil, link: String? = nil) {
        self.text = text
        self.style = style
        self.fill = fill
        self.link = link
    }

    public var width: Double { TextMeasurer.width(text, style: style) }
}

/// One line of a text block: its runs, left to right, and their measured width.
public struct TextBlockLine: Sendable, Equatable {
    public var runs: [TextRun]
    public var width: Double

    public init(runs: [TextRun]) {
        self.runs = runs
        self.width = runs.reduce(0) { $0 + $1.width }
    }

    public var text: String { runs.map(\.text).joined() }
}

/// Measured lines of text set in one block: what layout stacks (titles, notes, legend labels, tick labels).
/// Knows its width and height, so a block can be placed before it becomes a `TextNode`.
public struct TextBlock: Sendable, Equatable {
    public var lines: [TextBlockLine]
    /// Distance between baselines.
    public var lineHeight: Double
    /// From the first baseline up to the top of the tallest capitals.
    public var ascent: Double
    /// From the last baseline down to the bottom of descenders.
    public var descent: Double

    public init(lines: [TextBlockLine], lineHeight: Double, ascent: Double, descent: Double) {
        self.lines = lines
        self.lineHeight = lineHeight
        self.ascent = ascent
        self.descent = descent
    }

    /// Metrics of the largest style among `runs`.
    public init(lines: [TextBlockLine], style: TextStyle, lineHeight: Double? = nil) {
        self.init(
            lines: lines,
            lineHeight: lineHeight ?? TextMeasurer.lineHeight(style),
            ascent: TextMeasurer.ascent(style),
            descent: TextMeasurer.descent(style)
        )
    }

    /// One line, never wrapped (tick labels, legend entries).
    public static func single(_ text: String, style: TextStyle) -> TextBlock {
        TextBlock(lines: [TextBlockLine(runs: [TextRun(text, style: style)])], style: style)
    }

    /// Plain text wrapped to `width` (nil: never wrapped; explicit newlines still break).
    public static func wrapped(_ text: String, style: TextStyle, width: Double?, lineHeight: Double? = nil) -> TextBlock {
        let lines: [TextBlockLine]
        if let width {
            lines = LineBreaker.wrap(text, width: width, style: style).map { TextBlockLine(runs: [TextRun($0.text, style: style)]) }
        } else {
            lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { TextBlockLine(runs: [TextRun(String($0), style: style)]) }
        }
        return TextBlock(lines: lines, style: style, lineHeight: lineHeight)
    }

    /// The widest line.
    public var width: Double { lines.reduce(0) { Swift.max($0, $1.width) } }

    /// From the top of the first line's capitals to the bottom of the last line's descenders.
    public var height: Double {
        lines.isEmpty ? 0 : ascent + Double(lines.count - 1) * lineHeight + descent
    }

    public var isEmpty: Bool { lines.allSatisfy { $0.runs.allSatisfy { $0.text.isEmpty } } }

    /// All lines' text joined with spaces (for tests and accessible names).
    public var text: String { lines.map(\.text).joined(separator: " ") }
}
