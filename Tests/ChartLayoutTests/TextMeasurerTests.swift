import Testing
@testable import ChartLayout

/// Expected widths are sums of advance widths read from the font files with fontTools
/// (`hmtx` advances of LiberationSans-*.ttf, 2048 units per em), times size / 2048.
@Suite struct TextMeasurerTests {
    let regular16 = TextStyle(size: 16)

    @Test func knownWidthsMatchTheFontFiles() {
        // "Hello, World": 11153 units regular/italic, 11946 bold/bold italic.
        #expect(abs(TextMeasurer.width("Hello, World", style: regular16) - 87.1328125) < 0.01)
        #expect(abs(TextMeasurer.width("Hello, World", style: TextStyle(size: 16, weight: .bold)) - 93.328125) < 0.01)
        #expect(abs(TextMeasurer.width("Hello, World", style: TextStyle(size: 16, italic: true)) - 87.1328125) < 0.01)
        #expect(abs(TextMeasurer.width("Hello, World", style: TextStyle(size: 16, weight: .bold, italic: true)) - 93.328125) < 0.01)
        // Non-ASCII from Latin-1, general punctuation, currency and math blocks: 25785 units.
        #expect(abs(TextMeasurer.width("Größe – 12 € “quoted” … −5", style: TextStyle(size: 13)) - 163.67431640625) < 0.01)
        // Greek and Cyrillic, bold: 14323 units.
        #expect(abs(TextMeasurer.width("Αθήνα Москва", style: TextStyle(size: 20, weight: .bold)) - 139.873046875) < 0.01)
    }

    @Test func singleGlyphs() {
        // 'i' = 455, 'm' = 1706, digit = 1139, space = 569 units (regular).
        #expect(TextMeasurer.width("i", style: TextStyle(size: 2048)) == 455)
        #expect(TextMeasurer.width("m", style: TextStyle(size: 2048)) == 1706)
        #expect(TextMeasurer.width("0123456789", style: TextStyle(size: 2048)) == 11390)
        #expect(TextMeasurer.width(" ", style: TextStyle(size: 2048)) == 569)
        #expect(TextMeasurer.width("", style: regular16) == 0)
    }

    @Test func widthsAreAdditive() {
        let parts = ["Political ", "ideology in ", "Congress, ", "1948–2025 ", "Ünïcödé"]
        let style = TextStyle(size: 13, weight: .bold)
        let sum = parts.map { TextMeasurer.width($0, style: style) }.reduce(0, +)
        #expect(abs(TextMeasurer.width(parts.joined(), style: style) - sum) < 1e-9)
        let text = "Republicans and Democrats"
        #expect(TextMeasurer.width(text.dropFirst(4), style: style) == TextMeasurer.width(String(text.dropFirst(4)), style: style))
    }

    @Test func invisibleAndWideCharacters() {
        let style = TextStyle(size: 10)
        // Combining acute accent and soft hyphen take no room; a zero-width space neither.
        #expect(TextMeasurer.width("e\u{301}", style: style) == TextMeasurer.width("e", style: style))
        #expect(TextMeasurer.width("co\u{00AD}op", style: style) == TextMeasurer.width("coop", style: style))
        #expect(TextMeasurer.width("a\u{200B}b", style: style) == TextMeasurer.width("ab", style: style))
        // Ideographs are one em each.
        #expect(TextMeasurer.width("中文", style: style) == 20)
        // Color emoji faces are wider than square: 1.25 em.
        #expect(TextMeasurer.width("😀", style: style) == 12.5)
        // Thai is not in the tables: the average width of a–z (1003 units regular).
        #expect(abs(TextMeasurer.width("ก", style: TextStyle(size: 2048)) - 1003) < 1e-9)
        // Latin Extended-B letters Liberation Sans lacks come from DejaVu Sans (ƀ U+0180 = 1300 units).
        #expect(TextMeasurer.width("ƀ", style: TextStyle(size: 2048)) == 1300)
    }

    @Test func verticalMetrics() {
        let style = TextStyle(size: 20)
        #expect(abs(TextMeasurer.ascent(style) - 20 * 1854 / 2048.0) < 1e-12)
        #expect(abs(TextMeasurer.descent(style) - 20 * 434 / 2048.0) < 1e-12)
        #expect(abs(TextMeasurer.capHeight(style) - 20 * 1409 / 2048.0) < 1e-12)
        #expect(TextMeasurer.lineHeight(style) == 26)
        #expect(TextMeasurer.width("abc", style: TextStyle(size: 0)) == 0)
    }

    @Test func truncation() {
        let style = TextStyle(size: 12)
        let text = "Median DW-NOMINATE score"
        #expect(TextMeasurer.truncate(text, toWidth: 1000, style: style) == text)
        #expect(TextMeasurer.truncate(text, toWidth: TextMeasurer.width(text, style: style), style: style) == text)
        let cut = TextMeasurer.truncate(text, toWidth: 80, style: style)
        #expect(cut.hasSuffix("…"))
        #expect(TextMeasurer.width(cut, style: style) <= 80)
        #expect(text.hasPrefix(String(cut.dropLast())))
        // One more character would not have fitted.
        let next = text.prefix(cut.count) // the kept characters plus the one that was cut
        #expect(TextMeasurer.width(next + "…", style: style) > 80)
        #expect(cut == "Median DW-…")
        // The space before the cut is dropped: "Median …" becomes "Median…".
        let atSpace = TextMeasurer.truncate(text, toWidth: TextMeasurer.width("Median DW", style: style), style: style)
        #expect(atSpace == "Median…")
        // Too narrow for even the ellipsis.
        #expect(TextMeasurer.truncate(text, toWidth: 2, style: style) == "")
        #expect(TextMeasurer.truncate(text, toWidth: -5, style: style) == "")
    }
}
